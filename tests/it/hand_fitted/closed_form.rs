//! The hyper-knight closed form `F(x, y)`: a few small pattern tables that give the Grundy value
//! of any cell in O(1). [`super::certificate`] proves `F = g` on all of N².
//!
//! # The shape
//!
//! `g` is symmetric, so take `x <= y` (swap otherwise) and write `e = y - 2x`, `d = y - x`.
//!
//! | cells (`x <= y`) | value |
//! |---|---|
//! | core: `y < 38` | `core[x][y]`, stored for `x <= y` only |
//! | outer: `y >= 38`, `e >= 18` | `outer[x mod 4]` (it is `x mod 4`) |
//! | strip along y = 2x: `y >= 38`, `-10 <= e <= 17` | `strip[x mod 4][e + 10]`, period (4, 8) |
//! | diagonal strip: `y >= 38`, `e <= -11`, `d <= 13` | `diag[x mod 4][d]`, period (4, 4) |
//! | wedge: `y >= 38`, `e <= -11`, `d >= 14` | `wedge[x mod 4][y mod 4]` |
//!
//! These regions were read off the computed table (`docs/closed-form.md`), and checking them
//! against it confirmed every constant. None can be moved outwards (`tests::region_boundaries_are_tight`): with a core
//! bound of 37 the strip would be wrong at (14, 37); the outer region cannot start at `e = 17`
//! (14, 45), nor the wedge at `e = -10` (27, 44) or at `d = 13` (25, 38).
//!
//! # Generated, not typed in
//!
//! The constants above are the only hand-written facts. The pattern tables are extracted by
//! `build.rs` from the iteratively computed triangle ([`Patterns::extract`]), checked against
//! every cell of that triangle ([`Patterns::check`]) and written to `OUT_DIR/closed_form.rs`
//! ([`Patterns::to_rust`]), which the library includes.
//!
//! # Evaluation through the local view
//!
//! [`Patterns::eval`] does not look at `(x, y)` directly: it computes the [`Local`] view (the
//! cell oriented so that `a = min(x, y) <= b = max(x, y)`, then `a`, `b`, `b - a`, `b - 2a`
//! clamped to small ranges, and `a mod 4`, `b mod 4`) and reads only that
//! ([`Patterns::eval_local`]). The certificate rests on this: the local view is a function of
//! five *linear* forms of the cell, clamped ([`Forms`], [`Forms::orient`]), so `F` at a cell and at
//! its neighbours is a function of slightly wider clamps of the cell's own forms.
//!
//! [`Local::of`] computes the view with a handful of `u64` operations; it equals
//! `Forms::of(x, y).orient()` (exact `i128` arithmetic) on all of `u64²`: for `a <= b`,
//! `b - a` is exact in `u64`, and `clamp(b - 2a, -11, 18) = min((d - a)⁺, 18) - min((a - d)⁺, 11)`
//! with `d = b - a` and `t⁺ = t.saturating_sub(..)` exact; `orient` picks the forms of `(x, y)` or
//! of `(y, x)` by the sign of `y - x` (`y - x` and `x - 2y` are `b - a` and `b - 2a` when `x > y`).
//! The certificate compares the two on every cell it scans and `tests/it/closed_form.rs` on huge
//! random cells.

use grundy_core::leaper::Triangle;
use std::{
    format,
    string::{String, ToString},
    vec::Vec,
};

/// Cells with `max(x, y) < CORE` come from the core table.
pub const CORE: i64 = 38;
/// Beyond the core, `e = y - 2x >= OUTER_E` (for `x <= y`) is the outer region.
pub const OUTER_E: i64 = 18;
/// Beyond the core, `STRIP_E <= e < OUTER_E` is the strip along `y = 2x`.
pub const STRIP_E: i64 = -10;
/// Beyond the core and below the strip, `d = y - x <= DIAG_D` is the diagonal strip; the rest
/// is the wedge.
pub const DIAG_D: i64 = 13;

