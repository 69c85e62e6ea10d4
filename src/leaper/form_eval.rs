//! The run-time evaluator of a certified closed form: the same function as
//! [`ClosedForm::eval`], answered for far cells by one table read and one exact 64-bit offset.
//!
//! # Angular pre-classification
//!
//! Far from the origin, which region of the form holds a cell depends on its angle alone,
//! except within a band of one strip. So the evaluator scales the cell down to a *coarse cell*:
//! with `s = bits(x | y) - 7` (from one `bsr`, see [`log2`]), `(X, Y) = (x >> s, y >> s)` lies
//! in `[0, 128)²` with `max(X, Y) >= 64`, and a 16 KiB table (it stays in L1) classifies every
//! coarse cell once, on the first far query, by interval arithmetic over all the cells it
//! covers, as one of
//! - **a sector**: every cell of it lies in that sector;
//! - **near strip `j`**: only strip `j`'s offset `n = p·y - q·x` decides: the cell is in
//!   strip `j`'s band, in the sector below the band, or (near the axes' caps) the one above it;
//! - **slow**: two strips meet in it; the cell goes to [`ClosedForm::eval`].
//!
//! Near a strip, `|n| <= (p + q)·2^s + p + q` with `p + q < 64` and `s <= 57`, and the band's
//! limits are below `2^s0`, so `n` lies in `(-2^63, 2^63)`: it is exact in wrapping 64-bit
//! arithmetic (no 128-bit products). The rest is a residue pair, `n` clamped to
//! `lo - 1 ..= hi + 1` (no branch: near a strip a branch on the band would be mispredicted about
//! as often as not) and one read of a flat byte table, `values[pair · S + slot]`: the *slots*
//! are the sectors' and, for each strip, a copy of the sector below its band, the band's offsets
//! and a copy of the sector above it, so the clamped offset picks the slot by one addition; the
//! *pair* is `x mod Q` and `y mod Q` side by side in bits, each padded to a power of two (`2Q`
//! values, repeating, when the residue comes from a reciprocal and `Q` is not a power of two).
//! The pair depends on `x` and `y` alone, so it is ready long before the clamped offset, which
//! ends the query's longest chain of dependent steps.
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

use grundy_core::leaper::{ClosedForm, MAX_INTERIOR, Strip};

/// Coarse cells are `COARSE_BITS` bits per coordinate.
const COARSE_BITS: u32 = 7;
/// The number of coarse cells.
const CELLS: usize = 1 << (2 * COARSE_BITS);
/// Strip directions need `p + q` below this for a near offset to fit `i64` (see `classify`).
const MAX_DIRECTION_SUM: i64 = 1 << (COARSE_BITS - 1);
/// The coarse path's tables may take this many bytes in all; a form that needs more
/// takes the exact path.
const VALUES_MAX: usize = 1 << 20;
/// The row of a coarse cell that [`ClosedForm::eval`] answers.
const SLOW: u8 = u8::MAX;

/// `⌊log2 v⌋` of `v > 0`: on x86-64, `bsr` with its result in its own source register.
///
/// Two traps of code generation tie a far query to the one before it, both in how the shift
/// count reaches `cl`. `bsr` leaves its destination unchanged for a zero source, so processors
/// read the destination as an input, and a register the previous query wrote late makes each
/// query wait for it. And from `ilog2` the compiler computes the shift as `57 - lz` in 8-bit
/// arithmetic on `cl`, which merges with the previous query's `rcx`. With `ilog2` here the
/// lookup bench's far queries took 7.0-8.5 ns, with this 4.3-6.5 ns (docs/performance-notes.md,
/// "The knight lookup").
#[inline(always)]
fn log2(v: u64) -> u64 {
    #[cfg(all(target_arch = "x86_64", not(miri)))]
    {
        let mut v = v;
        // SAFETY: `bsr` reads and writes this one register and the flags, and touches no memory.
        unsafe { core::arch::asm!("bsr {0}, {0}", inout(reg) v, options(pure, nomem, nostack)) };
        v
    }
    #[cfg(not(all(target_arch = "x86_64", not(miri))))]
    {
        u64::from(v.ilog2())
    }
}

/// How the coarse cells of row `r` (a cell's byte) are answered: by the offset
/// `n = p·y - q·x` (wrapping, exact here) clamped to `below ..= above` (the band's `lo - 1` and
/// `hi + 1`), at slot `base + n` (wrapping: `base` is the slot of offset 0). A sector's row is
/// `p = q = below = above = 0`, `base` its slot. Stored by field, each array indexed by `r` (one
/// scaled load a field, no row address to compute).
#[derive(Debug, Clone)]
struct Rows {
    p: [u64; 256],
    q: [u64; 256],
    below: [i64; 256],
    above: [i64; 256],
    base: [usize; 256],
}

