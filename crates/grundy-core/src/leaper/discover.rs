//! Finding an eventually piecewise-periodic closed form in a computed table (a heuristic: it only
//! has to *propose* a candidate, [`super::certify`] decides).
//!
//! # The method
//!
//! 1. **Bins.** The far annulus `ANNULUS.0·P <= π(c) <= ANNULUS.1·P` of the computed triangle is
//!    cut into [`BINS`] angular bins by `y / (x + y)`.
//! 2. **Lattices.** In each bin, the translations `v` with `|v|∞ <= K` (shortest first, skipping
//!    those already in the lattice found so far) are tested as periods on every pair of bin cells
//!    they relate; the periods generate a lattice (Hermite normal form). A bin with a rank-2
//!    lattice is a *sector bin*; neighbouring sector bins with the same lattice and the same
//!    values per class form a **sector**.
//! 3. **Strips.** Between two consecutive sectors (and between each axis and its sector) lies one
//!    strip. For each rational direction `u = (p, q)` in the angular gap, simplest first, the
//!    cells of the gap's bins are grouped by offset `n = p·y - q·x`: the band is the least range
//!    of offsets outside which every offset line agrees with the sector on its side; the period
//!    is the least `m` with `g(c + m·u) = g(c)` on the band. The first direction with a band of
//!    bounded width and a period wins (an empty band is a plain boundary).
//! 4. **Core.** The smallest square `x, y < R0` outside which the candidate agrees with every
//!    computed cell; it must fit well inside the triangle.
//!
//! On failure the triangle's potential is doubled (and `K` with it) up to a cell limit; the last
//! failure is reported with the number of distinct 8×8 windows per potential band of the first
//! triangle as evidence (bounded for a piecewise-periodic table, growing with the area
//! otherwise). Only soundness-irrelevant choices are made here: bin count, `K`, the limits.

use alloc::collections::{BTreeMap, BTreeSet};
use alloc::{format, string::String, string::ToString, vec, vec::Vec};
use core::fmt;

use super::certify::Refutation;
use super::form::ClosedForm;
use super::moves::MoveSet;
use super::strip::{Sector, Strip};
use super::sweep::Triangle;

/// Angular bins of the annulus.
pub const BINS: i64 = 40;
/// The annulus, as fractions of the triangle's potential.
pub const ANNULUS: (f64, f64) = (0.45, 0.95);

/// Limits of the search.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// The first triangle holds about this many cells.
    pub start_cells: u64,
    /// The triangle is doubled until it would hold more than this many cells.
    pub max_cells: u64,
    /// The largest period vector searched in the first triangle (`|v|∞`); doubled with it.
    pub start_period: i64,
    /// Largest strip direction `p + q` tried.
    pub max_direction: i64,
    /// Largest strip width (offsets) and period along the ray accepted.
    pub max_width: i64,
    /// Largest period along a strip's ray accepted.
    pub max_strip_period: i64,
    /// The proof of a candidate ([`analyze`](super::analyze)) gives up, before checking any
    /// cell, when it would visit more columns and check more cells than this in all.
    pub max_proof_cells: u64,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            start_cells: 1 << 20,
            max_cells: 1 << 24,
            start_period: 16,
            max_direction: 32,
            max_width: 4000,
            max_strip_period: 96,
            max_proof_cells: super::MAX_PROOF_CELLS,
        }
    }
}

/// Why no closed form was found, with the evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct NotFound {
    /// The largest triangle tried (its potential).
    pub max_potential: i64,
    /// The largest Grundy value in it.
    pub max_value: u8,
    /// What failed last.
    pub cause: Cause,
    /// When the search found no candidate: how varied the table is.
    pub windows: Option<Windows>,
}

/// What failed last in a search without a closed form.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Cause {
    /// Discovery saw no candidate; `Display` says which step of the method failed.
    NoCandidate(Miss),
    /// A candidate was found in the triangle of potential `potential`, but its proof refuted it
    /// or would pass [`Limits::max_proof_cells`] ([`Refutation::TooLarge`]).
    Unproven {
        /// The potential of the triangle the candidate was found in.
        potential: i64,
        /// What the checker said.
        refutation: Refutation,
    },
}

/// The step of discovery that failed, as its `Display` says (opaque: the method's steps may
/// change).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Miss {
    what: String,
}

impl fmt::Display for Miss {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
    }
}

