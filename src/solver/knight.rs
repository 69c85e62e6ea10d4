//! Hyper Knights: the Grundy value of a knight, of a sum of knights, and the winner.
//!
//! Any cell `0 <= x, y <= 2^63 - 1` ([`MAX_COORDINATE`]) has a value: the embedded table answers
//! inside its square, the proven closed form ([`crate::rules::closed_form`],
//! [`crate::rules::certificate`]) outside. The only error of the hyper-knight functions is a
//! coordinate of 2^63 or more. A table with a custom move set has no closed form, so there a
//! knight outside the square is an error too.

use std::fmt;

pub use crate::rules::closed_form::MAX_COORDINATE;

use crate::nimber::{Nimber, Outcome};
use crate::table::{KnightTable, embedded};

/// Why a knight has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum KnightError {
    /// A coordinate is above [`MAX_COORDINATE`] (2^63 - 1).
    TooLarge { x: u64, y: u64 },
    /// The table has a custom move set (no closed form) and does not hold the knight.
    OutsideTable {
        x: u64,
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

impl KnightTable<'_> {
    /// g(x, y) of one knight: the square inside, the closed form outside (hyper-knight tables).
    #[inline]
    pub fn grundy(&self, x: u64, y: u64) -> Result<Nimber, KnightError> {
        match self.value(x, y) {
            Some(g) => Ok(Nimber::from(g)),
            None if x > MAX_COORDINATE || y > MAX_COORDINATE => Err(KnightError::TooLarge { x, y }),
            None => Err(KnightError::OutsideTable { x, y, bound: self.bound() }),
        }
    }

    /// The nimber of a sum of knights: the XOR of their values.
    pub fn sum(&self, knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Nimber, KnightError> {
        knights.into_iter().map(|(x, y)| self.grundy(x, y)).sum()
    }
}

/// g(x, y) of one hyper knight, for any `x, y <= 2^63 - 1`: the embedded table inside its
/// square, the closed form outside. Errs only with [`KnightError::TooLarge`].
///
/// ```
/// use grundy::solver::knight;
/// assert_eq!(knight::grundy(5, 8).unwrap().0, 6);
/// assert_eq!(knight::grundy(1 << 40, 3 << 40).unwrap().0, 0); // x mod 4, far from y = 2x
/// assert!(knight::grundy(1 << 63, 0).is_err());
/// ```
pub fn grundy(x: u64, y: u64) -> Result<Nimber, KnightError> {
    embedded::knight().grundy(x, y)
}

/// The nimber of a sum of hyper knights.
pub fn sum(knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Nimber, KnightError> {
    embedded::knight().sum(knights)
}

/// Who wins a sum of hyper knights (Alice moves first).
pub fn winner(knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Outcome, KnightError> {
    sum(knights).map(Nimber::outcome)
}
