//! A machine-checked proof that the closed form `F` ([`super::closed_form`]) equals the
//! hyper-knight Grundy function `g` on all of N².
//!
//! # What has to be shown
//!
//! Every move lowers `s = x + y`, so `g` is the *unique* function on N² with
//! `g(c) = mex { g(c + m) : m a legal move at c }` for every cell `c` (induction on `s`). So it
//! suffices to show that `F` satisfies this recurrence at every cell: then `F = g` by the same
//! induction. Call "the recurrence holds at `c`" **R(c)**.
//!
//! # The key
//!
//! `F(c) = Φ(Local(c))` ([`Patterns::eval_local`] sees nothing else) and
//! `Local(c) = orient(Forms(c))`, where `Forms(c)` is five linear forms of `c` — `x`, `y`, `y - x`,
//! `y - 2x`, `x - 2y` — each clamped to a small range `[lo_i, hi_i]`, plus `x mod 4`, `y mod 4`
//! ([`Forms`], [`Forms::orient`]; [`Local::of`] computes the same view directly, see
//! [`super::closed_form`]).
//!
//! The **key** of `c`, [`Key`], is the same forms with every clamp widened by what a move can do
//! to the form: with `δ = L_i(m)` ranging over the moves and the null move,
//! `key_lo_i = lo_i - max δ` and `key_hi_i = hi_i - min δ` ([`key_bounds`]).
//!
//! **Lemma A** (one neighbourhood signature per key). For every cell `c` and move `m`, whether
//! `m` is legal at `c`, and `Forms(c + m)`, are functions of `Key(c)` alone; so are `Forms(c)`
//! (the null move) and hence `F(c)` and every `F(c + m)` ([`target_local`] computes
//! `Local(c + m)` from the key). So **R(c) depends only on `Key(c)`**.
//!
//! *Proof.* Residues: `(x + dx) mod 4 = ((x mod 4) + dx) mod 4`. Forms: let `t = L_i(c)`,
//! `k = clamp(t, key_lo, key_hi)`; then `clamp(t + δ, lo, hi) = clamp(k + δ, lo, hi)`: equal if
//! `t = k`; if `t > key_hi` both sides are `hi`, since `t + δ > key_hi + δ >= hi`; if
//! `t < key_lo` both are `lo` likewise. Legality: `x + dx >= 0` iff `key_x + dx >= 0`, because
//! `key_lo_x <= 0` (so `key_x = x` whenever `x <= key_hi_x`) and `key_hi_x + dx >= 0` for every
//! move (so a saturated `x` stays legal); the same for `y`. The checker verifies the inequalities
//! `key_lo_i + δ <= lo_i`, `key_hi_i + δ >= hi_i`, `key_lo <= 0` and `key_hi + dx >= 0` for every
//! form and move; it also compares [`target_local`] with [`Local::of`]`(c + m)` (the code the
//! library runs) on every cell it scans, as a cross-check of the lemma.
//!
//! **Lemma B** (translation). Let `V` be [`TRANSLATIONS`]: `(0,4), (4,0), (4,4), (4,8), (8,4)`,
//! all in `4Z²` with positive `s`. Each form is unchanged by one of them (`x` by `(0,4)`, `y` by
//! `(4,0)`, `y - x` by `(4,4)`, `y - 2x` by `(4,8)`, `x - 2y` by `(8,4)`). Let
//! `M_i = max |L_i(v)|` over `V` and call `L_i` *near* at `c` when
//! `key_lo_i - M_i < L_i(c) < key_hi_i + M_i`. If at most one form is near at `c`, pick `v ∈ V`
//! fixing that form (any `v` if none is near): then `c - v ∈ N²` and `Key(c - v) = Key(c)`.
//!
//! *Proof.* `v ∈ 4Z²` keeps the residues. The form `v` fixes is kept. Every other form is far:
//! `L_i(c) >= key_hi_i + M_i`, so `L_i(c - v) = L_i(c) - L_i(v) >= key_hi_i` and both clamp to
//! `key_hi_i` (or symmetrically at `key_lo_i`). `x >= 0 > key_lo_x - M_x` so a far `x` is far
//! above, `x >= key_hi_x + M_x >= v_x`, and `x - v_x >= 0`; if `x` is the near form, `v_x = 0`.
//! The same for `y`. The checker verifies the facts about `V` and `M_i >= |L_i(v)|`.
//!
//! **The candidates.** Any two of the five forms are linearly independent, so the cells where
//! two forms are near form a finite set `C`. The checker enumerates `C` exactly (for each pair
//! of forms and each pair of near values it solves the 2x2 system) and tests each `c ∈ C`
//! directly for a `v ∈ V` with `c - v ∈ N²` and `Key(c - v) = Key(c)`. The **radius** `R` is one
//! more than the largest `s` of a candidate without such a translate.
//!
//! So every cell with `s >= R` has a same-key translate `c - v` with `s - 12 <= s(c - v) < s`:
//! by Lemma B outside `C`, by the direct test inside `C`.
//!
//! **The direct check.** The checker evaluates `F` and verifies R(c) at every cell with `s < R`.
//!
//! **Theorem.** R(c) holds for every `c ∈ N²`, hence `F = g`.
//!
//! *Proof.* Strong induction on `s`. If `s < R`, R(c) was checked directly. Otherwise take the
//! translate `c' = c - v`: R(c') holds by induction (`s(c') < s`), `Key(c') = Key(c)`, and R
//! depends only on the key (Lemma A), so R(c) holds. ∎
//!
//! **What is not machine-checked.** The checker reasons about `Forms` computed in exact `i128`
//! arithmetic; the library evaluates `Local` with [`Local::of`] in `u64` arithmetic. That the two
//! agree (`Local::of(c) = orient(Forms(c))` on all of `u64²`) is the short argument in
//! [`super::closed_form`]; the checker confirms it on every cell it scans and a property test on
//! huge random cells. Everything else above is either checked or a line of algebra stated here.
//!
//! **The numbers** (for the embedded patterns): key clamps `x, y ∈ [-1, 41]`, `y - x ∈ [-17, 17]`,
//! `y - 2x, x - 2y ∈ [-16, 22]`; near windows `M = 8, 8, 4, 12, 12`; 5 763 candidates, of which
//! 4 403 have no same-key translate; radius `R = 158`, so the recurrence is checked directly on
//! 12 561 cells, which hold 4 403 distinct keys.
//!
//! The checker is [`prove`]; `grundy verify knight` and the test suite run it on the embedded
//! patterns. [`prove_with`] takes the translation set and key bounds as parameters so tests can
//! show that a wrong pattern cell, a missing translation or too narrow a key is refused.