/// Width of the strip pattern (one column per value of `e`).
pub const STRIP_WIDTH: usize = (OUTER_E - STRIP_E) as usize;
/// Width of the diagonal pattern (one column per value of `d`).
pub const DIAG_WIDTH: usize = (DIAG_D + 1) as usize;
/// Cells of the core triangle `x <= y < CORE`.
pub const CORE_CELLS: usize = (CORE * (CORE + 1) / 2) as usize;

/// The coordinates answered by the library: `0 <= x, y <= MAX_COORDINATE = 2^63 - 1`.
/// ([`Patterns::eval`] itself is exact on all of `u64`.)
pub const MAX_COORDINATE: u64 = i64::MAX as u64;

/// Index of the form `x` in [`FORMS`] and [`Forms::values`].
pub const X: usize = 0;
/// Index of the form `y`.
pub const Y: usize = 1;
/// Index of the form `d = y - x`.
pub const D: usize = 2;
/// Index of the form `e = y - 2x` (the strip offset when `x <= y`).
pub const E: usize = 3;
/// Index of the form `f = x - 2y` (the strip offset when `x > y`).
pub const F: usize = 4;

/// The linear forms behind the local view, as `(coefficient of x, coefficient of y)`:
/// `x`, `y`, `d = y - x`, `e = y - 2x`, `f = x - 2y`.
pub const FORMS: [(i64, i64); 5] = [(1, 0), (0, 1), (-1, 1), (-2, 1), (1, -2)];

/// The clamps of the forms from which [`Forms::orient`] gives the local view.
pub const LOCAL_CLAMP: [(i64, i64); 5] =
    [(0, CORE), (0, CORE), (-(DIAG_D + 1), DIAG_D + 1), (STRIP_E - 1, OUTER_E), (STRIP_E - 1, OUTER_E)];

/// The five [`FORMS`] of a cell, each clamped to a range, and `x mod 4`, `y mod 4`.
///
/// With [`LOCAL_CLAMP`] this determines the local view ([`Forms::orient`]); the certificate
/// uses wider clamps as its key.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Forms {
    /// `FORMS[i]` of the cell, clamped.
    pub values: [i64; 5],
    /// `[x mod 4, y mod 4]`.
    pub residues: [u8; 2],
}

impl Forms {
    /// The forms of `(x, y)` clamped to `bounds`, in exact `i128` arithmetic.
    pub fn with_bounds(x: u64, y: u64, bounds: &[(i64, i64); 5]) -> Forms {
        let (x128, y128) = (i128::from(x), i128::from(y));
        let mut values = [0; 5];
        for ((value, &(a, b)), &(lo, hi)) in values.iter_mut().zip(&FORMS).zip(bounds) {
            *value = (i128::from(a) * x128 + i128::from(b) * y128).clamp(i128::from(lo), i128::from(hi)) as i64;
        }
        Forms { values, residues: [(x % 4) as u8, (y % 4) as u8] }
    }

    /// The forms of `(x, y)` with the [`LOCAL_CLAMP`] clamps.
    pub fn of(x: u64, y: u64) -> Forms {
        Forms::with_bounds(x, y, &LOCAL_CLAMP)
    }

    /// The local view, from forms clamped to [`LOCAL_CLAMP`]: by the sign of `d`, the forms of
    /// the cell or of its mirror image.
    pub fn orient(&self) -> Local {
        let [x, y, d, e, f] = self.values;
        let [rx, ry] = self.residues;
        if d >= 0 {
            Local { lo: x, hi: y, d, e, r_lo: rx, r_hi: ry }
        } else {
            Local { lo: y, hi: x, d: -d, e: f, r_lo: ry, r_hi: rx }
        }
    }
}

