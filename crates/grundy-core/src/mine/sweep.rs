//! Step 1 of solving a board, word-parallel: the blank cells, their regions and the promise.
//!
//! Runs (maximal horizontal stretches of blank cells) are numbered in reading order of their
//! first cell, so the run holding a blank cell is a rank over the bitmap of run starts: no run
//! list is needed to find it. Two runs of consecutive rows touch exactly where a run's first
//! cell lies in the dilated row above (`P` below), or a run above begins just inside a run
//! below (`Q`); both are bitmaps, so touching pairs come from set bits, not from merging sorted
//! lists, and each pair is one union.

use super::analysis::SolveError;
use super::board::{Board, sized, zeroed};
use super::buffers::{Buffers, Run, oom, reserve};

/// What the sweep counted.
pub(super) struct Sweep {
    /// Blank cells.
    pub blanks: u64,
    /// Blank regions.
    pub regions: u64,
}

/// Run ids by rank: `base[k]` is the id of the first run starting in word `k` of the start
/// bitmap (rows of `words` words).
struct RunIds<'a> {
    starts: &'a [u64],
    base: &'a [u32],
    words: usize,
}

impl RunIds<'_> {
    /// The id of the run holding blank cell (`r`, `c`).
    #[inline]
    fn at(&self, r: usize, c: usize) -> u32 {
        let k = r * self.words + c / 64;
        self.base[k] + (self.starts[k] & (u64::MAX >> (63 - c % 64))).count_ones() - 1
    }
}

/// Whether column `c` of a row bitmap is set (false past its end).
#[inline]
fn has(row: &[u64], c: usize) -> bool {
    row.get(c / 64).is_some_and(|w| w >> (c % 64) & 1 == 1)
}

/// Word `i` of a row seen from one column to the left: bit `c` is column `c + 1`.
#[inline]
fn from_right(row: &[u64], i: usize) -> u64 {
    row[i] >> 1 | row.get(i + 1).map_or(0, |w| w << 63)
}

/// Word `i` of a row seen from one column to the right: bit `c` is column `c - 1`.
#[inline]
fn from_left(row: &[u64], i: usize) -> u64 {
    row[i] << 1 | if i > 0 { row[i - 1] >> 63 } else { 0 }
}

/// Row word `i` dilated by one column either way.
#[inline]
pub(super) fn dilate(row: &[u64], i: usize) -> u64 {
    row[i] | from_left(row, i) | from_right(row, i)
}

/// Calls `f` with each set bit of `bits` alone, lowest first.
#[inline]
fn for_each_bit(mut bits: u64, mut f: impl FnMut(u64)) {
    while bits != 0 {
        f(bits & bits.wrapping_neg());
        bits &= bits - 1;
    }
}

/// Bits set in at least two of `terms`.
#[inline]
fn two_or_more(terms: [u64; 8]) -> u64 {
    let (mut one, mut two) = (0, 0);
    for t in terms {
        two |= one & t;
        one |= t;
    }
    two
}

/// Joins the sets of `a` and `b` in a union-find forest where `parent[x] <= x` (roots are the
/// smallest members); returns whether they were apart. Rem's algorithm: both paths are climbed
/// together, the one with the larger parent first, splicing it onto the other's parent.
#[inline]
pub(super) fn union(parent: &mut [u32], a: u32, b: u32) -> bool {
    let (mut x, mut y) = (a as usize, b as usize);
    loop {
        let (px, py) = (parent[x], parent[y]);
        if px == py {
            return false;
        }
        let (from, to) = if px > py { (x, py) } else { (y, px) };
        // `from` climbs; its parent becomes the smaller one (still <= from).
        let up = parent[from];
        parent[from] = to;
        if up as usize == from {
            return true;
        }
        if px > py {
            x = up as usize;
        } else {
            y = up as usize;
        }
    }
}

