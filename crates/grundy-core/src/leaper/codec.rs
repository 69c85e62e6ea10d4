//! The payload of a [`TableKind::LeaperForm`](crate::format::TableKind::LeaperForm) table: a certified
//! closed form ([`ClosedForm`]) in a hand-written little-endian encoding of its defining data.
//!
//! ```text
//! u32          core size n
//! n * n  u8    the core, g(x, y) at x * n + y
//! u32          number of strips k (2 ..= 16: the x-axis, the interior strips, the y-axis)
//! per strip, by increasing angle:
//!   i32 p, i32 q     direction (p, q)
//!   i64 lo, i64 hi   band of offsets p*y - q*x (empty iff lo = hi + 1)
//!   u32 period       period along the ray, in multiples of (p, q)
//!   u32 len          pattern length, (hi - lo + 1) * period * (p, or q on the y-axis)
//!   len u8           pattern[(n - lo) * phase_len + phase]
//! u32          number of sectors (k - 1)
//! per sector, sector i between strips i and i + 1:
//!   u32 a, u32 b, u32 d   Hermite basis (a, 0), (b, d) of the period lattice
//!   a * d u8              pattern[ys * a + xs]
//! ```
//!
//! Nothing follows the last sector. [`decode`] checks the structure (every length inside the
//! payload before anything is allocated, the evaluation tables bounded), then builds the form
//! with [`ClosedForm::new`], which checks the rest (directions, bases, values, the modulus). It
//! does not re-run the proof: the writer ships only certified forms and `grundy verify` re-proves.

use alloc::vec::Vec;

use super::form::{ClosedForm, FormError, MAX_EVAL_BYTES, MAX_STRIPS, Problem};
use super::moves::MoveSet;
use super::strip::{Sector, Strip};
use crate::math::lcm;

/// Encodes a closed form. Errs when the form is too large to be decoded again (its evaluation
/// tables would exceed [`MAX_EVAL_BYTES`]).
pub fn encode(form: &ClosedForm) -> Result<Vec<u8>, FormError> {
    write(form).map_err(FormError::from)
}

fn write(form: &ClosedForm) -> Result<Vec<u8>, Problem> {
    let mut out = Vec::with_capacity(form.stored_values() + 64);
    let n = form.core_size();
    put_u32(&mut out, n, "core size")?;
    out.extend_from_slice(form.core());
    put_u32(&mut out, form.features().len() as i64, "strip count")?;
    for f in form.features() {
        put_i32(&mut out, f.dir.0, "direction")?;
        put_i32(&mut out, f.dir.1, "direction")?;
        out.extend_from_slice(&f.lo.to_le_bytes());
        out.extend_from_slice(&f.hi.to_le_bytes());
        put_u32(&mut out, f.period, "strip period")?;
        put_u32(&mut out, f.pattern.len() as i64, "strip pattern length")?;
        out.extend_from_slice(&f.pattern);
    }
    put_u32(&mut out, form.sectors().len() as i64, "sector count")?;
    for s in form.sectors() {
        put_u32(&mut out, s.a, "sector basis")?;
        put_u32(&mut out, s.b, "sector basis")?;
        put_u32(&mut out, s.d, "sector basis")?;
        out.extend_from_slice(&s.pattern);
    }
    let eval = eval_bytes(form.features().iter().map(Strip::width), form.modulus());
    if eval > MAX_EVAL_BYTES {
        return Err(Problem::EvalTables { bytes: eval, stored: true });
    }
    Ok(out)
}

fn put_u32(out: &mut Vec<u8>, v: i64, what: &'static str) -> Result<(), Problem> {
    let v = u32::try_from(v).map_err(|_| Problem::Field { what, value: v, signed: false })?;
    out.extend_from_slice(&v.to_le_bytes());
    Ok(())
}

fn put_i32(out: &mut Vec<u8>, v: i64, what: &'static str) -> Result<(), Problem> {
    let v = i32::try_from(v).map_err(|_| Problem::Field { what, value: v, signed: true })?;
    out.extend_from_slice(&v.to_le_bytes());
    Ok(())
}

/// Bytes of the strip evaluation tables: the sum of the widths times the modulus.
fn eval_bytes(widths: impl Iterator<Item = i64>, modulus: u64) -> u64 {
    widths.map(|w| w.max(0) as u64).fold(0u64, u64::saturating_add).saturating_mul(modulus)
}

