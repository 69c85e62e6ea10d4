//! `--moves`, `--max-cells` and `--max-proof-cells`: the leaper and how hard to look for its
//! closed form, and the search, its steps said on standard error.

use std::time::Instant;

use clap::Args;
use grundy_core::leaper::{Analysis, Limits, MoveSet, Stage, analyze_with};

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
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = whole_number_in(1 << 12, 1 << 30))]
    pub max_cells: Option<u64>,
    /// Give up the proof of a candidate when the cells it must check directly (those no
    /// translation covers) and the columns that hold them pass N (default 16777216).
    #[arg(long, allow_negative_numbers = true, value_name = "N", value_parser = whole_number_in(1, 1 << 40))]
    pub max_proof_cells: Option<u64>,
}

fn parse_moves(text: &str) -> Result<MoveSet, String> {
    MoveSet::parse(text).map_err(|e| e.to_string())
}

/// A parser of whole numbers in `lo..=hi`.
fn whole_number_in(lo: u64, hi: u64) -> impl Fn(&str) -> Result<u64, String> + Clone + Send + Sync + 'static {
    move |text| match crate::cli::parse::count(text) {
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
    pub fn is_hyper_knight(&self) -> bool {
        MoveSet::hyper_knight().is_set_of(&self.set().to_bytes())
    }

    /// The closed form's search bounds.
    pub fn limits(&self) -> Limits {
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