/// Everything `F` looks at: with `a = min(x, y)`, `b = max(x, y)`, `d = b - a`:
/// `min(a, CORE)`, `min(b, CORE)`, `min(d, DIAG_D + 1)`, `clamp(b - 2a, STRIP_E - 1, OUTER_E)`,
/// `a mod 4` and `b mod 4`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Local {
    /// `min(a, CORE)`.
    pub lo: i64,
    /// `min(b, CORE)`.
    pub hi: i64,
    /// `min(b - a, DIAG_D + 1)`.
    pub d: i64,
    /// `clamp(b - 2a, STRIP_E - 1, OUTER_E)`.
    pub e: i64,
    /// `a mod 4`.
    pub r_lo: u8,
    /// `b mod 4`.
    pub r_hi: u8,
}

impl Local {
    /// The local view of `(x, y)`, exact for every `x, y` in `u64` (equal to
    /// `Forms::of(x, y).orient()`; see the module documentation).
    #[inline]
    pub fn of(x: u64, y: u64) -> Local {
        let (a, b) = (x.min(y), x.max(y));
        let d = b - a;
        let e = d.saturating_sub(a).min(OUTER_E as u64) as i64 - a.saturating_sub(d).min((1 - STRIP_E) as u64) as i64;
        Local {
            lo: a.min(CORE as u64) as i64,
            hi: b.min(CORE as u64) as i64,
            d: d.min(DIAG_D as u64 + 1) as i64,
            e,
            r_lo: (a % 4) as u8,
            r_hi: (b % 4) as u8,
        }
    }
}

/// The pattern tables of the closed form (all for `x <= y`; the other half by symmetry).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Patterns {
    /// `g(x, y)` for `x <= y < CORE`, at `y * (y + 1) / 2 + x`.
    pub core: [u8; CORE_CELLS],
    /// The outer region by `x mod 4`.
    pub outer: [u8; 4],
    /// The strip by `x mod 4` and `e - STRIP_E`.
    pub strip: [[u8; STRIP_WIDTH]; 4],
    /// The diagonal strip by `x mod 4` and `d`.
    pub diag: [[u8; DIAG_WIDTH]; 4],
    /// The wedge by `x mod 4` and `y mod 4`.
    pub wedge: [[u8; 4]; 4],
}

/// Index of `(x, y)`, `x <= y < CORE`, in [`Patterns::core`].
#[inline]
fn core_index(x: i64, y: i64) -> usize {
    (y * (y + 1) / 2 + x) as usize
}

/// The cell `x` from which [`Patterns::extract`] reads the periodic patterns (and onwards, up
/// to `+ 3` for the residues): far from the core.
pub const REFERENCE_X: i64 = 100;

/// The smallest triangle (largest `x + y`) [`Patterns::extract`] reads from.
pub const EXTRACT_MIN_SUM: usize = (3 * (REFERENCE_X + 3) + OUTER_E + 3 + 2 * CORE) as usize;

/// A cell where the closed form and the computed table disagree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Mismatch {
    /// The cell's row.
    pub x: u64,
    /// The cell's column.
    pub y: u64,
    /// The value in the computed table.
    pub table: u8,
    /// The value of the closed form.
    pub closed_form: u8,
}

impl core::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "the closed form disagrees with the computed table at ({}, {}): table {}, closed form {}",
            self.x, self.y, self.table, self.closed_form
        )
    }
}

impl core::error::Error for Mismatch {}

