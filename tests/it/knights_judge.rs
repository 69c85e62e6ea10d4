//! The knights judge against values computed here, independently of `src/rules`: on random valid
//! inputs (any of the accepted layouts) its output is exactly the reference, and on valid inputs
//! damaged at random it prints the reference answers of the cases before the damage and nothing
//! else (checked by the fuzz target's oracle, `grundy_fuzz_checks`). Beyond the square, knights
//! anywhere up to 2^63 - 1 get the answers of the retired hand-fitted closed form.

use crate::checks;
use crate::hand_fitted::closed_form::{EXTRACT_MIN_SUM, MAX_COORDINATE, Patterns};

use std::sync::OnceLock;

use grundy::knight;
use grundy::leaper::Knights;
use grundy::{Nimber, Outcome};
use grundy_core::leaper::Triangle;
use proptest::prelude::*;

/// The judge's bound: coordinates `0 <= x, y < 500`.
const BOUND: usize = 500;

/// g(x, y) for `x + y <= 2 * (BOUND - 1)`, straight from the statement (docs/games.md): the six moves, legal iff the
/// target has `x, y >= 0`, and the mex, computed in order of `x + y` (every move lowers it).
fn reference() -> &'static Vec<Vec<u8>> {
    static TABLE: OnceLock<Vec<Vec<u8>>> = OnceLock::new();
    TABLE.get_or_init(|| {
        const MOVES: [(i64, i64); 6] = [(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)];
        let max_sum = 2 * (BOUND - 1);
        let mut g = vec![vec![u8::MAX; max_sum + 1]; max_sum + 1];
        for s in 0..=max_sum {
            for x in 0..=s {
                let y = s - x;
                let mut seen = [false; 8];
                for (dx, dy) in MOVES {
                    let (tx, ty) = (x as i64 + dx, y as i64 + dy);
                    if tx >= 0 && ty >= 0 {
                        let v = g[tx as usize][ty as usize];
                        assert!(v != u8::MAX, "({tx}, {ty}) read before it was computed");
                        seen[v as usize] = true;
                    }
                }
                g[x][y] = seen.iter().position(|&s| !s).unwrap() as u8;
            }
        }
        g
    })
}

fn g(x: u16, y: u16) -> u8 {
    reference()[usize::from(x)][usize::from(y)]
}

/// The statement's known values, and every cell of the embedded table, against the reference.
#[test]
fn library_matches_the_reference_everywhere() {
    for ((x, y), v) in
        [((0, 0), 0), ((0, 2), 1), ((1, 2), 2), ((4, 3), 4), ((5, 8), 6), ((123, 456), 3), ((499, 499), 0)]
    {
        assert_eq!(g(x, y), v, "reference g({x}, {y})");
    }
    // Without the `knight-square` feature the embedded table is one cell; the closed form answers.
    let table = knight::embedded_table();
    let square = cfg!(feature = "knight-square");
    assert_eq!(table.bound(), if square { BOUND } else { 1 });
    for x in 0..BOUND as u16 {
        for y in 0..BOUND as u16 {
            if square {
                assert_eq!(table.get(x.into(), y.into()), Some(g(x, y)), "table at ({x}, {y})");
            }
            assert_eq!(knight::value(x.into(), y.into()), Ok(Nimber::from(g(x, y))));
        }
    }
    // The cells a 500x500 sweep that forbids leaving the box gets wrong (spec pitfall).
    for (x, y) in [(247, 499), (248, 499), (249, 498), (250, 499)] {
        assert_eq!(knight::value(x, y), knight::value(y, x));
        assert_eq!(knight::value(x, y), Ok(Nimber::from(g(x as u16, y as u16))));
    }
}

/// How a valid input is laid out: all of these are accepted.
#[derive(Debug, Clone)]
struct Layout {
    /// Between `x` and `y`.
    pair_sep: &'static str,
    /// After every line.
    newline: &'static str,
    final_newline: bool,
    /// Whitespace before the first token.
    leading: &'static str,
}

fn layout() -> impl Strategy<Value = Layout> {
    (
        prop::sample::select(vec![" ", "  ", "\t", " \t "]),
        prop::sample::select(vec!["\n", "\r\n", "\n\n", " \n", "\r\n\r\n"]),
        any::<bool>(),
        prop::sample::select(vec!["", "\n", " ", "\r\n"]),
    )
        .prop_map(|(pair_sep, newline, final_newline, leading)| Layout {
            pair_sep,
            newline,
            final_newline,
            leading,
        })
}

