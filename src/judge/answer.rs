//! The judges' names for the winner.

use crate::Outcome;

/// Hyper Knights and misère Nim: `Alice` moves first, `Bob` second.
pub(crate) fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Alice",
        Outcome::SecondPlayerWins => "Bob",
    }
}

/// Mine: `Xiemao` clicks first, `Fanglaoshi` second.
pub(crate) fn mine_winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Xiemao",
        Outcome::SecondPlayerWins => "Fanglaoshi",
    }
}