use core::fmt;
use std::collections::BTreeSet;
use std::{format, string::String, vec::Vec};

use super::closed_form::{FORMS, Forms, LOCAL_CLAMP, Local, Patterns, X, Y};
use grundy_core::leaper::{HYPER_KNIGHT_MOVES, Move};

/// The translation set `V` of Lemma B.
pub const TRANSLATIONS: [(i64, i64); 5] = [(0, 4), (4, 0), (4, 4), (4, 8), (8, 4)];

/// The key of a cell: its [`Forms`] with the [`key_bounds`] clamps.
pub type Key = Forms;

/// Bounds of a clamp, `[lo, hi]`, per form.
pub type Bounds = [(i64, i64); 5];

/// `L_i(dx, dy)`.
fn form(i: usize, (dx, dy): (i64, i64)) -> i64 {
    FORMS[i].0 * dx + FORMS[i].1 * dy
}

fn moves() -> impl Iterator<Item = (i64, i64)> {
    HYPER_KNIGHT_MOVES.iter().map(|&(dx, dy): &Move| (i64::from(dx), i64::from(dy)))
}

/// The key clamps: [`LOCAL_CLAMP`] widened by the moves and the null move (Lemma A).
pub fn key_bounds() -> Bounds {
    let mut bounds = LOCAL_CLAMP;
    for (i, (lo, hi)) in bounds.iter_mut().enumerate() {
        let deltas = || moves().chain([(0, 0)]).map(|m| form(i, m));
        *lo -= deltas().max().expect("moves");
        *hi -= deltas().min().expect("moves");
    }
    bounds
}

/// `Key(c)`.
pub fn key(x: u64, y: u64, bounds: &Bounds) -> Key {
    Forms::with_bounds(x, y, bounds)
}

