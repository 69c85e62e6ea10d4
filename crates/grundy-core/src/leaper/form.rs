//! Eventually piecewise-periodic closed forms of leaper Grundy functions, and their O(1)
//! evaluation.
//!
//! # The shape
//!
//! A [`ClosedForm`] cuts N² into
//! - the **core**, `x, y < core_size`: an explicit table;
//! - **strips** ([`Strip`]) along rational rays `u = (p, q)` (primitive, `p, q >= 0`), listed by
//!   increasing angle, the first the x-axis `(1, 0)`, the last the y-axis `(0, 1)`: the cells whose
//!   offset `n(c) = p·y - q·x` lies in a band `lo..=hi`. A strip repeats along its ray with period
//!   `v = period·u`; its pattern is indexed by the offset and the *phase* `x mod v.x` (or
//!   `y mod v.y` on the y-axis, where `v.x = 0`): cells with the same offset and phase differ by a
//!   multiple of `v`. An empty band (`lo = hi + 1`) is a plain boundary between two sectors;
//! - **sectors** ([`Sector`]) between consecutive strips, each periodic under a rank-2 lattice
//!   `L` given by its Hermite basis `(a, 0), (b, d)` (`0 <= b < a`), its pattern indexed by the
//!   representative of `c mod L` in `[0, a) × [0, d)`.
//!
//! # Evaluation reads only clamped linear forms and residues
//!
//! `F` is *defined* as `phi(forms(c))` ([`ClosedForm::eval_by_forms`]): [`ClosedForm::forms`]
//! computes the linear forms `x`, `y` and `n_f` of every interior strip, each clamped to a small
//! range ([`ClosedForm::local_bounds`]), and `x mod Q`, `y mod Q` for the form's **modulus** `Q`
//! (a multiple of every strip phase length and of every sector's `a·d`, so the sector class and
//! the strip phase are functions of the residues); `phi` ([`ClosedForm::phi`]) sees nothing else:
//! - the core iff `x < core_size` and `y < core_size`;
//! - otherwise, with `i` the number of strips whose offset exceeds `hi` (for the axes the offsets
//!   are `y` and `-x`): strip `i` if its offset is in its band, else the sector before strip `i`
//!   (after it if the offset is above the band, which only happens near the core).
//!
//! Beyond the core, offsets of far cells fall in angular order, so `i` is the strip at or after
//! the cell's angle. [`super::certify`] builds on `F = phi ∘ forms`. [`ClosedForm::eval`], the
//! evaluation the library runs, makes the same decisions from the exact offsets with flat tables
//! (`u128` products, residues by mask or a precomputed reciprocal); it is exact on all of `u64²`
//! and costs a few nanoseconds.

use alloc::{format, string::ToString, vec, vec::Vec};
use core::fmt;

use super::moves::MoveSet;
use super::strip::{Sector, Strip};
use super::sweep::Triangle;
use super::tables::{EvalTables, Modulus, OwnedTables};
use crate::math::{gcd, lcm};

/// The most interior strips a closed form may have.
pub const MAX_INTERIOR: usize = 14;
/// The largest modulus `Q` accepted (it sizes the evaluation tables).
pub const MAX_MODULUS: u64 = 1 << 16;
/// The most bytes of evaluation tables a decoded form may need (strip widths times the modulus):
/// a bound on what a hostile payload can make a reader allocate.
pub const MAX_EVAL_BYTES: u64 = 1 << 26;

/// Most strips a form has (the two axes and at most 14 interior strips).
pub(crate) const MAX_STRIPS: u32 = 16;

/// Why a closed form is malformed, or cannot be stored or read back: which part breaks which
/// rule, as its `Display` says (an opaque error, as regex-automata's `DeserializeError`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FormError {
    problem: Problem,
}

