//! General leapers: any finite move set that some positive potential lowers.
//!
//! - [`moves`]: the move-set notation, validation, the potential, symmetry;
//! - [`sweep`]: the Grundy table of a potential triangle, computed iteratively;
//! - [`form`]: eventually piecewise-periodic closed forms and their O(1) evaluation;
//! - [`tables`]: a closed form's evaluation tables, borrowed, to embed;
//! - [`discover`]: finding a closed form in computed tables (heuristic; it may fail);
//! - [`certify`]: proving a closed form equal to the Grundy function on all of N²
//!   (independent of the discovery);
//! - [`analyze`]: discovery, then proof, growing the computed triangle when a candidate is
//!   refuted or too large to prove.
//!
//! Everything here uses `core`/`alloc`-style APIs (`Vec`, `BTreeMap`, `BTreeSet`, `String`) and
//! no hash-map iteration, so results are deterministic.

pub mod certify;
pub mod discover;
pub mod form;
pub mod moves;
pub mod sweep;
pub mod tables;

use core::fmt;

use certify::Proof;
use discover::{Cause, Limits, NotFound};
use form::ClosedForm;
use moves::MoveSet;

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

/// Discovers a closed form and proves it ([`discover::discover`], then [`certify::prove`]);
/// when a candidate is refuted or its proof would pass [`Limits::max_proof_cells`], the search
/// resumes on a four times larger triangle.
pub fn analyze(set: &MoveSet, limits: &Limits) -> Analysis {
    let mut limits = *limits;
    loop {
        match discover::discover(set, &limits) {
            Ok((form, table)) => {
                let (computed_potential, max_value) = (table.max_potential(), table.max_value());
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