/// Blank bitmap, run starts and ids, and regions by union-find over runs.
#[inline(always)] // Into both versions of `Solver::run` (with POPCNT or not).
pub(super) fn sweep(buffers: &mut Buffers, board: &Board) -> Result<Sweep, SolveError> {
    let (rows, cols, w) = (board.rows(), board.cols(), board.words());
    let last = if cols % 64 == 0 { u64::MAX } else { (1u64 << (cols % 64)) - 1 };
    buffers.last = last;
    zeroed(&mut buffers.zeros, w).map_err(oom)?;
    // Written in full below.
    sized(&mut buffers.blank, rows * w).map_err(oom)?;
    sized(&mut buffers.starts, rows * w).map_err(oom)?;
    sized(&mut buffers.base, rows * w).map_err(oom)?;
    buffers.runs.clear();
    buffers.parent.clear();
    buffers.row_start.clear();
    buffers.shared.clear();
    reserve(&mut buffers.row_start, rows + 1)?;
    let Buffers { zeros, blank, starts, base, row_start, parent, .. } = buffers;
    let zeros: &[u64] = zeros;
    let (mut blanks, mut merges, mut next_id) = (0u64, 0u64, 0u32);
    for r in 0..rows {
        let above = if r > 0 { board.row(r - 1) } else { zeros };
        let here = board.row(r);
        let below = if r + 1 < rows { board.row(r + 1) } else { zeros };
        let row = r * w..(r + 1) * w;
        // Blank: no mine in the 3x3 block, i.e. outside the vertical OR dilated by one column.
        let (mut prev, mut v) = (0u64, above[0] | here[0] | below[0]);
        let mut carry = 0u64;
        row_start.push(next_id);
        for i in 0..w {
            let next = if i + 1 < w { above[i + 1] | here[i + 1] | below[i + 1] } else { 0 };
            let near = v | v << 1 | prev >> 63 | v >> 1 | next << 63;
            let b = !near & if i + 1 == w { last } else { u64::MAX };
            (prev, v) = (v, next);
            let s = b & !(b << 1 | carry);
            carry = b >> 63;
            blank[row.start + i] = b;
            starts[row.start + i] = s;
            base[row.start + i] = next_id;
            blanks += u64::from(b.count_ones());
            next_id += s.count_ones();
        }
        let first = row_start[r];
        reserve(parent, (next_id - first) as usize)?;
        parent.extend(first..next_id);
        if r == 0 {
            continue;
        }
        // Union the runs of this row with those of the row above that touch them.
        let ids = RunIds { starts, base, words: w };
        let (up, down) = (&blank[row.start - w..row.start], &blank[row.clone()]);
        let (up_starts, down_starts) = (&starts[row.start - w..row.start], &starts[row.clone()]);
        let mut union_at = |x: u32, y: u32| merges += u64::from(union(parent, x, y));
        // Words i - 1, i and i + 1 of the row above (and its starts), rolled along.
        let (mut u0, mut d0) = (0u64, 0u64);
        let (mut u1, mut us1) = (up[0], up_starts[0]);
        for i in 0..w {
            let (u2, us2) = if i + 1 < w { (up[i + 1], up_starts[i + 1]) } else { (0, 0) };
            let d1 = down[i];
            if d1 != 0 {
                let (left, right) = (u1 << 1 | u0 >> 63, u1 >> 1 | u2 << 63);
                // P: first cells of runs below next to a blank above: the run above at the
                // same column, or the runs either side of a gap above.
                let p = down_starts[i] & (u1 | left | right);
                // Run ids within word i by rank, `b` being a cell's bit alone (the cell before
                // bit 0 is in the last run started before the word); the cell after bit 63
                // goes through `ids`.
                let column = |b: u64| i * 64 + b.trailing_zeros() as usize;
                let (above, below) = ((base[row.start - w + i], us1), (base[row.start + i], down_starts[i]));
                let rank = |(first, starts): (u32, u64), upto: u64| first + (starts & upto).count_ones() - 1;
                let here = |b: u64| rank(below, b | (b - 1));
                let before = |b: u64| rank(above, b - 1);
                let after = |b: u64| match b << 1 {
                    0 => ids.at(r - 1, column(b) + 1),
                    next => rank(above, next | (next - 1)),
                };
                for_each_bit(p & u1, |b| union_at(rank(above, b | (b - 1)), here(b)));
                for_each_bit(p & !u1 & left, |b| union_at(before(b), here(b)));
                for_each_bit(p & !u1 & right, |b| union_at(after(b), here(b)));
                // Q: a run above starts at c + 1 while a run below covers c - 1 and c.
                let q = (us1 >> 1 | us2 << 63) & d1 & (d1 << 1 | d0 >> 63);
                for_each_bit(q, |b| union_at(after(b), here(b)));
            }
            (u0, d0, u1, us1) = (u1, d1, u2, us2);
        }
    }
    row_start.push(next_id);
    // parent[x] <= x: one forward pass makes every entry its root.
    for x in 0..parent.len() {
        parent[x] = parent[parent[x] as usize];
    }
    Ok(Sweep { blanks, regions: u64::from(next_id) - merges })
}

