//! Hyper Knights: the Grundy value of a knight, of a sum of knights, and the winner.
//!
//! Any cell `0 <= x, y <= 2^63 - 1` ([`MAX_COORDINATE`]) has a value: the embedded table answers
//! inside its square, the proven closed form ([`crate::table::ClosedForm`], found and
//! certified by `grundy_core::rules::leaper`) outside. The only error of the hyper-knight functions is a
//! coordinate of 2^63 or more. A table with a custom move set has no closed form, so there a
//! knight outside the square is an error too.
//!
//! [`winning_move`] says how to win a sum of knights: which knight to move, and where.

use std::fmt;

use serde::Serialize;

pub use crate::rules::knight::HYPER_KNIGHT_MOVES;
pub use crate::rules::knight::MAX_COORDINATE;

use crate::nimber::{Nimber, Outcome};
use crate::table::{KnightTable, embedded};

/// Why a knight has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum KnightError {
    /// A coordinate is above [`MAX_COORDINATE`] (2^63 - 1).
    TooLarge {
        /// The knight's row.
        x: u64,
        /// The knight's column.
        y: u64,
    },
    /// The table has a custom move set (no closed form) and does not hold the knight.
    OutsideTable {
        /// The knight's row.
        x: u64,
        /// The knight's column.
        y: u64,
        /// The table holds `0 <= x, y < bound`.
        bound: usize,
    },
}

impl fmt::Display for KnightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            KnightError::TooLarge { x, y } => {
                write!(f, "knight ({x}, {y}) is out of range: coordinates must be at most 2^63 - 1 = {MAX_COORDINATE}")
            }
            KnightError::OutsideTable { x, y, bound } => write!(
                f,
                "knight ({x}, {y}) is outside the table (0 <= x, y < {bound}), whose custom move set has no closed form"
            ),
        }
    }
}

impl std::error::Error for KnightError {}

/// A move of one knight: knight `knight` (0-based index into the knights given) from `from` to
/// `to`, both `(x, y)` = (row, column). Serialises as
/// `{"knight": i, "from": [x, y], "to": [x2, y2]}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub struct KnightMove {
    /// Which knight, 0-based.
    pub knight: usize,
    /// Where it stands.
    pub from: (u64, u64),
    /// Where it goes.
    pub to: (u64, u64),
}

impl KnightTable<'_> {
    /// g(x, y) of one knight: the square inside, the closed form outside (hyper-knight tables).
    #[inline]
    pub fn value(&self, x: u64, y: u64) -> Result<Nimber, KnightError> {
        match self.lookup(x, y) {
            Some(g) => Ok(Nimber::from(g)),
            None if x > MAX_COORDINATE || y > MAX_COORDINATE => Err(KnightError::TooLarge { x, y }),
            None => Err(KnightError::OutsideTable { x, y, bound: self.bound() }),
        }
    }

    /// The nimber of a sum of knights: the XOR of their values.
    pub fn value_of_sum(&self, knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Nimber, KnightError> {
        knights.into_iter().map(|(x, y)| self.value(x, y)).sum()
    }

    /// A winning move in the sum `knights` for the player to move, or `None` when the XOR of the
    /// values is 0 (every move loses). See [`winning_move`].
    pub fn winning_move(&self, knights: &[(u64, u64)]) -> Result<Option<KnightMove>, KnightError> {
        let mut s = Nimber::ZERO;
        for &(x, y) in knights {
            s ^= self.value(x, y)?;
        }
        if s == Nimber::ZERO {
            return Ok(None);
        }
        // A knight whose value g has g ^ s < g exists (the top bit of s), and by the mex
        // definition it has a target of value g ^ s. Targets inside 0..=2^63 - 1 come first;
        // one at 2^63 (only (-2, +1) and (+1, -2) from 2^63 - 1 reach it) is the last resort.
        let mut unvalued = None;
        for beyond in [false, true] {
            for (i, &(x, y)) in knights.iter().enumerate() {
                let g = self.value(x, y)?;
                let t = g ^ s;
                if t >= g {
                    continue;
                }
                for &(dx, dy) in self.moves() {
                    let (Some(x2), Some(y2)) = (x.checked_add_signed(dx.into()), y.checked_add_signed(dy.into()))
                    else {
                        continue; // off the board: not a legal move
                    };
                    if (x2.max(y2) > MAX_COORDINATE) != beyond {
                        continue;
                    }
                    match self.value_unbounded(x2, y2) {
                        Some(v) if Nimber::from(v) == t => {
                            return Ok(Some(KnightMove { knight: i, from: (x, y), to: (x2, y2) }));
                        }
                        Some(_) => {}
                        None => {
                            unvalued.get_or_insert(KnightError::OutsideTable { x: x2, y: y2, bound: self.bound() });
                        }
                    }
                }
            }
        }
        // Only a custom move set's table, whose targets can leave the square, gets here.
        Err(unvalued.expect("the mex definition guarantees a target of every smaller value"))
    }
}

/// g(x, y) of one hyper knight, for any `x, y <= 2^63 - 1`: the embedded table inside its
/// square, the closed form outside. Errs only with [`KnightError::TooLarge`].
///
/// ```
/// use grundy::knight;
/// assert_eq!(knight::value(5, 8).unwrap().0, 6);
/// assert_eq!(knight::value(1 << 40, 3 << 40).unwrap().0, 0); // x mod 4, far from y = 2x
/// assert!(knight::value(1 << 63, 0).is_err());
/// ```
pub fn value(x: u64, y: u64) -> Result<Nimber, KnightError> {
    embedded::knight().value(x, y)
}

/// The nimber of a sum of hyper knights.
pub fn value_of_sum(knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Nimber, KnightError> {
    embedded::knight().value_of_sum(knights)
}

/// A winning move in a sum of hyper knights for the player to move (Alice first), or `None`
/// when every move loses (the XOR of the values is 0). Errs only with
/// [`KnightError::TooLarge`] for a knight beyond 2^63 - 1.
///
/// The move takes a knight `i` whose value `g_i` has `g_i ^ s < g_i` (`s` the XOR of all
/// values) to a target of value `g_i ^ s`; one exists by the mex definition. The first such
/// knight is moved, and the first of its targets in the order of
/// [`HYPER_KNIGHT_MOVES`].
///
/// The board has no upper edge: from a coordinate of 2^63 - 1 the moves (-2, +1) and (+1, -2)
/// reach 2^63, which the value functions do not accept as input. Such a target is valued
/// exactly all the same (the closed form is exact on all of `u64`) and is chosen only when no
/// target within `0..=2^63 - 1` wins, so every coordinate of a move fits `u64`.
///
/// ```
/// use grundy::knight::winning_move;
/// assert_eq!(winning_move(&[(1, 0)]).unwrap(), None); // g = 0: Bob wins
/// let m = winning_move(&[(2, 5), (3, 5)]).unwrap().unwrap(); // *3 ^ *1 = *2
/// assert_eq!((m.knight, m.from, m.to), (0, (2, 5), (1, 3))); // *3 -> *1
/// ```
pub fn winning_move(knights: &[(u64, u64)]) -> Result<Option<KnightMove>, KnightError> {
    embedded::knight().winning_move(knights)
}

/// Who wins a sum of hyper knights (Alice moves first).
pub fn outcome(knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Outcome, KnightError> {
    value_of_sum(knights).map(Nimber::outcome)
}
