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
//! `klo <= 0 <= khi` and `khi + d >= 0` for every form and move, and compares the forms it predicts from
//! the key with [`ClosedForm::forms`]`(c + m)` on every cell it scans.
//!
//! **Lemma B** (translation). Let `V` be `(Q, 0)`, `(0, Q)` and `Q·u` for the direction `u` of
//! each interior strip: vectors of `QZ² ∩ N²` of positive potential, each form fixed by one of
//! them (`x` by `(0, Q)`, `y` by `(Q, 0)`, the offset `p·y - q·x` by `Q·(p, q)`). Say `v ∈ V`
//! *applies* at `c` when every form `i` it moves (`δ = L_i(v) ≠ 0`) is beyond its key clamp at
//! `c` and at `c - v` on the same side: `L_i(c) >= khi_i + max(δ, 0)`, or, for an offset (not
//! `x`, `y`), `L_i(c) <= klo_i + min(δ, 0)`. Then `c - v ∈ N²`, `π(c - v) < π(c)` and
//! `Key(c - v) = Key(c)`.
//!
//! *Proof.* `v ∈ QZ²` keeps the residues, and the forms it fixes are kept. A moved form is
//! beyond the clamp at both `c` and `c - v` on one side, so both clamp to the same bound. `x`:
//! `v_x >= 0`, and if `v_x > 0` then `x >= khi_x + v_x >= v_x` (`khi_x >= 0`), so
//! `x - v_x >= 0`; the same for `y`. `π(v) > 0`. ∎
//!
//! **The base set.** Let `M_i = max |L_i(v)|` over `V` and call form `i` *near* at `c` when
//! `klo_i - M_i < L_i(c) < khi_i + M_i`. Where at most one form is near, the translation fixing
//! it (any if none is) applies. So every cell where no translation applies — the **base set**
//! `C` — has two near forms. Any two forms are linearly independent (the checker verifies it),
//! so the cells where forms `i` and `j` are both near lie in an open parallelogram; the checker
//! goes through these parallelograms column by column (`x`, then the `y` range the two windows
//! allow) and keeps the cells where no translation of `V` applies. Along a column every
//! condition on a form is a range of `y`, so the cells kept are found by intersecting ranges
//! (`base_cells`), not cell by cell. The scan finds all of `C`.
//!
//! **The direct check.** The checker evaluates `F` and verifies R(c) at every cell of `C`.
//!
//! **Theorem.** R(c) holds for every `c ∈ N²`, hence `F = g`.
//!
//! *Proof.* Strong induction on `π(c)`. If `c ∈ C`, R(c) was checked. Otherwise some `v ∈ V`
//! applies (Lemma B): `c' = c - v` has `π(c') < π(c)` and the same key; R(c') holds by induction
//! and R depends only on the key (Lemma A), so R(c) holds. ∎
//!
//! So the cells checked are those where two windows meet, around the core and where the strips
//! leave it; a cell near one strip only, or in a sector away from every strip, is carried down by
//! a translation.
//!
//! **What is trusted, not checked.** That `F` is `phi ∘ forms`: [`ClosedForm::eval_by_forms`] is
//! written so, [`ClosedForm::eval`] (the fast evaluation the library runs) makes the same
//! decisions on the exact forms (the argument is in its documentation), and `forms` clamps to
//! `local_bounds`. The checker compares `eval` with `eval_by_forms` on every cell it checks (the
//! tests do so on huge random cells), computes the keys with its own exact `i128` arithmetic
//! from `linear_forms`, and cross-checks Lemma A against `forms` on every cell it checks.

use alloc::{format, string::String, vec, vec::Vec};
use core::fmt;

use super::form::{ClosedForm, Forms};

/// What the checker established.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Proof {
    /// Number of cells where the recurrence was checked: the base set, where no translation
    /// applies.
    pub cells: u64,
    /// Number of cells scanned for the base set, by ranges: where two near windows meet.
    pub scanned: u64,
    /// The largest potential of a checked cell (`-1` if none).
    pub max_potential: i64,
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
            "proven equal to the Grundy function on all of N^2: recurrence checked on the {} cells \
             where no translation applies (potential <= {}; {} cells scanned); translations {}",
            self.cells,
            self.max_potential,
            self.scanned,
            vs.join(" ")
        )
    }
}

/// Why the checker refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum Refutation {
    /// A structural fact behind Lemma A or B does not hold.
    Lemma(LemmaFailure),
    /// `F` breaks the recurrence at cell `(x, y)`: it gives `value`, the mex of its targets is
    /// `mex`.
    #[allow(missing_docs)]
    Recurrence { x: u64, y: u64, value: u8, mex: u8 },
    /// The key did not predict the forms after move `m` from `(x, y)` (Lemma A failed on a real
    /// cell).
    #[allow(missing_docs)]
    Key { x: u64, y: u64, m: (i64, i64) },
    /// The columns of the scan and the cells of the base set are more than the given bound,
    /// `limit`.
    #[allow(missing_docs)]
    TooLarge { limit: u64 },
}

