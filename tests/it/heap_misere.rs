//! Misère quotients of heap games against exhaustive search (`common::MisereSums`), which knows
//! nothing of quotients: every sum of heaps up to a token budget, the monoid axioms and
//! reducedness of every quotient computed, the figures known from the literature, and the
//! periodicity proof's refusal of a prefix too short.

use grundy::Outcome;
use grundy_core::heap::{HeapGame, Period};
use grundy_core::heap_misere::{MisereAnalysis, MisereLimits, MisereStatus, MisereStop, Quotient, analyze_misere};

use crate::common::{MisereSums, heap_sums};

/// The oracle of a game written as the engine reads it: a code `d0.d1d2…` or a set `{a,b,…}`.
pub(crate) fn oracle(text: &str) -> MisereSums {
    if let Some(set) = text.strip_prefix('{') {
        let moves: Vec<usize> = set.trim_end_matches('}').split(',').map(|m| m.trim().parse().unwrap()).collect();
        return MisereSums::subtraction(&moves);
    }
    let (d0, rest) = text.split_once('.').unwrap();
    let digits: Vec<u8> = d0.chars().chain(rest.chars()).map(|c| c.to_digit(16).unwrap() as u8).collect();
    MisereSums::new(&digits)
}

fn analyze(text: &str, limits: MisereLimits) -> MisereAnalysis {
    analyze_misere(&HeapGame::parse(text).unwrap(), &limits)
}

/// Every sum of heaps with at most `tokens` tokens (heaps beyond the computed ones left out when
/// no period is proven) has the outcome the quotient predicts.
fn sums_agree(a: &MisereAnalysis, oracle: &mut MisereSums, tokens: u32) -> usize {
    let largest = match a.status {
        MisereStatus::Certified { .. } => tokens,
        MisereStatus::NotFound(_) => (a.computed() - 1).min(u64::from(tokens)) as u32,
    };
    let sums = heap_sums(largest, tokens);
    for sum in &sums {
        let heaps: Vec<u64> = sum.iter().map(|&h| u64::from(h)).collect();
        let predicted = a.outcome(&heaps).unwrap() == Outcome::SecondPlayerWins;
        assert_eq!(predicted, oracle.is_p_position(sum), "{}: the sum {sum:?}", a.game);
    }
    sums.len()
}

/// Identity, commutativity, associativity, and reducedness: distinct elements are told apart by
/// some context.
fn check_axioms(q: &Quotient, game: &str) {
    let n = q.order() as u32;
    for x in 0..n {
        assert_eq!(q.product(q.identity(), x), x, "{game}: identity");
        for y in 0..n {
            assert_eq!(q.product(x, y), q.product(y, x), "{game}: commutativity");
            for z in 0..n {
                assert_eq!(q.product(q.product(x, y), z), q.product(x, q.product(y, z)), "{game}: associativity");
            }
        }
    }
    for x in 0..n {
        for y in x + 1..n {
            assert!(
                (0..n).any(|z| q.in_p(q.product(x, z)) != q.in_p(q.product(y, z))),
                "{game}: elements {x} and {y} are not distinguished"
            );
        }
    }
    assert!(!q.in_p(q.identity()), "{game}: the empty position is an N-position");
}

/// A dozen games, tame and wild, proven or not: every sum within the budget.
#[test]
fn every_small_sum_matches_exhaustive_search() {
    let limits = MisereLimits { max_heap: 400, max_quotient: 256, ..MisereLimits::default() };
    let games = [
        ("0.75", 24),
        ("0.77", 24),
        ("0.3", 20),
        ("0.31", 20),
        ("0.34", 22),
        ("0.52", 20),
        ("0.71", 22),
        ("0.72", 20),
        ("0.123", 20),
        ("0.312", 20),
        ("0.14", 18),
        ("0.4", 18),
        ("0.137", 18),
        ("0.07", 18),
        ("0.15", 18),
        ("{1,2,3}", 20),
        ("{2,5,7}", 20),
    ];
    for (text, tokens) in games {
        let a = analyze(text, limits);
        check_axioms(a.quotient(), text);
        let checked = sums_agree(&a, &mut oracle(text), tokens);
        assert!(checked > 100, "{text}: {checked} sums");
    }
}

