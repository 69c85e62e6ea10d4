//! The Grundy table of a leaper on the potential triangle `{(x, y) in N² : a·x + b·y <= P}`,
//! computed iteratively level by level in increasing potential `s = a·x + b·y`.
//!
//! # Layout
//!
//! `a` and `b` are coprime, so the cells of level `s` are `x ≡ s·a⁻¹ (mod b)`, `0 <= x <= s/a`,
//! i.e. `x = x_s + j·b` for `j = x / b = 0, 1, ...`. Levels are stored one after another, cell
//! `(x, y)` at `start[s] + x / b`. A move `d` lowers the potential by `δ = -(w·d) > 0`, so it reads
//! a finished level `s - δ`, and over a level its targets are a *contiguous* run of that level:
//! `(x + dx) / b = j + ⌊(x_s + dx) / b⌋`. Legality (`x + dx >= 0`, `y + dy >= 0`) cuts the run to
//! a range of `j`.
//!
//! # Bit-sliced mex
//!
//! Besides the bytes, the last `reach + 1` levels are kept as bit planes: bit `j` of plane `v` of
//! a level is set iff cell `j` has value `v`. A level is computed 64 cells (one word `k`) at a
//! time: `open` holds the cells whose value is not yet known; for `v = 0, 1, ...`, `seen` is the
//! OR over the moves of the target run's plane `v` (a 64-bit window at the run's offset, cut to
//! the cells where the move is legal); the cells of `open` outside `seen` have value `v`, the
//! others stay open. Values are at most the number of moves, so this ends by `v = |M|`. That is
//! a few word operations per move and value for 64 cells, without branches per cell; the bytes
//! are written from the value's bits, eight cells per table lookup.
//!
//! # Symmetry
//!
//! A set equal to its mirror has `g(x, y) = g(y, x)` and potential `(1, 1)`, so level `s` is
//! `x = 0..=s` with cell `j` the mirror of cell `s - j`: only the words holding `j <= s / 2` are
//! computed, the rest of the planes are the first half's bits reversed, and the bytes are copied.

use super::moves::MoveSet;
use alloc::{vec, vec::Vec};

/// Zero words before a level's bits in each plane: a run starts at most 64 cells before its
/// level (`⌊(x_s + dx) / b⌋ >= -64`) and the mirror reads at most 63 bits before it.
const PAD: usize = 2;

/// `SPREAD[m]`: byte `i` is bit `i` of `m`.
const SPREAD: [u64; 256] = {
    let mut t = [0u64; 256];
    let mut m = 0;
    while m < 256 {
        let mut i = 0;
        while i < 8 {
            t[m] |= ((m as u64 >> i) & 1) << (8 * i);
            i += 1;
        }
        m += 1;
    }
    t
};

/// The Grundy values of a potential triangle.
#[derive(Debug, Clone)]
pub struct Triangle {
    potential: (i64, i64),
    max_potential: i64,
    /// `start[s]`: index of the first cell of level `s`; `start[P + 1]` is the length.
    start: Vec<usize>,
    cells: Vec<u8>,
}

/// Number of cells of level `s` for potential `(a, b)`: `x ≡ x_s (mod b)`, `0 <= x <= s / a`.
fn level_len(a: i64, b: i64, a_inv: i64, s: i64) -> i64 {
    let xs = (s % b) * a_inv % b;
    if xs * a > s { 0 } else { (s / a - xs) / b + 1 }
}

/// `a⁻¹ mod b` for coprime `a, b >= 1` (`0` when `b = 1`).
fn inverse_mod(a: i64, b: i64) -> i64 {
    (0..b).find(|&i| (a * i) % b == 1 % b).expect("a and b are coprime")
}

/// The bits `from..to` of a word (clamped to `0..64`).
fn bits(from: i64, to: i64) -> u64 {
    let (from, to) = (from.clamp(0, 64), to.clamp(0, 64));
    if from >= to { 0 } else { (!0u64 >> (64 - (to - from))) << from }
}

/// 64 bits of a plane starting `shift < 64` bits into word `lo` (`hi` the next word).
#[inline]
fn window(lo: u64, hi: u64, shift: u32) -> u64 {
    (lo >> shift) | ((hi << 1) << (63 - shift))
}

/// A move's targets over a level: plane `v` of the run starts at word `word + v·words`, `shift`
/// bits in; the move is legal at `lo <= j < hi`.
#[derive(Clone, Copy)]
struct Run {
    word: usize,
    shift: u32,
    lo: i64,
    hi: i64,
}

