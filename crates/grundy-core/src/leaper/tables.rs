//! A closed form's evaluation tables: what [`ClosedForm::eval`](super::form::ClosedForm::eval)
//! reads, flat, and nothing else.
//!
//! [`EvalTables`] borrows them, so a binary can embed a closed form as statics and evaluate it
//! with no start-up work: a build script writes the tables as a Rust expression
//! ([`EvalTables::to_rust`]) and the binary `include!`s it. The closed form owns its tables
//! ([`OwnedTables`]) and evaluates through the same view.
//!
//! # Layout
//! - `values`: the core (`x * core_size + y`), then per strip its `width × Q` values by
//!   `(n - lo, x or y mod Q)`, then per sector its pattern (or, for `Q <= 128`, its full `Q × Q`
//!   table by `(x mod Q, y mod Q)`);
//! - `strips`: every strip, axes included, as `n = p·y - q·x` with its band and where its values
//!   start;
//! - `sectors`: per sector, where its `x mod Q -> x mod a` classes start in `classes`, where its
//!   `y mod Q -> (ys·a, (⌊y / d⌋·b) mod a)` pairs start, `a`, and where its values start.

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::Write;

use super::strip::{Sector, Strip};

/// `x mod d` by a precomputed reciprocal (exact for every `u64`).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Modulus {
    pub(super) d: u64,
    m: u64,
}

impl Modulus {
    pub(super) const fn new(d: u64) -> Modulus {
        Modulus { d, m: u64::MAX / d }
    }

    /// `q = ⌊x·m / 2^64⌋` is `⌊x / d⌋`, `- 1` or `- 2` (`m >= 2^64 / d - 1`), so at most two
    /// corrections follow.
    #[inline]
    pub(super) fn reduce(self, x: u64) -> u64 {
        let q = ((u128::from(x) * u128::from(self.m)) >> 64) as u64;
        let mut r = x - q * self.d;
        if r >= self.d {
            r -= self.d;
        }
        if r >= self.d {
            r -= self.d;
        }
        r
    }
}

/// A strip as [`EvalTables::eval`] reads it: offsets `n = p·y - q·x` in `lo..=hi`.
#[doc(hidden)] // Public for the Rust source of `EvalTables::to_rust`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TableStrip {
    p: u64,
    q: u64,
    lo: i64,
    hi: i64,
    /// Phase from `x mod Q` (else `y mod Q`).
    by_x: bool,
    /// Start of the `width × Q` values in `values`.
    start: usize,
}

impl TableStrip {
    #[doc(hidden)]
    pub const fn new(p: u64, q: u64, lo: i64, hi: i64, by_x: bool, start: usize) -> TableStrip {
        TableStrip { p, q, lo, hi, by_x, start }
    }
}

/// A closed form's evaluation tables, borrowed (see the module's docs).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct EvalTables<'a> {
    core_size: u64,
    modulus: Modulus,
    /// `Q - 1` when `Q` is a power of two (residues by mask), else 0.
    mask: u64,
    /// The x-axis strip's `hi + 1` (its offset is `y`, and `y > hi` iff `y >= hi + 1`).
    x_axis_hi: u64,
    /// Sector values stored as full `Q × Q` tables (`x mod Q`, `y mod Q`), for small `Q`.
    full_sectors: bool,
    strips: &'a [TableStrip],
    sectors: &'a [(usize, usize, u32, usize)],
    classes: &'a [u32],
    values: &'a [u8],
}