/// What is wrong, with the numbers its message names: the message is written only when the
/// error is displayed (a reader that never displays one, such as `grundy-tiny`, then carries no
/// formatting code).
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Problem {
    CoreSize {
        values: usize,
        size: i64,
    },
    StripCount(usize),
    SectorCount {
        sectors: u64,
        strips: u64,
    },
    Strip {
        strip: usize,
        dir: (i64, i64),
        lo: i64,
        hi: i64,
        period: i64,
    },
    StripAngle(usize),
    StripPattern {
        strip: usize,
        values: usize,
    },
    Basis {
        sector: usize,
        a: i64,
        b: i64,
        d: i64,
    },
    SectorPattern {
        sector: usize,
        values: usize,
        index: i64,
    },
    CoreValue,
    Modulus(u64),
    /// The payload codec's (`codec.rs`).
    Moves(super::moves::MoveSetError),
    Short {
        what: &'static str,
        needs: u64,
        at: usize,
        left: u64,
    },
    Field {
        what: &'static str,
        value: i64,
        signed: bool,
    },
    PayloadStrips(u32),
    PayloadStrip {
        strip: u32,
        dir: (i32, i32),
        lo: i64,
        hi: i64,
        period: u32,
    },
    PayloadPattern {
        strip: u32,
        bytes: u32,
        offsets: u128,
        phases: u64,
    },
    Trailing(usize),
    /// Evaluation tables of `bytes`, above the most a reader accepts; `stored`: found writing.
    EvalTables {
        bytes: u64,
        stored: bool,
    },
}

impl From<Problem> for FormError {
    fn from(problem: Problem) -> FormError {
        FormError { problem }
    }
}

impl fmt::Display for FormError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("malformed closed form: ")?;
        match &self.problem {
            Problem::CoreSize { values, size } => write!(f, "core of {values} values for size {size}"),
            Problem::StripCount(k) => write!(f, "{k} strips: need the two axes and at most {MAX_INTERIOR} more"),
            Problem::SectorCount { sectors, strips } => {
                write!(f, "{sectors} sectors for {strips} strips (need one between each two)")
            }
            Problem::Strip { strip, dir, lo, hi, period } => {
                write!(f, "strip {strip}: direction {dir:?}, band {lo}..={hi}, period {period}")
            }
            Problem::StripAngle(i) => write!(f, "strip {i}: directions must increase in angle"),
            Problem::StripPattern { strip, values } => write!(f, "strip {strip}: pattern of {values} values"),
            Problem::Basis { sector, a, b, d } => {
                write!(f, "sector {sector}: basis ({a}, 0), ({b}, {d}) is not a Hermite basis")
            }
            Problem::SectorPattern { sector, values, index } => {
                write!(f, "sector {sector}: pattern of {values} values for index {index}")
            }
            Problem::CoreValue => f.write_str("core value above 63"),
            Problem::Modulus(q) => write!(f, "modulus {q} exceeds {MAX_MODULUS}"),
            Problem::Moves(e) => write!(f, "its move set is refused: {e}"),
            Problem::Short { what, needs, at, left } => {
                write!(f, "{what} needs {needs} bytes at byte {at}, only {left} remain")
            }
            Problem::Field { what, value, signed } => {
                write!(f, "{what} {value} does not fit {}", if *signed { "an i32" } else { "a u32" })
            }
            Problem::PayloadStrips(k) => write!(f, "{k} strips (a form has 2 to {MAX_STRIPS})"),
            Problem::PayloadStrip { strip, dir: (p, q), lo, hi, period } => {
                write!(f, "strip {strip}: direction ({p},{q}), band {lo}..={hi}, period {period}")
            }
            Problem::PayloadPattern { strip, bytes, offsets, phases } => {
                write!(f, "strip {strip}: a pattern of {bytes} bytes for {offsets} offsets and {phases} phases")
            }
            Problem::Trailing(n) => write!(f, "{n} bytes after the last sector"),
            Problem::EvalTables { bytes, stored: true } => {
                write!(f, "its evaluation tables need {bytes} bytes, above the {MAX_EVAL_BYTES} a reader accepts")
            }
            Problem::EvalTables { bytes, stored: false } => {
                write!(f, "its evaluation tables would need {bytes} bytes (at most {MAX_EVAL_BYTES})")
            }
        }
    }
}

impl core::error::Error for FormError {}

/// What [`ClosedForm::eval`] reads of a cell: clamped linear forms and residues mod `Q`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Forms {
    /// `x`, `y`, then `n_f` of each interior strip, clamped; unused entries are 0.
    pub values: [i64; MAX_INTERIOR + 2],
    /// `x mod Q`, `y mod Q`.
    pub residues: [u64; 2],
}

