//! The splits of a heap in two parts, in the order both proofs scan them (the scalar one in
//! `steps.rs`, the AVX-512 one in `wide.rs`): smallest part first across all split digits, a
//! block of parts at a time.

use super::{PROOF_BLOCK, PROOF_BLOCK_MAX};

/// A game's splits in two: the indices of its split digits (increasing) and whether the parts
/// must differ.
#[derive(Debug, Clone, Copy)]
pub(super) struct Splits<'a> {
    pub(super) split2: &'a [usize],
    /// The two parts of a split must differ (Grundy's game).
    pub(super) unequal: bool,
}

impl Splits<'_> {
    /// The largest part `a` of the splits of `n - i` into parts `a <= b`, 0 if there are none.
    pub(super) fn top(&self, n: usize, i: usize) -> usize {
        match n.checked_sub(i) {
            Some(m) if m >= 2 => {
                if self.unequal {
                    (m - 1) / 2
                } else {
                    m / 2
                }
            }
            _ => 0,
        }
    }

    /// The proof's scan of heap `n`'s splits, from part 1.
    pub(super) fn scan(&self, n: usize) -> Scan {
        let longest = self.split2.iter().map(|&i| self.top(n, i)).max().unwrap_or(0);
        Scan { a: 1, block: PROOF_BLOCK, longest }
    }

    /// The splits of heap `n` with parts in the block `a..end`: for each split digit `i` (in
    /// order) that has some, `(m, stop)` for its parts `a..stop` of `m = n - i`.
    pub(super) fn of(&self, n: usize, a: usize, end: usize) -> impl Iterator<Item = (usize, usize)> {
        // `split2` is increasing, so `top` decreases along it.
        self.split2
            .iter()
            .map(move |&i| (i, end.min(self.top(n, i) + 1)))
            .take_while(move |&(_, stop)| stop > a)
            .map(move |(i, stop)| (n - i, stop))
    }
}

/// Where a proof is in its scan: smallest part first across all split digits, a block of parts
/// at a time (blocks of `PROOF_BLOCK` parts, doubling up to `PROOF_BLOCK_MAX`), the to-do list
/// checked after each block. The scalar and the AVX-512 proofs share it, so they scan the same
/// splits and count the same work.
#[derive(Debug, Clone, Copy)]
pub(super) struct Scan {
    /// The first part of the next block.
    pub(super) a: usize,
    block: usize,
    /// The largest part of any split.
    longest: usize,
}

impl Scan {
    /// The next block of parts `a..end`, or `None` past the largest part.
    pub(super) fn next_block(&mut self) -> Option<(usize, usize)> {
        if self.a > self.longest {
            return None;
        }
        let (a, end) = (self.a, (self.a + self.block).min(self.longest + 1));
        self.block = (2 * self.block).min(PROOF_BLOCK_MAX);
        self.a = end;
        Some((a, end))
    }
}