type Cases = Vec<Vec<(u16, u16)>>;

/// Up to 20 cases of up to 40 knights anywhere in the judge's square (and the corners often).
fn cases() -> impl Strategy<Value = Cases> {
    let coord =
        prop_oneof![3 => 0u16..BOUND as u16, 1 => prop::sample::select(vec![0u16, 1, 2, 5, 8, 247, 250, 498, 499])];
    let case = prop::collection::vec((coord.clone(), coord), 1..40);
    prop::collection::vec(case, 1..20)
}

/// 17 to 150 cases of up to 5 knights (or none), and now and then one of 500 or more (as many as
/// the judge's bulk path for many small cases at once does not read).
fn small_cases() -> impl Strategy<Value = Cases> {
    let coord =
        prop_oneof![3 => 0u16..BOUND as u16, 1 => prop::sample::select(vec![0u16, 1, 9, 10, 99, 100, 498, 499])];
    let case = prop_oneof![
        20 => prop::collection::vec((coord.clone(), coord.clone()), 0..6),
        1 => prop::collection::vec((coord.clone(), coord), 500..520),
    ];
    prop::collection::vec(case, 17..150)
}

fn render(cases: &Cases, layout: &Layout) -> Vec<u8> {
    let mut text = String::from(layout.leading);
    text += &cases.len().to_string();
    for case in cases {
        text += layout.newline;
        text += &case.len().to_string();
        for (x, y) in case {
            text += layout.newline;
            text += &format!("{x}{}{y}", layout.pair_sep);
        }
    }
    if layout.final_newline {
        text += layout.newline;
    }
    text.into_bytes()
}

/// The judge output for `cases`, from the reference values and the library's sums.
fn expected_output(cases: &Cases) -> String {
    let mut out = String::new();
    for (k, case) in cases.iter().enumerate() {
        let sum = case.iter().fold(0, |acc, &(x, y)| acc ^ g(x, y));
        let library = knight::outcome(case.iter().map(|&(x, y)| (u64::from(x), u64::from(y)))).unwrap();
        let outcome = if sum != 0 { Outcome::FirstPlayerWins } else { Outcome::SecondPlayerWins };
        assert_eq!(library, outcome, "library winner of case {}", k + 1);
        out += &format!("Case {}: {}\n", k + 1, if sum != 0 { "Alice" } else { "Bob" });
    }
    out
}

fn run_judge(input: &[u8]) -> (Result<(), grundy::judge::JudgeError>, String) {
    crate::run::solve(&mut Knights { table: knight::embedded_table() }, input)
}

#[test]
fn the_spec_sample() {
    let (result, out) = run_judge(b"2\n1\n1 0\n2\n2 5\n3 5\n");
    assert!(result.is_ok());
    assert_eq!(out, "Case 1: Bob\nCase 2: Alice\n");
}

/// The judge's limits: 200 cases of 1000 knights.
#[test]
fn the_largest_judge_input() {
    let cases: Cases = (0..200u16)
        .map(|c| (0..1000u16).map(|i| ((i * 7 + c) % BOUND as u16, (i * 13 + 3 * c) % BOUND as u16)).collect())
        .collect();
    let layout = Layout { pair_sep: " ", newline: "\n", final_newline: true, leading: "" };
    let (result, out) = run_judge(&render(&cases, &layout));
    assert!(result.is_ok());
    assert_eq!(out, expected_output(&cases));
}

/// Many small cases: the answer lines outgrow the judge's output buffer several times over
/// (about 300 KB of lines), in order and complete.
#[test]
fn many_cases_are_answered_in_order() {
    let at = |c: u32, step: u32| ((c * step) % BOUND as u32) as u16;
    let cases: Cases =
        (0..20_000u32).map(|c| (0..1 + c % 3).map(|i| (at(c + i, 31), at(c + 2 * i, 17))).collect()).collect();
    let layout = Layout { pair_sep: " ", newline: "\n", final_newline: true, leading: "" };
    let (result, out) = run_judge(&render(&cases, &layout));
    assert!(result.is_ok());
    assert_eq!(out, expected_output(&cases));
}

/// A way to damage a valid input.
#[derive(Debug, Clone)]
enum Damage {
    Truncate(prop::sample::Index),
    Replace(prop::sample::Index, u8),
    Insert(prop::sample::Index, u8),
    Delete(prop::sample::Index),
}