/// The compiled tables (built on the first far query).
#[derive(Debug, Clone)]
struct Coarse {
    q: u64,
    /// `Q - 1` when the tables are `Q` on a side (residues are masks), else 0 (by the reciprocal).
    mask: u64,
    recip: u64,
    /// The bits of `y`'s residue in a pair: `log2` of the padded side, [`side`]`(Q)`.
    side_bits: u32,
    /// The number of slots, `S`.
    slots: usize,
    /// The row of coarse cell `(X, Y)` at `X << COARSE_BITS | Y`.
    cells: [u8; CELLS],
    /// Indexed by a cell's byte; the [`SLOW`] row is never read.
    rows: Rows,
    /// `values[pair · S + slot]`, then zeros: a fixed size indexed modulo it.
    values: Box<[u8; VALUES_MAX]>,
}

/// A certified closed form and its run-time evaluator.
#[derive(Debug, Clone)]
pub(crate) struct Certified {
    pub(crate) form: ClosedForm,
    /// The cells that take the coarse path are those with `far_log2 <= log2(x | y) <= 62`, that
    /// is `log2(x | y) - far_log2 <= span` (wrapping; one comparison), or none (`far_log2 = 64`).
    far_log2: u64,
    span: u64,
    /// Boxed: about 30 KiB, which a form that never takes a far query (a judge's) need not
    /// carry or move.
    coarse: OnceLock<Box<Coarse>>,
}

impl Certified {
    pub(crate) fn new(form: ClosedForm) -> Certified {
        let far_log2 = u64::from(far_bits(&form) - 1);
        let (far_log2, span) = match 62u64.checked_sub(far_log2) {
            Some(span) => (far_log2, span),
            None => (64, 0),
        };
        Certified { form, far_log2, span, coarse: OnceLock::new() }
    }

    /// `F(x, y)`, exact for every `x, y` in `u64`.
    #[inline(always)]
    pub(crate) fn eval(&self, x: u64, y: u64) -> u8 {
        self.far(x, y).unwrap_or_else(|| self.form.eval(x, y))
    }

    /// `F(x, y)` by the coarse tables, or `None` for a cell they do not answer: one too near
    /// the origin, or beyond [`MAX_COORDINATE`](grundy_core::leaper::MAX_COORDINATE), or
    /// in a coarse cell where two strips meet.
    #[inline(always)]
    pub(crate) fn far(&self, x: u64, y: u64) -> Option<u8> {
        let log2 = log2(x | y | 1);
        if log2.wrapping_sub(self.far_log2) > self.span {
            return None;
        }
        // Reached only when `far_log2 <= 62`, which is then `far_bits - 1`: `s0` is one more,
        // less the coarse bits.
        let coarse =
            self.coarse.get_or_init(|| Box::new(Coarse::new(&self.form, self.far_log2 as u32 + 1 - COARSE_BITS)));
        coarse.eval(x, y, log2)
    }
}

/// The side of the coarse path's tables for period `q`, a power of two: `q` when residues are
/// masks, else `2q` rounded up, so that a residue by the reciprocal needs no correction (see
/// [`Coarse::reduce`]): the tables repeat their first `q` rows and columns.
fn side(q: u64) -> u64 {
    if q > 1 && q.is_power_of_two() { q } else { (2 * q).next_power_of_two() }
}

