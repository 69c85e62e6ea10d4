//! `grundy draw`: the arguments, and the picture file. The scenes are the library's
//! (`grundy::picture`, one per family); the family commands draw them, [`write`] writes them.
//!
//! - [`mine`]: `grundy draw mine`, one case of a Mine judge input.

pub mod mine;

use std::path::PathBuf;

use clap::{Args, Subcommand};
use grundy::picture::{Format, Picture, PictureError};

use super::exit::Failure;
use super::game::GameArgs;
use super::heap_misere::args::QuotientArgs;
use super::output;

/// `grundy draw`'s arguments: the table, or the `mine` subcommand.
#[derive(Args, Debug)]
#[command(args_conflicts_with_subcommands = true, subcommand_negates_reqs = true)]
pub struct DrawArgs {
    #[command(subcommand)]
    what: Option<DrawWhat>,
    #[command(flatten)]
    pub table: TableArgs,
}

impl DrawArgs {
    /// `grundy draw mine`'s arguments, when that is the command.
    pub fn mine(&self) -> Option<&mine::MineArgs> {
        self.what.as_ref().map(|DrawWhat::Mine(m)| m)
    }
}

#[derive(Subcommand, Debug)]
enum DrawWhat {
    /// Draw one case of a Mine judge input: mines, numbers, blank regions (a colour each),
    /// clusters of regions linked by shared numbers (outlined) and the winning click (a ring).
    Mine(mine::MineArgs),
}

/// The table picture's arguments.
#[derive(Args, Debug)]
pub struct TableArgs {
    /// A leaper's table, or a heap game's values: G(n) against n, its preperiod and one period
    /// marked.
    #[command(flatten)]
    pub game: GameArgs,
    /// With --heap: the misère quotient's images Φ(n) against n (one row per element, P marked),
    /// its preperiod and one period marked (docs/misere-quotients.md).
    #[arg(long, requires = "heap", conflicts_with_all = ["threads", "values_dir", "checkpoint", "checkpoint_every", "resume"])]
    pub misere: bool,
    #[command(flatten)]
    pub quotient: QuotientArgs,
    /// Draw the cells 0 <= x, y < N [default: 100]; for a heap game, the heaps 0..N (at most
    /// 4096) [default: n0 + 2p and at least 100 with a proven period, else the values computed].
    #[arg(long, value_name = "N")]
    pub size: Option<u64>,
    /// Pixels per cell [default: 720 / N, between 1 and 16]; for a heap game, per heap [default:
    /// 1200 / N, between 1 and 12].
    #[arg(long, allow_negative_numbers = true, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    pub scale: Option<u32>,
    /// Leave out the closed form's core, strip and sector boundaries (a leaper's table only).
    #[arg(long)]
    pub no_overlay: bool,
    /// The picture: FILE.png or FILE.svg (replaces a regular file only).
    #[arg(short, long, value_name = "FILE", required = true)]
    output: Option<PathBuf>,
    /// Replace a write-protected FILE, or the file a symbolic link FILE names (the link stays);
    /// without it both are refused.
    #[arg(long)]
    force: bool,
}

impl TableArgs {
    /// The picture file, checked before any work (as for `-o`, and not a checkpoint file).
    pub fn target(&self) -> Result<Target, Failure> {
        let path = self.output.clone().expect("clap requires -o");
        let target = Target::check(path, self.force)?;
        self.game.saves.check_output(&target.path)?;
        Ok(target)
    }
}

/// A picture file that may be written: its path, format and `--force`.
#[derive(Debug)]
pub struct Target {
    path: PathBuf,
    format: Format,
    force: bool,
}

impl Target {
    /// Refuses a name that is not NAME.png or NAME.svg, and a file `-o` may not replace.
    pub fn check(path: PathBuf, force: bool) -> Result<Target, Failure> {
        let format = Format::of_path(&path).ok_or_else(|| {
            Failure::invalid(format!("{}: the picture's name must be NAME.png or NAME.svg", path.display()))
        })?;
        output::check(&path, force)?;
        Ok(Target { path, format, force })
    }
}

/// Writes `picture` to `target`, and says so.
pub fn write(target: &Target, picture: &Picture) -> Result<(), Failure> {
    let bytes = picture.encode(target.format).map_err(|e| Failure::io(e.to_string()))?;
    output::write(&target.path, &bytes, target.force)?;
    eprintln!(
        "grundy: wrote {} ({} x {} pixels, {} bytes)",
        target.path.display(),
        picture.width(),
        picture.height(),
        bytes.len()
    );
    Ok(())
}

/// A picture refused for its arguments, named as the options (`--size`, `--scale`).
pub fn refused(e: PictureError) -> Failure {
    match e {
        PictureError::Size { .. } | PictureError::TooWide { .. } => Failure::invalid(format!("--{e}")),
        _ => Failure::invalid(e.to_string()),
    }
}