impl Triangle {
    /// The triangle `a·x + b·y <= max_potential` for `set` and its potential `(a, b)`.
    pub fn compute(set: &MoveSet, max_potential: i64) -> Triangle {
        let (a, b) = set.potential();
        let a_inv = inverse_mod(a, b);
        let levels = max_potential.max(-1) + 1;
        let mut start = Vec::with_capacity(levels as usize + 1);
        let mut total = 0usize;
        let mut max_len = 0;
        for s in 0..levels {
            start.push(total);
            let len = level_len(a, b, a_inv, s) as usize;
            total += len;
            max_len = max_len.max(len);
        }
        start.push(total);
        let mut cells = vec![0u8; total];
        let mirror = set.is_symmetric();
        debug_assert!(!mirror || (a, b) == (1, 1), "a symmetric set has potential (1, 1)");
        // Planes of the last reach + 1 levels, level s in slot s mod slots; a window may read one
        // word past the last cell and a run start up to 64 cells past its level's start.
        let values = set.moves().len() + 1;
        let value_bits = (usize::BITS - (values - 1).leading_zeros()) as usize;
        let slots = set.reach() as usize + 1;
        let words = PAD + max_len.div_ceil(64) + 3;
        let mut planes = vec![0u64; slots * values * words];
        let mut runs: Vec<Run> = Vec::with_capacity(set.moves().len());
        // Per word of the level: the open cells, the cells some move sees value v from, and
        // bit `i` of every cell's value.
        let (mut open, mut seen) = (vec![0u64; words], vec![0u64; words]);
        let mut by_bit = vec![[0u64; 6]; words];
        for s in 0..levels {
            let len = level_len(a, b, a_inv, s);
            let xs = (s % b) * a_inv % b;
            let here = (s as usize % slots) * values * words;
            planes[here..here + values * words].fill(0);
            runs.clear();
            for &(dx, dy) in set.moves() {
                let (dx, dy) = (i64::from(dx), i64::from(dy));
                let t = s + a * dx + b * dy;
                if t < 0 {
                    continue;
                }
                let offset = (xs + dx).div_euclid(b);
                // x + dx >= 0  <=>  j >= ceil((-dx - xs) / b);  target j + offset < len(t).
                let lo = (-dx - xs + b - 1).div_euclid(b).max(0);
                let hi = (level_len(a, b, a_inv, t) - offset).min(len);
                if lo < hi {
                    let base = (t as usize % slots) * values * words + PAD;
                    let word = (base as i64 + offset.div_euclid(64)) as usize;
                    runs.push(Run { word, shift: offset.rem_euclid(64) as u32, lo, hi });
                }
            }
            // The words computed: all, or those holding j <= s / 2 when mirrored.
            let computed = if mirror { s / 2 + 1 } else { len };
            let n = (computed as usize).div_ceil(64);
            for (k, o) in open[..n].iter_mut().enumerate() {
                *o = bits(0, len - 64 * k as i64);
            }
            by_bit[..n].fill([0; 6]);
            let mut v = 0;
            while open[..n].iter().any(|&o| o != 0) {
                seen[..n].fill(0);
                for r in &runs {
                    let src = &planes[r.word + v * words..][..n + 1];
                    // Whole words where the move is legal, then the (at most two) cut ones.
                    let (first, end) = (r.lo as usize / 64, (r.hi as usize).div_ceil(64).min(n));
                    let (full_lo, full_hi) = ((r.lo as usize).div_ceil(64), (r.hi as usize / 64).min(n));
                    if full_lo < full_hi {
                        let (lo, hi) = (&src[full_lo..full_hi], &src[full_lo + 1..full_hi + 1]);
                        for ((m, &l), &h) in seen[full_lo..full_hi].iter_mut().zip(lo).zip(hi) {
                            *m |= window(l, h, r.shift);
                        }
                    }
                    for k in (first..full_lo.min(end)).chain(full_hi.max(full_lo)..end) {
                        let j0 = 64 * k as i64;
                        seen[k] |= window(src[k], src[k + 1], r.shift) & bits(r.lo - j0, r.hi - j0);
                    }
                }
                let plane = &mut planes[here + v * words + PAD..][..n];
                for (((p, o), &m), vb) in plane.iter_mut().zip(&mut open[..n]).zip(&seen[..n]).zip(&mut by_bit[..n]) {
                    let value = *o & !m;
                    *p = value;
                    for (bit, w) in vb[..value_bits].iter_mut().enumerate() {
                        *w |= value & 0u64.wrapping_sub((v >> bit) as u64 & 1);
                    }
                    *o &= m;
                }
                v += 1;
            }
            let level = &mut cells[start[s as usize]..][..len as usize];
            for (k, vb) in by_bit[..n].iter().enumerate() {
                let mut bytes = [0u8; 64];
                for (g, chunk) in bytes.chunks_exact_mut(8).enumerate() {
                    let mut word = 0u64;
                    for (bit, w) in vb[..value_bits].iter().enumerate() {
                        word |= SPREAD[(w >> (8 * g)) as u8 as usize] << bit;
                    }
                    chunk.copy_from_slice(&word.to_le_bytes());
                }
                let m = (len as usize - 64 * k).min(64);
                level[64 * k..][..m].copy_from_slice(&bytes[..m]);
            }
            if mirror {
                // Bit j = bit s - j: the window ending at bit s - 64k, reversed.
                for plane in (0..v).map(|v| here + v * words) {
                    for k in n..(len as usize).div_ceil(64) {
                        let from = PAD as i64 * 64 + s - 64 * k as i64 - 63;
                        let i = plane + (from / 64) as usize;
                        let w = window(planes[i], planes[i + 1], (from % 64) as u32);
                        planes[plane + PAD + k] = w.reverse_bits() & bits(0, len - 64 * k as i64);
                    }
                }
                // Byte j = byte s - j, eight at a time.
                let (first, second) = level.split_at_mut(computed as usize);
                let from = &first[..second.len()];
                let (mut to, mut from) = (second.chunks_exact_mut(8), from.rchunks_exact(8));
                for (t, f) in (&mut to).zip(&mut from) {
                    let f: [u8; 8] = f.try_into().expect("eight bytes");
                    t.copy_from_slice(&u64::from_le_bytes(f).swap_bytes().to_le_bytes());
                }
                for (c, &m) in to.into_remainder().iter_mut().zip(from.remainder().iter().rev()) {
                    *c = m;
                }
            }
        }
        Triangle { potential: (a, b), max_potential, start, cells }
    }