impl fmt::Display for Cause {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Cause::NoCandidate(miss) => miss.fmt(f),
            Cause::Unproven { potential, refutation: refutation @ Refutation::TooLarge { .. } } => {
                write!(f, "the candidate found up to potential {potential} could not be proven: {refutation}")
            }
            Cause::Unproven { potential, refutation } => {
                write!(f, "the candidate found up to potential {potential} is refuted: {refutation}")
            }
        }
    }
}

/// Distinct 8×8 windows in the potential bands 0.2-0.4, 0.4-0.6 and 0.6-0.9 of a triangle: a
/// periodic table has as many in each band, a table without visible period more and more.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Windows {
    /// The potential of the triangle.
    pub potential: i64,
    /// Per band, the distinct windows and the band's area in cells.
    pub bands: [(u64, u64); 3],
}

impl fmt::Display for NotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "no closed form found up to potential {}: {}", self.max_potential, self.cause)?;
        if let Some(windows) = &self.windows {
            write!(f, "; distinct 8x8 windows per band (cells):")?;
            for (w, c) in windows.bands {
                write!(f, " {w} ({c})")?;
            }
        }
        Ok(())
    }
}

/// A lattice of `Z²` of rank 0, 1 or 2.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Lattice {
    Zero,
    /// Multiples of one vector (`y > 0`, or `y = 0` and `x > 0`).
    Line((i64, i64)),
    /// Hermite basis `(a, 0), (b, d)`.
    Full {
        a: i64,
        b: i64,
        d: i64,
    },
}

fn gcd(a: i64, b: i64) -> i64 {
    crate::math::gcd(a.unsigned_abs(), b.unsigned_abs()) as i64
}

impl Lattice {
    fn generators(&self) -> Vec<(i64, i64)> {
        match *self {
            Lattice::Zero => vec![],
            Lattice::Line(v) => vec![v],
            Lattice::Full { a, b, d } => vec![(a, 0), (b, d)],
        }
    }

    fn add(&self, v: (i64, i64)) -> Lattice {
        let mut gens = self.generators();
        gens.push(v);
        Lattice::of(&gens)
    }

    /// The lattice generated by `gens`, by Euclid on the `y` coordinates.
    fn of(gens: &[(i64, i64)]) -> Lattice {
        let mut pivot: Option<(i64, i64)> = None;
        let mut xg = 0i64;
        for &v in gens {
            if v.1 == 0 {
                xg = gcd(xg, v.0);
                continue;
            }
            let Some(mut p) = pivot else {
                pivot = Some(if v.1 < 0 { (-v.0, -v.1) } else { v });
                continue;
            };
            let mut q = v;
            while q.1 != 0 {
                let t = p.1 / q.1;
                p = (p.0 - t * q.0, p.1 - t * q.1);
                core::mem::swap(&mut p, &mut q);
            }
            xg = gcd(xg, q.0);
            pivot = Some(if p.1 < 0 { (-p.0, -p.1) } else { p });
        }
        match (pivot, xg) {
            (None, 0) => Lattice::Zero,
            (None, a) => Lattice::Line((a, 0)),
            (Some(p), 0) => Lattice::Line(p),
            (Some((b, d)), a) => Lattice::Full { a, b: b.rem_euclid(a), d },
        }
    }

    fn contains(&self, v: (i64, i64)) -> bool {
        match *self {
            Lattice::Zero => v == (0, 0),
            Lattice::Line((p, q)) => p * v.1 == q * v.0 && if p != 0 { v.0 % p == 0 } else { v.1 % q == 0 },
            Lattice::Full { a, b, d } => v.1 % d == 0 && (v.0 - (v.1 / d) * b) % a == 0,
        }
    }
}

/// The annulus cells of a triangle, by bin.
struct Bins {
    p: i64,
    w: (i64, i64),
    lo: i64,
    hi: i64,
    cells: Vec<Vec<(i64, i64)>>,
}

fn bin_of(x: i64, y: i64) -> i64 {
    if x + y == 0 { 0 } else { (BINS * y / (x + y)).min(BINS - 1) }
}

impl Bins {
    fn new(t: &Triangle) -> Bins {
        let p = t.max_potential();
        let w = t.potential();
        let lo = (ANNULUS.0 * p as f64) as i64;
        let hi = (ANNULUS.1 * p as f64) as i64;
        let mut cells = vec![Vec::new(); BINS as usize];
        for x in 0..=hi / w.0 {
            let ymin = ((lo - w.0 * x).max(0) + w.1 - 1) / w.1;
            for y in ymin..=(hi - w.0 * x) / w.1 {
                cells[bin_of(x, y) as usize].push((x, y));
            }
        }
        Bins { p, w, lo, hi, cells }
    }