/// A cursor over the payload; every read is bounds-checked.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn take(&mut self, n: u64, what: &'static str) -> Result<&'a [u8], Problem> {
        let left = (self.bytes.len() - self.at) as u64;
        if n > left {
            return Err(Problem::Short { what, needs: n, at: self.at, left });
        }
        let s = &self.bytes[self.at..self.at + n as usize];
        self.at += n as usize;
        Ok(s)
    }

    fn u32(&mut self, what: &'static str) -> Result<u32, Problem> {
        Ok(u32::from_le_bytes(self.take(4, what)?.try_into().expect("4 bytes")))
    }

    fn i32(&mut self, what: &'static str) -> Result<i32, Problem> {
        Ok(i32::from_le_bytes(self.take(4, what)?.try_into().expect("4 bytes")))
    }

    fn i64(&mut self, what: &'static str) -> Result<i64, Problem> {
        Ok(i64::from_le_bytes(self.take(8, what)?.try_into().expect("8 bytes")))
    }
}

/// Decodes and checks a payload for the move set `moves` (see the module documentation).
pub fn decode(moves: &[(i8, i8)], bytes: &[u8]) -> Result<ClosedForm, FormError> {
    read(moves, bytes)
}

fn read(moves: &[(i8, i8)], bytes: &[u8]) -> Result<ClosedForm, FormError> {
    let set = MoveSet::from_bytes(moves).map_err(Problem::Moves)?;
    let mut r = Reader { bytes, at: 0 };
    let n = u64::from(r.u32("the core size")?);
    let core = r.take(n * n, "the core")?.to_vec();
    let k = r.u32("the strip count")?;
    if !(2..=MAX_STRIPS).contains(&k) {
        return Err(Problem::PayloadStrips(k).into());
    }
    let mut features = Vec::with_capacity(k as usize);
    let mut modulus = 1u64;
    for i in 0..k {
        let (p, q) = (r.i32("a strip direction")?, r.i32("a strip direction")?);
        let (lo, hi) = (r.i64("a strip band")?, r.i64("a strip band")?);
        let period = r.u32("a strip period")?;
        let len = r.u32("a strip pattern length")?;
        if p < 0 || q < 0 || (p, q) == (0, 0) || period == 0 || lo > hi.saturating_add(1) {
            return Err(Problem::PayloadStrip { strip: i, dir: (p, q), lo, hi, period }.into());
        }
        let phase = u64::from(period) * u64::from(if p > 0 { p as u32 } else { q as u32 });
        let width = (i128::from(hi) - i128::from(lo) + 1) as u128;
        if width * u128::from(phase) != u128::from(len) {
            return Err(Problem::PayloadPattern { strip: i, bytes: len, offsets: width, phases: phase }.into());
        }
        let pattern = r.take(u64::from(len), "a strip pattern")?.to_vec();
        modulus = lcm(modulus, phase).unwrap_or(u64::MAX);
        features.push(Strip { dir: (i64::from(p), i64::from(q)), lo, hi, period: i64::from(period), pattern });
    }
    let count = r.u32("the sector count")?;
    if count != k - 1 {
        return Err(Problem::SectorCount { sectors: count.into(), strips: k.into() }.into());
    }
    let mut sectors = Vec::with_capacity(count as usize);
    for i in 0..count {
        let (a, b, d) = (r.u32("a sector basis")?, r.u32("a sector basis")?, r.u32("a sector basis")?);
        if a == 0 || d == 0 || b >= a {
            return Err(Problem::Basis { sector: i as usize, a: a.into(), b: b.into(), d: d.into() }.into());
        }
        let index = u64::from(a) * u64::from(d);
        let pattern = r.take(index, "a sector pattern")?.to_vec();
        modulus = lcm(modulus, index).unwrap_or(u64::MAX);
        sectors.push(Sector { a: i64::from(a), b: i64::from(b), d: i64::from(d), pattern });
    }
    if r.at != bytes.len() {
        return Err(Problem::Trailing(bytes.len() - r.at).into());
    }
    let eval = eval_bytes(features.iter().map(Strip::width), modulus);
    if eval > MAX_EVAL_BYTES {
        return Err(Problem::EvalTables { bytes: eval, stored: false }.into());
    }
    ClosedForm::new(set, n as i64, core, features, sectors)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::leaper::{analyze, discover::Limits};
    use alloc::string::ToString;

    #[test]
    fn a_certified_form_round_trips() {
        let set = MoveSet::parse("(-2,1) (-2,-1) (1,-2) (-1,-2)").unwrap();
        let form = analyze(&set, &Limits::default()).form().cloned().expect("certified");
        let bytes = encode(&form).unwrap();
        let moves = set.to_bytes();
        assert_eq!(decode(&moves, &bytes).unwrap(), form);
        for cut in [0, 3, bytes.len() - 1] {
            assert!(decode(&moves, &bytes[..cut]).is_err(), "cut at {cut}");
        }
        let mut longer = bytes.clone();
        longer.push(0);
        assert!(decode(&moves, &longer).unwrap_err().to_string().contains("after the last sector"));
    }
}
