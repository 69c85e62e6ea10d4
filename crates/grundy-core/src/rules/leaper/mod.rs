//! General leapers: any finite move set that some positive potential lowers.
//!
//! - [`moves`]: the move-set notation, validation, the potential, symmetry;
//! - [`sweep`]: the Grundy table of a potential triangle, computed iteratively;
//! - [`form`]: eventually piecewise-periodic closed forms and their O(1) evaluation;
//! - [`discover`]: finding a closed form in computed tables (heuristic; it may fail);
//! - [`certify`]: proving a closed form equal to the Grundy function on all of N²
//!   (independent of the discovery).

pub mod certify;
pub mod discover;
pub mod form;
pub mod moves;
pub mod sweep;

use alloc::format;
use core::fmt;

use certify::Proof;
use discover::{Limits, NotFound};
use form::ClosedForm;
use moves::MoveSet;

/// The most cells the certificate checks directly before giving up.
pub const MAX_PROOF_CELLS: u64 = 1 << 26;

/// The result of [`analyze`].
#[derive(Debug, Clone)]
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
    pub outcome: Outcome,
}

/// A certified closed form, or the evidence that none was found.
#[derive(Debug, Clone)]
pub enum Outcome {
    Certified { form: ClosedForm, proof: Proof },
    NotFound(NotFound),
}

impl Analysis {
    /// The certified closed form, if any.
    pub fn form(&self) -> Option<&ClosedForm> {
        match &self.outcome {
            Outcome::Certified { form, .. } => Some(form),
            Outcome::NotFound(_) => None,
        }
    }
}

impl fmt::Display for Analysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (a, b) = self.set.potential();
        writeln!(f, "moves: {}", self.set)?;
        writeln!(f, "potential: {a}x+{b}y; symmetric: {}", if self.symmetric { "yes" } else { "no" })?;
        writeln!(f, "computed: {a}x+{b}y <= {}, largest value {}", self.computed_potential, self.max_value)?;
        match &self.outcome {
            Outcome::Certified { form, proof } => write!(f, "closed form (certified):\n{form}\n{proof}"),
            Outcome::NotFound(why) => write!(f, "{why}"),
        }
    }
}

/// Discovers a closed form and proves it ([`discover::discover`], then [`certify::prove`]);
/// when a candidate is refuted the search resumes on a four times larger triangle.
pub fn analyze(set: &MoveSet, limits: &Limits) -> Analysis {
    let mut limits = *limits;
    loop {
        match discover::discover(set, &limits) {
            Ok((form, table)) => {
                let (computed_potential, max_value) = (table.max_potential(), table.max_value());
                let refutation = match certify::prove(&form, MAX_PROOF_CELLS) {
                    Ok(proof) => {
                        let outcome = Outcome::Certified { form, proof };
                        return Analysis {
                            set: set.clone(),
                            symmetric: set.is_symmetric(),
                            computed_potential,
                            max_value,
                            outcome,
                        };
                    }
                    Err(e) => e,
                };
                if table.len() as u64 * 4 > limits.max_cells {
                    let reason =
                        format!("the candidate found up to potential {computed_potential} is refuted: {refutation}");
                    let why = NotFound {
                        max_potential: computed_potential,
                        max_value,
                        reason,
                        windows: [(0, 0); 3],
                        windows_potential: 0,
                    };
                    return Analysis {
                        set: set.clone(),
                        symmetric: set.is_symmetric(),
                        computed_potential,
                        max_value,
                        outcome: Outcome::NotFound(why),
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
                    outcome: Outcome::NotFound(why),
                };
            }
        }
    }
}