    fn in_annulus(&self, x: i64, y: i64) -> bool {
        let s = self.w.0 * x + self.w.1 * y;
        x >= 0 && y >= 0 && s >= self.lo && s <= self.hi
    }
}

fn g(t: &Triangle, x: i64, y: i64) -> u8 {
    t.get(x as u64, y as u64).expect("inside the triangle")
}

/// Is `v` a period of bin `b` (on every pair of its cells it relates, with enough pairs)?
fn is_period(t: &Triangle, bins: &Bins, b: usize, v: (i64, i64)) -> bool {
    let cells = &bins.cells[b];
    let mut pairs = 0usize;
    for &(x, y) in cells {
        let (u, w) = (x + v.0, y + v.1);
        if bins.in_annulus(u, w) && bin_of(u, w) == b as i64 {
            if g(t, x, y) != g(t, u, w) {
                return false;
            }
            pairs += 1;
        }
    }
    pairs >= 200.max(cells.len() / 4)
}

/// A sector as found: its lattice and values per class.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Found {
    sector: Sector,
    first_bin: usize,
    last_bin: usize,
}

fn sector_of(t: &Triangle, bins: &Bins, b: usize, (a, sb, d): (i64, i64, i64)) -> Option<Sector> {
    let mut pattern = vec![u8::MAX; (a * d) as usize];
    let mut s = Sector { a, b: sb, d, pattern: vec![0; (a * d) as usize] };
    for &(x, y) in &bins.cells[b] {
        let c = s.class(x, y);
        let v = g(t, x, y);
        if pattern[c] == u8::MAX {
            pattern[c] = v;
        } else if pattern[c] != v {
            return None;
        }
    }
    if pattern.contains(&u8::MAX) {
        return None;
    }
    s.pattern = pattern;
    Some(s)
}

/// Step 2: the sectors, by increasing angle.
fn sectors(t: &Triangle, bins: &Bins, k: i64) -> Vec<Found> {
    let mut vectors: Vec<(i64, i64)> = Vec::new();
    for vy in 0..=k {
        for vx in -k..=k {
            if vy > 0 || vx > 0 {
                vectors.push((vx, vy));
            }
        }
    }
    vectors.sort_by_key(|&(vx, vy)| (vx.abs().max(vy), vx.abs() + vy, vy, vx));
    let mut found: Vec<Found> = Vec::new();
    for b in 0..BINS as usize {
        let mut lattice = Lattice::Zero;
        for &v in &vectors {
            if !lattice.contains(v) && is_period(t, bins, b, v) {
                lattice = lattice.add(v);
            }
        }
        let Lattice::Full { a, b: sb, d } = lattice else { continue };
        let Some(sector) = sector_of(t, bins, b, (a, sb, d)) else { continue };
        match found.last_mut() {
            Some(f) if f.last_bin + 1 == b && f.sector == sector => f.last_bin = b,
            _ => found.push(Found { sector, first_bin: b, last_bin: b }),
        }
    }
    found
}

/// The value of a sector's pattern at any cell.
fn sector_value(s: &Sector, x: i64, y: i64) -> u8 {
    s.pattern[s.class(x, y)]
}

