//! The pieces of a closed form beyond its core: strips along rational rays and the sectors
//! between them (the shape is described in `form.rs`).

use alloc::vec::Vec;

/// A strip along a rational ray (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Strip {
    /// The direction `u = (p, q)`, primitive, `p, q >= 0`.
    pub dir: (i64, i64),
    /// The band of offsets `n(c) = p·y - q·x`; empty iff `lo = hi + 1`.
    pub lo: i64,
    /// The band's last offset.
    pub hi: i64,
    /// The period along the ray: the strip repeats under `period·dir`.
    pub period: i64,
    /// `pattern[(n - lo) * phase_len + phase]`; entries for phases that do not occur at an offset
    /// are unused.
    pub pattern: Vec<u8>,
}

impl Strip {
    /// The length of the phase coordinate: `period·p` (`x mod period·p`), or `period·q` on the
    /// y-axis (`y mod period·q`).
    pub fn phase_len(&self) -> i64 {
        self.period * if self.dir.0 > 0 { self.dir.0 } else { self.dir.1 }
    }

    /// Number of offsets in the band.
    pub fn width(&self) -> i64 {
        self.hi - self.lo + 1
    }

    /// The offset `n(c) = p·y - q·x`.
    pub fn offset(&self, x: i64, y: i64) -> i64 {
        self.dir.0 * y - self.dir.1 * x
    }

    /// The phase of a cell.
    pub fn phase(&self, x: i64, y: i64) -> i64 {
        if self.dir.0 > 0 { x.rem_euclid(self.phase_len()) } else { y.rem_euclid(self.phase_len()) }
    }
}

/// A sector with its period lattice (see the module documentation).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Sector {
    /// The Hermite basis `(a, 0), (b, d)` of the lattice, `0 <= b < a`, `d >= 1`.
    pub a: i64,
    /// See `a`.
    pub b: i64,
    /// See `a`.
    pub d: i64,
    /// `pattern[ys * a + xs]` for the class representative `(xs, ys)` in `[0, a) × [0, d)`.
    pub pattern: Vec<u8>,
}

impl Sector {
    /// The index of `c mod L` in the pattern.
    pub fn class(&self, x: i64, y: i64) -> usize {
        let ys = y.rem_euclid(self.d);
        let t = (y - ys) / self.d;
        let xs = (x - (t % self.a) * self.b).rem_euclid(self.a);
        (ys * self.a + xs) as usize
    }

    /// The lattice index `a·d`.
    pub fn index(&self) -> i64 {
        self.a * self.d
    }
}
