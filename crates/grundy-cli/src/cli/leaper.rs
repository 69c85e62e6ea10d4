//! The one place where `draw` and `emit` use the general leaper machinery of `grundy-core`:
//! parsing `--moves`, and finding a closed form and proving it. Everything else sees a
//! [`MoveSet`], a [`ClosedForm`] (when certified) and [`Table`] values.

use grundy_core::rules::knight::{HYPER_KNIGHT_MOVES, moves_text};
use grundy_core::rules::leaper::certify::{Proof, prove};
use grundy_core::rules::leaper::discover::{Limits, discover};
pub use grundy_core::rules::leaper::form::ClosedForm;
pub use grundy_core::rules::leaper::moves::MoveSet;
pub use grundy_core::rules::leaper::sweep::Table;

use super::Failure;

/// The most cells the proof checks directly; a larger proof leaves the form uncertified.
pub const MAX_PROOF_CELLS: u64 = 1 << 24;

/// The move set of `--moves`, or the hyper knight's without it.
pub fn move_set(text: Option<&str>) -> Result<MoveSet, Failure> {
    let default = moves_text(&HYPER_KNIGHT_MOVES);
    let text = text.unwrap_or(&default);
    MoveSet::parse(text).map_err(|e| Failure::invalid(format!("--moves '{text}': {e}")))
}

/// A closed form and its proof, or why there is none.
pub enum Analysis {
    /// Proven equal to the Grundy function on all of N².
    Certified { form: Box<ClosedForm>, proof: Proof },
    /// No candidate was found, or its proof failed or was too large.
    Uncertified { reason: String },
}

impl Analysis {
    /// The certified closed form, if any.
    pub fn form(&self) -> Option<&ClosedForm> {
        match self {
            Analysis::Certified { form, .. } => Some(form),
            Analysis::Uncertified { .. } => None,
        }
    }
}

/// Searches for a closed form of `set` and proves it (default search limits).
pub fn analyze(set: &MoveSet) -> Analysis {
    match discover(set, &Limits::default()) {
        Err(e) => Analysis::Uncertified { reason: e.to_string() },
        Ok((form, _)) => match prove(&form, MAX_PROOF_CELLS) {
            Ok(proof) => Analysis::Certified { form: Box::new(form), proof },
            Err(e) => Analysis::Uncertified { reason: format!("a candidate was found but not proven: {e}") },
        },
    }
}