/// `Local(c + m)` computed from `Key(c)` alone, or `None` when `m` is illegal at `c` (Lemma A).
pub fn target_local(key: &Key, (dx, dy): (i64, i64)) -> Option<Local> {
    if key.values[X] + dx < 0 || key.values[Y] + dy < 0 {
        return None;
    }
    let mut values = [0; 5];
    for (i, value) in values.iter_mut().enumerate() {
        let (lo, hi) = LOCAL_CLAMP[i];
        *value = (key.values[i] + form(i, (dx, dy))).clamp(lo, hi);
    }
    let shift = |r: u8, d: i64| (i64::from(r) + d).rem_euclid(4) as u8;
    Some(Forms { values, residues: [shift(key.residues[0], dx), shift(key.residues[1], dy)] }.orient())
}

/// What the checker established.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// `R`: the recurrence was checked directly on every cell with `x + y < R`.
    pub radius: u64,
    /// Cells where the recurrence was checked directly: `R (R + 1) / 2`.
    pub recurrence_cells: u64,
    /// The key clamps.
    pub key_bounds: Bounds,
    /// The translation set `V`.
    pub translations: Vec<(i64, i64)>,
    /// The near windows `(key_lo - M, key_hi + M)`, exclusive, per form.
    pub near: Bounds,
    /// Cells in the finite set `C` (two or more near forms), all tested for a translate.
    pub candidates: usize,
    /// Candidates without a same-key translate (all have `x + y < R`).
    pub untranslatable: usize,
    /// Distinct keys of the cells with `x + y < R`, where the recurrence was checked.
    pub key_classes: usize,
    /// Cells (`x + y < R + 24`) on which Lemma A was cross-checked against the real neighbours.
    pub lemma_cells: u64,
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vs: Vec<String> = self.translations.iter().map(|(a, b)| format!("({a},{b})")).collect();
        writeln!(f, "knight closed form: proven equal to the Grundy function on all of N^2")?;
        writeln!(
            f,
            "  radius R = {}: recurrence checked on all {} cells with x+y < R",
            self.radius, self.recurrence_cells
        )?;
        writeln!(
            f,
            "  {} key classes below R; key clamps (x, y, y-x, y-2x, x-2y) {:?}",
            self.key_classes, self.key_bounds
        )?;
        writeln!(
            f,
            "  translations {}: {} candidate cells with two near forms, {} without a same-key translate (all below R)",
            vs.join(" "),
            self.candidates,
            self.untranslatable
        )?;
        write!(f, "  lemma A cross-checked on {} cells (x+y < R+24)", self.lemma_cells)
    }
}

/// Why the checker refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refutation {
    /// A structural fact behind Lemma A or B does not hold (key bounds, translation set).
    Lemma(String),
    /// `F` breaks the recurrence at a cell: the closed form is wrong there or below.
    #[allow(missing_docs)]
    Recurrence { x: u64, y: u64, value: u8, mex: u8 },
    /// The key did not predict a neighbour's local view (Lemma A failed on a real cell).
    #[allow(missing_docs)]
    Signature { x: u64, y: u64, m: (i64, i64) },
}

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refutation::Lemma(what) => write!(f, "lemma check failed: {what}"),
            Refutation::Recurrence { x, y, value, mex } => {
                write!(f, "F({x}, {y}) = {value}, but the mex of F over its moves is {mex}")
            }
            Refutation::Signature { x, y, m } => {
                write!(f, "the key of ({x}, {y}) does not determine the local view after move {m:?}")
            }
        }
    }
}

impl core::error::Error for Refutation {}

/// Proves `F = g` for these patterns with the standard translations and key (see the module
/// documentation), or says what failed.
pub fn prove(patterns: &Patterns) -> Result<Proof, Refutation> {
    prove_with(patterns, &TRANSLATIONS, key_bounds())
}

