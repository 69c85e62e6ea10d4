//! The buffers a board is solved in, owned by one [`Buffers`] and reused from board to board.
//!
//! Each step of the solver borrows what it needs: the sweep writes the bitmaps, runs and
//! union-find forest, the number steps fill `count` and `shared`, and the explanation only reads.

use super::analysis::SolveError;
use alloc::vec::Vec;

/// A maximal run of blank cells in one row, columns `start..=end`.
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct Run {
    pub start: u32,
    pub end: u32,
}

/// A number touching several regions: their (root run) ids, sorted, distinct, and where it is.
/// Ordered by its regions first, so that numbers with the same regions sort together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub(super) struct Shared {
    pub len: u8,
    pub ids: [u32; 8],
    pub row: u32,
    pub col: u32,
}

impl Shared {
    pub fn ids(&self) -> &[u32] {
        &self.ids[..usize::from(self.len)]
    }

    pub fn same_regions(&self, other: &Shared) -> bool {
        self.len == other.len && self.ids == other.ids
    }
}

/// Everything the steps of solving one board write, sized for the largest board seen.
#[derive(Debug, Default)]
pub(super) struct Buffers {
    /// The columns of a row's last word that lie on the board.
    pub last: u64,
    /// One row of zero words (the row beyond the board's edges).
    pub zeros: Vec<u64>,
    /// Blank bitmap, `rows * words`.
    pub blank: Vec<u64>,
    /// The first cells of runs, `rows * words`.
    pub starts: Vec<u64>,
    /// The id of the first run starting in each word of `starts`.
    pub base: Vec<u32>,
    pub runs: Vec<Run>,
    /// Runs of row `r` are `runs[row_start[r]..row_start[r + 1]]`.
    pub row_start: Vec<u32>,
    /// Union-find over runs; `parent[x] <= x`, and after the sweep `parent[x]` is x's root.
    pub parent: Vec<u32>,
    /// Numbers given to each root run (region).
    pub count: Vec<u32>,
    /// The numbers touching two or more regions.
    pub shared: Vec<Shared>,
    /// Three row masks for the word-parallel count.
    pub scratch: Vec<u64>,
}

impl Buffers {
    /// The runs of row `r`, as a range of indices into `runs`.
    #[inline]
    pub fn span(&self, r: usize) -> (usize, usize) {
        (self.row_start[r] as usize, self.row_start[r + 1] as usize)
    }

    /// Words per row.
    #[inline]
    pub fn words(&self) -> usize {
        self.zeros.len()
    }

    /// Rows of the last board swept.
    #[inline]
    pub fn rows(&self) -> usize {
        self.row_start.len().saturating_sub(1)
    }
}

pub(super) fn oom(bytes: usize) -> SolveError {
    SolveError::OutOfMemory { bytes }
}

/// Grows `v` so that `extra` more elements fit, without aborting on allocation failure.
#[inline]
pub(super) fn reserve<T>(v: &mut Vec<T>, extra: usize) -> Result<(), SolveError> {
    if v.capacity() - v.len() < extra {
        v.try_reserve(extra).map_err(|_| oom(extra.saturating_mul(size_of::<T>())))?;
    }
    Ok(())
}
