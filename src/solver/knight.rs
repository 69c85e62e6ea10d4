//! Hyper Knights: the Grundy value of a knight, of a sum of knights, and the winner.

use std::fmt;

use crate::nimber::{Nimber, Outcome};
use crate::table::{KnightTable, embedded};

/// A knight outside the table in use.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OutsideTable {
    pub x: u64,
    pub y: u64,
    /// The table holds `0 <= x, y < bound`.
    pub bound: usize,
}

impl fmt::Display for OutsideTable {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "knight ({}, {}) is outside the table (0 <= x, y < {})", self.x, self.y, self.bound)
    }
}

impl std::error::Error for OutsideTable {}

impl KnightTable<'_> {
    /// g(x, y) of one knight.
    #[inline]
    pub fn grundy(&self, x: u64, y: u64) -> Result<Nimber, OutsideTable> {
        self.get(x, y).map(Nimber::from).ok_or(OutsideTable { x, y, bound: self.bound() })
    }

    /// The nimber of a sum of knights: the XOR of their values.
    pub fn sum(&self, knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Nimber, OutsideTable> {
        knights.into_iter().map(|(x, y)| self.grundy(x, y)).sum()
    }
}

/// g(x, y) of one hyper knight, from the embedded table.
pub fn grundy(x: u64, y: u64) -> Result<Nimber, OutsideTable> {
    embedded::knight().grundy(x, y)
}

/// The nimber of a sum of hyper knights, from the embedded table.
pub fn sum(knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Nimber, OutsideTable> {
    embedded::knight().sum(knights)
}

/// Who wins a sum of hyper knights (Alice moves first).
pub fn winner(knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Outcome, OutsideTable> {
    sum(knights).map(Nimber::outcome)
}
