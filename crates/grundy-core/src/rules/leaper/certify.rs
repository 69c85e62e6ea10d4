//! A checker that proves a leaper closed form `F` ([`ClosedForm`]) equal to the Grundy function
//! `g` on all of N², or says where the proof breaks. It uses the closed form only through its
//! evaluation and its declared linear forms, and shares no code with the discovery.
//!
//! # What has to be shown
//!
//! Every move `m` lowers the potential `π(c) = a·x + b·y` (`w·m < 0`), so `g` is the *unique*
//! function on N² with `g(c) = mex { g(c + m) : m legal at c }` for every cell `c` (strong
//! induction on `π`). So it suffices to show that `F` satisfies this recurrence at every cell,
//! **R(c)**: then `F = g` by the same induction.
//!
//! # The key
//!
//! `F(c) = Φ(Forms(c))` ([`ClosedForm::eval`] is `phi ∘ forms`), where `Forms(c)` is the linear
//! forms `L_i(c)` ([`ClosedForm::linear_forms`]: `x`, `y`, one offset per interior strip), each
//! clamped to `[lo_i, hi_i]` ([`ClosedForm::local_bounds`]), and `x mod Q`, `y mod Q`.
//!
//! The **key** of `c` is the same forms clamped to wider ranges, by what a move can do to the
//! form: with `δ = L_i(m)` over the moves and the null move, `klo_i = lo_i - max δ`,
//! `khi_i = hi_i - min δ`; and the same residues.
//!
//! **Lemma A** (the key decides the recurrence). For every move `m`, whether `m` is legal at `c`
//! and `Forms(c + m)` are functions of `Key(c)`; hence so are `F(c)` and all `F(c + m)`, and
//! **R(c) depends only on `Key(c)`**.
//!
//! *Proof.* Residues: `(x + dx) mod Q = ((x mod Q) + dx) mod Q`. Forms: let `t = L_i(c)` and
//! `k = clamp(t, klo_i, khi_i)`; then `clamp(t + δ, lo_i, hi_i) = clamp(k + δ, lo_i, hi_i)`: equal
//! if `t = k`; if `t > khi_i`, both are `hi_i` since `t + δ > khi_i + δ >= hi_i`; if `t < klo_i`,
//! both are `lo_i`. Legality: `x + dx >= 0` iff `k_x + dx >= 0`, because `klo_x <= 0 <= x` (so
//! `k_x = x` unless `x > khi_x`) and `khi_x + dx >= 0` for every move (a saturated `x` stays
//! legal); the same for `y`. The checker verifies `klo_i + δ <= lo_i`, `khi_i + δ >= hi_i`,
//! `klo <= 0` and `khi + d >= 0` for every form and move, and compares the forms it predicts from
//! the key with [`ClosedForm::forms`]`(c + m)` on every cell it scans.
//!
//! **Lemma B** (translation). Let `V` be `(Q, 0)`, `(0, Q)` and `Q·u` for the direction `u` of
//! each interior strip: vectors of `QZ² ∩ N²` of positive potential, each form fixed by one of
//! them (`x` by `(0, Q)`, `y` by `(Q, 0)`, the offset `p·y - q·x` by `Q·(p, q)`). Let
//! `M_i = max |L_i(v)|` over `V`, and call form `i` *near* at `c` when
//! `klo_i - M_i < L_i(c) < khi_i + M_i`. If at most one form is near at `c`, take `v ∈ V` fixing
//! it (any `v` if none is): then `c - v ∈ N²`, `π(c - v) < π(c)` and `Key(c - v) = Key(c)`.
//!
//! *Proof.* `v ∈ QZ²` keeps the residues, and the fixed form is kept. Every other form is far,
//! say `L_i(c) >= khi_i + M_i`; then `L_i(c - v) >= khi_i` and both clamp to `khi_i` (likewise
//! below `klo_i`). `x >= 0 > klo_x - M_x`, so a far `x` is far above: `x >= khi_x + M_x >= v_x`
//! and `x - v_x >= 0`; a near `x` is the fixed form, so `v_x = 0`. The same for `y`.
//!
//! **The radius.** Any two forms are linearly independent (the checker verifies it), so the
//! cells where forms `i` and `j` are both near lie in an open parallelogram; `R` is the largest
//! potential of the corners of these parallelograms, rounded up (and at least 0). So every cell
//! with `π(c) >= R` has at most one near form.
//!
//! **The direct check.** The checker evaluates `F` and verifies R(c) at every cell with
//! `π(c) < R`.
//!
//! **Theorem.** R(c) holds for every `c ∈ N²`, hence `F = g`.
//!
//! *Proof.* Strong induction on `π(c)`. If `π(c) < R`, R(c) was checked. Otherwise Lemma B gives
//! `c' = c - v` with `π(c') < π(c)` and the same key; R(c') holds by induction and R depends only
//! on the key (Lemma A), so R(c) holds. ∎
//!
//! **What is trusted, not checked.** That [`ClosedForm::eval`] reads a cell only through
//! [`ClosedForm::forms`] (it is written as `phi(forms(x, y))`), and that `forms` clamps to
//! `local_bounds`. The checker computes the keys with its own exact `i128` arithmetic from
//! `linear_forms`, and cross-checks Lemma A against `forms` on every scanned cell.