/// A closed form with its evaluation tables.
#[derive(Debug, Clone)]
pub struct ClosedForm {
    set: MoveSet,
    core_size: i64,
    core: Vec<u8>,
    features: Vec<Strip>,
    sectors: Vec<Sector>,
    // Derived for evaluation.
    modulus: Modulus,
    bounds: Vec<(i64, i64)>,
    /// Per strip, `width × Q` values by `(n - lo, x or y mod Q)`.
    strip_tables: Vec<Vec<u8>>,
    /// Per sector, `x mod Q -> x mod a`, and `y mod Q -> (ys·a, (⌊y / d⌋·b) mod a)`.
    sector_x: Vec<Vec<u32>>,
    sector_y: Vec<Vec<(u32, u32)>>,
    /// `hi` of every strip, and `lo`, for `phi`.
    his: Vec<i64>,
    los: Vec<i64>,
    /// The same data laid out for [`ClosedForm::eval`].
    tables: OwnedTables,
}

impl PartialEq for ClosedForm {
    fn eq(&self, other: &Self) -> bool {
        self.set == other.set
            && self.core_size == other.core_size
            && self.core == other.core
            && self.features == other.features
            && self.sectors == other.sectors
    }
}

impl ClosedForm {
    /// Validates the parts and builds the evaluation tables.
    pub fn new(
        set: MoveSet,
        core_size: i64,
        core: Vec<u8>,
        features: Vec<Strip>,
        sectors: Vec<Sector>,
    ) -> Result<ClosedForm, FormError> {
        let err = |problem: Problem| Err(FormError::from(problem));
        if core_size < 0 || core_size.checked_mul(core_size) != i64::try_from(core.len()).ok() {
            return err(Problem::CoreSize { values: core.len(), size: core_size });
        }
        let k = features.len();
        if !(2..=MAX_INTERIOR + 2).contains(&k) {
            return err(Problem::StripCount(k));
        }
        if sectors.len() + 1 != k {
            return err(Problem::SectorCount { sectors: sectors.len() as u64, strips: k as u64 });
        }
        let max_value = 63;
        let values_ok = |v: &[u8]| v.iter().all(|&g| g <= max_value);
        let mut modulus = 1u64;
        for (i, f) in features.iter().enumerate() {
            let (p, q) = f.dir;
            let dir_ok = match i {
                0 => f.dir == (1, 0) && f.lo == 0,
                _ if i == k - 1 => f.dir == (0, 1) && f.hi == 0,
                _ => p > 0 && q > 0 && gcd(p as u64, q as u64) == 1 && p <= 1 << 20 && q <= 1 << 20,
            };
            if !dir_ok || f.lo > f.hi + 1 || f.period < 1 || f.lo < -(1 << 40) || f.hi > 1 << 40 {
                return err(Problem::Strip { strip: i, dir: f.dir, lo: f.lo, hi: f.hi, period: f.period });
            }
            if i > 0 && features[i - 1].dir.1 * p >= q * features[i - 1].dir.0 {
                return err(Problem::StripAngle(i));
            }
            if f.pattern.len() as i64 != f.width() * f.phase_len() || !values_ok(&f.pattern) {
                return err(Problem::StripPattern { strip: i, values: f.pattern.len() });
            }
            modulus = lcm(modulus, f.phase_len() as u64).unwrap_or(u64::MAX);
        }
        for (i, s) in sectors.iter().enumerate() {
            if s.a < 1 || s.d < 1 || s.b < 0 || s.b >= s.a || s.a > 1 << 16 || s.d > 1 << 16 {
                return err(Problem::Basis { sector: i, a: s.a, b: s.b, d: s.d });
            }
            if s.pattern.len() as i64 != s.index() || !values_ok(&s.pattern) {
                return err(Problem::SectorPattern { sector: i, values: s.pattern.len(), index: s.index() });
            }
            modulus = lcm(modulus, s.index() as u64).unwrap_or(u64::MAX);
        }
        if !values_ok(&core) {
            return err(Problem::CoreValue);
        }
        if modulus > MAX_MODULUS {
            return err(Problem::Modulus(modulus));
        }
        let q = modulus as usize;
        let hx = -features[k - 1].lo;
        let hy = features[0].hi;
        let mut bounds = vec![(0, core_size.max(hx + 1)), (0, core_size.max(hy + 1))];
        bounds.extend(features[1..k - 1].iter().map(|f| (f.lo - 1, f.hi + 1)));
        let strip_tables: Vec<Vec<u8>> = features
            .iter()
            .map(|f| {
                let mut t = Vec::with_capacity(f.width().max(0) as usize * q);
                for n in 0..f.width() {
                    let row = &f.pattern[(n * f.phase_len()) as usize..][..f.phase_len() as usize];
                    t.extend((0..q).map(|r| row[r % f.phase_len() as usize]));
                }
                t
            })
            .collect();
        let sector_x: Vec<Vec<u32>> =
            sectors.iter().map(|s| (0..modulus).map(|r| (r % s.a as u64) as u32).collect()).collect();
        let sector_y: Vec<Vec<(u32, u32)>> = sectors
            .iter()
            .map(|s| {
                (0..modulus as i64)
                    .map(|r| (((r % s.d) * s.a) as u32, (((r / s.d) % s.a) * s.b % s.a) as u32))
                    .collect()
            })
            .collect();
        let his: Vec<i64> = features.iter().map(|f| f.hi).collect();
        let los: Vec<i64> = features.iter().map(|f| f.lo).collect();
        let tables =
            OwnedTables::new(core_size, modulus, &features, &sectors, &strip_tables, &sector_x, &sector_y, &core);
        Ok(ClosedForm {
            set,
            core_size,
            core,
            features,
            sectors,
            modulus: Modulus::new(modulus),
            bounds,
            strip_tables,
            sector_x,
            sector_y,
            his,
            los,
            tables,
        })
    }

