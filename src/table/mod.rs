//! Runtime lookup: the tables embedded at build time, and blob files read or memory-mapped.
//! Nothing here computes a Grundy value; a lookup is one index into bytes.

pub mod embedded;
mod file;
mod parity;

pub use file::{OpenError, TableFile};
pub use parity::{MineTable, MisereTable};

/// A knight Grundy square `0 <= x, y < bound`, one byte per cell, row-major.
#[derive(Debug, Clone, Copy)]
pub struct KnightTable<'a> {
    bound: usize,
    moves: &'a [(i8, i8)],
    cells: &'a [u8],
}

impl<'a> KnightTable<'a> {
    /// Wraps a square payload; `cells.len()` must be `bound * bound`.
    pub(crate) fn new(bound: usize, moves: &'a [(i8, i8)], cells: &'a [u8]) -> Self {
        assert_eq!(cells.len(), bound * bound, "knight payload vs bound");
        KnightTable { bound, moves, cells }
    }

    /// g(x, y), or `None` when `(x, y)` is outside the square.
    #[inline]
    pub fn get(&self, x: u64, y: u64) -> Option<u8> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        if x < self.bound && y < self.bound { Some(self.cells[x * self.bound + y]) } else { None }
    }

    /// The square holds `0 <= x, y < bound()`.
    pub fn bound(&self) -> usize {
        self.bound
    }

    /// The move set the table was computed for.
    pub fn moves(&self) -> &'a [(i8, i8)] {
        self.moves
    }

    /// The raw cells, row-major.
    pub fn cells(&self) -> &'a [u8] {
        self.cells
    }
}