/// [`prove`] with a chosen translation set and key clamps (for testing that the checker refuses
/// unsound choices).
pub fn prove_with(patterns: &Patterns, translations: &[(i64, i64)], bounds: Bounds) -> Result<Proof, Refutation> {
    check_lemma_a(&bounds)?;
    let near = check_lemma_b(translations, &bounds)?;

    // The candidates: cells where two forms are near, each tested for a same-key translate.
    let candidates = candidates(&near);
    let mut radius = 0u64;
    let mut untranslatable = 0;
    for &(x, y) in &candidates {
        let k = key(x, y, &bounds);
        let translate = translations.iter().any(|&(vx, vy)| {
            let (vx, vy) = (vx as u64, vy as u64);
            x >= vx && y >= vy && key(x - vx, y - vy, &bounds) == k
        });
        if !translate {
            untranslatable += 1;
            radius = radius.max(x + y + 1);
        }
    }

    // The direct check of the recurrence below the radius, and Lemma A on real cells.
    let mut key_classes: BTreeSet<Key> = BTreeSet::new();
    let lemma_sum = radius + 24;
    let mut lemma_cells = 0;
    for s in 0..lemma_sum {
        for x in 0..=s {
            let y = s - x;
            let k = key(x, y, &bounds);
            for m in moves().chain([(0, 0)]) {
                let real = match (x.checked_add_signed(m.0), y.checked_add_signed(m.1)) {
                    (Some(a), Some(b)) => Some(Local::of(a, b)),
                    _ => None,
                };
                if target_local(&k, m) != real {
                    return Err(Refutation::Signature { x, y, m });
                }
            }
            lemma_cells += 1;
            if s < radius {
                key_classes.insert(k);
                let value = patterns.eval(x, y);
                let mut seen = 0u64;
                for (dx, dy) in moves() {
                    if let (Some(a), Some(b)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) {
                        seen |= 1 << patterns.eval(a, b);
                    }
                }
                let mex = (!seen).trailing_zeros() as u8;
                if value != mex {
                    return Err(Refutation::Recurrence { x, y, value, mex });
                }
            }
        }
    }
    Ok(Proof {
        radius,
        recurrence_cells: radius * (radius + 1) / 2,
        key_bounds: bounds,
        translations: translations.to_vec(),
        near,
        candidates: candidates.len(),
        untranslatable,
        key_classes: key_classes.len(),
        lemma_cells,
    })
}

/// The inequalities behind Lemma A, for every form and every move (and the null move).
fn check_lemma_a(bounds: &Bounds) -> Result<(), Refutation> {
    for (i, (&(klo, khi), &(lo, hi))) in bounds.iter().zip(&LOCAL_CLAMP).enumerate() {
        for m in moves().chain([(0, 0)]) {
            let delta = form(i, m);
            if klo + delta > lo || khi + delta < hi {
                return Err(Refutation::Lemma(format!(
                    "form {i}: key clamp [{klo}, {khi}] is too narrow for move {m:?} (local clamp [{lo}, {hi}])"
                )));
            }
        }
    }
    for (i, coordinate) in [(X, "x"), (Y, "y")] {
        let (klo, khi) = bounds[i];
        let lowest = moves().map(|m| form(i, m)).min().expect("moves");
        if klo > 0 || khi + lowest < 0 {
            return Err(Refutation::Lemma(format!("the key clamp of {coordinate} does not decide legality")));
        }
    }
    Ok(())
}

/// The facts behind Lemma B; returns the near windows `(key_lo - M, key_hi + M)`.
fn check_lemma_b(translations: &[(i64, i64)], bounds: &Bounds) -> Result<Bounds, Refutation> {
    for &(vx, vy) in translations {
        if vx < 0 || vy < 0 || vx + vy <= 0 || vx % 4 != 0 || vy % 4 != 0 {
            return Err(Refutation::Lemma(format!("translation ({vx},{vy}) is not in 4N² with positive x+y")));
        }
    }
    let mut near = [(0, 0); 5];
    for (i, window) in near.iter_mut().enumerate() {
        if !translations.iter().any(|&v| form(i, v) == 0) {
            return Err(Refutation::Lemma(format!("no translation keeps form {i} ({:?})", FORMS[i])));
        }
        let reach = translations.iter().map(|&v| form(i, v).abs()).max().unwrap_or(0);
        *window = (bounds[i].0 - reach, bounds[i].1 + reach);
    }
    // A far x (or y) is far above: x >= 0 cannot be at or below key_lo - M.
    if near[X].0 >= 0 || near[Y].0 >= 0 {
        return Err(Refutation::Lemma("the key clamp of x or y must start at or below 0".into()));
    }
    Ok(near)
}

