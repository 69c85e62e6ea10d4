//! General leapers: any finite move set that some positive potential lowers.
//!
//! - `moves.rs`: the move-set notation, validation, the potential, symmetry ([`MoveSet`]);
//! - `sweep.rs`: the Grundy table of a potential triangle, computed iteratively ([`Triangle`]);
//! - `form.rs`: eventually piecewise-periodic closed forms and their O(1) evaluation
//!   ([`ClosedForm`]), over the strips and sectors of `strip.rs`;
//! - `tables.rs`: a closed form's evaluation tables, borrowed, to embed ([`EvalTables`]);
//! - [`codec`]: a closed form's blob payload;
//! - `discover.rs`: finding a closed form in computed tables (heuristic; it may fail,
//!   [`discover`]);
//! - `certify.rs`: proving a closed form equal to the Grundy function on all of N² (independent
//!   of the discovery, [`prove`]);
//! - [`blocks`]: a square as its distinct 8 x 8 blocks, the form the knights judge reads;
//! - [`analyze`]: discovery, then proof, growing the computed triangle when a candidate is
//!   refuted or too large to prove.
//!
//! Everything here uses `core`/`alloc`-style APIs (`Vec`, `BTreeMap`, `BTreeSet`, `String`) and
//! no hash-map iteration, so results are deterministic.

pub mod blocks;
mod certify;
pub mod codec;
mod discover;
mod form;
mod moves;
mod strip;
mod sweep;
mod tables;

pub use certify::{LemmaFailure, Proof, Refutation, prove};
pub use discover::{Cause, Limits, Miss, NotFound, Windows, discover};
pub use form::{ClosedForm, FormError, Forms, MAX_EVAL_BYTES, MAX_INTERIOR};
pub use moves::{
    HYPER_KNIGHT_MOVES, MAX_COORDINATE, MAX_MOVES, MAX_STEP, Move, MoveSet, MoveSetError, MovesText, same_set,
};
pub use strip::{Sector, Strip};
pub use sweep::{Triangle, leaper_square};
pub use tables::{EvalTables, TableStrip};

use core::fmt;

/// The default of [`Limits::max_proof_cells`]: the most columns and cells the proof of a
/// candidate ([`certify::prove`]) visits and checks.
pub const MAX_PROOF_CELLS: u64 = 1 << 24;

/// The result of [`analyze`].
#[derive(Debug, Clone)]
#[non_exhaustive]
pub struct Analysis {
    /// The move set (with its potential).
    pub set: MoveSet,
    /// Whether the set is its own mirror image (then `g(x, y) = g(y, x)`).
    pub symmetric: bool,
    /// The largest potential triangle computed.
    pub computed_potential: i64,
    /// The largest Grundy value in it.
    pub max_value: u8,
    /// The closed form and its proof, or why there is none.
    pub verdict: Verdict,
}

/// A certified closed form, or the evidence that none was found.
#[allow(clippy::large_enum_variant)]
#[derive(Debug, Clone)]
pub enum Verdict {
    /// Discovered and proven: the form equals the Grundy function on all of N².
    Certified {
        /// The closed form.
        form: ClosedForm,
        /// What its proof checked.
        proof: Proof,
    },
    /// No eventually periodic description was seen, with the evidence.
    NotFound(NotFound),
}

impl Analysis {
    /// The certified closed form, if any.
    pub fn form(&self) -> Option<&ClosedForm> {
        match &self.verdict {
            Verdict::Certified { form, .. } => Some(form),
            Verdict::NotFound(_) => None,
        }
    }
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.set.potential();
        writeln!(f, "moves: {}", self.set)?;
        writeln!(f, "potential: {a}x+{b}y; symmetric: {}", if self.symmetric { "yes" } else { "no" })?;
        writeln!(f, "computed: {a}x+{b}y <= {}, largest value {}", self.computed_potential, self.max_value)?;
        match &self.verdict {
            Verdict::Certified { form, proof } => write!(f, "closed form (certified):\n{form}\n{proof}"),
            Verdict::NotFound(why) => write!(f, "{why}"),
        }
    }
}

/// Where [`analyze_with`] stands, for a progress report.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Stage {
    /// Computing the triangle `a·x + b·y <= potential` and looking for a candidate in it.
    Search {
        /// The triangle's largest potential.
        potential: i64,
        /// About how many cells it holds (`potential² / 2ab`): what the step's time and memory
        /// grow with.
        cells: u64,
    },
    /// Proving the candidate found in the triangle of this potential.
    Proof {
        /// The triangle's largest potential.
        potential: i64,
        /// The cells it holds.
        cells: u64,
    },
}

/// Discovers a closed form and proves it ([`discover::discover`], then [`certify::prove`]);
/// when a candidate is refuted or its proof would pass [`Limits::max_proof_cells`], the search
/// resumes on a four times larger triangle.
pub fn analyze(set: &MoveSet, limits: &Limits) -> Analysis {
    analyze_with(set, limits, &mut |_| {})
}

/// [`analyze`], telling `stage` where it stands as it goes (each step can take long: its time
/// grows with the triangle's cells).
pub fn analyze_with(set: &MoveSet, limits: &Limits, stage: &mut dyn FnMut(Stage)) -> Analysis {
    let mut limits = *limits;
    loop {
        match discover::discover_with(set, &limits, &mut |potential, cells| stage(Stage::Search { potential, cells })) {
            Ok((form, table)) => {
                let (computed_potential, max_value) = (table.max_potential(), table.max_value());
                stage(Stage::Proof { potential: computed_potential, cells: table.len() as u64 });
                let refutation = match certify::prove(&form, limits.max_proof_cells) {
                    Ok(proof) => {
                        let verdict = Verdict::Certified { form, proof };
                        return Analysis {
                            set: set.clone(),
                            symmetric: set.is_symmetric(),
                            computed_potential,
                            max_value,
                            verdict,
                        };
                    }
                    Err(e) => e,
                };
                if table.len() as u64 * 4 > limits.max_cells {
                    let cause = Cause::Unproven { potential: computed_potential, refutation };
                    let why = NotFound { max_potential: computed_potential, max_value, cause, windows: None };
                    return Analysis {
                        set: set.clone(),
                        symmetric: set.is_symmetric(),
                        computed_potential,
                        max_value,
                        verdict: Verdict::NotFound(why),
                    };
                }
                limits.start_cells = table.len() as u64 * 4;
            }
            Err(why) => {
                return Analysis {
                    set: set.clone(),
                    symmetric: set.is_symmetric(),
                    computed_potential: why.max_potential,
                    max_value: why.max_value,
                    verdict: Verdict::NotFound(why),
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec::Vec;

    /// The stages come in order, searches on growing triangles and then the proof of the
    /// candidate found in the last, and the analysis is `analyze`'s.
    #[test]
    fn stages_are_reported_in_order() {
        let set = MoveSet::hyper_knight();
        let mut stages = Vec::new();
        let analysis = analyze_with(&set, &Limits::default(), &mut |s| stages.push(s));
        assert_eq!(analysis.form(), analyze(&set, &Limits::default()).form());
        let Some((&Stage::Proof { potential, .. }, searches)) = stages.split_last() else { panic!("{stages:?}") };
        assert_eq!(potential, analysis.computed_potential);
        let searched: Vec<i64> =
            searches.iter().map(|s| if let Stage::Search { potential, .. } = *s { potential } else { -1 }).collect();
        assert!(!searched.is_empty() && searched.windows(2).all(|w| w[0] < w[1]), "{stages:?}");
        assert_eq!(searched.last(), Some(&potential));
    }
}