/// Games whose proofs need thousands of heaps: 0.644 and its first cousin 0.677 (172 elements, 7
/// in P, wild; Φ of period 442 from heap 3256, proven with heaps `0..7517`) and 0.156 (`T5`,
/// tame; period 349 from heap 3479): the figures MisereSolver finds, and every sum of up to 20
/// tokens as exhaustive search judges it.
#[test]
fn long_proofs_of_0_644_0_677_and_0_156() {
    for (text, order, p, tame, period) in [
        ("0.644", 172, 7, false, Period { period: 442, preperiod: 3256 }),
        ("0.677", 172, 7, false, Period { period: 442, preperiod: 3256 }),
        ("0.156", 34, 2, true, Period { period: 349, preperiod: 3479 }),
    ] {
        let a = analyze(text, MisereLimits::default());
        assert_eq!(a.period(), Some(period), "{text}: {:?}", a.status);
        assert_eq!((a.quotient().order(), a.quotient().p_portion_size(), a.is_tame()), (order, p, tame), "{text}");
        check_axioms(a.quotient(), text);
        sums_agree(&a, &mut oracle(text), 20);
    }
}

/// Kayles, the sums of up to 30 tokens (5,604 of them), and 0.75's up to 30.
#[test]
fn kayles_and_0_75_at_30_tokens() {
    for text in ["0.77", "0.75"] {
        let a = analyze(text, MisereLimits::default());
        assert!(a.period().is_some(), "{text}: {:?}", a.status);
        sums_agree(&a, &mut oracle(text), 30);
    }
}

/// Plambeck's 0.75 (8 elements) and Kayles (40 elements, 9 in P, Φ of period 12 from heap 71),
/// with their generators, and 0.44, 0.123 and 0.15 as Plambeck and Siegel's solver finds them.
#[test]
fn known_figures() {
    let a = analyze("0.75", MisereLimits::default());
    assert_eq!((a.quotient().order(), a.quotient().p_portion_size()), (8, 2));
    assert_eq!(a.period(), Some(Period { period: 2, preperiod: 8 }));
    assert_eq!(a.presentation().generator_heaps, [1, 2, 5]);
    assert!(!a.is_tame());
    let kayles = analyze("0.77", MisereLimits::default());
    assert_eq!((kayles.quotient().order(), kayles.quotient().p_portion_size()), (40, 9));
    assert_eq!(kayles.period(), Some(Period { period: 12, preperiod: 71 }));
    assert_eq!(kayles.presentation().generator_heaps, [1, 2, 5, 9, 12, 25, 27]);
    assert!(!kayles.is_tame());
    let a = analyze("0.44", MisereLimits::default());
    assert_eq!(a.quotient().order(), 40);
    assert_eq!(a.period(), Some(Period { period: 24, preperiod: 143 }));
    let a = analyze("0.123", MisereLimits::default());
    assert_eq!((a.quotient().order(), a.quotient().p_portion_size()), (20, 5));
    // 0.15: a quotient that grows at nine heaps, the last at 30.
    let a = analyze("0.15", MisereLimits::default());
    assert_eq!((a.quotient().order(), a.quotient().p_portion_size()), (42, 12));
    assert_eq!(a.period(), Some(Period { period: 10, preperiod: 66 }));
    // 0.156's quotient by heap 300 is T5 (34 elements), tame; 0.52's is T2.
    let a = analyze("0.156", MisereLimits { max_heap: 300, ..MisereLimits::default() });
    assert_eq!((a.quotient().order(), a.quotient().p_portion_size(), a.is_tame()), (34, 2, true));
    let a = analyze("0.52", MisereLimits::default());
    assert_eq!((a.quotient().order(), a.is_tame()), (6, true));
    // Misère Nim on heaps below 4 and 8: T2 and T3, tame.
    for (text, order) in [("0.333", 6), ("0.3333333", 10)] {
        let a = analyze(text, MisereLimits { max_heap: (order as u64 - 2) - 1, ..MisereLimits::default() });
        assert_eq!(a.quotient().order(), order, "{text}");
        assert!(a.is_tame(), "{text}");
    }
}