impl Patterns {
    /// Reads the pattern tables off a computed hyper-knight triangle: the core from the core
    /// cells, the periodic patterns from reference cells with `x` in `REFERENCE_X..REFERENCE_X + 4`.
    /// Needs `(triangle.max_potential() as usize) >= EXTRACT_MIN_SUM`. Call [`Patterns::check`] afterwards: a
    /// reference cell says what the pattern is only if the regions are right.
    pub fn extract(triangle: &Triangle) -> Patterns {
        assert!(
            (triangle.max_potential() as usize) >= EXTRACT_MIN_SUM,
            "extracting the closed form needs x + y <= {EXTRACT_MIN_SUM}"
        );
        let g = |x: i64, y: i64| triangle.get(x as u64, y as u64).expect("reference cell inside the triangle");
        let mut p = Patterns {
            core: [0; CORE_CELLS],
            outer: [0; 4],
            strip: [[0; STRIP_WIDTH]; 4],
            diag: [[0; DIAG_WIDTH]; 4],
            wedge: [[0; 4]; 4],
        };
        for y in 0..CORE {
            for x in 0..=y {
                p.core[core_index(x, y)] = g(x, y);
            }
        }
        for x in REFERENCE_X..REFERENCE_X + 4 {
            let rx = (x % 4) as usize;
            p.outer[rx] = g(x, 2 * x + OUTER_E + 3);
            for e in STRIP_E..OUTER_E {
                p.strip[rx][(e - STRIP_E) as usize] = g(x, 2 * x + e);
            }
            for d in 0..=DIAG_D {
                p.diag[rx][d as usize] = g(x, x + d);
            }
            for y in x + DIAG_D + 1..x + DIAG_D + 5 {
                p.wedge[rx][(y % 4) as usize] = g(x, y);
            }
        }
        p
    }

    /// Compares the closed form with every cell of `triangle`; returns how many cells it checked.
    pub fn check(&self, triangle: &Triangle) -> Result<usize, Mismatch> {
        let mut checked = 0;
        for s in 0..=(triangle.max_potential() as usize) {
            for x in 0..=s {
                let y = s - x;
                let table = triangle.get(x as u64, y as u64).expect("inside the triangle");
                let closed_form = self.eval(x as u64, y as u64);
                if table != closed_form {
                    return Err(Mismatch { x: x as u64, y: y as u64, table, closed_form });
                }
                checked += 1;
            }
        }
        Ok(checked)
    }

    /// `F(x, y)`, exact for every `x, y` in `u64` (the proof covers all of N²).
    #[inline]
    pub fn eval(&self, x: u64, y: u64) -> u8 {
        self.eval_local(&Local::of(x, y))
    }

    /// `F` from the local view alone.
    #[inline]
    pub fn eval_local(&self, l: &Local) -> u8 {
        let ra = usize::from(l.r_lo & 3);
        if l.hi < CORE {
            self.core[core_index(l.lo, l.hi)]
        } else if l.e >= OUTER_E {
            self.outer[ra]
        } else if l.e >= STRIP_E {
            self.strip[ra][(l.e - STRIP_E) as usize]
        } else if l.d <= DIAG_D {
            self.diag[ra][l.d as usize]
        } else {
            self.wedge[ra][usize::from(l.r_hi & 3)]
        }
    }