    /// The triangle needed for the square `x, y < bound`: every target of a square cell has a
    /// lower potential than the square's far corner `(bound - 1, bound - 1)`. The triangle holds
    /// about `(a + b)^2 bound^2 / 2ab` cells: a bound whose triangle cannot be allocated fails as
    /// the allocation does.
    pub fn for_square(set: &MoveSet, bound: u64) -> Triangle {
        let (a, b) = set.potential();
        let corner = i64::try_from(bound.saturating_sub(1)).unwrap_or(i64::MAX);
        Triangle::compute(set, if bound == 0 { -1 } else { (a + b).saturating_mul(corner) })
    }

    /// The potential `(a, b)`.
    pub fn potential(&self) -> (i64, i64) {
        self.potential
    }

    /// The largest potential held, `P`.
    pub fn max_potential(&self) -> i64 {
        self.max_potential
    }

    /// Number of cells held.
    pub fn len(&self) -> usize {
        self.cells.len()
    }

    /// True iff no cell is held.
    pub fn is_empty(&self) -> bool {
        self.cells.is_empty()
    }

    /// The largest Grundy value held.
    pub fn max_value(&self) -> u8 {
        self.cells.iter().copied().max().unwrap_or(0)
    }

    /// `g(x, y)`, or `None` outside the triangle.
    #[inline]
    pub fn get(&self, x: u64, y: u64) -> Option<u8> {
        let (a, b) = self.potential;
        let s = (a as u128 * x as u128).checked_add(b as u128 * y as u128)?;
        if s > self.max_potential.max(-1) as u128 || self.max_potential < 0 {
            return None;
        }
        Some(self.cells[self.start[s as usize] + (x / b as u64) as usize])
    }

    /// The row-major square `x, y < bound` (`x * bound + y`); panics if it is not inside (see
    /// [`for_square`](Self::for_square) and [`leaper_square`]).
    pub fn square(&self, bound: u64) -> Vec<u8> {
        let mut out = Vec::with_capacity((bound * bound) as usize);
        for x in 0..bound {
            out.extend((0..bound).map(|y| self.get(x, y).expect("the square lies inside the triangle")));
        }
        out
    }
}

