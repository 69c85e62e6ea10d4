//! The run-time evaluator of a certified closed form: the same function as
//! [`ClosedForm::eval`], answered for far cells by one table read and one exact 64-bit offset.
//!
//! # Angular pre-classification
//!
//! Far from the origin, which region of the form holds a cell depends on its angle alone,
//! except within a band of one strip. So the evaluator scales the cell down to a *coarse cell*:
//! with `s = bits(x | y) - 7`, `(X, Y) = (x >> s, y >> s)` lies in `[0, 128)²` with
//! `max(X, Y) >= 64`, and a 16 KiB table (it stays in L1) classifies every coarse cell once,
//! on the first far query, by interval arithmetic over all the cells it covers, as one of
//! - **a sector**: every cell of it lies in that sector;
//! - **near strip `j`**: only strip `j`'s offset `n = p·y - q·x` decides: the cell is in
//!   strip `j`'s band, in the sector below the band, or (near the axes' caps) the one above it;
//! - **slow**: two strips meet in it; the cell goes to [`ClosedForm::eval`].
//!
//! Near a strip, `|n| <= (p + q)·2^s + p + q < 2^63` (with `p + q < 64` and `s <= 57`), so `n`
//! is exact in wrapping 64-bit arithmetic (no 128-bit products), and the rest is branch-free: a
//! residue pair, two comparisons and one read of a flat byte table.
//!
//! # Why it is the same function
//!
//! `ClosedForm::eval` decides as `phi` does (see its module documentation): `i` is the number
//! of strips whose offset exceeds the band's `hi` (capped at the last strip); then strip `i`
//! if its offset is in the band, else the sector before it (after it when the offset is above
//! the band). The classifier reproduces exactly that decision over a whole coarse cell: from
//! the range of every strip's offset over the cell (a linear form on a box: its corners) it
//! knows which strips are above their band on all of it, and accepts the cell only when at most
//! one strip's relation is open and that strip's offset alone then decides `phi`'s answer.
//!
//! One table serves every scale `s >= s0`: an endpoint of an offset's range over a coarse cell
//! is `2^s·A + B` with integers `A` and `|B| <= max(p, q)`, and it is compared with a band limit
//! `c`; once `2^s > max(p, q) + max |c|`, the comparison's answer is the sign of `A` (or of
//! `B - c` when `A = 0`) at every larger scale too. Cells below scale `s0` (and cores larger
//! than `2^(s0 + 6)`) take the exact path. The tests compare the evaluator with
//! `ClosedForm::eval` on whole triangles, on huge cells near every strip and at the scale
//! boundaries.

use std::sync::OnceLock;

use grundy_core::rules::leaper::form::{ClosedForm, Feature, MAX_INTERIOR};

/// Coarse cells are `COARSE_BITS` bits per coordinate.
const COARSE_BITS: u32 = 7;
/// The number of coarse cells.
const CELLS: usize = 1 << (2 * COARSE_BITS);
/// Strip directions need `p + q` below this for a near offset to fit `i64` (see `classify`).
const MAX_DIRECTION_SUM: i64 = 1 << (COARSE_BITS - 1);
/// Sector values are tabulated by `(x mod Q, y mod Q)` when `Q² <=` this; larger moduli take
/// the exact path.
const PAIR_TABLE_MAX: u64 = 1 << 16;
/// The row of a coarse cell that [`ClosedForm::eval`] answers.
const SLOW: u8 = u8::MAX;

/// How a coarse cell is answered: by the offset `n = p·y - q·x` (wrapping, exact here).
#[derive(Debug, Clone, Copy)]
struct Row {
    p: u64,
    q: u64,
    /// The band is `lo..lo + width`; a sector row has `p = q = 0`, `lo = 1`, `width = 0`.
    lo: i64,
    width: u64,
    hi: i64,
    /// Where the strip's `width × Q` table starts, and whether its phase is `x mod Q`.
    strip_at: usize,
    phase_x: bool,
    /// Where the sectors' `Q × Q` tables start: below the band (`n < lo`) and above (`n > hi`).
    below_at: usize,
    above_at: usize,
}

/// The compiled tables (built on the first far query).
#[derive(Debug, Clone)]
struct Coarse {
    q: u64,
    /// `q - 1` when `q` is a power of two, else 0 (then `recip` is used).
    mask: u64,
    recip: u64,
    /// The row of coarse cell `(X, Y)` at `X << COARSE_BITS | Y`.
    cells: Box<[u8; CELLS]>,
    rows: Vec<Row>,
    values: Vec<u8>,
}

/// A certified closed form and its run-time evaluator.
#[derive(Debug, Clone)]
pub(crate) struct Certified {
    pub(crate) form: ClosedForm,
    /// Cells with `bits(x | y) >= far_bits` take the coarse path (65: none do).
    far_bits: u32,
    coarse: OnceLock<Coarse>,
}