/// `s0 + COARSE_BITS` for the smallest scale `s0` the coarse table serves (see the module
/// documentation), or 65 when the form is outside what the tables handle: tables of more than
/// `VALUES_MAX` bytes, or a strip direction with `p + q >= MAX_DIRECTION_SUM`.
fn far_bits(form: &ClosedForm) -> u32 {
    let strips = form.features();
    // Each band's offsets, and a copy of a sector on either side of it.
    let slots = form.sectors().len() as i64 + strips.iter().map(|f| f.width() + 2).sum::<i64>();
    let side = i64::try_from(side(form.modulus())).unwrap_or(i64::MAX);
    if slots.saturating_mul(side.saturating_mul(side)) > VALUES_MAX as i64
        || strips.iter().any(|f| f.dir.0 + f.dir.1 >= MAX_DIRECTION_SUM)
    {
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
        let (q, side) = (form.modulus(), side(form.modulus()));
        let (strips, sectors) = (form.features(), form.sectors());
        let last = strips.len() - 1;
        // Each slot's values by residue pair `(x mod Q, y mod Q)`, row-major, `side x side`.
        let by_pair = |value: &dyn Fn(u64, u64) -> u8| -> Vec<u8> {
            (0..side * side).map(|pair| value(pair / side % q, pair % side % q)).collect()
        };
        // Slot `k` is sector `k`.
        let mut slots: Vec<Vec<u8>> = sectors
            .iter()
            .map(|sector| by_pair(&|rx, ry| sector.pattern[sector.class(rx as i64, ry as i64)]))
            .collect();
        let mut rows = Rows { p: [0; 256], q: [0; 256], below: [0; 256], above: [0; 256], base: [0; 256] };
        for (k, base) in rows.base.iter_mut().enumerate().take(sectors.len()) {
            *base = k;
        }
        // Below a strip's band the sector before it, above it the sector after it (as `phi`
        // decides), each copied next to the band; in the band, offset by offset, its pattern by
        // phase along the strip: `x mod Q`, or `y mod Q` for a strip along the y axis.
        for (j, f) in strips.iter().enumerate() {
            let r = sectors.len() + j;
            (rows.p[r], rows.q[r], rows.below[r], rows.above[r]) = (f.dir.0 as u64, f.dir.1 as u64, f.lo - 1, f.hi + 1);
            rows.base[r] = slots.len().wrapping_sub((f.lo - 1) as usize);
            slots.push(slots[j.saturating_sub(1)].clone());
            for band in form.strip_table(j).chunks(q as usize) {
                slots.push(by_pair(&|rx, ry| band[(if f.dir.0 > 0 { rx } else { ry }) as usize]));
            }
            slots.push(slots[j.min(last - 1)].clone());
        }
        let cells = (0..CELLS)
            .map(|index: usize| {
                let (cx, cy) = ((index >> COARSE_BITS) as i128, (index % (1 << COARSE_BITS)) as i128);
                if cx.max(cy) < 1 << (COARSE_BITS - 1) {
                    return SLOW; // never indexed: x | y has its top bit at s + COARSE_BITS - 1
                }
                match classify(strips, cx, cy, s0) {
                    Some(Class::Sector(s)) => s as u8,
                    Some(Class::Near(j)) => (sectors.len() + j) as u8,
                    None => SLOW,
                }
            })
            .collect::<Vec<u8>>()
            .try_into()
            .expect("one row per coarse cell");
        assert!(sectors.len() + strips.len() < usize::from(SLOW), "a form has at most 16 strips and 15 sectors");
        // Zeroed memory is mapped lazily: only the pages the tables fill are touched.
        let mut values: Box<[u8; VALUES_MAX]> = vec![0; VALUES_MAX].into_boxed_slice().try_into().expect("its size");
        for (slot, table) in slots.iter().enumerate() {
            for (pair, &value) in table.iter().enumerate() {
                values[pair * slots.len() + slot] = value;
            }
        }
        let mask = if side == q { q - 1 } else { 0 };
        let side_bits = side.trailing_zeros();
        Coarse { q, mask, recip: u64::MAX / q, side_bits, slots: slots.len(), cells, rows, values }
    }

    /// `F(x, y)` for `far_log2 <= log2(x | y) = log2 <= 62`, or `None` on a slow coarse cell.
    #[inline(always)]
    fn eval(&self, x: u64, y: u64, log2: u64) -> Option<u8> {
        let s = log2 as u32 - (COARSE_BITS - 1);
        let cell = self.cells[((x >> s) << COARSE_BITS | (y >> s)) as usize % CELLS];
        if cell == SLOW {
            return None;
        }
        let pair = if self.mask != 0 {
            (x & self.mask) << self.side_bits | (y & self.mask)
        } else {
            self.reduce(x) << self.side_bits | self.reduce(y)
        } as usize;
        let (r, rows) = (usize::from(cell), &self.rows);
        // `n`, exact in wrapping arithmetic here (see the module documentation); below the band
        // it is clamped to the slot of the sector below, above it to the one above.
        let n = rows.p[r].wrapping_mul(y).wrapping_sub(rows.q[r].wrapping_mul(x)) as i64;
        let slot = rows.base[r].wrapping_add(n.min(rows.above[r]).max(rows.below[r]) as usize);
        Some(self.values[(pair * self.slots).wrapping_add(slot) % VALUES_MAX])
    }

    /// `x mod Q` or `x mod Q + Q` (the tables repeat every `Q` up to `2Q`), by the reciprocal
    /// `m = ⌊(2^64 - 1) / Q⌋`, whose quotient `⌊x·m / 2^64⌋` is `⌊x / Q⌋` or one less
    /// (`x·(2^64 / Q - m) / 2^64 < 1`).
    #[inline(always)]
    fn reduce(&self, x: u64) -> u64 {
        x - ((u128::from(x) * u128::from(self.recip)) >> 64) as u64 * self.q
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
fn classify(strips: &[Strip], cx: i128, cy: i128, s: u32) -> Option<Class> {
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
    use grundy_core::leaper::Limits;
    use grundy_core::leaper::MoveSet;
    use grundy_core::leaper::{Verdict, analyze};

    /// The pre-classification answers nearly every coarse cell itself (the integration tests
    /// check its answers; this checks that they exercise it).
    #[test]
    fn few_coarse_cells_are_slow() {
        for text in ["(-2,1) (-3,-1) (-2,-1) (-1,-2) (-1,-3) (1,-2)", "(-1,0) (0,-1) (-1,-1)", "(-3,1) (2,-1)"] {
            let set = MoveSet::parse(text).unwrap();
            let Verdict::Certified { form, .. } = analyze(&set, &Limits::default()).verdict else { panic!("{text}") };
            let bits = far_bits(&form);
            assert!(bits <= 24, "{text}: far from {bits} bits");
            let coarse = Coarse::new(&form, bits - COARSE_BITS);
            let used = coarse.cells.len() * 3 / 4;
            let slow = coarse.cells.iter().filter(|&&c| c == SLOW).count() - coarse.cells.len() / 4;
            assert!(slow * 100 < used, "{text}: {slow} of {used} coarse cells are slow");
        }
    }
}