impl<'a> EvalTables<'a> {
    /// The tables from their parts, as [`EvalTables::to_rust`] writes them. Nothing is checked:
    /// parts that do not come from one closed form give wrong values or a panic on evaluation.
    #[doc(hidden)]
    #[allow(clippy::too_many_arguments)]
    pub const fn from_parts(
        core_size: u64,
        modulus: u64,
        x_axis_hi: u64,
        full_sectors: bool,
        strips: &'a [TableStrip],
        sectors: &'a [(usize, usize, u32, usize)],
        classes: &'a [u32],
        values: &'a [u8],
    ) -> EvalTables<'a> {
        let (modulus, mask) = (Modulus::new(modulus), mask(modulus));
        EvalTables { core_size, modulus, mask, x_axis_hi, full_sectors, strips, sectors, classes, values }
    }

    /// `F(x, y)`, exact for every `x, y` in `u64` (see
    /// [`ClosedForm::eval`](super::form::ClosedForm::eval)).
    #[inline]
    pub fn eval(&self, x: u64, y: u64) -> u8 {
        if x < self.core_size && y < self.core_size {
            return self.values[(x * self.core_size + y) as usize];
        }
        // p, q < 2^21 and x, y < 2^64: the products fit u128 (one multiplication each) and
        // their difference i128. The y-axis offset -x never exceeds its `hi = 0`, so the count
        // is the x-axis test plus the interior strips.
        let offset =
            |s: &TableStrip| (u128::from(s.p) * u128::from(y)) as i128 - (u128::from(s.q) * u128::from(x)) as i128;
        let mut i = usize::from(y >= self.x_axis_hi);
        for s in &self.strips[1..self.strips.len() - 1] {
            i += usize::from(offset(s) > i128::from(s.hi));
        }
        let last = self.strips.len() - 1;
        let s = &self.strips[i];
        let n = offset(s);
        let (rx, ry) = if self.mask != 0 {
            ((x & self.mask) as usize, (y & self.mask) as usize)
        } else {
            (self.modulus.reduce(x) as usize, self.modulus.reduce(y) as usize)
        };
        let q = self.modulus.d as usize;
        if n >= i128::from(s.lo) && n <= i128::from(s.hi) {
            self.values[s.start + (n - i128::from(s.lo)) as usize * q + if s.by_x { rx } else { ry }]
        } else {
            let k = if n > i128::from(s.hi) { i.min(last - 1) } else { i.saturating_sub(1) };
            let (cx, cy, a, start) = self.sectors[k];
            if self.full_sectors {
                return self.values[start + rx * q + ry];
            }
            let xs = self.classes[cx + rx];
            let row = self.classes[cy + 2 * ry];
            let shift = self.classes[cy + 2 * ry + 1];
            let xs = if xs >= shift { xs - shift } else { xs + a - shift };
            self.values[start + (row + xs) as usize]
        }
    }

    /// The tables as a Rust expression of type `grundy_core::EvalTables<'static>`, for a build
    /// script to write and a binary that depends on `grundy_core` to `include!` (a `static`
    /// initialiser: nothing is computed at run time).
    pub fn to_rust(&self) -> String {
        let mut s = String::new();
        let [core_size, modulus, x_axis_hi] = [self.core_size, self.modulus.d, self.x_axis_hi];
        let full = self.full_sectors;
        // Writing to a String cannot fail.
        let _ =
            writeln!(s, "::grundy_core::leaper::EvalTables::from_parts({core_size}, {modulus}, {x_axis_hi}, {full},");
        s.push_str("&[");
        for t in self.strips {
            let _ = write!(
                s,
                "::grundy_core::leaper::TableStrip::new({}, {}, {}, {}, {}, {}),",
                t.p, t.q, t.lo, t.hi, t.by_x, t.start
            );
        }
        s.push_str("],\n&[");
        for (cx, cy, a, start) in self.sectors {
            let _ = write!(s, "({cx}, {cy}, {a}, {start}),");
        }
        s.push_str("],\n");
        list(&mut s, self.classes);
        list(&mut s, self.values);
        s.push(')');
        s
    }
}

/// Appends `&[a, b, ...],` and a newline.
fn list<T: core::fmt::Display>(s: &mut String, items: &[T]) {
    s.push_str("&[");
    for x in items {
        let _ = write!(s, "{x},");
    }
    s.push_str("],\n");
}

/// `Q - 1` when `Q` is a power of two (residues by mask), else 0.
const fn mask(modulus: u64) -> u64 {
    if modulus.is_power_of_two() { modulus - 1 } else { 0 }
}

/// The tables a [`ClosedForm`](super::form::ClosedForm) owns, with the modulus' reciprocal and
/// mask worked out once (a view is made at every evaluation).
#[derive(Debug, Clone)]
pub(super) struct OwnedTables {
    core_size: u64,
    modulus: Modulus,
    mask: u64,
    x_axis_hi: u64,
    full_sectors: bool,
    strips: Vec<TableStrip>,
    sectors: Vec<(usize, usize, u32, usize)>,
    classes: Vec<u32>,
    values: Vec<u8>,
}

