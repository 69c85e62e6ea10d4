//! The engine against a small brute force written here: misère outcomes of sums of heaps by
//! memoised search over sorted heap lists.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::*;
use options::for_each_option;

/// Misère outcome by search: `true` when the player to move loses (a P-position).
fn brute_p(game: &HeapGame, position: &[usize], memo: &mut BTreeMap<Vec<usize>, bool>) -> bool {
    let key: Vec<usize> = position.to_vec();
    if let Some(&p) = memo.get(&key) {
        return p;
    }
    let mut has_option = false;
    let mut reaches_p = false;
    for i in 0..position.len() {
        if i > 0 && position[i] == position[i - 1] {
            continue;
        }
        let mut found = Vec::new();
        for_each_option(game, position[i], |parts| found.push(parts.to_vec()));
        for parts in found {
            has_option = true;
            let mut next: Vec<usize> = position.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            next.extend(parts);
            next.sort_unstable();
            if brute_p(game, &next, memo) {
                reaches_p = true;
                break;
            }
        }
        if reaches_p {
            break;
        }
    }
    let p = has_option && !reaches_p;
    memo.insert(key, p);
    p
}

/// Every sorted list of heaps `1..=max` with at most `tokens` tokens.
fn positions(max: usize, tokens: usize) -> Vec<Vec<usize>> {
    let mut out = alloc::vec![Vec::new()];
    let mut at = 0;
    while at < out.len() {
        let w: Vec<usize> = out[at].clone();
        let used: usize = w.iter().sum();
        let from = w.last().copied().unwrap_or(1);
        for h in from..=max {
            if used + h <= tokens {
                let mut v = w.clone();
                v.push(h);
                out.push(v);
            }
        }
        at += 1;
    }
    out
}

fn run(text: &str, max_heap: u64) -> MisereAnalysis {
    let game = HeapGame::parse(text).unwrap();
    analyze_misere(&game, &MisereLimits { max_heap, ..MisereLimits::default() })
}

fn agrees(text: &str, max_heap: u64, tokens: usize) -> MisereAnalysis {
    let a = run(text, max_heap);
    let game = &a.game;
    let heaps = (a.computed() as usize - 1).min(tokens);
    let mut memo = BTreeMap::new();
    for w in positions(heaps, tokens) {
        let heaps64: Vec<u64> = w.iter().map(|&h| h as u64).collect();
        let predicted = a.outcome(&heaps64).unwrap() == Outcome::SecondPlayerWins;
        assert_eq!(predicted, brute_p(game, &w, &mut memo), "{text}: {w:?}");
    }
    a
}

#[test]
fn figures_of_0_75() {
    let a = agrees("0.75", 60, 16);
    assert_eq!(a.quotient().order(), 8);
    assert_eq!(a.quotient().p_portion_size(), 2);
    assert_eq!(a.presentation().generator_heaps, [1, 2, 5]);
    assert!(!a.is_tame());
}

#[test]
fn kayles_small_quotients() {
    // |Q_n| for n = 1..5: 2, 6, 6, 6, 12.
    for (n, order) in [(1, 2), (2, 6), (3, 6), (4, 6), (5, 12)] {
        let a = agrees("0.77", n, 14);
        assert_eq!(a.quotient().order(), order, "Q_{n}");
    }
}

#[test]
fn nim_is_tame() {
    assert_eq!(agrees("0.333", 3, 14).quotient().order(), 6);
    assert_eq!(agrees("0.3333333", 7, 14).quotient().order(), 10);
}

#[test]
fn loosen_grows_what_the_failure_names() {
    let mut freed = alloc::vec![Freed { heap: 5, index: 1, period: 2 }];
    assert!(loosen(&mut freed, &[5, 5, 2]));
    assert_eq!(freed, [Freed { heap: 5, index: 3, period: 2 }, Freed { heap: 2, index: 1, period: 2 }]);
}

/// Tameness by structure: misère Nim's quotients, and games whose quotients have that shape or
/// not.
#[test]
fn tameness_is_structural() {
    for (text, max_heap, tame) in
        [("0.3", 1, true), ("0.333", 3, true), ("0.3333333", 7, true), ("0.31", 10, true), ("0.75", 30, false)]
    {
        let a = run(text, max_heap);
        assert_eq!(a.is_tame(), tame, "{text}: |Q| = {}", a.quotient().order());
    }
    // Kayles' Q_5 = <a, b, c | a^2 = 1, b^3 = b, c^2 = 1>, P = {a, b^2, ac}: 12 elements, wild.
    assert!(!run("0.77", 5).is_tame());
    // A 10-element monoid with |P| = 2 that is not T3: Z2 x Z5 (a cyclic group of order 10).
    let table: Vec<u32> = (0..10u32).flat_map(|x| (0..10u32).map(move |y| (x + y) % 10)).collect();
    let mut p = alloc::vec![false; 10];
    p[5] = true;
    p[3] = true;
    assert!(!presentation::is_tame(&Quotient::from_parts(10, table, p)));
}