/// Step 3: the strip along `dir` between sector `below` (smaller angle) and `above`, from the
/// cells of bins `bins_lo..=bins_hi`.
#[allow(clippy::too_many_arguments)]
fn fit_strip(
    t: &Triangle,
    bins: &Bins,
    (bins_lo, bins_hi): (usize, usize),
    dir: (i64, i64),
    below: Option<&Sector>,
    above: Option<&Sector>,
    limits: &Limits,
    margin_moves: &[(i64, i64)],
) -> Option<Strip> {
    let (p, q) = dir;
    // Offsets past the band that must be seen agreeing with the sector: twice a move's reach.
    let margin = 2 * margin_moves.iter().map(|&(dx, dy)| (p * dy - q * dx).abs()).max().unwrap_or(0) + 2;
    // Per offset: (agrees with below, agrees with above).
    let mut lines: BTreeMap<i64, (bool, bool)> = BTreeMap::new();
    for b in bins_lo..=bins_hi {
        for &(x, y) in &bins.cells[b] {
            let n = p * y - q * x;
            let v = g(t, x, y);
            let e = lines.entry(n).or_insert((true, true));
            e.0 &= below.is_some_and(|s| sector_value(s, x, y) == v);
            e.1 &= above.is_some_and(|s| sector_value(s, x, y) == v);
        }
    }
    let (&nmin, _) = lines.first_key_value()?;
    let (&nmax, _) = lines.last_key_value()?;
    let first_bad_below = lines.iter().find(|(_, a)| !a.0).map(|(&n, _)| n);
    let last_bad_above = lines.iter().rev().find(|(_, a)| !a.1).map(|(&n, _)| n);
    let (lo, hi) = match (below, above) {
        (None, Some(_)) => (0, last_bad_above.unwrap_or(-1)),
        (Some(_), None) => (first_bad_below.unwrap_or(1), 0),
        _ => {
            let l = first_bad_below.unwrap_or(nmax + 1);
            let h = last_bad_above.unwrap_or(nmin - 1);
            if l <= h { (l, h) } else { (l, l - 1) }
        }
    };
    // Both sectors must take over within the observed offsets (the axes are their own edge).
    if (below.is_some() && lo - margin < nmin) || (above.is_some() && hi + margin > nmax) {
        return None;
    }
    if hi - lo + 1 > limits.max_width {
        return None;
    }
    let band: Vec<(i64, i64)> = (bins_lo..=bins_hi)
        .flat_map(|b| bins.cells[b].iter().copied())
        .filter(|&(x, y)| (lo..=hi).contains(&(p * y - q * x)))
        .collect();
    let period = (1..=limits.max_strip_period).find(|&m| {
        let mut pairs = 0;
        let ok = band.iter().all(|&(x, y)| {
            let (u, w) = (x + m * p, y + m * q);
            if !bins.in_annulus(u, w) {
                return true;
            }
            pairs += 1;
            g(t, x, y) == g(t, u, w)
        });
        ok && (band.is_empty() || pairs * 2 >= band.len())
    })?;
    let mut f = Strip { dir, lo, hi, period, pattern: vec![] };
    let len = f.phase_len();
    let mut pattern = vec![0u8; (f.width() * len) as usize];
    for &(x, y) in &band {
        pattern[((f.offset(x, y) - lo) * len + f.phase(x, y)) as usize] = g(t, x, y);
    }
    f.pattern = pattern;
    Some(f)
}

/// One attempt on one triangle.
fn attempt(set: &MoveSet, t: &Triangle, k: i64, limits: &Limits) -> Result<ClosedForm, String> {
    let bins = Bins::new(t);
    let found = sectors(t, &bins, k);
    if found.is_empty() {
        return Err(format!("no bin of the annulus has a rank-2 period lattice with |v| <= {k}"));
    }
    // Angular gaps wider than a quarter of the quadrant are not strips.
    for w in found.windows(2) {
        if w[1].first_bin - w[0].last_bin > (BINS / 4) as usize {
            return Err(format!(
                "no periodic sector in the angles y/(x+y) in [{:.3}, {:.3}] (|v| <= {k})",
                (w[0].last_bin + 1) as f64 / BINS as f64,
                w[1].first_bin as f64 / BINS as f64
            ));
        }
    }
    let margin: Vec<(i64, i64)> = set.moves().iter().map(|&(dx, dy)| (i64::from(dx), i64::from(dy))).collect();
    let margin = &margin[..];
    let first = &found[0];
    let last = &found[found.len() - 1];
    if first.first_bin > (BINS / 4) as usize || last.last_bin + 1 < (3 * BINS / 4) as usize {
        return Err("no periodic sector near an axis".into());
    }
    let mut features = Vec::new();
    features.push(
        fit_strip(t, &bins, (0, first.first_bin), (1, 0), None, Some(&first.sector), limits, margin)
            .ok_or("the strip along the x-axis has no bounded width or period")?,
    );
    for (i, w) in found.windows(2).enumerate() {
        let (t_lo, t_hi) = (w[0].last_bin as i64, w[1].first_bin as i64 + 1);
        let mut dirs: Vec<(i64, i64)> = Vec::new();
        for s in 2..=limits.max_direction {
            for dq in 1..s {
                let dp = s - dq;
                // Angle of (dp, dq): dq / (dp + dq) in [t_lo / BINS, t_hi / BINS].
                if gcd(dp, dq) == 1 && dq * BINS >= t_lo * s && dq * BINS <= t_hi * s {
                    dirs.push((dp, dq));
                }
            }
        }
        let range = (w[0].last_bin, w[1].first_bin);
        let feature = dirs
            .iter()
            .find_map(|&dir| fit_strip(t, &bins, range, dir, Some(&w[0].sector), Some(&w[1].sector), limits, margin))
            .ok_or_else(|| format!("no rational strip of bounded width between sectors {i} and {}", i + 1))?;
        features.push(feature);
    }
    features.push(
        fit_strip(t, &bins, (last.last_bin, BINS as usize - 1), (0, 1), Some(&last.sector), None, limits, margin)
            .ok_or("the strip along the y-axis has no bounded width or period")?,
    );
    let sectors: Vec<Sector> = found.into_iter().map(|f| f.sector).collect();
    let build = |r0: i64| -> Result<ClosedForm, String> {
        let mut core = Vec::with_capacity((r0 * r0) as usize);
        for x in 0..r0 {
            core.extend((0..r0).map(|y| g(t, x, y)));
        }
        ClosedForm::new(set.clone(), r0, core, features.clone(), sectors.clone()).map_err(|e| e.to_string())
    };
    // Step 4: the core, from the cells the candidate gets wrong.
    let candidate = build(0)?;
    let (a, b) = t.potential();
    let mut r0 = 0;
    for x in 0..=bins.p / a {
        for y in 0..=(bins.p - a * x) / b {
            if candidate.eval(x as u64, y as u64) != g(t, x, y) {
                r0 = r0.max(x.max(y) + 1);
            }
        }
    }
    if (a + b) * r0 > bins.lo {
        return Err(format!("the candidate disagrees with the table up to x or y = {r0}, too far out"));
    }
    let form = build(r0)?;
    form.check_table(t).map_err(|(x, y, _, _)| format!("the candidate disagrees with the table at ({x}, {y})"))?;
    Ok(form)
}