    /// The move set.
    pub fn move_set(&self) -> &MoveSet {
        &self.set
    }

    /// The core is `x, y < core_size`.
    pub fn core_size(&self) -> i64 {
        self.core_size
    }

    /// The core values, `x * core_size + y`.
    pub fn core(&self) -> &[u8] {
        &self.core
    }

    /// The strips by increasing angle, the axes first and last.
    pub fn features(&self) -> &[Strip] {
        &self.features
    }

    /// The sectors; sector `i` lies between strips `i` and `i + 1`.
    pub fn sectors(&self) -> &[Sector] {
        &self.sectors
    }

    /// The modulus `Q`.
    pub fn modulus(&self) -> u64 {
        self.modulus.d
    }

    /// Strip `i`'s pattern laid out by residue: the value at offset `n` and phase residue `r`
    /// (`x mod Q`, or `y mod Q` on the y-axis) is at `(n - lo) * Q + r`.
    pub fn strip_table(&self, i: usize) -> &[u8] {
        &self.strip_tables[i]
    }

    /// The linear forms `(coefficient of x, coefficient of y)` [`ClosedForm::forms`] computes:
    /// `x`, `y`, then `n_f = p·y - q·x` for each interior strip.
    pub fn linear_forms(&self) -> Vec<(i64, i64)> {
        let mut forms = vec![(1, 0), (0, 1)];
        forms.extend(self.features[1..self.features.len() - 1].iter().map(|f| (-f.dir.1, f.dir.0)));
        forms
    }

    /// The clamp `[lo, hi]` of each linear form.
    pub fn local_bounds(&self) -> &[(i64, i64)] {
        &self.bounds
    }

    /// The clamped linear forms and the residues mod `Q` of a cell (exact on all of `u64²`).
    #[inline]
    pub fn forms(&self, x: u64, y: u64) -> Forms {
        let mut values = [0i64; MAX_INTERIOR + 2];
        values[0] = x.min(self.bounds[0].1 as u64) as i64;
        values[1] = y.min(self.bounds[1].1 as u64) as i64;
        let interior = &self.features[1..self.features.len() - 1];
        for ((value, f), &(lo, hi)) in values[2..].iter_mut().zip(interior).zip(&self.bounds[2..]) {
            let n = i128::from(f.dir.0) * i128::from(y) - i128::from(f.dir.1) * i128::from(x);
            *value = n.clamp(i128::from(lo), i128::from(hi)) as i64;
        }
        Forms { values, residues: [self.modulus.reduce(x), self.modulus.reduce(y)] }
    }