impl fmt::Display for Refutation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Refutation::Lemma(what) => write!(f, "lemma check failed: {what}"),
            Refutation::Recurrence { x, y, value, mex } => {
                write!(f, "F({x}, {y}) = {value}, but the mex of F over its moves is {mex}")
            }
            Refutation::Key { x, y, m } => {
                write!(f, "the key of ({x}, {y}) does not determine the forms after move {m:?}")
            }
            Refutation::TooLarge { limit } => {
                write!(f, "its base set and the columns that hold it are more than {limit} cells (the limit)")
            }
        }
    }
}

/// Which structural fact behind Lemma A or B does not hold, as its `Display` says (opaque).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct LemmaFailure {
    what: String,
}

impl fmt::Display for LemmaFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.what)
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

/// Proves `F = g` (see the module documentation), visiting and checking at most `max_cells`
/// columns and cells in all (the limit is known to be passed before any cell is checked).
pub fn prove(form: &ClosedForm, max_cells: u64) -> Result<Proof, Refutation> {
    let lemma = |what: String| Err(Refutation::Lemma(LemmaFailure { what }));
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
        if klo > 0 || khi < 0 || setup.moves.iter().any(|&m| khi + setup.form(i, m) < 0) {
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
    // The base set: per pair of forms, the columns x of their parallelogram of near windows
    // with the y range both windows allow there.
    let mut columns: Vec<Column> = Vec::new();
    let (mut scanned, mut visited) = (0u128, 0u64);
    let too_large = Err(Refutation::TooLarge { limit: max_cells });
    for i in 0..setup.forms.len() {
        for j in i + 1..setup.forms.len() {
            let ((ai, bi), (aj, bj)) = (setup.forms[i], setup.forms[j]);
            let det = i128::from(ai * bj - bi * aj);
            if det == 0 {
                return lemma(format!("forms {i} and {j} are parallel"));
            }
            // A corner solves ai x + bi y = p, aj x + bj y = r: x = (p bj - bi r) / det.
            let corners = [near[i].0, near[i].1]
                .into_iter()
                .flat_map(|p| [near[j].0, near[j].1].map(move |r| (i128::from(p), i128::from(r))))
                .map(|(p, r)| p * i128::from(bj) - i128::from(bi) * r);
            let (num_lo, num_hi) = corners.fold((i128::MAX, i128::MIN), |(l, h), n| (l.min(n), h.max(n)));
            let (num_lo, num_hi) = if det > 0 { (num_lo, num_hi) } else { (-num_hi, -num_lo) };
            let (x_lo, x_hi) = (num_lo.div_euclid(det.abs()).max(0), -(-num_hi).div_euclid(det.abs()));
            // Columns count as work, so the bound also bounds this loop.
            if x_hi - x_lo + 1 + i128::from(visited) > i128::from(max_cells) {
                return too_large;
            }
            visited += (x_hi - x_lo + 1).max(0) as u64;
            for x in x_lo as i64..=x_hi as i64 {
                let (lo_i, hi_i) = y_range(setup.forms[i], near[i], x);
                let (lo_j, hi_j) = y_range(setup.forms[j], near[j], x);
                let (y_lo, y_hi) = (lo_i.max(lo_j).max(0), hi_i.min(hi_j));
                if y_lo <= y_hi {
                    scanned += (y_hi - y_lo + 1) as u128;
                    columns.push(Column { pair: (i, j), x, ys: (y_lo, y_hi) });
                }
            }
        }
    }
    // The cells of C, each under the first pair of forms near at it; they count as work too.
    let mut base: Vec<(i64, (i64, i64))> = Vec::new();
    let (mut cells, mut max_potential) = (0u64, -1i64);
    for column in &columns {
        for (y_lo, y_hi) in base_cells(&setup, &near, &translations, column) {
            cells += (y_hi - y_lo + 1) as u64;
            if cells > max_cells - visited {
                return too_large;
            }
            max_potential = max_potential.max(w.0 * column.x + w.1 * y_hi);
            base.push((column.x, (y_lo, y_hi)));
        }
    }
    // The direct check, with the Lemma A cross-check.
    for (x, (y_lo, y_hi)) in base {
        let x = x as u64;
        for y in y_lo as u64..=y_hi as u64 {
            let key = setup.key(x, y);
            let mut seen = 0u64;
            for &m in setup.moves.iter().chain(&[(0, 0)]) {
                let real = match (x.checked_add_signed(m.0), y.checked_add_signed(m.1)) {
                    (Some(a), Some(b)) => Some((a, b)),
                    _ => None,
                };
                if setup.target(&key, m) != real.map(|(a, b)| form.forms(a, b)) {
                    return Err(Refutation::Key { x, y, m });
                }
                if let (Some((a, b)), true) = (real, m != (0, 0)) {
                    seen |= 1 << form.eval(a, b);
                }
            }
            let (value, mex) = (form.eval(x, y), (!seen).trailing_zeros() as u8);
            if value != form.eval_by_forms(x, y) {
                return lemma(format!("eval and phi(forms) differ at ({x}, {y})"));
            }
            if value != mex {
                return Err(Refutation::Recurrence { x, y, value, mex });
            }
        }
    }
    Ok(Proof { cells, scanned: scanned as u64, max_potential, key_bounds: setup.key, translations, near })
}

/// The cells `(x, y)`, `y_lo <= y <= y_hi` (`ys`), where the forms `pair` are both near.
struct Column {
    pair: (usize, usize),
    x: i64,
    ys: (i64, i64),
}

/// The cells of the base set `C` in `column` whose first two near forms are its pair (so each
/// cell of `C` is checked under one pair only), as disjoint increasing ranges of `y`.
///
/// Along a column every form is monotone in `y` (or constant), so each condition on a form is a
/// range of `y` ([`y_range`]): form `k` is near in one range; a translation `v` does *not* apply
/// where some form `k` it moves (`δ = L_k(v) ≠ 0`) lies in
/// `(klo_k + min(δ, 0), khi_k + max(δ, 0))` (`(-∞, khi_k + max(δ, 0))` for `x` and `y`), the
/// negation of Lemma B's condition. The cells kept are those in no near range of a form before
/// the pair's second (other than its first) and, for every translation, in one of its ranges.
fn base_cells(setup: &Setup, near: &[(i64, i64)], translations: &[(i64, i64)], column: &Column) -> Vec<(i64, i64)> {
    let Column { pair: (i, j), x, ys } = *column;
    let mut kept = vec![ys];
    for k in (0..j).filter(|&k| k != i) {
        kept = subtract(&kept, y_range(setup.forms[k], near[k], x));
    }
    for &v in translations {
        let mut blocked: Vec<(i64, i64)> = (0..setup.forms.len())
            .filter_map(|k| {
                let (d, (klo, khi)) = (setup.form(k, v), setup.key[k]);
                let lower = if k >= 2 { klo + d.min(0) } else { i64::MIN };
                (d != 0).then(|| y_range(setup.forms[k], (lower, khi + d.max(0)), x))
            })
            .collect();
        blocked.sort_unstable();
        kept = kept
            .iter()
            .flat_map(|&(lo, hi)| blocked.iter().map(move |&(a, b)| (lo.max(a), hi.min(b))))
            .filter(|&(lo, hi)| lo <= hi)
            .fold(Vec::new(), merge);
    }
    kept
}

/// `ranges` (disjoint, increasing) without the cells of `(a, b)`.
fn subtract(ranges: &[(i64, i64)], (a, b): (i64, i64)) -> Vec<(i64, i64)> {
    let mut out = Vec::new();
    for &(lo, hi) in ranges {
        if a > b || b < lo || a > hi {
            out.push((lo, hi));
            continue;
        }
        if lo < a {
            out.push((lo, a - 1));
        }
        if b < hi {
            out.push((b + 1, hi));
        }
    }
    out
}

/// Appends `(lo, hi)` to increasing ranges, merging it with the last when they overlap.
fn merge(mut ranges: Vec<(i64, i64)>, (lo, hi): (i64, i64)) -> Vec<(i64, i64)> {
    match ranges.last_mut() {
        Some(last) if lo <= last.1 => last.1 = last.1.max(hi),
        _ => ranges.push((lo, hi)),
    }
    ranges
}

/// The `y` (inclusive, unbounded above as `i64::MAX`) with `lo < α·x + β·y < hi` at column `x`.
fn y_range((alpha, beta): (i64, i64), (lo, hi): (i64, i64), x: i64) -> (i64, i64) {
    let rest = i128::from(alpha) * i128::from(x);
    let (lo, hi) = (i128::from(lo) - rest, i128::from(hi) - rest);
    let (beta, lo, hi) = if beta < 0 { (-i128::from(beta), -hi, -lo) } else { (i128::from(beta), lo, hi) };
    let clamp = |y: i128| y.clamp(i128::from(i64::MIN), i128::from(i64::MAX)) as i64;
    match beta {
        0 if lo < 0 && 0 < hi => (0, i64::MAX),
        0 => (1, 0),
        _ => (clamp(lo.div_euclid(beta) + 1), clamp(-(-hi).div_euclid(beta) - 1)),
    }
}
