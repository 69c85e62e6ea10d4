//! Any leaper on the command line: `--moves`, `grundy analyze`, `grundy sg` with many pairs,
//! `grundy generate --moves`, `grundy verify` (the closed form's certificate), and the table
//! `knights --moves` answers from.
//!
//! - [`judge`]: the knights judge;
//! - [`json`]: the `--json` report of an analysis.

mod json;
mod judge;

pub use judge::knights;

use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use grundy::table::{ClosedForm, KnightError, LeaperTable, TableFile, TableKind, embedded};
use grundy_core::{
    generate::leaper_blob_with, leaper::Analysis, leaper::Limits, leaper::MoveSet, leaper::MovesText, leaper::Stage,
    leaper::Verdict, leaper::analyze_with, leaper::prove,
};

use super::{Failure, print};
use crate::process::QUIET;

/// The leaper: `--moves`, and how hard to look for its closed form.
#[derive(Args, Clone, Debug, Default)]
pub struct LeaperArgs {
    /// The move set, `"(dx,dy) (dx,dy) ..."` (commas or spaces between pairs); without it, the
    /// hyper knight.
    #[arg(long, value_name = "MOVES", value_parser = parse_moves, allow_hyphen_values = true)]
    pub moves: Option<MoveSet>,
    /// Search for a closed form in potential triangles of up to N cells (default 16777216, a few
    /// seconds; time and memory grow with N: 2^30 takes many minutes and gigabytes).
    #[arg(long, value_name = "N", value_parser = whole_number_in(1 << 12, 1 << 30))]
    pub max_cells: Option<u64>,
    /// Give up the proof of a candidate when the cells it must check directly (those no
    /// translation covers) and the columns that hold them pass N (default 16777216).
    #[arg(long, value_name = "N", value_parser = whole_number_in(1, 1 << 40))]
    pub max_proof_cells: Option<u64>,
}

fn parse_moves(text: &str) -> Result<MoveSet, String> {
    MoveSet::parse(text).map_err(|e| e.to_string())
}

/// A parser of whole numbers in `lo..=hi`.
fn whole_number_in(lo: u64, hi: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |text| match super::parse::count(text) {
        Ok(n) if (lo..=hi).contains(&n) => Ok(n),
        _ => Err(format!("not a whole number in {lo}..={hi} (digits, 2^K, or 1e6 written exactly)")),
    }
}

impl LeaperArgs {
    /// The move set meant: `--moves`, or the hyper knight.
    pub fn set(&self) -> MoveSet {
        self.moves.clone().unwrap_or_else(MoveSet::hyper_knight)
    }

    /// Whether this is the hyper knight (whose form the embedded blob holds).
    fn is_hyper_knight(&self) -> bool {
        MoveSet::hyper_knight().is_set_of(&self.set().to_bytes())
    }

    fn limits(&self) -> Limits {
        let mut limits = Limits::default();
        if let Some(n) = self.max_cells {
            limits.max_cells = n;
            limits.start_cells = limits.start_cells.min(n / 4);
        }
        if let Some(n) = self.max_proof_cells {
            limits.max_proof_cells = n;
        }
        limits
    }

    /// Discovery and proof within `--max-cells` and `--max-proof-cells`.
    pub fn analyze(&self) -> Analysis {
        analyze_reporting(&self.set(), &self.limits())
    }
}

/// [`analyze_with`], each step said on standard error once the analysis has run
/// [`QUIET`], or at once when its triangle is large enough to take that
/// long: a step's time grows with the triangle's cells, and the last ones of a large
/// `--max-cells` take minutes.
fn analyze_reporting(set: &MoveSet, limits: &Limits) -> Analysis {
    const LARGE: u64 = 1 << 25;
    let start = Instant::now();
    analyze_with(set, limits, &mut |stage| {
        let (what, potential, cells) = match stage {
            Stage::Search { potential, cells } => ("looking for a closed form in", potential, cells),
            Stage::Proof { potential, cells } => ("proving the closed form found in", potential, cells),
            _ => return,
        };
        let elapsed = start.elapsed();
        if elapsed >= QUIET || cells >= LARGE {
            eprintln!(
                "grundy: moves {set}: {what} the triangle of potential {potential} (about {cells} cells), {:.0} s in",
                elapsed.as_secs_f64()
            );
        }
    })
}

