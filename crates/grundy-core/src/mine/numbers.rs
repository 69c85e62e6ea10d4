//! Step 2 of solving a board: each number next to a blank is given to the region it touches,
//! or, when it touches two or more, set aside with its regions as a shared number.

use super::analysis::SolveError;
use super::board::zeroed;
use super::buffers::{Buffers, Run, Shared, oom, reserve};
use super::sort::sort;
use super::sweep::dilate;

/// What attributing the numbers counted.
pub(super) struct Attributed {
    /// Numbers next to a blank cell.
    pub adjacent: u64,
    /// Numbers next to two or more blank regions.
    pub shared_numbers: u64,
}

/// Step 2 on a board that keeps the promise, word-parallel: each number next to a blank is
/// given to one run next to it (of the row above if it has a blank there, else of its own
/// row, else of the row below), counted per run by popcounts over the run's columns.
#[inline(always)] // Into both versions of `Solver::run` (with POPCNT or not).
pub(super) fn count_numbers(buffers: &mut Buffers) -> Result<Attributed, SolveError> {
    let rows = buffers.rows();
    let w = buffers.words();
    let last = buffers.last;
    let cols = (w as u64 - 1) * 64 + if last == u64::MAX { 64 } else { u64::from(last.count_ones()) };
    zeroed(&mut buffers.count, buffers.runs.len()).map_err(oom)?;
    zeroed(&mut buffers.scratch, 3 * w).map_err(oom)?;
    buffers.shared.clear();
    let Buffers { zeros, blank, runs, row_start, parent, count, scratch, .. } = buffers;
    let (up_mask, rest) = scratch.split_at_mut(w);
    let (mid_mask, down_mask) = rest.split_at_mut(w);
    let mut adjacent = 0u64;
    for r in 0..rows {
        let above = if r > 0 { &blank[(r - 1) * w..r * w] } else { &zeros[..] };
        let here = &blank[r * w..(r + 1) * w];
        let below = if r + 1 < rows { &blank[(r + 1) * w..(r + 2) * w] } else { &zeros[..] };
        for i in 0..w {
            let valid = if i + 1 == w { last } else { u64::MAX };
            let up = dilate(above, i);
            let side = dilate(here, i) & !here[i];
            let down = dilate(below, i);
            let numbers = (up | side | down) & !here[i] & valid;
            adjacent += u64::from(numbers.count_ones());
            up_mask[i] = numbers & up;
            mid_mask[i] = numbers & !up & side;
            down_mask[i] = numbers & !up & !side;
        }
        let span = |row: usize| row_start[row] as usize..row_start[row + 1] as usize;
        if r > 0 {
            count_near(runs, parent, count, span(r - 1), up_mask, cols);
        }
        if r + 1 < rows {
            count_near(runs, parent, count, span(r + 1), down_mask, cols);
        }
        // Numbers beside runs of row r: at end + 1, and at start - 1 unless that cell is also
        // the previous run's end + 1 (a gap of one cell).
        let mut prev_end: Option<u64> = None;
        for j in span(r) {
            let (start, end) = (u64::from(runs[j].start), u64::from(runs[j].end));
            let mut n = 0;
            if end + 1 < cols {
                n += bit(mid_mask, end + 1);
            }
            if start >= 1 && prev_end != Some(start - 2) {
                n += bit(mid_mask, start - 1);
            }
            count[parent[j] as usize] += n;
            prev_end = Some(end);
        }
    }
    Ok(Attributed { adjacent, shared_numbers: 0 })
}