/// Whether the board keeps the promise, and if so the number of numbers next to a blank.
///
/// A number whose blank neighbours are 8-connected among themselves sees one region. Only
/// the others (at least two groups around the ring of neighbours, found word-parallel) are
/// looked at: all their blank neighbours must lie in one region.
#[inline(always)] // Into both versions of `Solver::run` (with POPCNT or not).
pub(super) fn promise_kept(buffers: &Buffers) -> Option<u64> {
    let w = buffers.words();
    let rows = buffers.rows();
    let (blank, zeros, parent) = (&buffers.blank[..], &buffers.zeros[..], &buffers.parent[..]);
    let ids = RunIds { starts: &buffers.starts, base: &buffers.base, words: w };
    let line = |r: usize| &blank[r * w..(r + 1) * w];
    let one_region = |r: usize, c: usize| {
        let mut root = None;
        for rr in r.saturating_sub(1)..(r + 2).min(rows) {
            for cc in c.saturating_sub(1)..c + 2 {
                if has(line(rr), cc) {
                    let x = parent[ids.at(rr, cc) as usize];
                    if *root.get_or_insert(x) != x {
                        return false;
                    }
                }
            }
        }
        true
    };
    let mut adjacent = 0u64;
    for r in 0..rows {
        let up = if r > 0 { line(r - 1) } else { zeros };
        let mid = line(r);
        let down = if r + 1 < rows { line(r + 1) } else { zeros };
        // The three rows ORed, words i - 1, i and i + 1, rolled along.
        let (mut v0, mut v1) = (0u64, up[0] | mid[0] | down[0]);
        for i in 0..w {
            let v2 = if i + 1 < w { up[i + 1] | mid[i + 1] | down[i + 1] } else { 0 };
            let valid = if i + 1 == w { buffers.last } else { u64::MAX };
            let numbers = (v1 | v1 << 1 | v0 >> 63 | v1 >> 1 | v2 << 63) & !mid[i] & valid;
            (v0, v1) = (v1, v2);
            if numbers == 0 {
                continue;
            }
            adjacent += u64::from(numbers.count_ones());
            // The ring N, NE, E, SE, S, SW, W, NW of each cell of word i.
            let (n, ne, nw) = (up[i], from_right(up, i), from_left(up, i));
            let (e, west) = (from_right(mid, i), from_left(mid, i));
            let (s, se, sw) = (down[i], from_right(down, i), from_left(down, i));
            // A group of blank neighbours starts at a corner after a gap, or at a side after
            // a gap that the side before it does not bridge (they touch diagonally).
            let starts =
                [n & !nw & !west, ne & !n, e & !ne & !n, se & !e, s & !se & !e, sw & !s, west & !sw & !s, nw & !west];
            let mut split = numbers & two_or_more(starts);
            while split != 0 {
                let c = i * 64 + split.trailing_zeros() as usize;
                split &= split - 1;
                if !one_region(r, c) {
                    return None;
                }
            }
        }
    }
    Some(adjacent)
}

/// The run list (`runs`), for the steps that work run by run.
pub(super) fn extract_runs(buffers: &mut Buffers) -> Result<(), SolveError> {
    let w = buffers.words();
    let total = *buffers.row_start.last().expect("swept") as usize;
    let Buffers { blank, starts, runs, .. } = buffers;
    runs.clear();
    reserve(runs, total)?;
    for (row, row_starts) in blank.chunks_exact(w).zip(starts.chunks_exact(w)) {
        // Ends come in the order of starts; a run may end in a later word than it starts.
        let mut fill = runs.len();
        for (i, (&b, &s)) in row.iter().zip(row_starts).enumerate() {
            let base = (i * 64) as u32;
            let mut s = s;
            while s != 0 {
                runs.push(Run { start: base + s.trailing_zeros(), end: 0 });
                s &= s - 1;
            }
            let next_low = row.get(i + 1).map_or(0, |&x| x & 1);
            let mut ends = b & !(b >> 1 | next_low << 63);
            while ends != 0 {
                runs[fill].end = base + ends.trailing_zeros();
                fill += 1;
                ends &= ends - 1;
            }
        }
    }
    Ok(())
}