/// Where a leaper's table lives for one run.
pub enum Holder {
    /// The embedded hyper-knight tables.
    Embedded,
    /// A blob file (`--table`), and its path for messages.
    File(TableFile, PathBuf),
    /// A table computed at start-up for `--moves`, its square `--bound` on a side.
    Computed(TableFile),
}

impl Holder {
    /// The table: the embedded one, or the blob's first leaper square (with its closed form).
    pub fn table(&self) -> Result<LeaperTable<'_>, Failure> {
        match self {
            Holder::Embedded => Ok(embedded::knight()),
            Holder::File(file, path) => file.leaper().map_err(|e| Failure::invalid(format!("{}: {e}", path.display()))),
            Holder::Computed(file) => file.leaper().map_err(Failure::invalid),
        }
    }
}

/// The table for `game`: from `--table BLOB` (whose move set must be `--moves` when both are
/// given), the embedded one for the hyper knight, or computed at start-up (the square
/// `x, y < bound` and, when certified, the closed form).
pub fn holder(game: &LeaperArgs, table: Option<&Path>, bound: usize) -> Result<Holder, Failure> {
    if let Some(path) = table {
        // Read, not mapped: a file that changes while it is mapped is undefined behaviour (a
        // truncation kills the process with SIGBUS), and a blob is at most a few MiB.
        let holder = Holder::File(TableFile::read(path)?, path.to_path_buf());
        if let Some(set) = &game.moves {
            let moves = holder.table()?.moves();
            if !set.is_set_of(moves) {
                return Err(Failure::invalid(format!(
                    "{}: its table is for the moves {}, not --moves {set}",
                    path.display(),
                    MovesText(moves)
                )));
            }
        }
        return Ok(holder);
    }
    if game.is_hyper_knight() {
        return Ok(Holder::Embedded);
    }
    let set = game.set();
    let blob = leaper_blob_with(&set, bound, &game.analyze()).map_err(Failure::invalid)?;
    Ok(Holder::Computed(TableFile::from_bytes(blob).expect("the generator writes valid blobs")))
}

/// `grundy sg [--moves M] X Y [X Y ...]`: one value per pair, one per line.
pub fn sg(game: &LeaperArgs, bound: usize, coordinates: &[u64]) -> Result<(), Failure> {
    if !coordinates.len().is_multiple_of(2) {
        return Err(Failure::invalid(format!(
            "an odd number of coordinates ({}): give X Y pairs (the last X has no Y)",
            coordinates.len()
        )));
    }
    let max = grundy::knight::MAX_COORDINATE;
    if let Some(&c) = coordinates.iter().find(|&&c| c > max) {
        return Err(Failure::invalid(format!("coordinate {c} is not in 0..={max} (2^63 - 1)")));
    }
    let holder = holder(game, None, bound)?;
    let table = holder.table()?;
    let mut out = String::new();
    for pair in coordinates.chunks(2) {
        let g = table.value(pair[0], pair[1]).map_err(|e| match e {
            KnightError::OutsideTable { x, y, bound } => beyond_square(&game.set(), x, y, bound),
            e => Failure::invalid(e),
        })?;
        out += &format!("{}\n", g.0);
    }
    print(out)
}

/// A cell outside the square of a move set without proven closed form: the cell, the square,
/// and the `--bound` that would hold it.
fn beyond_square(set: &MoveSet, x: u64, y: u64, bound: usize) -> Failure {
    let need = x.max(y).saturating_add(1);
    let max = grundy_core::generate::MAX_BOUND;
    let larger = if need <= max as u64 {
        format!("--bound N computes a larger square (N >= {need} holds this cell; N <= {max})")
    } else {
        format!("no square holds it (--bound N computes a larger square, but N <= {max})")
    };
    Failure::invalid(format!(
        "({x}, {y}) is outside the {bound} x {bound} square (0 <= x, y < {bound}) computed for the moves {set}, \
         which have no proven closed form: {larger}"
    ))
}