use alloc::{format, string::String, vec, vec::Vec};
use core::fmt;

use super::form::{ClosedForm, Forms};

/// What the checker established.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Proof {
    /// `R`: the recurrence was checked directly on every cell with potential `< R`.
    pub radius: i64,
    /// Number of cells where the recurrence was checked.
    pub cells: u64,
    /// The key clamps, per linear form.
    pub key_bounds: Vec<(i64, i64)>,
    /// The translation set `V`.
    pub translations: Vec<(i64, i64)>,
    /// The near windows (exclusive), per linear form.
    pub near: Vec<(i64, i64)>,
}

impl fmt::Display for Proof {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let vs: Vec<String> = self.translations.iter().map(|(a, b)| format!("({a},{b})")).collect();
        write!(
            f,
            "proven equal to the Grundy function on all of N^2: recurrence checked on the {} cells of \
             potential < R = {}; translations {}",
            self.cells,
            self.radius,
            vs.join(" ")
        )
    }
}

/// Why the checker refused.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Refutation {
    /// A structural fact behind Lemma A or B does not hold.
    Lemma(String),
    /// `F` breaks the recurrence at a cell.
    Recurrence { x: u64, y: u64, value: u8, mex: u8 },
    /// The key did not predict the forms after a move (Lemma A failed on a real cell).
    Signature { x: u64, y: u64, m: (i64, i64) },
    /// The direct check would exceed the given number of cells.
    TooLarge { cells: u128 },
}

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refutation::Lemma(what) => write!(f, "lemma check failed: {what}"),
            Refutation::Recurrence { x, y, value, mex } => {
                write!(f, "F({x}, {y}) = {value}, but the mex of F over its moves is {mex}")
            }
            Refutation::Signature { x, y, m } => {
                write!(f, "the key of ({x}, {y}) does not determine the forms after move {m:?}")
            }
            Refutation::TooLarge { cells } => write!(f, "the direct check needs {cells} cells, above the limit"),
        }
    }
}

/// The checker's view of the form: linear forms, clamps, key clamps, modulus, moves, potential.
struct Setup {
    forms: Vec<(i64, i64)>,
    local: Vec<(i64, i64)>,
    key: Vec<(i64, i64)>,
    q: i64,
    moves: Vec<(i64, i64)>,
}

impl Setup {
    fn form(&self, i: usize, (x, y): (i64, i64)) -> i64 {
        self.forms[i].0 * x + self.forms[i].1 * y
    }

    /// `Key(c)`: the forms clamped to the key bounds, exact, and the residues.
    fn key(&self, x: u64, y: u64) -> Forms {
        let mut values = [0i64; 16];
        for (i, (&(a, b), &(lo, hi))) in self.forms.iter().zip(&self.key).enumerate() {
            let t = i128::from(a) * i128::from(x) + i128::from(b) * i128::from(y);
            values[i] = t.clamp(i128::from(lo), i128::from(hi)) as i64;
        }
        Forms { values, residues: [x % self.q as u64, y % self.q as u64] }
    }

    /// `Forms(c + m)` predicted from `Key(c)`, or `None` when `m` is illegal (Lemma A).
    fn target(&self, key: &Forms, (dx, dy): (i64, i64)) -> Option<Forms> {
        if key.values[0] + dx < 0 || key.values[1] + dy < 0 {
            return None;
        }
        let mut values = [0i64; 16];
        for (i, &(lo, hi)) in self.local.iter().enumerate() {
            values[i] = (key.values[i] + self.form(i, (dx, dy))).clamp(lo, hi);
        }
        let shift = |r: u64, d: i64| (r as i64 + d).rem_euclid(self.q) as u64;
        Some(Forms { values, residues: [shift(key.residues[0], dx), shift(key.residues[1], dy)] })
    }
}

