//! The run-time evaluator of a certified closed form: the same function as
//! [`ClosedForm::eval`], laid out for speed (one flat byte table, residues by mask or reciprocal,
//! sector values by residue pair when the modulus is small).
//!
//! # Why it is the same function
//!
//! `ClosedForm::eval` is `phi(forms(c))`: `forms` clamps `x`, `y` and each interior strip's
//! offset `p·y - q·x` into ranges that contain the core bound and every band widened by one
//! (`[lo - 1, hi + 1]`), and `phi` only compares those values with the core size and the band
//! limits, and indexes a band row by `n - lo` when `lo <= n <= hi`. Clamping into such a range
//! preserves every one of these comparisons and the in-band values, so `phi` on the exact
//! (unclamped, `i128`) values gives the same result; that is what [`FastForm::eval`] computes.
//! It reads the sector class from `x mod Q`, `y mod Q` exactly as `phi` does. The tests compare
//! the two on whole triangles and on huge random cells near every strip of several forms.

use grundy_core::rules::leaper::form::ClosedForm;

/// The most strips handled (the form allows at most 16).
const MAX_STRIPS: usize = 16;
/// Sector values are tabulated by `(x mod Q, y mod Q)` when `Q² <=` this.
const PAIR_TABLE_MAX: u64 = 1 << 16;

/// A closed form compiled for evaluation (see the module documentation).
#[derive(Debug, Clone)]
pub(crate) struct FastForm {
    core_size: u64,
    q: u64,
    /// `q - 1` when `q` is a power of two, else 0 (then `recip` is used).
    mask: u64,
    recip: u64,
    strips: usize,
    /// Per strip: its direction `(p, q)` (the offset is `p·y - q·x`), band, where its
    /// `width × Q` table starts in `bytes`, and whether its phase is `x mod Q` (else `y mod Q`).
    dir: [(u64, u64); MAX_STRIPS],
    lo: [i128; MAX_STRIPS],
    hi: [i128; MAX_STRIPS],
    strip_at: [usize; MAX_STRIPS],
    phase_x: [bool; MAX_STRIPS],
    /// Per sector: where its table starts in `bytes`.
    sector_at: [usize; MAX_STRIPS],
    /// Sector tables are `Q × Q` by `(x mod Q) * Q + y mod Q`; else the general class lookup.
    pair_tables: bool,
    sectors: Vec<(u64, u64, u64)>,
    bytes: Vec<u8>,
}

impl FastForm {
    pub(crate) fn new(form: &ClosedForm) -> FastForm {
        let features = form.features();
        let k = features.len();
        assert!(k <= MAX_STRIPS, "a form has at most 16 strips");
        let q = form.modulus();
        let mut out = FastForm {
            core_size: form.core_size() as u64,
            q,
            mask: if q.is_power_of_two() { q - 1 } else { 0 },
            recip: u64::MAX / q,
            strips: k,
            dir: [(0, 0); MAX_STRIPS],
            lo: [0; MAX_STRIPS],
            hi: [0; MAX_STRIPS],
            strip_at: [0; MAX_STRIPS],
            phase_x: [false; MAX_STRIPS],
            sector_at: [0; MAX_STRIPS],
            pair_tables: q * q <= PAIR_TABLE_MAX,
            sectors: form.sectors().iter().map(|s| (s.a as u64, s.b as u64, s.d as u64)).collect(),
            bytes: form.core().to_vec(),
        };
        for (i, f) in features.iter().enumerate() {
            out.dir[i] = (f.dir.0 as u64, f.dir.1 as u64);
            out.lo[i] = i128::from(f.lo);
            out.hi[i] = i128::from(f.hi);
            out.phase_x[i] = f.dir.0 > 0;
            out.strip_at[i] = out.bytes.len();
            let len = f.phase_len() as u64;
            for n in 0..f.width().max(0) as usize {
                let row = &f.pattern[n * len as usize..][..len as usize];
                out.bytes.extend((0..q).map(|r| row[(r % len) as usize]));
            }
        }
        for (s, sector) in form.sectors().iter().enumerate() {
            out.sector_at[s] = out.bytes.len();
            if out.pair_tables {
                for rx in 0..q as i64 {
                    out.bytes.extend((0..q as i64).map(|ry| sector.pattern[sector.class(rx, ry)]));
                }
            } else {
                out.bytes.extend_from_slice(&sector.pattern);
            }
        }
        out
    }

    /// `x mod Q`.
    #[inline(always)]
    fn reduce(&self, x: u64) -> u64 {
        if self.mask != 0 || self.q == 1 {
            return x & self.mask;
        }
        let quotient = ((u128::from(x) * u128::from(self.recip)) >> 64) as u64;
        let mut r = x - quotient * self.q;
        while r >= self.q {
            r -= self.q;
        }
        r
    }

    /// `F(x, y)`, exact for every `x, y` in `u64`.
    #[inline]
    pub(crate) fn eval(&self, x: u64, y: u64) -> u8 {
        if x < self.core_size && y < self.core_size {
            // In the core: both coordinates are small.
            return self.bytes[(x * self.core_size + y) as usize];
        }
        // Offsets: `y` (the x-axis strip), `p·y - q·x` (interior strips: two 64 x 64 -> 128-bit
        // products, exact), `-x` (the y-axis strip, whose band ends at 0: never above it).
        let last = self.strips - 1;
        let offset = |s: usize| -> i128 {
            if s == 0 {
                i128::from(y)
            } else if s == last {
                -i128::from(x)
            } else {
                let (p, q) = self.dir[s];
                (u128::from(p) * u128::from(y)).wrapping_sub(u128::from(q) * u128::from(x)) as i128
            }
        };
        let mut i = usize::from(i128::from(y) > self.hi[0]);
        for s in 1..last {
            i += usize::from(offset(s) > self.hi[s]);
        }
        let n = offset(i);
        let (rx, ry) = (self.reduce(x), self.reduce(y));
        if n >= self.lo[i] && n <= self.hi[i] {
            let r = if self.phase_x[i] { rx } else { ry };
            return self.bytes[self.strip_at[i] + (n - self.lo[i]) as usize * self.q as usize + r as usize];
        }
        let s = if n > self.hi[i] { i.min(last - 1) } else { i.saturating_sub(1) };
        if self.pair_tables {
            return self.bytes[self.sector_at[s] + (rx * self.q + ry) as usize];
        }
        // The class of (x, y) mod the lattice <(a, 0), (b, d)>, from the residues mod Q
        // (a multiple of a·d): ys = y mod d, t = y div d, xs = (x - t·b) mod a.
        let (a, b, d) = self.sectors[s];
        let ys = ry % d;
        let t = (ry / d) % a;
        let xs = (rx % a + a - (t * b) % a) % a;
        self.bytes[self.sector_at[s] + (ys * a + xs) as usize]
    }
}

/// A certified closed form and its compiled evaluator.
#[derive(Debug, Clone)]
pub(crate) struct Certified {
    pub(crate) form: ClosedForm,
    pub(crate) fast: FastForm,
}

impl Certified {
    pub(crate) fn new(form: ClosedForm) -> Certified {
        let fast = FastForm::new(&form);
        Certified { form, fast }
    }
}