/// `grundy analyze [--moves M] [--json]`.
pub fn analyze(game: &LeaperArgs, as_json: bool) -> Result<(), Failure> {
    let analysis = game.analyze();
    if as_json {
        print(format_args!("{}\n", json::analysis_json(&analysis)))
    } else {
        print(format_args!("{analysis}\n"))
    }
}

/// `grundy verify [knight] [--moves M] [--table BLOB]`: re-run the certificate.
pub fn verify(game: &LeaperArgs, table: Option<&Path>) -> Result<(), Failure> {
    let holder;
    let (form, source): (ClosedForm, String) = match table {
        Some(path) => {
            holder = self::holder(game, Some(path), 1)?;
            let t = holder.table()?;
            let form = t.closed_form().ok_or_else(|| {
                Failure::refuted(format!("verify: NOT proven: {} holds no closed form for its moves", path.display()))
            })?;
            (form.clone(), format!("the closed form in {}", path.display()))
        }
        None if game.moves.is_none() => (embedded::knight_form().clone(), "knight closed form".into()),
        None => match game.analyze().verdict {
            Verdict::Certified { form, .. } => (form, "the closed form just discovered".into()),
            Verdict::NotFound(why) => {
                return Err(Failure::refuted(format!("verify: NOT proven: no closed form to prove: {why}")));
            }
        },
    };
    match prove(&form, game.limits().max_proof_cells) {
        Ok(proof) => print(format_args!("{source}: {proof}; moves {}\n", form.move_set())),
        Err(refutation) => Err(Failure::refuted(format!("verify: NOT proven: {source}: {refutation}"))),
    }
}

/// `grundy verify --table BLOB [--moves M]` for the blob's leaper, after its heap games
/// (`heaps_proven`: whether it held any): `--moves` must be the blob's leaper's, checked first by
/// `check_moves`; the closed form is proven when the blob holds a leaper square, or no heap game.
pub fn verify_blob(game: &LeaperArgs, path: &Path, heaps_proven: bool) -> Result<(), Failure> {
    let square = TableFile::read(path)?.header().tables.iter().any(|t| t.game == TableKind::LeaperSquare);
    if square || !heaps_proven { verify(game, Some(path)) } else { Ok(()) }
}

/// Refuses `--moves` beside a blob whose leaper is another, before any proof.
pub fn check_moves(game: &LeaperArgs, path: &Path) -> Result<(), Failure> {
    if game.moves.is_some() { holder(game, Some(path), 1).map(drop) } else { Ok(()) }
}

/// `grundy generate --moves M [--bound N] -o FILE`: the square and, when certified, the form.
pub fn generate(game: &LeaperArgs, bound: usize, output: &Path, force: bool) -> Result<(), Failure> {
    if super::output::is_directory(output) {
        return Err(Failure::invalid(format!(
            "-o {}: a directory takes the default blob and its manifest; with --moves give -o FILE",
            output.display()
        )));
    }
    // Checked before the work, so a refused target costs nothing.
    super::output::check(output, force)?;
    let set = game.set();
    let analysis = game.analyze();
    let blob = grundy_core::generate::leaper_blob_with(&set, bound, &analysis).map_err(Failure::invalid)?;
    match &analysis.verdict {
        Verdict::Certified { .. } => {
            eprintln!("grundy: moves {set}: {bound} x {bound} square and the certified closed form")
        }
        Verdict::NotFound(why) => {
            eprintln!("grundy: moves {set}: {bound} x {bound} square only, no closed form: {why}")
        }
    }
    super::output::write(output, &blob, force)?;
    eprintln!("grundy: wrote {} ({} bytes)", output.display(), blob.len());
    Ok(())
}