fn damage() -> impl Strategy<Value = Damage> {
    let byte = prop_oneof![any::<u8>(), prop::sample::select(b"0123456789 \n\r\t-+x\0".to_vec())];
    prop_oneof![
        any::<prop::sample::Index>().prop_map(Damage::Truncate),
        (any::<prop::sample::Index>(), byte.clone()).prop_map(|(i, b)| Damage::Replace(i, b)),
        (any::<prop::sample::Index>(), byte).prop_map(|(i, b)| Damage::Insert(i, b)),
        any::<prop::sample::Index>().prop_map(Damage::Delete),
    ]
}

fn apply(mut input: Vec<u8>, damage: &Damage) -> Vec<u8> {
    match *damage {
        Damage::Truncate(i) => input.truncate(i.index(input.len())),
        Damage::Replace(i, b) => {
            let i = i.index(input.len());
            input[i] = b;
        }
        Damage::Insert(i, b) => input.insert(i.index(input.len() + 1), b),
        Damage::Delete(i) => {
            input.remove(i.index(input.len()));
        }
    }
    input
}

/// The hyper knight's hand-fitted closed form (it shares no code with the proven one the judge
/// answers from beyond its square).
fn hand_fitted() -> &'static Patterns {
    static PATTERNS: OnceLock<Patterns> = OnceLock::new();
    PATTERNS.get_or_init(|| {
        Patterns::extract(&Triangle::compute(&grundy_core::leaper::MoveSet::hyper_knight(), EXTRACT_MIN_SUM as i64))
    })
}

/// Cases of 1 to 40 knights (token by token and in bulk) inside the square, far beyond it
/// uniformly, and near the lines where the far regions meet (y = 2x, y = x, x = 2y).
fn far_cases() -> impl Strategy<Value = Vec<Vec<(u64, u64)>>> {
    let near = (0..MAX_COORDINATE / 2, 0u64..64, 0usize..3).prop_map(|(t, off, line)| {
        let (a, b) = (t, (2 * t).saturating_add(off).saturating_sub(32).min(MAX_COORDINATE));
        [(a, b), (t, t.saturating_add(off).saturating_sub(32)), (b, a)][line]
    });
    let knight = prop_oneof![
        (0u64..BOUND as u64, 0u64..BOUND as u64),
        (0..=MAX_COORDINATE, 0..=MAX_COORDINATE),
        (0u64..2000, 0u64..2000),
        near,
    ];
    prop::collection::vec(prop::collection::vec(knight, 1..40), 1..8)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Knights beyond the square: the judge answers as the hand-fitted form's values say.
    #[test]
    fn far_knights_get_the_hand_fitted_answers(cases in far_cases()) {
        let mut input = cases.len().to_string();
        let mut expected = String::new();
        for (k, case) in cases.iter().enumerate() {
            input += &format!("\n{}", case.len());
            let mut nimber = 0;
            for &(x, y) in case {
                input += &format!("\n{x} {y}");
                nimber ^= hand_fitted().eval(x, y);
            }
            expected += &format!("Case {}: {}\n", k + 1, if nimber == 0 { "Bob" } else { "Alice" });
        }
        let (result, out) = run_judge(input.as_bytes());
        prop_assert!(result.is_ok(), "{:?}", result.err().map(|e| e.to_string()));
        prop_assert_eq!(out, expected);
    }

    /// Random valid inputs in any accepted layout: the judge succeeds and prints the reference.
    #[test]
    fn valid_inputs_get_the_reference_answers(cases in cases(), layout in layout()) {
        let input = render(&cases, &layout);
        let (result, out) = run_judge(&input);
        prop_assert!(result.is_ok(), "{:?}", result.err().map(|e| e.to_string()));
        prop_assert_eq!(out, expected_output(&cases));
    }

    /// Many small cases in any accepted layout: the reference answers; and damaged once, the
    /// answers before the damage (as below).
    #[test]
    fn many_small_cases_get_the_reference_answers(cases in small_cases(), layout in layout(), damage in damage()) {
        let input = render(&cases, &layout);
        let (result, out) = run_judge(&input);
        prop_assert!(result.is_ok(), "{:?}", result.err().map(|e| e.to_string()));
        prop_assert_eq!(out, expected_output(&cases));
        checks::knights(&apply(input, &damage));
    }

    /// Valid inputs damaged once: the judge never panics, prints the answers of the cases before
    /// the damage and nothing of the damaged case, and fails exactly when the input is invalid.
    #[test]
    fn damaged_inputs_keep_earlier_answers(cases in cases(), layout in layout(), damage in damage()) {
        let input = apply(render(&cases, &layout), &damage);
        checks::knights(&input);
    }
}