/// The order of `Q_n` counted without the engine: the sums of heaps `1..=n`, each at most three
/// times, grouped by their outcomes in every context of such heaps each at most twice. For these games and `n` the count is
/// the engine's `|Q_n|` (Kayles: 2, 6, 6, 6, 12; 0.75: 2, 6, 6, 6, 8).
#[test]
fn quotient_orders_counted_by_brute_force() {
    for (text, orders) in [("0.77", [2, 6, 6, 6, 12]), ("0.75", [2, 6, 6, 6, 8])] {
        let mut brute = oracle(text);
        for (n, &order) in (1u32..).zip(&orders) {
            let sums = |copies: usize| {
                let mut all: Vec<Vec<u32>> = vec![Vec::new()];
                for h in 1..=n {
                    all = all
                        .into_iter()
                        .flat_map(|p| {
                            (0..=copies).map(move |c| p.iter().copied().chain(std::iter::repeat_n(h, c)).collect())
                        })
                        .collect();
                }
                all
            };
            let (positions, contexts) = (sums(3), sums(2));
            let mut rows: Vec<Vec<bool>> = positions
                .iter()
                .map(|w| {
                    contexts
                        .iter()
                        .map(|x| brute.is_p_position(&w.iter().chain(x).copied().collect::<Vec<u32>>()))
                        .collect()
                })
                .collect();
            rows.sort();
            rows.dedup();
            assert_eq!(rows.len(), order, "{text}: brute-force classes for heaps up to {n}");
            let a = analyze(text, MisereLimits { max_heap: u64::from(n), ..MisereLimits::default() });
            assert_eq!(a.quotient().order(), order, "{text}: |Q_{n}|");
        }
    }
}

/// The theorem needs `2·71 + 2·12 + 2 − 1 = 167` images for Kayles: fewer are refused, and
/// images computed far past the proof agree with the period.
#[test]
fn periodicity_proof_refuses_a_short_prefix() {
    let short = analyze("0.77", MisereLimits { max_heap: 165, ..MisereLimits::default() });
    assert_eq!(short.status, MisereStatus::NotFound(MisereStop::MaxHeap { max_heap: 165 }));
    assert!(short.image(166).is_err());
    let proven = analyze("0.77", MisereLimits::default());
    let MisereStatus::Certified { proven_with, .. } = proven.status else { panic!("{:?}", proven.status) };
    assert!((167..=200).contains(&proven_with), "{proven_with}");
    let long = analyze("0.77", MisereLimits { prove_from: 600, ..MisereLimits::default() });
    assert_eq!(long.period(), proven.period());
    assert!(long.computed() >= 600);
    let name = |a: &MisereAnalysis, h: u64| a.presentation().element(a.image(h).unwrap());
    for h in 0..long.computed() {
        assert_eq!(name(&proven, h), name(&long, h), "heap {h}");
    }
    assert_eq!(name(&proven, u64::MAX), name(&proven, 71 + (u64::MAX - 71) % 12));
}

/// Grundy's game has no periodicity theorem: never certified, and the quotient is the heaps'.
#[test]
fn grundys_game_is_never_certified() {
    let a = analyze("grundy", MisereLimits { max_heap: 20, ..MisereLimits::default() });
    assert_eq!(a.status, MisereStatus::NotFound(MisereStop::NoTheorem { max_heap: 20 }));
    check_axioms(a.quotient(), "grundy");
}