impl OwnedTables {
    /// Lays out a validated form's parts, with the strips' tables by residue and the sectors'
    /// classes that [`ClosedForm::new`](super::form::ClosedForm::new) derived.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        core_size: i64,
        modulus: u64,
        features: &[Strip],
        sectors: &[Sector],
        strip_tables: &[Vec<u8>],
        sector_x: &[Vec<u32>],
        sector_y: &[Vec<(u32, u32)>],
        core: &[u8],
    ) -> OwnedTables {
        let mut values = core.to_vec();
        let mut strips = Vec::new();
        let k = features.len();
        for (i, (f, table)) in features.iter().zip(strip_tables).enumerate() {
            let (p, q) = match i {
                0 => (1, 0),
                _ if i == k - 1 => (0, 1),
                _ => f.dir,
            };
            strips.push(TableStrip::new(p as u64, q as u64, f.lo, f.hi, f.dir.0 > 0, values.len()));
            values.extend_from_slice(table);
        }
        let mut classes = Vec::new();
        let mut table_sectors = Vec::new();
        let full_sectors = modulus <= 128;
        for ((s, sx), sy) in sectors.iter().zip(sector_x).zip(sector_y) {
            let cx = classes.len();
            classes.extend_from_slice(sx);
            let cy = classes.len();
            classes.extend(sy.iter().flat_map(|&(row, shift)| [row, shift]));
            table_sectors.push((cx, cy, s.a as u32, values.len()));
            if full_sectors {
                for rx in 0..modulus as i64 {
                    values.extend((0..modulus as i64).map(|ry| s.pattern[s.class(rx, ry)]));
                }
            } else {
                values.extend_from_slice(&s.pattern);
            }
        }
        OwnedTables {
            core_size: core_size as u64,
            modulus: Modulus::new(modulus),
            mask: mask(modulus),
            // hi >= -1, so hi + 1 >= 0.
            x_axis_hi: (features[0].hi + 1) as u64,
            full_sectors,
            strips,
            sectors: table_sectors,
            classes,
            values,
        }
    }

    pub(super) fn view(&self) -> EvalTables<'_> {
        EvalTables {
            core_size: self.core_size,
            modulus: self.modulus,
            mask: self.mask,
            x_axis_hi: self.x_axis_hi,
            full_sectors: self.full_sectors,
            strips: &self.strips,
            sectors: &self.sectors,
            classes: &self.classes,
            values: &self.values,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{EvalTables, Modulus, TableStrip};
    use alloc::vec::Vec;

    /// The numbers of one line of [`EvalTables::to_rust`]'s output, in order (`true` is 1,
    /// `false` 0), skipping the crate path's names.
    fn numbers(line: &str) -> Vec<i64> {
        line.replace("true", "1")
            .replace("false", "0")
            .split(|c: char| !(c.is_ascii_digit() || c == '-'))
            .filter(|t| !t.is_empty())
            .map(|t| t.parse().unwrap())
            .collect()
    }

    /// The Rust source of the hyper knight's tables, read back by the parts it names, holds the
    /// same tables, and they are the same function: checked on the core, the strips and far
    /// cells.
    #[test]
    fn the_rust_source_holds_the_tables() {
        let form = crate::generate::hyper_knight_form();
        let source = form.tables().to_rust();
        let lines: Vec<&str> = source.lines().collect();
        assert_eq!(lines.len(), 6, "{source}");
        let head = numbers(lines[0]);
        let strips: Vec<TableStrip> = numbers(lines[1])
            .chunks_exact(6)
            .map(|s| TableStrip::new(s[0] as u64, s[1] as u64, s[2], s[3], s[4] == 1, s[5] as usize))
            .collect();
        let sectors: Vec<(usize, usize, u32, usize)> = numbers(lines[2])
            .chunks_exact(4)
            .map(|s| (s[0] as usize, s[1] as usize, s[2] as u32, s[3] as usize))
            .collect();
        let classes: Vec<u32> = numbers(lines[3]).iter().map(|&c| c as u32).collect();
        let values: Vec<u8> = numbers(lines[4]).iter().map(|&v| v as u8).collect();
        let [core_size, modulus, x_axis_hi, full] = head[..] else { panic!("{}", lines[0]) };
        let read = EvalTables::from_parts(
            core_size as u64,
            modulus as u64,
            x_axis_hi as u64,
            full == 1,
            &strips,
            &sectors,
            &classes,
            &values,
        );
        assert_eq!(read, form.tables());
        let mut rng = grundy_test_support::Rng(0x2545_f491_4f6c_dd1d);
        let mut cells: Vec<(u64, u64)> = (0..64).flat_map(|x| (0..64).map(move |y| (x * 7, y * 5))).collect();
        for _ in 0..20_000 {
            let state = rng.next();
            let scale = 1 + state % 63;
            cells.push((state.rotate_left(17) % (1 << scale), state.rotate_left(41) % (1 << scale)));
        }
        for (x, y) in cells {
            assert_eq!(read.eval(x, y), form.eval(x, y), "({x}, {y})");
        }
    }

    #[test]
    fn the_reciprocal_modulus_is_exact() {
        for d in [1u64, 2, 3, 7, 8, 28, 140, 65536, 65521] {
            let m = Modulus::new(d);
            for x in [0u64, 1, d - 1, d, d + 1, u64::MAX, u64::MAX - 1, u64::MAX / 2, 1 << 63, 12345678901234567] {
                assert_eq!(m.reduce(x), x % d, "{x} mod {d}");
            }
        }
    }
}