/// Step 2 on any board, cell by cell: gives each number next to a blank to its region, or
/// sets it aside as shared.
#[inline(always)] // Into both versions of `Solver::run` (with POPCNT or not).
pub(super) fn attribute_numbers(buffers: &mut Buffers) -> Result<Attributed, SolveError> {
    let rows = buffers.rows();
    let w = buffers.words();
    let last = buffers.last;
    zeroed(&mut buffers.count, buffers.runs.len()).map_err(oom)?;
    buffers.shared.clear();
    let Buffers { zeros, blank, runs, row_start, parent, count, shared, .. } = buffers;
    let mut adjacent = 0u64;
    let mut shared_numbers = 0u64;
    for r in 0..rows {
        let above = if r > 0 { &blank[(r - 1) * w..r * w] } else { &zeros[..] };
        let here = &blank[r * w..(r + 1) * w];
        let below = if r + 1 < rows { &blank[(r + 1) * w..(r + 2) * w] } else { &zeros[..] };
        // Cursors into the run lists of rows r - 1, r, r + 1: (next run, end of the list).
        let span = |row: usize| (row_start[row] as usize, row_start[row + 1] as usize);
        let mut lists =
            [if r > 0 { span(r - 1) } else { (0, 0) }, span(r), if r + 1 < rows { span(r + 1) } else { (0, 0) }];
        let mut prev = 0u64;
        let mut v = above[0] | here[0] | below[0];
        for i in 0..w {
            let next = if i + 1 < w { above[i + 1] | here[i + 1] | below[i + 1] } else { 0 };
            let near = v | v << 1 | prev >> 63 | v >> 1 | next << 63;
            // Numbers next to a blank: near a blank, not blank themselves (never a mine).
            let mut numbers = near & !here[i] & if i + 1 == w { last } else { u64::MAX };
            (prev, v) = (v, next);
            adjacent += u64::from(numbers.count_ones());
            while numbers != 0 {
                let c = (i * 64) as u64 + u64::from(numbers.trailing_zeros());
                numbers &= numbers - 1;
                let mut ids = [0u32; 8];
                let mut n = 0;
                for (k, end) in &mut lists {
                    while *k < *end && u64::from(runs[*k].end) + 1 < c {
                        *k += 1;
                    }
                    let mut j = *k;
                    while j < *end && u64::from(runs[j].start) <= c + 1 {
                        ids[n] = parent[j];
                        n += 1;
                        j += 1;
                    }
                }
                debug_assert!(n >= 1, "a number next to a blank sees a run");
                let first = ids[0];
                if ids[1..n].iter().all(|&id| id == first) {
                    count[first as usize] += 1;
                } else {
                    let ids = &mut ids[..n];
                    sort(ids);
                    let mut set = Shared { len: 0, ids: [0; 8], row: r as u32, col: c as u32 };
                    for &id in ids.iter() {
                        if set.len == 0 || set.ids[usize::from(set.len) - 1] != id {
                            set.ids[usize::from(set.len)] = id;
                            set.len += 1;
                        }
                    }
                    reserve(shared, 1)?;
                    shared.push(set);
                    shared_numbers += 1;
                }
            }
        }
    }
    Ok(Attributed { adjacent, shared_numbers })
}

/// Bit `c` of a row mask.
#[inline]
fn bit(mask: &[u64], c: u64) -> u32 {
    (mask[(c / 64) as usize] >> (c % 64)) as u32 & 1
}

/// Set bits of `mask` in columns `lo..=hi`.
#[inline]
fn ones(mask: &[u64], lo: u64, hi: u64) -> u32 {
    let (a, b) = ((lo / 64) as usize, (hi / 64) as usize);
    let low = u64::MAX << (lo % 64);
    let high = u64::MAX >> (63 - hi % 64);
    if a == b {
        return (mask[a] & low & high).count_ones();
    }
    let mut n = (mask[a] & low).count_ones() + (mask[b] & high).count_ones();
    for &word in &mask[a + 1..b] {
        n += word.count_ones();
    }
    n
}

/// Gives the numbers of `mask` (one row) to the runs of an adjacent row: to each run those in its
/// columns widened by one, less the cell it shares with the previous run across a one-cell gap.
#[inline(always)] // Into both versions of `Solver::run` (it counts bits).
fn count_near(runs: &[Run], parent: &[u32], count: &mut [u32], span: core::ops::Range<usize>, mask: &[u64], cols: u64) {
    let mut prev_end: Option<u64> = None;
    for j in span {
        let (start, end) = (u64::from(runs[j].start), u64::from(runs[j].end));
        let (lo, hi) = (start.saturating_sub(1), (end + 1).min(cols - 1));
        let mut n = ones(mask, lo, hi);
        if start >= 1 && prev_end == Some(start - 2) {
            n -= bit(mask, start - 1);
        }
        count[parent[j] as usize] += n;
        prev_end = Some(end);
    }
}
