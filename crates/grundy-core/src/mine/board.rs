//! A Mine board: its size and its mines, one bit per cell.

use alloc::vec::Vec;
use core::fmt;

/// Boards hold fewer than `2^32` cells, so that cell, run and column indices fit `u32`.
pub const MAX_CELLS: u64 = u32::MAX as u64;

/// Boards whose [`working_bytes`] exceed this (4 GiB) are refused before anything is allocated:
/// a tall, narrow board of fewer than `2^32` cells could otherwise ask for tens of gigabytes
/// (each row takes whole 64-bit words), which an overcommitting system grants and then kills the
/// process for. The widest board (`1 x (2^32 - 1)`) needs 3.75 GiB; a judge board (1000 x 1000)
/// about 0.5 MB.
pub const MAX_WORKING_BYTES: u64 = 4 << 30;

/// The memory solving an empty `rows x cols` board takes, in bytes: per 64 columns of a row the
/// mine, blank and run-start bitmaps and a run id (28 bytes); per row one run and its index
/// entries (20 bytes); per 64 columns four row masks. Mines add runs, but only as many as the
/// input has mine lines.
pub fn working_bytes(rows: u64, cols: u64) -> u128 {
    let words = u128::from(cols.div_ceil(64));
    u128::from(rows) * (28 * words + 20) + 32 * words
}

/// The memory a board of fewer than `2^32` cells needs with its longer side as the rows, when that
/// passes [`MAX_WORKING_BYTES`] (`None` otherwise). Rows cost more than columns (`4294967295 x 1`
/// needs 192 GiB where `1 x 4294967295` needs little), and a board and its transpose are the same
/// game, so the judges refuse such a board either way round rather than by its orientation.
pub fn beyond_either_way(rows: u64, cols: u64) -> Option<u128> {
    let bytes = working_bytes(rows.max(cols), rows.min(cols));
    let cells = u128::from(rows) * u128::from(cols);
    (cells <= u128::from(MAX_CELLS) && bytes > u128::from(MAX_WORKING_BYTES)).then_some(bytes)
}

/// An `rows x cols` board and its mines (a bit per cell, rows padded to whole 64-bit words).
///
/// Placing a mine twice places one mine. The bitmap is reused by [`Board::reset`], so a judge
/// solving many cases allocates once for the largest board.
#[derive(Debug, Clone, Default)]
pub struct Board {
    rows: usize,
    cols: usize,
    words: usize,
    bits: Vec<u64>,
}

/// A board that cannot be made.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
#[allow(missing_docs)] // Fields: the board's size, the mine's cell, the bytes asked for.
pub enum BoardError {
    /// `rows * cols` is `2^32` or more, or solving the board would take more than
    /// [`MAX_WORKING_BYTES`] (see [`working_bytes`]).
    TooLarge { rows: u64, cols: u64 },
    /// The memory for the board could not be allocated.
    OutOfMemory { rows: u64, cols: u64, bytes: u128 },
    /// A mine outside the board.
    MineOutside { row: u64, col: u64, rows: u64, cols: u64 },
}

impl fmt::Display for BoardError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BoardError::TooLarge { rows, cols } => {
                let cells = u128::from(*rows) * u128::from(*cols);
                if cells > u128::from(MAX_CELLS) {
                    write!(f, "a {rows} x {cols} board has {cells} cells; at most {MAX_CELLS} are supported")
                } else {
                    write!(
                        f,
                        "a {rows} x {cols} board needs {} bytes of memory to solve; at most {MAX_WORKING_BYTES} \
                         (4 GiB) are supported",
                        working_bytes(*rows, *cols)
                    )
                }
            }
            BoardError::OutOfMemory { rows, cols, bytes } => {
                write!(f, "not enough memory for a {rows} x {cols} board ({bytes} bytes could not be allocated)")
            }
            BoardError::MineOutside { row, col, rows, cols } => {
                write!(
                    f,
                    "mine ({row}, {col}) is outside the {rows} x {cols} board (rows 0..{rows}, columns 0..{cols})"
                )
            }
        }
    }
}

impl core::error::Error for BoardError {}

