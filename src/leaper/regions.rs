//! A certified closed form's regions over the square `0 <= x, y < size`, in cell units (`X`
//! down, `Y` across, a cell `(x, y)` covering `[x, x + 1) × [y, y + 1)`): the core square's
//! edges, the edges of every strip band and sector boundary outside the core, a label point per
//! sector and a line of key per strip and sector. The picture draws them (`picture.rs`), and so
//! can any other view of the table (the explorer page).

use grundy_core::leaper::ClosedForm;
#[cfg(feature = "json")]
use serde::Serialize;

/// A line segment from `from` to `to`, `(X, Y)` in cell units.
#[derive(Debug, Clone, Copy, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct Segment {
    /// One end.
    pub from: (f64, f64),
    /// The other end.
    pub to: (f64, f64),
}

/// A sector's label and where it goes, `(X, Y)` in cell units.
#[derive(Debug, Clone, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
pub struct SectorLabel {
    /// `S0`, `S1`, ...
    pub label: String,
    /// Its centre.
    pub at: (f64, f64),
}

/// A closed form's regions within a square of `size` cells ([`regions`]).
#[derive(Debug, Clone, Default, PartialEq)]
#[cfg_attr(feature = "json", derive(Serialize))]
#[non_exhaustive]
pub struct Regions {
    /// The core's side (`x, y < core` is the core; 0: none).
    pub core: i64,
    /// The core square's edges inside the square.
    pub core_edges: Vec<Segment>,
    /// The strip bands' and sector boundaries' edges, outside the core.
    pub strip_edges: Vec<Segment>,
    /// A label per sector that falls inside the square and outside the core.
    pub sectors: Vec<SectorLabel>,
    /// One line per strip (its direction, offsets and period) and per sector (its lattice).
    pub key: Vec<String>,
}

/// The regions of `form` within `0 <= x, y < size`.
pub fn regions(form: &ClosedForm, size: u64) -> Regions {
    let n = size as f64;
    let c = form.core_size() as f64;
    let mut r = Regions { core: form.core_size(), ..Regions::default() };
    if c > 0.0 && c < n {
        r.core_edges.push(Segment { from: (c, 0.0), to: (c, c) });
        r.core_edges.push(Segment { from: (0.0, c), to: (c, c) });
    }
    let features = form.features();
    let last = features.len() - 1;
    for (i, f) in features.iter().enumerate() {
        let (p, q) = (f.dir.0 as f64, f.dir.1 as f64);
        if i == 0 {
            // Offsets y in 0..=hi: the edge is the column line Y = hi + 1.
            let yy = (f.hi + 1) as f64;
            if f.hi >= 0 && yy < n {
                r.strip_edges.push(Segment { from: (if yy < c { c } else { 0.0 }, yy), to: (n, yy) });
            }
            continue;
        }
        if i == last {
            let xx = (1 - f.lo) as f64;
            if f.lo <= 0 && xx < n {
                r.strip_edges.push(Segment { from: (xx, if xx < c { c } else { 0.0 }), to: (xx, n) });
            }
            continue;
        }
        let mut edges = vec![f.lo as f64 - 0.5];
        if f.lo <= f.hi {
            edges.push(f.hi as f64 + 0.5);
            r.key.push(format!(
                "strip along ({},{}): {}y-{}x in {}..{}, period ({},{})",
                f.dir.0,
                f.dir.1,
                f.dir.0,
                f.dir.1,
                f.lo,
                f.hi,
                f.period * f.dir.0,
                f.period * f.dir.1
            ));
        }
        for e in edges {
            // Cell centres (X + 1/2, Y + 1/2) with offset n lie on p·Y - q·X = n + (p - q)/2.
            let k = e + (p - q) / 2.0;
            // Y = t, X = (p·t - k) / q for t in [0, n], clipped to X in [0, n], outside the core.
            let (mut t0, mut t1) = (0.0f64, n);
            t0 = t0.max(k / p);
            t1 = t1.min((n * q + k) / p);
            // Inside the core while Y < c and X < c.
            t0 = t0.max(c.min((q * c + k) / p));
            if t0 < t1 {
                r.strip_edges.push(Segment { from: ((p * t0 - k) / q, t0), to: ((p * t1 - k) / q, t1) });
            }
        }
    }
    for (s, sector) in form.sectors().iter().enumerate() {
        r.key.push(format!("S{s}: period lattice ({},0), ({},{})", sector.a, sector.b, sector.d));
        // A label on the bisector of the two strips' directions, at 80% of the side.
        let unit = |d: (i64, i64)| {
            let l = ((d.0 * d.0 + d.1 * d.1) as f64).sqrt();
            (d.0 as f64 / l, d.1 as f64 / l)
        };
        let (a, b) = (unit(features[s].dir), unit(features[s + 1].dir));
        let (bx, by) = (a.0 + b.0, a.1 + b.1);
        let scale = 0.8 * n / bx.max(by);
        let (x, y) = (bx * scale, by * scale);
        if x.max(y) > c + 2.0 && x < n && y < n {
            r.sectors.push(SectorLabel { label: format!("S{s}"), at: (x, y) });
        }
    }
    r
}
