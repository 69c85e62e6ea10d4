//! Misère Nim (LightOJ 1253): whoever takes the last stone loses.
//!
//! A position is summarised by three facts (every pile is one?, XOR == 0?, odd number of
//! piles?) and the outcome is one lookup in the table `build.rs` derived by the recurrence.

use crate::nimber::Outcome;
use crate::rules::misere::{FIRST_PLAYER_WINS, SECOND_PLAYER_WINS};
use crate::table::{MisereTable, embedded};

/// What the outcome of a misère Nim position depends on, accumulated pile by pile.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Summary {
    all_ones: bool,
    xor: u64,
    odd: bool,
}

impl Default for Summary {
    fn default() -> Self {
        Summary { all_ones: true, xor: 0, odd: false }
    }
}

impl Summary {
    /// Adds a pile of `stones`. An empty pile (0) is no pile and changes nothing.
    #[inline]
    pub fn push(&mut self, stones: u64) {
        if stones != 0 {
            self.all_ones &= stones == 1;
            self.xor ^= stones;
            self.odd ^= true;
        }
    }

    /// The summary of the piles of both `self` and `other`.
    pub fn merge(self, other: Summary) -> Summary {
        Summary { all_ones: self.all_ones && other.all_ones, xor: self.xor ^ other.xor, odd: self.odd ^ other.odd }
    }

    /// The summary of a set of piles.
    pub fn of(piles: impl IntoIterator<Item = u64>) -> Summary {
        let mut s = Summary::default();
        piles.into_iter().for_each(|p| s.push(p));
        s
    }

    /// Whether every pile holds one stone (true for no piles).
    pub fn all_ones(&self) -> bool {
        self.all_ones
    }

    /// The XOR of the pile sizes.
    pub fn xor(&self) -> u64 {
        self.xor
    }

    /// Whether the number of (non-empty) piles is odd.
    pub fn odd(&self) -> bool {
        self.odd
    }

    /// Who wins with perfect misère play, from `table`.
    #[inline]
    pub fn outcome_in(&self, table: &MisereTable<'_>) -> Outcome {
        match table.get(self.all_ones, self.xor == 0, self.odd) {
            FIRST_PLAYER_WINS => Outcome::FirstPlayerWins,
            SECOND_PLAYER_WINS => Outcome::SecondPlayerWins,
            // Every pile one forces XOR = parity of the count: the other two classes are empty.
            cell => unreachable!("misère table cell {cell} for a position that exists: {self:?}"),
        }
    }

    /// Who wins with perfect misère play (the embedded table).
    #[inline]
    pub fn outcome(&self) -> Outcome {
        self.outcome_in(&embedded::misere_nim())
    }
}

/// Who wins misère Nim on these piles (the first player is Alice). Empty piles are ignored; no
/// piles at all is a win for the player to move, who has nothing to take.
pub fn outcome(piles: impl IntoIterator<Item = u64>) -> Outcome {
    Summary::of(piles).outcome()
}