/// Checks `rows * cols < 2^32` and the memory bound; returns the two as `usize`.
pub(crate) fn check_size(rows: u64, cols: u64) -> Result<(usize, usize), BoardError> {
    if u128::from(rows) * u128::from(cols) > u128::from(MAX_CELLS)
        || working_bytes(rows, cols) > u128::from(MAX_WORKING_BYTES)
    {
        return Err(BoardError::TooLarge { rows, cols });
    }
    // Each is at most 2^32 - 1 when the other is non-zero; an empty board may name any size.
    let fit = |n: u64| usize::try_from(n).map_err(|_| BoardError::TooLarge { rows, cols });
    Ok((fit(rows)?, fit(cols)?))
}

/// Grows `v` to `len` zeroed elements (after clearing it) without aborting on allocation failure.
pub(crate) fn zeroed<T: Copy + Default>(v: &mut Vec<T>, len: usize) -> Result<(), usize> {
    v.clear();
    v.try_reserve(len).map_err(|_| len.saturating_mul(size_of::<T>()))?;
    v.resize(len, T::default());
    Ok(())
}

/// Makes `v` exactly `len` elements long without aborting on allocation failure, keeping what it
/// holds (for buffers that are overwritten in full before they are read).
pub(crate) fn sized<T: Copy + Default>(v: &mut Vec<T>, len: usize) -> Result<(), usize> {
    if len > v.len() {
        v.try_reserve(len - v.len()).map_err(|_| len.saturating_mul(size_of::<T>()))?;
    }
    v.resize(len, T::default());
    Ok(())
}

impl Board {
    /// An empty (mine-free) `rows x cols` board.
    pub fn new(rows: u64, cols: u64) -> Result<Board, BoardError> {
        let mut board = Board::default();
        board.reset(rows, cols)?;
        Ok(board)
    }

    /// A board with these mines (repeats allowed).
    pub fn with_mines(rows: u64, cols: u64, mines: impl IntoIterator<Item = (u64, u64)>) -> Result<Board, BoardError> {
        let mut board = Board::new(rows, cols)?;
        for (row, col) in mines {
            board.place_mine(row, col)?;
        }
        Ok(board)
    }

    /// Makes this an empty `rows x cols` board, reusing the allocation.
    pub fn reset(&mut self, rows: u64, cols: u64) -> Result<(), BoardError> {
        let (r, c) = check_size(rows, cols)?;
        let words = c.div_ceil(64);
        let len = r * words; // <= cells / 64 + rows < 2^33: no overflow on 64-bit targets
        zeroed(&mut self.bits, len).map_err(|bytes| BoardError::OutOfMemory { rows, cols, bytes: bytes as u128 })?;
        (self.rows, self.cols, self.words) = (r, c, words);
        Ok(())
    }

    /// Places a mine at (`row`, `col`); placing it again changes nothing.
    #[inline(always)] // Once per mine read; inlined, grundy-tiny is smaller and its Mine judge 2-5% faster.
    pub fn place_mine(&mut self, row: u64, col: u64) -> Result<(), BoardError> {
        let (rows, cols) = (self.rows as u64, self.cols as u64);
        if row >= rows || col >= cols {
            return Err(BoardError::MineOutside { row, col, rows, cols });
        }
        let (row, col) = (row as usize, col as usize);
        self.bits[row * self.words + col / 64] |= 1u64 << (col % 64);
        Ok(())
    }

    /// Whether (`row`, `col`) holds a mine (false outside the board).
    pub fn is_mine(&self, row: u64, col: u64) -> bool {
        row < self.rows as u64
            && col < self.cols as u64
            && self.bits[row as usize * self.words + col as usize / 64] >> (col % 64) & 1 == 1
    }

    /// The number of rows.
    pub fn rows(&self) -> usize {
        self.rows
    }

    /// The number of columns.
    pub fn cols(&self) -> usize {
        self.cols
    }

    /// The number of distinct mines (counted now, in `cells / 64` steps).
    #[inline(always)] // Into both versions of `Solver::run` (with POPCNT or not).
    pub fn mine_count(&self) -> u64 {
        self.bits.iter().map(|w| u64::from(w.count_ones())).sum()
    }

    /// The bytes of the mine bitmap.
    pub fn bitmap_bytes(&self) -> usize {
        size_of_val(self.bits.as_slice())
    }

    /// 64-bit words per row.
    pub(crate) fn words(&self) -> usize {
        self.words
    }

    /// Row `r` of the mine bitmap (bit `c % 64` of word `c / 64` is column `c`).
    #[inline]
    pub(crate) fn row(&self, r: usize) -> &[u64] {
        &self.bits[r * self.words..(r + 1) * self.words]
    }
}
