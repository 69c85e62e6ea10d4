//! `grundy draw`: pictures of a leaper's Grundy table (with its certified closed form's regions),
//! of a heap game's values (with its proven period) and of a Mine board, as PNG or SVG.
//!
//! - [`picture`]: the format-independent model (a grid of cells and vector items) and the
//!   palette;
//! - [`table`], [`heap`] and [`mine`]: the three scenes;
//! - [`png`] (through the `png` crate) and [`svg`] (written by hand): the two formats.

mod heap;
mod mine;
mod picture;
mod png;
mod svg;
mod table;

use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};

use super::exit::Failure;
use super::game::{GameArgs, GameChoice};
use super::output;

/// `grundy draw`'s arguments: the table, or the `mine` subcommand.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct DrawArgs {
    #[command(subcommand)]
    what: Option<DrawWhat>,
    #[command(flatten)]
    table: TableArgs,
}

#[derive(Subcommand, Debug)]
enum DrawWhat {
    /// Draw one case of a Mine judge input: mines, numbers, blank regions (a colour each),
    /// clusters of regions linked by shared numbers (outlined) and the winning click (a ring).
    Mine(mine::MineArgs),
}

/// The table picture's arguments.
#[derive(Args, Debug)]
struct TableArgs {
    /// A leaper's table, or a heap game's values: G(n) against n, its preperiod and one period
    /// marked.
    #[command(flatten)]
    game: GameArgs,
    /// Draw the cells 0 <= x, y < N [default: 100]; with --heap, the heaps 0..N (at most 4096)
    /// [default: n0 + 2p and at least 100 with a proven period, else the values computed].
    #[arg(long, value_name = "N")]
    size: Option<u64>,
    /// Pixels per cell [default: 720 / N, between 1 and 16]; with --heap, per heap [default:
    /// 1200 / N, between 1 and 12].
    #[arg(long, allow_negative_numbers = true, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    scale: Option<u32>,
    /// Leave out the closed form's core, strip and sector boundaries.
    #[arg(long)]
    no_overlay: bool,
    /// The picture: FILE.png or FILE.svg (replaces a regular file only).
    #[arg(short, long, value_name = "FILE", required = true)]
    output: Option<PathBuf>,
    /// Replace a write-protected FILE, or the file a symbolic link FILE names (the link stays);
    /// without it both are refused.
    #[arg(long)]
    force: bool,
}

/// The output format, from the file name's extension.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Format {
    Png,
    Svg,
}

fn format_of(path: &Path) -> Result<Format, Failure> {
    match path.extension().and_then(|e| e.to_str()).map(str::to_ascii_lowercase).as_deref() {
        Some("png") => Ok(Format::Png),
        Some("svg") => Ok(Format::Svg),
        _ => Err(Failure::invalid(format!("{}: the picture's name must be NAME.png or NAME.svg", path.display()))),
    }
}

/// The largest picture side accepted, in pixels.
pub const MAX_SIDE: u64 = 16384;

/// `grundy draw`.
pub fn run(args: &DrawArgs) -> Result<(), Failure> {
    let mut refusal = None;
    let (path, force, picture) = match &args.what {
        Some(DrawWhat::Mine(m)) => {
            let format = format_of(&m.output)?;
            output::check(&m.output, m.force)?;
            let (picture, refused) = mine::picture(m)?;
            refusal = refused;
            (m.output.clone(), m.force, (format, picture))
        }
        None => {
            let t = &args.table;
            let path = t.output.clone().expect("clap requires -o");
            let format = format_of(&path)?;
            output::check(&path, t.force)?;
            t.game.saves.check_output(&path)?;
            let picture = match t.game.choice() {
                GameChoice::Heap(..) if t.no_overlay => {
                    return Err(Failure::invalid("--no-overlay is for a leaper's table, not --heap"));
                }
                GameChoice::Heap(game, args, saves) => heap::picture(args, saves, game, t.size, t.scale)?,
                GameChoice::Leaper(leaper) => table::picture(leaper, t.size.unwrap_or(100), t.scale, !t.no_overlay)?,
            };
            (path, t.force, (format, picture))
        }
    };
    let (format, picture) = picture;
    let bytes = match format {
        Format::Png => png::encode(&picture).map_err(|e| Failure::io(format!("encoding the PNG: {e}")))?,
        Format::Svg => svg::encode(&picture).into_bytes(),
    };
    output::write(&path, &bytes, force)?;
    eprintln!(
        "grundy: wrote {} ({} x {} pixels, {} bytes)",
        path.display(),
        picture.width,
        picture.height,
        bytes.len()
    );
    // A Mine case the solver refused is drawn, then ends the command as the judge would.
    refusal.map_or(Ok(()), Err)
}
