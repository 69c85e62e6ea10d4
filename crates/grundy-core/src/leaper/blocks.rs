//! A knight square cut into 8 x 8 blocks, each distinct block stored once: the same cells in a
//! working set a level-1 cache holds.
//!
//! Beyond a small core a leaper's values repeat (periodic sectors, strips with a period along
//! them), so few of a square's blocks differ: the hyper knight's 500 x 500 square (250 KB) has
//! 3969 blocks of 52 kinds, 7.3 KB in this form, which a level-1 cache holds. A judge reading
//! knights at random cells, its input and output streaming through the caches meanwhile, then
//! reads faster than from the whole square (BENCHMARKS.md). A cell is two reads:
//!
//! ```text
//! id    = index[(x / 8) * per_row + y / 8]          per_row = ceil(bound / 8)
//! value = cells[id * 64 + (x % 8) * 8 + y % 8]
//! ```
//!
//! The bytes ([`encode`]): the index, one byte per block in row-major block order (`per_row²`
//! bytes), then the distinct blocks, 64 cells each (row-major inside the block; cells of an edge
//! block outside the square are 0). At most 256 distinct blocks (an index byte each), and only
//! when the blocks are smaller than the square: otherwise there is no blocked form.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

/// Cells on a block's side.
const SIDE: usize = 8;

/// Cells in a block.
const CELLS: usize = SIDE * SIDE;

/// Blocks on a row of the index for a square of side `bound`.
const fn per_row(bound: usize) -> usize {
    bound.div_ceil(SIDE)
}

/// The blocked form of the square `cells` (`bound x bound`, row-major), or `None` when it has
/// more than 256 distinct blocks or would not be smaller than the square.
///
/// Panics if `cells` does not hold `bound * bound` cells.
pub fn encode(cells: &[u8], bound: usize) -> Option<Vec<u8>> {
    assert_eq!(cells.len(), bound * bound, "cells vs bound");
    let per_row = per_row(bound);
    let mut bytes = Vec::with_capacity(per_row * per_row);
    let mut ids = BTreeMap::new();
    let mut distinct: Vec<[u8; CELLS]> = Vec::new();
    for bx in 0..per_row {
        for by in 0..per_row {
            let mut block = [0; CELLS];
            for x in bx * SIDE..(bx * SIDE + SIDE).min(bound) {
                for y in by * SIDE..(by * SIDE + SIDE).min(bound) {
                    block[(x % SIDE) * SIDE + y % SIDE] = cells[x * bound + y];
                }
            }
            let id = match ids.get(&block) {
                Some(&id) => id,
                None => {
                    let id = u8::try_from(distinct.len()).ok()?;
                    ids.insert(block, id);
                    distinct.push(block);
                    id
                }
            };
            bytes.push(id);
        }
    }
    bytes.extend(distinct.iter().flatten());
    (bytes.len() < cells.len()).then_some(bytes)
}

/// A square in blocked form, read in place.
#[derive(Debug, Clone, Copy)]
pub struct Blocks<'a> {
    index: &'a [u8],
    cells: &'a [u8],
    per_row: usize,
}

impl<'a> Blocks<'a> {
    /// Views the bytes [`encode`] wrote for a square of side `bound`; `None` if their length
    /// does not fit. The index is not checked: an id beyond the blocks panics when read.
    pub const fn new(bytes: &'a [u8], bound: usize) -> Option<Blocks<'a>> {
        let per_row = per_row(bound);
        let Some(blocks) = per_row.checked_mul(per_row) else { return None };
        match bytes.split_at_checked(blocks) {
            Some((index, cells)) if !cells.is_empty() && cells.len() % CELLS == 0 => {
                Some(Blocks { index, cells, per_row })
            }
            _ => None,
        }
    }

    /// The cell `(x, y)`, for `x, y < bound`.
    #[inline(always)]
    pub fn get(&self, x: usize, y: usize) -> u8 {
        let id = usize::from(self.index[(x / SIDE) * self.per_row + y / SIDE]);
        self.cells[id * CELLS + (x % SIDE) * SIDE + y % SIDE]
    }

    /// How many distinct blocks there are.
    pub fn distinct(&self) -> usize {
        self.cells.len() / CELLS
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leaper::{MoveSet, leaper_square};

    /// Every cell read through the blocks is the square's, for sides that are and are not
    /// multiples of the block side.
    #[test]
    fn blocks_give_the_squares_cells() {
        for bound in [64, 100, 203, 500] {
            let square = leaper_square(&MoveSet::hyper_knight(), bound);
            let bytes = encode(&square, bound).unwrap_or_else(|| panic!("bound {bound} has a blocked form"));
            let blocks = Blocks::new(&bytes, bound).unwrap();
            for x in 0..bound {
                for y in 0..bound {
                    assert_eq!(blocks.get(x, y), square[x * bound + y], "bound {bound}, ({x}, {y})");
                }
            }
        }
    }

    #[test]
    fn the_hyper_knights_judge_square_has_52_kinds_of_block() {
        let square = leaper_square(&MoveSet::hyper_knight(), 500);
        let bytes = encode(&square, 500).unwrap();
        assert_eq!(Blocks::new(&bytes, 500).unwrap().distinct(), 52);
        assert_eq!(bytes.len(), 63 * 63 + 52 * 64);
    }

    /// No blocked form where it would not be smaller, or where blocks are too varied.
    #[test]
    fn no_blocked_form_when_it_does_not_pay() {
        // A one-cell square: an index byte and a block are larger.
        assert_eq!(encode(&[0], 1), None);
        // The 17 x 17 blocks of a 136 x 136 square, block `b` marked `min(b, most)` in its first
        // two cells: `most + 1` kinds of block.
        let bound = 17 * SIDE;
        let marked = |most: usize| {
            let mut cells = alloc::vec![0; bound * bound];
            for b in 0..17 * 17 {
                let (at, mark) = ((b / 17) * SIDE * bound + (b % 17) * SIDE, b.min(most));
                cells[at] = (mark >> 8) as u8;
                cells[at + 1] = mark as u8;
            }
            cells
        };
        assert_eq!(encode(&marked(256), bound), None);
        let bytes = encode(&marked(255), bound).expect("256 kinds fit");
        assert_eq!(Blocks::new(&bytes, bound).unwrap().distinct(), 256);
    }

    #[test]
    fn bytes_of_the_wrong_length_are_no_view() {
        let square = leaper_square(&MoveSet::hyper_knight(), 64);
        let bytes = encode(&square, 64).unwrap();
        assert!(Blocks::new(&bytes[..bytes.len() - 1], 64).is_none());
        assert!(Blocks::new(&bytes[..64], 64).is_none());
        assert!(Blocks::new(&bytes, 72).is_none());
        // A side whose index would not fit in memory is no view either (not an overflow).
        assert!(Blocks::new(&bytes, 1 << 40).is_none());
        assert!(Blocks::new(&bytes, usize::MAX).is_none());
    }
}