/// Proves `F = g` (see the module documentation), checking at most `max_cells` cells directly.
pub fn prove(form: &ClosedForm, max_cells: u64) -> Result<Proof, Refutation> {
    let lemma = |s: String| Err(Refutation::Lemma(s));
    let forms = form.linear_forms();
    let local = form.local_bounds().to_vec();
    let moves: Vec<(i64, i64)> =
        form.move_set().moves().iter().map(|&(dx, dy)| (i64::from(dx), i64::from(dy))).collect();
    let w = form.move_set().potential();
    let q = form.modulus() as i64;
    if forms.len() != local.len() || forms.len() > 16 || forms[0] != (1, 0) || forms[1] != (0, 1) {
        return lemma("the forms must be x, y and at most 14 offsets".into());
    }
    if w.0 < 1 || w.1 < 1 || moves.iter().any(|&(dx, dy)| w.0 * dx + w.1 * dy >= 0) {
        return lemma(format!("the potential {w:?} does not lower every move"));
    }
    // Key bounds, and the inequalities of Lemma A.
    let mut setup = Setup { forms, local, key: vec![], q, moves };
    for i in 0..setup.forms.len() {
        let deltas: Vec<i64> = setup.moves.iter().chain(&[(0, 0)]).map(|&m| setup.form(i, m)).collect();
        let (lo, hi) = setup.local[i];
        setup.key.push((lo - deltas.iter().max().expect("moves"), hi - deltas.iter().min().expect("moves")));
        let (klo, khi) = setup.key[i];
        if deltas.iter().any(|&d| klo + d > lo || khi + d < hi) {
            return lemma(format!("form {i}: key clamp [{klo}, {khi}] too narrow"));
        }
    }
    for i in 0..2 {
        let (klo, khi) = setup.key[i];
        if klo > 0 || setup.moves.iter().any(|&m| khi + setup.form(i, m) < 0) {
            return lemma(format!("the key clamp of form {i} does not decide legality"));
        }
    }
    // Lemma B: the translations, a fixing one per form, the near windows.
    let mut translations = vec![(q, 0), (0, q)];
    translations.extend(setup.forms[2..].iter().map(|&(nq, p)| (q * p, -q * nq)));
    for &(vx, vy) in &translations {
        if vx < 0 || vy < 0 || vx % q != 0 || vy % q != 0 || w.0 * vx + w.1 * vy <= 0 {
            return lemma(format!("translation ({vx},{vy}) is not in QN² with positive potential"));
        }
    }
    let mut near = Vec::new();
    for i in 0..setup.forms.len() {
        if !translations.iter().any(|&v| setup.form(i, v) == 0) {
            return lemma(format!("no translation fixes form {i}"));
        }
        let reach = translations.iter().map(|&v| setup.form(i, v).abs()).max().unwrap_or(0);
        near.push((setup.key[i].0 - reach, setup.key[i].1 + reach));
    }
    if near[0].0 >= 0 || near[1].0 >= 0 {
        return lemma("the near window of x or y must start below 0".into());
    }
    // The radius: the largest corner potential of the parallelograms where two forms are near.
    let mut radius: i128 = 0;
    for i in 0..setup.forms.len() {
        for j in i + 1..setup.forms.len() {
            let ((ai, bi), (aj, bj)) = (setup.forms[i], setup.forms[j]);
            let det = i128::from(ai * bj - bi * aj);
            if det == 0 {
                return lemma(format!("forms {i} and {j} are parallel"));
            }
            for p in [near[i].0, near[i].1] {
                for r in [near[j].0, near[j].1] {
                    // Solve ai x + bi y = p, aj x + bj y = r; potential w·(x, y) = num / det.
                    let (p, r) = (i128::from(p), i128::from(r));
                    let (xn, yn) = (p * i128::from(bj) - i128::from(bi) * r, i128::from(ai) * r - i128::from(aj) * p);
                    let (num, den) = (i128::from(w.0) * xn + i128::from(w.1) * yn, det);
                    let (num, den) = if den < 0 { (-num, -den) } else { (num, den) };
                    radius = radius.max(num.div_euclid(den) + 1);
                }
            }
        }
    }
    let cells_below = |r: i128| -> u128 {
        (0..=(r.max(1) - 1) / i128::from(w.0))
            .map(|x| ((r - 1 - i128::from(w.0) * x) / i128::from(w.1) + 1) as u128)
            .sum()
    };
    let needed = if radius > 0 { cells_below(radius) } else { 0 };
    if needed > u128::from(max_cells) {
        return Err(Refutation::TooLarge { cells: needed });
    }
    let radius = radius as i64;
    // The direct check below the radius, with the Lemma A cross-check on every cell.
    let mut cells = 0u64;
    for x in 0..=(radius.max(1) - 1) / w.0 {
        if radius == 0 {
            break;
        }
        for y in 0..=(radius - 1 - w.0 * x) / w.1 {
            let (x, y) = (x as u64, y as u64);
            let key = setup.key(x, y);
            let mut seen = 0u64;
            for &m in setup.moves.iter().chain(&[(0, 0)]) {
                let real = match (x.checked_add_signed(m.0), y.checked_add_signed(m.1)) {
                    (Some(a), Some(b)) => Some((a, b)),
                    _ => None,
                };
                if setup.target(&key, m) != real.map(|(a, b)| form.forms(a, b)) {
                    return Err(Refutation::Signature { x, y, m });
                }
                if let (Some((a, b)), true) = (real, m != (0, 0)) {
                    seen |= 1 << form.eval(a, b);
                }
            }
            let (value, mex) = (form.eval(x, y), (!seen).trailing_zeros() as u8);
            if value != mex {
                return Err(Refutation::Recurrence { x, y, value, mex });
            }
            cells += 1;
        }
    }
    Ok(Proof { radius, cells, key_bounds: setup.key, translations, near })
}