/// Distinct 8×8 windows in three potential bands (the evidence of a failure).
fn windows(t: &Triangle) -> [(u64, u64); 3] {
    let (a, b) = t.potential();
    let p = t.max_potential();
    let bands = [(0.2, 0.4), (0.4, 0.6), (0.6, 0.9)];
    let mut out = [(0, 0); 3];
    for (k, &(lo, hi)) in bands.iter().enumerate() {
        let (lo, hi) = ((lo * p as f64) as i64, (hi * p as f64) as i64);
        let mut seen = BTreeSet::new();
        let mut cells = 0;
        for x in 0..=hi / a {
            for y in ((lo - a * x).max(0) + b - 1) / b..=(hi - a * x) / b {
                if a * (x + 7) + b * (y + 7) > p {
                    continue;
                }
                let mut h: u128 = 0;
                for i in 0..8 {
                    for j in 0..8 {
                        h = h.wrapping_mul(0x100000001b3).wrapping_add(u128::from(g(t, x + i, y + j)) + 1);
                    }
                }
                seen.insert(h);
                cells += 1;
            }
        }
        out[k] = (seen.len() as u64, cells);
    }
    out
}

/// Searches for a closed form, growing the triangle on failure (see the module documentation).
/// Returns the candidate and the triangle it was found in; a candidate agrees with every cell of
/// that triangle but is *not* proven.
#[allow(clippy::result_large_err)] // Called once per analysis: the evidence is worth its size.
pub fn discover(set: &MoveSet, limits: &Limits) -> Result<(ClosedForm, Triangle), NotFound> {
    discover_with(set, limits, &mut |_, _| {})
}

/// [`discover`], telling `searching` the potential of each triangle and about how many cells it
/// holds, before it is computed.
#[allow(clippy::result_large_err)] // As `discover`'s.
pub(super) fn discover_with(
    set: &MoveSet,
    limits: &Limits,
    searching: &mut dyn FnMut(i64, u64),
) -> Result<(ClosedForm, Triangle), NotFound> {
    let (a, b) = set.potential();
    // A triangle of potential P holds about P² / (2ab) cells.
    let potential_for = |cells: u64| (2 * (a * b) as u64).saturating_mul(cells).isqrt() as i64;
    let cells_for = |potential: i64| (potential.max(0) as u128).pow(2) / (2 * (a * b) as u128);
    let mut p = potential_for(limits.start_cells).max(64);
    let mut k = limits.start_period;
    loop {
        searching(p, u64::try_from(cells_for(p)).unwrap_or(u64::MAX));
        let t = Triangle::compute(set, p);
        match attempt(set, &t, k, limits) {
            Ok(form) => return Ok((form, t)),
            Err(reason) => {
                let next = 2 * p;
                if cells_for(next) > u128::from(limits.max_cells) {
                    // The evidence from the first triangle (a window count costs 64 reads a cell).
                    let first = Triangle::compute(set, potential_for(limits.start_cells).max(64));
                    return Err(NotFound {
                        max_potential: p,
                        max_value: t.max_value(),
                        cause: Cause::NoCandidate(Miss { what: reason }),
                        windows: Some(Windows { potential: first.max_potential(), bands: windows(&first) }),
                    });
                }
                p = next;
                k *= 2;
            }
        }
    }
}