    /// `F` from the clamped forms alone (see the module documentation).
    #[inline]
    pub fn phi(&self, forms: &Forms) -> u8 {
        let (x, y) = (forms.values[0], forms.values[1]);
        if x < self.core_size && y < self.core_size {
            return self.core[(x * self.core_size + y) as usize];
        }
        let last = self.his.len() - 1;
        let offset = |i: usize| {
            if i == 0 {
                y
            } else if i == last {
                -x
            } else {
                forms.values[i + 1]
            }
        };
        let i = (0..=last).map(|i| usize::from(offset(i) > self.his[i])).sum::<usize>().min(last);
        let n = offset(i);
        let [rx, ry] = forms.residues;
        if n >= self.los[i] && n <= self.his[i] {
            let r = if self.features[i].dir.0 > 0 { rx } else { ry };
            self.strip_tables[i][(n - self.los[i]) as usize * self.modulus.d as usize + r as usize]
        } else {
            // Below the band: the sector before strip `i`; above (offsets out of angular order,
            // near the core): the sector after it.
            let s = if n > self.his[i] { i.min(last - 1) } else { i.saturating_sub(1) };
            let xs = self.sector_x[s][rx as usize];
            let (row, shift) = self.sector_y[s][ry as usize];
            let xs = if xs >= shift { xs - shift } else { xs + self.sectors[s].a as u32 - shift };
            self.sectors[s].pattern[(row + xs) as usize]
        }
    }

    /// `F(x, y)` by its definition, `phi(forms(x, y))`.
    pub fn eval_by_forms(&self, x: u64, y: u64) -> u8 {
        self.phi(&self.forms(x, y))
    }

    /// `F(x, y)`, exact for every `x, y` in `u64`: the same decisions as
    /// [`ClosedForm::eval_by_forms`] without materialising the clamped forms. Every comparison
    /// `phi` makes is against a threshold inside the clamp of the form compared (`n > hi`,
    /// `n >= lo` with the clamp `[lo - 1, hi + 1]`; `x < core_size`, `x <= hx` with the clamp
    /// `[0, max(core_size, hx + 1)]`), so it has the same outcome on the exact form; the
    /// axes are strips with `(p, q) = (1, 0)` (offset `y`) and `(0, 1)` (offset `-x`).
    /// [`prove`](super::prove) compares the two on every cell it checks, the tests on huge cells.
    #[inline]
    pub fn eval(&self, x: u64, y: u64) -> u8 {
        self.tables.view().eval(x, y)
    }

    /// The tables [`ClosedForm::eval`] reads, to embed (see [`EvalTables`]).
    pub fn tables(&self) -> EvalTables<'_> {
        self.tables.view()
    }

    /// Compares `F` with every cell of `table`; returns the number of cells compared, or the
    /// first cell (in potential order) where they differ as `(x, y, table, F)`.
    pub fn check_table(&self, table: &Triangle) -> Result<usize, (u64, u64, u8, u8)> {
        let (a, b) = table.potential();
        let mut n = 0;
        for x in 0..=(table.max_potential().max(-1) / a).max(-1) {
            for y in 0..=(table.max_potential() - a * x) / b {
                let (x, y) = (x as u64, y as u64);
                let (t, f) = (table.get(x, y).expect("inside"), self.eval(x, y));
                if t != f {
                    return Err((x, y, t, f));
                }
                n += 1;
            }
        }
        Ok(n)
    }

    /// Number of stored values (core, strips, sectors).
    pub fn stored_values(&self) -> usize {
        self.core.len()
            + self.features.iter().map(|f| f.pattern.len()).sum::<usize>()
            + self.sectors.iter().map(|s| s.pattern.len()).sum::<usize>()
    }
}