impl Certified {
    pub(crate) fn new(form: ClosedForm) -> Certified {
        let far_bits = far_bits(&form);
        Certified { form, far_bits, coarse: OnceLock::new() }
    }

    /// `F(x, y)`, exact for every `x, y` in `u64`.
    #[inline(always)]
    pub(crate) fn eval(&self, x: u64, y: u64) -> u8 {
        if 64 - (x | y).leading_zeros() >= self.far_bits {
            let coarse = self.coarse.get_or_init(|| Coarse::new(&self.form, self.far_bits - COARSE_BITS));
            if let Some(g) = coarse.eval(x, y) {
                return g;
            }
        }
        self.form.eval(x, y)
    }
}

/// `s0 + COARSE_BITS` for the smallest scale `s0` the coarse table serves (see the module
/// documentation), or 65 when the form is outside what the tables handle: a modulus above 256,
/// or a strip direction with `p + q >= MAX_DIRECTION_SUM`.
fn far_bits(form: &ClosedForm) -> u32 {
    let strips = form.features();
    if form.modulus().pow(2) > PAIR_TABLE_MAX || strips.iter().any(|f| f.dir.0 + f.dir.1 >= MAX_DIRECTION_SUM) {
        return 65;
    }
    let limit = strips.iter().map(|f| f.lo.abs().max(f.hi.abs()) + 1).max().unwrap_or(0)
        + strips.iter().map(|f| f.dir.0.max(f.dir.1)).max().unwrap_or(0);
    let mut s0 = 0;
    while (1i64 << s0) <= limit || (1i64 << (s0 + COARSE_BITS - 1)) < form.core_size() {
        s0 += 1;
    }
    s0 + COARSE_BITS
}

impl Coarse {
    /// The tables for scales `s0` and up.
    fn new(form: &ClosedForm, s0: u32) -> Coarse {
        let q = form.modulus();
        let strips = form.features();
        let mut values = Vec::new();
        let strip_at: Vec<usize> = (0..strips.len())
            .map(|i| {
                let at = values.len();
                values.extend_from_slice(form.strip_table(i));
                at
            })
            .collect();
        let sector_at: Vec<usize> = form
            .sectors()
            .iter()
            .map(|sector| {
                let at = values.len();
                for rx in 0..q as i64 {
                    values.extend((0..q as i64).map(|ry| sector.pattern[sector.class(rx, ry)]));
                }
                at
            })
            .collect();

        // Rows: one per sector, then one per strip (below its band the sector before it, above
        // it the sector after it, as `phi` decides).
        let last = strips.len() - 1;
        let sector_row = |at: usize| Row {
            p: 0,
            q: 0,
            lo: 1,
            width: 0,
            hi: 0,
            strip_at: 0,
            phase_x: false,
            below_at: at,
            above_at: at,
        };
        let strip_row = |(j, f): (usize, &Feature)| Row {
            p: f.dir.0 as u64,
            q: f.dir.1 as u64,
            lo: f.lo,
            width: f.width().max(0) as u64,
            hi: f.hi,
            strip_at: strip_at[j],
            phase_x: f.dir.0 > 0,
            below_at: sector_at[j.saturating_sub(1)],
            above_at: sector_at[j.min(last - 1)],
        };
        let rows: Vec<Row> =
            sector_at.iter().map(|&at| sector_row(at)).chain(strips.iter().enumerate().map(strip_row)).collect();
        let cells = (0..CELLS)
            .map(|index: usize| {
                let (cx, cy) = ((index >> COARSE_BITS) as i128, (index % (1 << COARSE_BITS)) as i128);
                if cx.max(cy) < 1 << (COARSE_BITS - 1) {
                    return SLOW; // never indexed: x | y has its top bit at s + COARSE_BITS - 1
                }
                match classify(strips, cx, cy, s0) {
                    Some(Class::Sector(s)) => s as u8,
                    Some(Class::Near(j)) => (sector_at.len() + j) as u8,
                    None => SLOW,
                }
            })
            .collect::<Vec<u8>>()
            .try_into()
            .expect("one row per coarse cell");
        assert!(rows.len() < usize::from(SLOW), "a form has at most 16 strips and 15 sectors");
        Coarse { q, mask: if q.is_power_of_two() { q - 1 } else { 0 }, recip: u64::MAX / q, cells, rows, values }
    }

    /// `x mod Q`: by mask, or by the reciprocal `m = ⌊(2^64 - 1) / Q⌋`, whose quotient
    /// `⌊x·m / 2^64⌋` is `⌊x / Q⌋` or one less (`x·(2^64 / Q - m) / 2^64 < 1`).
    #[inline(always)]
    fn reduce(&self, x: u64) -> u64 {
        if self.mask != 0 || self.q == 1 {
            return x & self.mask;
        }
        let r = x - ((u128::from(x) * u128::from(self.recip)) >> 64) as u64 * self.q;
        if r >= self.q { r - self.q } else { r }
    }