/// The cells (in N²) where two or more forms are near, exactly: for each pair of forms and each
/// pair of near values, the solution of the 2x2 system when it is integral and non-negative.
fn candidates(near: &Bounds) -> BTreeSet<(u64, u64)> {
    let mut cells = BTreeSet::new();
    for i in 0..5 {
        for j in i + 1..5 {
            let ((ai, bi), (aj, bj)) = (FORMS[i], FORMS[j]);
            let det = ai * bj - bi * aj;
            assert_ne!(det, 0, "the forms are pairwise independent");
            for p in near[i].0 + 1..near[i].1 {
                for q in near[j].0 + 1..near[j].1 {
                    let (xn, yn) = (p * bj - bi * q, ai * q - aj * p);
                    if xn % det == 0 && yn % det == 0 && xn / det >= 0 && yn / det >= 0 {
                        cells.insert(((xn / det) as u64, (yn / det) as u64));
                    }
                }
            }
        }
    }
    cells
}

#[cfg(test)]
mod tests {
    use super::super::closed_form::EXTRACT_MIN_SUM;
    use super::*;
    use grundy_core::leaper::Triangle;

    fn patterns() -> Patterns {
        Patterns::extract(&Triangle::compute(&grundy_core::leaper::MoveSet::hyper_knight(), EXTRACT_MIN_SUM as i64))
    }

    #[test]
    fn the_extracted_closed_form_is_proven() {
        let proof = prove(&patterns()).unwrap();
        assert!(proof.radius > 0 && proof.radius < 200, "{proof}");
        assert!(proof.key_classes > 0 && proof.untranslatable > 0);
        assert_eq!(proof.key_bounds, [(-1, 41), (-1, 41), (-17, 17), (-16, 22), (-16, 22)]);
    }

    #[test]
    fn candidates_are_exactly_the_cells_with_two_near_forms() {
        let near = check_lemma_b(&TRANSLATIONS, &key_bounds()).unwrap();
        let listed = candidates(&near);
        let is_near = |i: usize, x: i64, y: i64| {
            let v = form(i, (x, y));
            near[i].0 < v && v < near[i].1
        };
        for x in 0..400i64 {
            for y in 0..400i64 {
                let count = (0..5).filter(|&i| is_near(i, x, y)).count();
                assert_eq!(listed.contains(&(x as u64, y as u64)), count >= 2, "({x}, {y})");
            }
        }
        assert!(listed.iter().all(|&(x, y)| x < 400 && y < 400));
    }

    #[test]
    fn a_wrong_pattern_cell_is_refuted() {
        for tweak in 0..4 {
            let mut p = patterns();
            match tweak {
                0 => p.wedge[2][1] ^= 1,
                1 => p.diag[0][7] ^= 2,
                2 => p.strip[3][20] ^= 1,
                _ => p.core[100] ^= 1,
            }
            assert!(matches!(prove(&p), Err(Refutation::Recurrence { .. })), "tweak {tweak}");
        }
    }

    #[test]
    fn an_unsound_key_or_translation_set_is_refused() {
        let p = patterns();
        let mut narrow = key_bounds();
        narrow[3].1 -= 1;
        assert!(matches!(prove_with(&p, &TRANSLATIONS, narrow), Err(Refutation::Lemma(_))));
        // Without (8, 4) no translation keeps x - 2y.
        assert!(matches!(prove_with(&p, &TRANSLATIONS[..4], key_bounds()), Err(Refutation::Lemma(_))));
        assert!(matches!(
            prove_with(&p, &[(0, 4), (4, 0), (4, 4), (4, 8), (8, 4), (2, 2)], key_bounds()),
            Err(Refutation::Lemma(_))
        ));
    }

    #[test]
    fn lemma_a_clamp_identity_on_a_window() {
        // The inequalities imply the identity for all t; spot-check it around the clamps.
        let bounds = key_bounds();
        for i in 0..5 {
            let ((klo, khi), (lo, hi)) = (bounds[i], LOCAL_CLAMP[i]);
            for m in moves() {
                let d = form(i, m);
                for t in klo - 40..khi + 40 {
                    assert_eq!((t + d).clamp(lo, hi), (t.clamp(klo, khi) + d).clamp(lo, hi), "form {i} t {t} m {m:?}");
                }
            }
        }
    }
}
