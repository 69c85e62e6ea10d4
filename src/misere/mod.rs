//! Misère Nim (LightOJ 1253): whoever takes the last stone loses.
//!
//! A position is summarised by three facts (every pile is one?, XOR == 0?, odd number of
//! piles?) and the outcome is one lookup in the table `build.rs` derived by the recurrence.
//! [`winning_move`] says how to win. The judge is [`MisereNim`].

pub(crate) mod judge;
mod report;
mod table;

use serde::Serialize;

pub use judge::MisereNim;
pub use report::MisereCase;
pub use table::{MisereTable, embedded_table};

use crate::Outcome;
use grundy_core::misere::{FIRST_PLAYER_WINS, SECOND_PLAYER_WINS};

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

    /// Adds piles of at least one stone each (the bulk reader's), in one pass the compiler
    /// vectorises: the XOR, and the OR of `stones >> 1`, which is nonzero iff a pile holds more
    /// than one stone.
    #[inline]
    pub fn push_positive(&mut self, piles: &[u64]) {
        debug_assert!(piles.iter().all(|&p| p != 0), "piles of at least one stone");
        let (xor, big) = piles.iter().fold((0, 0), |(xor, big), &p| (xor ^ p, big | p >> 1));
        self.all_ones &= big == 0;
        self.xor ^= xor;
        self.odd ^= piles.len() % 2 == 1;
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
    pub fn odd_pile_count(&self) -> bool {
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
        self.outcome_in(&embedded_table())
    }
}

/// Who wins misère Nim on these piles (the first player is Alice). Empty piles are ignored; no
/// piles at all is a win for the player to move, who has nothing to take.
pub fn outcome(piles: impl IntoIterator<Item = u64>) -> Outcome {
    Summary::of(piles).outcome()
}

/// A move in misère Nim: pile `pile` (0-based index into the piles given) goes from `from` to
/// `to < from` stones (`to == 0` empties it). Serialises as `{"pile": i, "from": a, "to": b}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub struct PileMove {
    /// Which pile, 0-based.
    pub pile: usize,
    /// Its stones before the move.
    pub from: u64,
    /// Its stones after the move.
    pub to: u64,
}

impl PileMove {
    /// Stones taken.
    pub fn taken(&self) -> u64 {
        self.from - self.to
    }
}

/// A winning move for the player to move, or `None` when every move loses (and when there is
/// no move at all: with no stones left the player to move has already won, the opponent having
/// taken the last stone). Empty piles (0) are ignored; indices refer to `piles` as given.
///
/// The misère strategy, exact for any `u64` sizes:
/// - no pile above 1: take a whole 1-pile when their count is even (an odd count is lost);
/// - exactly one pile above 1: reduce it to 0 or 1 so that an odd number of 1-piles remains;
/// - two or more piles above 1: the normal-play move, a pile `p` with `p ^ x < p` (x the XOR) to
///   `p ^ x`. At least one pile above 1 remains (a lone one would make the XOR non-zero), where
///   XOR zero is a loss for the player to move, as in normal play.
///
/// ```
/// use grundy::misere::winning_move;
/// let moved = |piles: &[u64]| winning_move(piles).map(|m| (m.pile, m.from, m.to));
/// assert_eq!(moved(&[1, 1]), Some((0, 1, 0)));
/// assert_eq!(moved(&[1, 1, 1]), None);
/// assert_eq!(moved(&[1, 5]), Some((1, 5, 0)));
/// assert_eq!(moved(&[1, 1, 5]), Some((2, 5, 1)));
/// assert_eq!(moved(&[1, 1, 2, 4, 10]), Some((4, 10, 6)));
/// assert_eq!(moved(&[2, 3, 4, 5]), None);
/// ```
pub fn winning_move(piles: &[u64]) -> Option<PileMove> {
    let (mut ones, mut big, mut xor) = (0u64, 0usize, 0u64);
    let mut first_big = 0;
    for (i, &p) in piles.iter().enumerate() {
        match p {
            0 => {}
            1 => ones += 1,
            _ => {
                if big == 0 {
                    first_big = i;
                }
                big += 1;
            }
        }
        xor ^= p;
    }
    let take = |pile: usize, to: u64| Some(PileMove { pile, from: piles[pile], to });
    match big {
        0 if ones % 2 == 0 => piles.iter().position(|&p| p == 1).and_then(|i| take(i, 0)),
        0 => None,
        1 => take(first_big, u64::from(ones % 2 == 0)),
        _ if xor == 0 => None,
        _ => {
            let i = piles.iter().position(|&p| p ^ xor < p).expect("a pile holds the XOR's top bit");
            take(i, piles[i] ^ xor)
        }
    }
}