    /// The patterns as a Rust item: `pub static {name}: grundy_core::closed_form::Patterns`.
    pub fn to_rust(&self, name: &str) -> String {
        fn row(values: &[u8]) -> String {
            let cells: Vec<String> = values.iter().map(u8::to_string).collect();
            format!("[{}]", cells.join(", "))
        }
        let mut s =
            format!("pub static {name}: grundy_core::closed_form::Patterns = grundy_core::closed_form::Patterns {{\n");
        s += "    // x <= y < CORE, row y holds x = 0..=y.\n    core: [\n";
        for y in 0..CORE {
            let start = core_index(0, y);
            let cells: Vec<String> = self.core[start..=start + y as usize].iter().map(u8::to_string).collect();
            s += &format!("        {}, // y = {y}\n", cells.join(", "));
        }
        s += "    ],\n";
        s += &format!("    outer: {},\n", row(&self.outer));
        for (name, rows) in [
            ("strip", self.strip.iter().map(|r| row(r)).collect::<Vec<_>>()),
            ("diag", self.diag.iter().map(|r| row(r)).collect()),
            ("wedge", self.wedge.iter().map(|r| row(r)).collect()),
        ] {
            s += &format!("    {name}: [\n");
            for (rx, r) in rows.iter().enumerate() {
                s += &format!("        {r}, // x mod 4 = {rx}\n");
            }
            s += "    ],\n";
        }
        s += "};\n";
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn triangle(max_sum: usize) -> Triangle {
        Triangle::compute(&grundy_core::leaper::MoveSet::hyper_knight(), max_sum as i64)
    }

    #[test]
    fn extracted_patterns_match_the_triangle_they_came_from() {
        let t = triangle(EXTRACT_MIN_SUM.max(700));
        let p = Patterns::extract(&t);
        assert_eq!(p.check(&t), Ok(((t.max_potential() as usize) + 1) * ((t.max_potential() as usize) + 2) / 2));
        assert_eq!(p.outer, [0, 1, 2, 3], "the outer region is x mod 4");
    }

    #[test]
    fn check_names_the_first_wrong_cell() {
        let t = triangle(EXTRACT_MIN_SUM);
        let mut p = Patterns::extract(&t);
        p.wedge[1][2] ^= 1;
        let err = p.check(&t).unwrap_err();
        assert_eq!((err.x % 4, err.y % 4), (1, 2));
        assert!(err.to_string().contains("disagrees"));
    }

    #[test]
    fn eval_is_exact_at_the_ends_of_u64() {
        let p = Patterns::extract(&triangle(EXTRACT_MIN_SUM));
        let m = u64::MAX;
        // x = y: d = 0, diagonal strip; the wedge and outer regions by their residues.
        assert_eq!(p.eval(m, m), p.diag[3][0]);
        assert_eq!(p.eval(m - 20, m), p.wedge[((m - 20) % 4) as usize][3]);
        assert_eq!(p.eval(0, m), 0);
        assert_eq!(p.eval(m, 1), p.outer[1]);
        assert_eq!(Local::of(m, 0), Local { lo: 0, hi: CORE, d: DIAG_D + 1, e: OUTER_E, r_lo: 0, r_hi: 3 });
        assert_eq!(Forms::of(m, 0).values, [CORE, 0, -(DIAG_D + 1), STRIP_E - 1, OUTER_E]);
    }

    #[test]
    fn the_fast_local_view_is_the_oriented_forms() {
        let m = u64::MAX;
        let edges = [0, 1, 2, 3, 10, 11, 13, 14, 15, 37, 38, 39, m / 2 - 1, m / 2, m / 2 + 1, m - 40, m - 1, m];
        let mut values: Vec<u64> = edges.to_vec();
        for &v in &edges {
            values.extend((0..40).map(|k| v.wrapping_add(2 * k)).chain((0..40).map(|k| (v / 2).wrapping_add(k))));
        }
        for &x in &values {
            for &y in &values {
                assert_eq!(Local::of(x, y), Forms::of(x, y).orient(), "({x}, {y})");
            }
        }
    }

    /// The region constants are the tightest that work: moving a boundary outwards breaks the
    /// closed form at the cells named in the module documentation.
    #[test]
    fn region_boundaries_are_tight() {
        let t = triangle(EXTRACT_MIN_SUM);
        let p = Patterns::extract(&t);
        let g = |x: usize, y: usize| t.get(x as u64, y as u64).unwrap();
        // Core bound 37: (14, 37) would be a strip cell (e = 9).
        assert_ne!(g(14, 37), p.strip[2][(9 - STRIP_E) as usize]);
        // Outer region from e = 17: (14, 45) is not x mod 4.
        assert_ne!(g(14, 45), p.outer[2]);
        // Wedge from e = -10: (27, 44); from d = 13: (25, 38).
        assert_ne!(g(27, 44), p.wedge[3][0]);
        assert_ne!(g(25, 38), p.wedge[1][2]);
        // While with the constants as they are, every cell is right.
        assert!(p.check(&t).is_ok());
    }
}