impl fmt::Display for ClosedForm {
    /// A human-readable summary: core, strips and sectors.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.core_size {
            0 => writeln!(f, "core: none")?,
            c => writeln!(f, "core: x, y < {c}")?,
        }
        for (i, s) in self.features.iter().enumerate() {
            let name = match i {
                0 => "x-axis strip (offset y)".to_string(),
                _ if i == self.features.len() - 1 => "y-axis strip (offset -x)".to_string(),
                _ => format!("strip along ({},{}) (offset {}y-{}x)", s.dir.0, s.dir.1, s.dir.0, s.dir.1),
            };
            if s.lo <= s.hi {
                writeln!(
                    f,
                    "{name}: offsets {}..={}, period ({},{})",
                    s.lo,
                    s.hi,
                    s.period * s.dir.0,
                    s.period * s.dir.1
                )?;
            } else {
                writeln!(f, "{name}: empty (a plain boundary at offset {})", s.lo)?;
            }
            if let Some(sec) = self.sectors.get(i) {
                writeln!(f, "sector {i}: lattice <({},0), ({},{})>, index {}", sec.a, sec.b, sec.d, sec.index())?;
            }
        }
        write!(f, "modulus Q = {}, {} stored values", self.modulus.d, self.stored_values())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `(-1,0)`: g = x mod 2, one sector with lattice <(2,0),(0,1)>, empty strips.
    fn parity() -> ClosedForm {
        let set = MoveSet::parse("(-1,0)").unwrap();
        let axis = |dir, lo, hi| Strip { dir, lo, hi, period: 1, pattern: vec![] };
        ClosedForm::new(
            set,
            0,
            vec![],
            vec![axis((1, 0), 0, -1), axis((0, 1), 1, 0)],
            vec![Sector { a: 2, b: 0, d: 1, pattern: vec![0, 1] }],
        )
        .unwrap()
    }

    /// A core size whose square overflows is refused, not wrapped to an empty core.
    #[test]
    fn a_core_size_past_i64_is_refused() {
        let p = parity();
        for size in [1 << 32, 3_037_000_500, i64::MAX] {
            let f = ClosedForm::new(p.move_set().clone(), size, vec![], p.features().to_vec(), p.sectors().to_vec());
            assert!(f.is_err(), "{size}");
        }
    }

    #[test]
    fn a_single_sector() {
        let f = parity();
        assert_eq!(f.modulus(), 2);
        for (x, y) in [(0u64, 0u64), (1, 0), (5, 7), (u64::MAX, 3), (u64::MAX - 1, u64::MAX)] {
            assert_eq!(f.eval(x, y), (x % 2) as u8, "({x},{y})");
        }
    }

    #[test]
    fn sector_classes_follow_the_lattice() {
        let s = Sector { a: 6, b: 4, d: 3, pattern: (0..18).collect() };
        for x in -20..20i64 {
            for y in -20..20i64 {
                let c = s.class(x, y);
                assert_eq!(c, s.class(x + 6, y));
                assert_eq!(c, s.class(x + 4, y + 3));
                assert!(c < 18);
            }
        }
        let classes: alloc::collections::BTreeSet<usize> =
            (0..6).flat_map(|x| (0..3).map(move |y| (x, y))).map(|(x, y)| s.class(x, y)).collect();
        assert_eq!(classes.len(), 18);
    }

    #[test]
    fn malformed_parts_are_refused() {
        let set = MoveSet::parse("(-1,0)").unwrap();
        let axis = |dir, lo, hi| Strip { dir, lo, hi, period: 1, pattern: vec![] };
        let sector = || Sector { a: 2, b: 0, d: 1, pattern: vec![0, 1] };
        let bad = [
            ClosedForm::new(set.clone(), 1, vec![], vec![axis((1, 0), 0, -1), axis((0, 1), 1, 0)], vec![sector()]),
            ClosedForm::new(set.clone(), 0, vec![], vec![axis((0, 1), 1, 0), axis((1, 0), 0, -1)], vec![sector()]),
            ClosedForm::new(set.clone(), 0, vec![], vec![axis((1, 0), 0, -1), axis((0, 1), 1, 0)], vec![]),
            ClosedForm::new(
                set.clone(),
                0,
                vec![],
                vec![axis((1, 0), 0, -1), axis((0, 1), 1, 0)],
                vec![Sector { a: 2, b: 2, d: 1, pattern: vec![0, 1] }],
            ),
            ClosedForm::new(
                set,
                0,
                vec![],
                vec![axis((1, 0), 0, -1), axis((2, 2), 0, -1), axis((0, 1), 1, 0)],
                vec![sector(), sector()],
            ),
        ];
        for (i, b) in bad.into_iter().enumerate() {
            assert!(b.is_err(), "case {i}");
        }
    }
}