/// The misère heaps judge: every sum of Kayles heaps with at most 16 tokens against the oracle,
/// a huge heap through the period, and bad input or an unreached heap refused after the answers
/// before it.
#[test]
fn judge_answers_and_refuses() {
    use grundy::heap_misere::MisereHeaps;
    use grundy::judge::JudgeError;

    let mut brute = oracle("0.77");
    let sums: Vec<Vec<u32>> = heap_sums(16, 16).into_iter().filter(|s| !s.is_empty()).collect();
    let mut input = format!("{}\n", sums.len());
    let mut expected = String::new();
    for (i, sum) in sums.iter().enumerate() {
        input += &format!("{} {}\n", sum.len(), sum.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
        let winner = if brute.is_p_position(sum) { "Bob" } else { "Alice" };
        expected += &format!("Case {}: {winner}\n", i + 1);
    }
    let mut judge = MisereHeaps { analysis: analyze("0.77", MisereLimits::default()) };
    assert_eq!(crate::run::output(&mut judge, &input).unwrap(), expected);
    // 18446744073709551615 = 71 + 12·k + 8: the image of heap 79.
    let same = crate::run::output(&mut judge, "2\n1 18446744073709551615\n1 79\n").unwrap();
    let lines: Vec<&str> = same.lines().map(|l| l.split_once(": ").unwrap().1).collect();
    assert_eq!(lines[0], lines[1]);
    let (result, out) = crate::run::solve(&mut judge, b"2\n1 3\n0\n");
    assert_eq!(out, "Case 1: Alice\n");
    assert!(result.unwrap_err().to_string().contains("k must be at least 1"));
    let mut partial =
        MisereHeaps { analysis: analyze("0.77", MisereLimits { max_heap: 30, ..MisereLimits::default() }) };
    let (result, out) = crate::run::solve(&mut partial, b"2\n1 30\n2 1 31\n");
    let winner = if brute.is_p_position(&[30]) { "Bob" } else { "Alice" };
    assert_eq!(out, format!("Case 1: {winner}\n"));
    assert!(matches!(result, Err(JudgeError::Refused { case: 2, .. })), "{result:?}");
}

/// The winning move of every small sum, checked by exhaustive search: none from a P-position
/// (nor from a sum without any move, which the mover wins by having none); from any other, a
/// move the game allows (one of the oracle's options of that heap) to a P-position. Proven games (with heaps near 2^64, through the period) and one without a proof.
#[test]
fn winning_moves_lead_to_p_positions() {
    for (text, tokens) in [("0.75", 16), ("0.77", 18), ("0.15", 16), ("0.72", 16), ("{2,5,7}", 16), ("0.07", 14)] {
        let a = analyze(text, MisereLimits { max_heap: 400, max_quotient: 256, ..MisereLimits::default() });
        let mut oracle = oracle(text);
        let largest = (a.computed() - 1).min(u64::from(tokens)) as u32;
        let (mut moved, mut lost) = (0, 0);
        for sum in heap_sums(largest, tokens) {
            let heaps: Vec<u64> = sum.iter().map(|&h| u64::from(h)).collect();
            match a.winning_move(&heaps).unwrap() {
                // No move at all wins in misère play: the sum then has no winning move to make.
                None if sum.iter().all(|&h| oracle.heap_options(h).is_empty()) => {
                    assert!(!oracle.is_p_position(&sum), "{text}: {sum:?}");
                }
                None => {
                    assert!(oracle.is_p_position(&sum), "{text}: {sum:?} has a winning move");
                    lost += 1;
                }
                Some((i, m)) => {
                    let left: Vec<u32> = m.left.iter().map(|&h| h as u32).collect();
                    let mut sorted = left.clone();
                    sorted.sort_unstable();
                    let options: Vec<Vec<u32>> = oracle.heap_options(sum[i]);
                    assert!(
                        options.iter().any(|o| {
                            let mut o = o.clone();
                            o.sort_unstable();
                            o == sorted
                        }),
                        "{text}: {sum:?}: heap {} to {left:?} is not a move",
                        sum[i]
                    );
                    let mut after = sum.clone();
                    after.remove(i);
                    after.extend(&left);
                    after.sort_unstable();
                    assert!(oracle.is_p_position(&after), "{text}: {sum:?} to {after:?} is not a P-position");
                    moved += 1;
                }
            }
        }
        assert!(moved > 50 && lost > 5, "{text}: {moved} winning moves, {lost} losing sums");
        if let Some(p) = a.period() {
            // Far heaps answer through the period: the move found is checked by the quotient.
            let far = [u64::MAX - 3, p.span() + 7, 3];
            if let Some((i, m)) = a.winning_move(&far).unwrap() {
                let mut after: Vec<u64> = far.to_vec();
                after.remove(i);
                after.extend(&m.left);
                assert_eq!(a.outcome(&after).unwrap(), Outcome::SecondPlayerWins, "{text}: {far:?}");
            } else {
                assert_eq!(a.outcome(&far).unwrap(), Outcome::SecondPlayerWins, "{text}: {far:?}");
            }
        }
    }
}

/// A quotient limit the game's quotient outgrows: the run stops where a growth needs a larger
/// trial (`MaxQuotient`, at the heap), with the last quotient proven, within the limit and still
/// right on every sum of the heaps computed; the hook sees the trial quotients built.
#[test]
fn the_quotient_limit_stops_a_growth_past_it() {
    let game = HeapGame::parse("0.77").unwrap();
    let limits = MisereLimits { max_quotient: 10, ..MisereLimits::default() };
    let mut trials = Vec::new();
    let a = grundy_core::heap_misere::analyze_misere_with(&game, &limits, &mut |p| {
        trials.push(p.trials);
        grundy_core::heap::HeapControl::Continue
    });
    let MisereStatus::NotFound(MisereStop::MaxQuotient { heap, max_quotient: 10 }) = a.status else {
        panic!("{:?}", a.status)
    };
    assert_eq!(heap, a.computed());
    assert!(a.quotient().order() <= 10, "{}", a.quotient().order());
    check_axioms(a.quotient(), "0.77");
    sums_agree(&a, &mut oracle("0.77"), 16);
    assert!(trials.windows(2).all(|w| w[0] <= w[1]) && trials.last() > Some(&0), "{trials:?}");
    // With room, Kayles' 40 elements are reached.
    let room = MisereLimits { max_quotient: 40, ..MisereLimits::default() };
    assert_eq!(analyze("0.77", room).quotient().order(), 40);
}