    /// `F(x, y)` for `bits(x | y) >= far_bits`, or `None` on a slow coarse cell.
    #[inline(always)]
    fn eval(&self, x: u64, y: u64) -> Option<u8> {
        let s = 64 - (x | y).leading_zeros() - COARSE_BITS;
        let cell = self.cells[((x >> s) << COARSE_BITS | y >> s) as usize % CELLS];
        let row = self.rows.get(usize::from(cell))?;
        let n = row.p.wrapping_mul(y).wrapping_sub(row.q.wrapping_mul(x)) as i64;
        let (rx, ry) = (self.reduce(x), self.reduce(y));
        let band = n.wrapping_sub(row.lo) as u64;
        // Both indices, then a select by mask: which one applies is unpredictable near a strip.
        let strip = row
            .strip_at
            .wrapping_add(band.wrapping_mul(self.q).wrapping_add(if row.phase_x { rx } else { ry }) as usize);
        let sector = (if n > row.hi { row.above_at } else { row.below_at }) + (rx * self.q + ry) as usize;
        let in_band = usize::from(band < row.width).wrapping_neg();
        let index = (strip & in_band) | (sector & !in_band);
        Some(self.values[index])
    }
}

/// What answers a whole coarse cell (see the module documentation).
enum Class {
    /// Wholly in this sector.
    Sector(usize),
    /// Strip `j`'s offset decides: its band, the sector before it, or the one after it.
    Near(usize),
}

/// Classifies coarse cell `(cx, cy)` at scale `s`: `phi`'s decision over all its cells, or
/// `None` when it needs more than one offset, or an offset that may not fit `i64` at the
/// largest scale.
fn classify(strips: &[Feature], cx: i128, cy: i128, s: u32) -> Option<Class> {
    // The range of strip t's offset over the cell at scale `s`: a linear form on a box.
    let range = |t: usize, s: u32| {
        let (p, q) = (i128::from(strips[t].dir.0), i128::from(strips[t].dir.1));
        let (x0, y0) = (cx << s, cy << s);
        let (x1, y1) = (x0 + (1 << s) - 1, y0 + (1 << s) - 1);
        (p * y0 - q * x1, p * y1 - q * x0)
    };
    let fits = |t: usize| {
        let (lo, hi) = range(t, 64 - COARSE_BITS);
        lo >= i128::from(i64::MIN) && hi <= i128::from(i64::MAX)
    };
    let mut ranges = [(0, 0); MAX_INTERIOR + 2];
    for (t, r) in ranges.iter_mut().enumerate().take(strips.len()) {
        *r = range(t, s);
    }
    let above = |t: usize| ranges[t].0 > i128::from(strips[t].hi);
    let not_above = |t: usize| ranges[t].1 <= i128::from(strips[t].hi);
    let below = |t: usize| ranges[t].1 < i128::from(strips[t].lo);
    let last = strips.len() - 1;
    let certain = (0..=last).filter(|&t| above(t)).count();
    let mut open = (0..=last).filter(|&t| !above(t) && !not_above(t));
    match (open.next(), open.next()) {
        (None, _) => {
            let i = certain.min(last);
            if below(i) {
                Some(Class::Sector(i.saturating_sub(1)))
            } else if above(i) {
                Some(Class::Sector(i.min(last - 1)))
            } else {
                fits(i).then_some(Class::Near(i))
            }
        }
        (Some(u), None) => {
            // At or below the band, `i = certain`, which must be `u`. Above it, `i = certain + 1`
            // (capped): `u` again, or a strip wholly below its band, and then the sector before
            // that strip is the one after `u`.
            let next = (certain + 1).min(last);
            (certain.min(last) == u && (next == u || below(next)) && fits(u)).then_some(Class::Near(u))
        }
        (Some(_), Some(_)) => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use grundy_core::rules::leaper::discover::Limits;
    use grundy_core::rules::leaper::moves::MoveSet;
    use grundy_core::rules::leaper::{Outcome, analyze};

    /// The pre-classification answers nearly every coarse cell itself (the integration tests
    /// check its answers; this checks that they exercise it).
    #[test]
    fn few_coarse_cells_are_slow() {
        for text in ["(-2,1) (-3,-1) (-2,-1) (-1,-2) (-1,-3) (1,-2)", "(-1,0) (0,-1) (-1,-1)", "(-3,1) (2,-1)"] {
            let set = MoveSet::parse(text).unwrap();
            let Outcome::Certified { form, .. } = analyze(&set, &Limits::default()).outcome else { panic!("{text}") };
            let bits = far_bits(&form);
            assert!(bits <= 24, "{text}: far from {bits} bits");
            let coarse = Coarse::new(&form, bits - COARSE_BITS);
            let used = coarse.cells.len() * 3 / 4;
            let slow = coarse.cells.iter().filter(|&&c| c == SLOW).count() - coarse.cells.len() / 4;
            assert!(slow * 100 < used, "{text}: {slow} of {used} coarse cells are slow");
        }
    }
}