/// The Grundy square `x, y < bound` of a leaper, row-major (`x * bound + y`), exact: a move may
/// leave the square (it can raise one coordinate), so the whole triangle under the square's far
/// corner is computed.
pub fn leaper_square(set: &MoveSet, bound: usize) -> Vec<u8> {
    Triangle::for_square(set, bound as u64).square(bound as u64)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Memoised-free naive oracle: cells in increasing potential, mex by definition.
    fn naive(set: &MoveSet, p: i64) -> Vec<((i64, i64), u8)> {
        let (a, b) = set.potential();
        let mut g = alloc::collections::BTreeMap::new();
        let mut cells: Vec<(i64, i64)> = Vec::new();
        for x in 0..=p / a {
            for y in 0..=(p - a * x) / b {
                cells.push((x, y));
            }
        }
        cells.sort_by_key(|&(x, y)| a * x + b * y);
        for &(x, y) in &cells {
            let vals: Vec<u8> = set
                .moves()
                .iter()
                .map(|&(dx, dy)| (x + i64::from(dx), y + i64::from(dy)))
                .filter(|&(u, v)| u >= 0 && v >= 0)
                .map(|c| g[&c])
                .collect();
            let mex = (0u8..).find(|v| !vals.contains(v)).unwrap();
            g.insert((x, y), mex);
        }
        g.into_iter().collect()
    }

    /// Sweeps `text` to `max_potential` and checks every cell against [`naive`].
    fn matches_naive(text: &str, max_potential: i64) -> (MoveSet, Triangle) {
        let set = MoveSet::parse(text).unwrap();
        let t = Triangle::compute(&set, max_potential);
        for ((x, y), v) in naive(&set, max_potential) {
            assert_eq!(t.get(x as u64, y as u64), Some(v), "{text} at ({x},{y})");
        }
        (set, t)
    }

    #[test]
    fn matches_the_naive_order_for_several_potentials() {
        for text in [
            "(-2,1) (1,-2) (-2,-1) (-1,-2) (-3,-1) (-1,-3)",
            "(-3,2) (1,-1)",
            "(-1,1) (2,-3)",
            "(-1,0)",
            "(0,-2) (-1,3)",
        ] {
            let (set, t) = matches_naive(text, 60);
            let (a, b) = set.potential();
            assert_eq!(t.get(0, 61_u64.div_ceil(b as u64) + 1), None);
            assert_eq!(t.get((61 + a as u64) / a as u64, 0), None);
        }
    }

    /// The longest moves: runs start up to 64 cells before or after their level's word, and a
    /// mirrored level crosses several words.
    #[test]
    fn long_moves_and_long_levels_match_the_naive_order() {
        for text in [
            "(-64,1) (1,-64) (-63,-64) (-64,-63) (-1,-1)",
            "(-64,5) (3,-64) (-2,0)",
            "(-64,63) (1,-2)",
            "(-1,1) (1,-3) (-64,0) (0,-64)",
        ] {
            matches_naive(text, 400);
        }
    }

    #[test]
    fn squares_and_empty_tables() {
        let set = MoveSet::parse("(-1,0)").unwrap();
        assert_eq!(Triangle::for_square(&set, 3).square(3), [0, 0, 0, 1, 1, 1, 0, 0, 0]);
        let empty = Triangle::for_square(&set, 0);
        assert!(empty.is_empty());
        assert_eq!(empty.get(0, 0), None);
        assert_eq!(Triangle::compute(&set, 0).get(0, 0), Some(0));
        assert_eq!(Triangle::compute(&set, 5).get(u64::MAX, u64::MAX), None);
    }

    #[test]
    fn the_x_plus_y_layout_of_potential_one_one() {
        // One move (-1, 0): g(x, y) = x mod 2, potential (1, 1), levels by x + y.
        let t = Triangle::compute(&MoveSet::parse("(-1,0)").unwrap(), 6);
        assert_eq!((t.potential(), t.max_potential()), ((1, 1), 6));
        assert_eq!((t.get(3, 3), t.get(4, 2), t.get(4, 3)), (Some(1), Some(0), None));
        assert_eq!(leaper_square(&MoveSet::hyper_knight(), 1), [0]);
        assert!(leaper_square(&MoveSet::hyper_knight(), 0).is_empty());
    }
}
