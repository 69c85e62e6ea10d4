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
//! # Speed
//!
//! On the interior of a level, where every move is legal, the mex masks are built move by move
//! over whole runs (`seen[j] |= 1 << done[base + j]`), a loop without branches or per-cell
//! range checks; only the few cells near the axes take the checked path.

use super::moves::MoveSet;
use alloc::{vec, vec::Vec};

/// The Grundy values of a potential triangle.
#[derive(Debug, Clone)]
pub struct Table {
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

impl Table {
    /// The triangle `a·x + b·y <= max_potential` for `set` and its potential `(a, b)`.
    pub fn compute(set: &MoveSet, max_potential: i64) -> Table {
        let (a, b) = set.potential();
        let a_inv = inverse_mod(a, b);
        let levels = max_potential.max(-1) + 1;
        let mut start = Vec::with_capacity(levels as usize + 1);
        let mut total = 0usize;
        for s in 0..levels {
            start.push(total);
            total += level_len(a, b, a_inv, s) as usize;
        }
        start.push(total);
        let mut cells = vec![0u8; total];
        // Per move: (index of the run's first target for j = 0, first legal j, end of legal j).
        let mut runs: Vec<(isize, i64, i64)> = Vec::with_capacity(set.moves().len());
        let mut seen: Vec<u64> = Vec::new();
        for s in 0..levels {
            let len = level_len(a, b, a_inv, s);
            let xs = (s % b) * a_inv % b;
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
                    runs.push((start[t as usize] as isize + offset as isize, lo, hi));
                }
            }
            let (done, level) = cells.split_at_mut(start[s as usize]);
            let level = &mut level[..len as usize];
            let inner_lo = runs.iter().map(|r| r.1).max().unwrap_or(0);
            let inner_hi = runs.iter().map(|r| r.2).min().unwrap_or(len);
            let (inner_lo, inner_hi) =
                if runs.len() == set.moves().len() && inner_lo < inner_hi { (inner_lo, inner_hi) } else { (0, 0) };
            // Checked path for the cells outside the interior.
            for j in (0..len).filter(|j| *j < inner_lo || *j >= inner_hi) {
                let mut mask = 0u64;
                for &(base, lo, hi) in &runs {
                    if (lo..hi).contains(&j) {
                        mask |= 1 << done[(base + j as isize) as usize];
                    }
                }
                level[j as usize] = (!mask).trailing_zeros() as u8;
            }
            if inner_lo < inner_hi {
                let (lo, hi) = (inner_lo as usize, inner_hi as usize);
                seen.clear();
                seen.resize(hi - lo, 0);
                for &(base, _, _) in &runs {
                    let from = (base + lo as isize) as usize;
                    for (m, &v) in seen.iter_mut().zip(&done[from..from + (hi - lo)]) {
                        *m |= 1u64 << (v & 63);
                    }
                }
                for (cell, &m) in level[lo..hi].iter_mut().zip(&seen) {
                    *cell = (!m).trailing_zeros() as u8;
                }
            }
        }
        Table { potential: (a, b), max_potential, start, cells }
    }

    /// The triangle needed for the square `x, y < bound`: every target of a square cell has a
    /// lower potential than the square's far corner `(bound - 1, bound - 1)`.
    pub fn for_square(set: &MoveSet, bound: u64) -> Table {
        let (a, b) = set.potential();
        let corner = bound.saturating_sub(1) as i64;
        Table::compute(set, if bound == 0 { -1 } else { (a + b) * corner })
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

    /// The row-major square `x, y < bound` (`x * bound + y`); panics if it is not inside.
    pub fn square(&self, bound: u64) -> Vec<u8> {
        let mut out = Vec::with_capacity((bound * bound) as usize);
        for x in 0..bound {
            out.extend((0..bound).map(|y| self.get(x, y).expect("the square lies inside the triangle")));
        }
        out
    }
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

    #[test]
    fn matches_the_naive_order_for_several_potentials() {
        for text in [
            "(-2,1) (1,-2) (-2,-1) (-1,-2) (-3,-1) (-1,-3)",
            "(-3,2) (1,-1)",
            "(-1,1) (2,-3)",
            "(-1,0)",
            "(0,-2) (-1,3)",
        ] {
            let set = MoveSet::parse(text).unwrap();
            let t = Table::compute(&set, 60);
            for ((x, y), v) in naive(&set, 60) {
                assert_eq!(t.get(x as u64, y as u64), Some(v), "{text} at ({x},{y})");
            }
            let (a, b) = set.potential();
            assert_eq!(t.get(0, (61 + b as u64 - 1) / b as u64 + 1), None);
            assert_eq!(t.get((61 + a as u64) / a as u64, 0), None);
        }
    }

    #[test]
    fn squares_and_empty_tables() {
        let set = MoveSet::parse("(-1,0)").unwrap();
        assert_eq!(Table::for_square(&set, 3).square(3), [0, 0, 0, 1, 1, 1, 0, 0, 0]);
        let empty = Table::for_square(&set, 0);
        assert!(empty.is_empty());
        assert_eq!(empty.get(0, 0), None);
        assert_eq!(Table::compute(&set, 0).get(0, 0), Some(0));
        assert_eq!(Table::compute(&set, 5).get(u64::MAX, u64::MAX), None);
    }
}
