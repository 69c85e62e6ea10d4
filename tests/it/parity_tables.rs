//! The parity tables `build.rs` derived, against exhaustive game-tree searches written here
//! independently of `src/rules`: misère Nim over small multisets of piles, Mine over small boards.

use crate::common;

use std::collections::HashMap;

use common::{Tiny, simulate};
use grundy::Outcome;
use grundy::misere::outcome;
use grundy::table::embedded;
use grundy_core::format::TableKind;
use grundy_core::{mine, misere};

/// Misère Nim by plain recursion over sorted pile vectors: the mover wins an empty position
/// (the opponent took the last stone), otherwise iff some move reaches a losing position.
fn mover_wins(piles: &[u64], memo: &mut HashMap<Vec<u64>, bool>) -> bool {
    if let Some(&w) = memo.get(piles) {
        return w;
    }
    let mut win = piles.is_empty();
    for i in 0..piles.len() {
        for left in 0..piles[i] {
            let mut next: Vec<u64> = piles.to_vec();
            if left == 0 {
                next.remove(i);
            } else {
                next[i] = left;
            }
            next.sort_unstable();
            if !mover_wins(&next, memo) {
                win = true;
            }
        }
    }
    memo.insert(piles.to_vec(), win);
    win
}

/// Every multiset of 1..=5 piles of 1..=9 stones (4-bit XORs, both parities of k).
#[test]
fn misere_nim_matches_exhaustive_search() {
    let mut memo = HashMap::new();
    let mut checked = 0;
    for k in 1..=5u32 {
        for code in 0..9u64.pow(k) {
            let piles: Vec<u64> = (0..k).map(|i| code / 9u64.pow(i) % 9 + 1).collect();
            if piles.windows(2).any(|w| w[0] > w[1]) {
                continue; // each multiset once, as its non-decreasing order
            }
            let expected =
                if mover_wins(&piles, &mut memo) { Outcome::FirstPlayerWins } else { Outcome::SecondPlayerWins };
            assert_eq!(outcome(piles.iter().copied()), expected, "piles {piles:?}");
            checked += 1;
        }
    }
    // Multisets of 1..=5 elements from 9 sizes: C(13, 5) + C(12, 4) + ... = 2001.
    assert_eq!(checked, (1..=5).map(|k| binomial(9 + k - 1, k)).sum::<usize>());
}

fn binomial(n: usize, k: usize) -> usize {
    (0..k).fold(1, |acc, i| acc * (n - i) / (i + 1))
}

#[test]
fn misere_nim_pitfalls_and_u64_piles() {
    assert_eq!(outcome([1]), Outcome::SecondPlayerWins, "[1]: Alice must take the last stone");
    assert_eq!(outcome([1, 1]), Outcome::FirstPlayerWins);
    assert_eq!(outcome([1, 1, 1]), Outcome::SecondPlayerWins);
    assert_eq!(outcome([2]), Outcome::FirstPlayerWins);
    assert_eq!(outcome([2, 2]), Outcome::SecondPlayerWins);
    assert_eq!(outcome([u64::MAX]), Outcome::FirstPlayerWins);
    assert_eq!(outcome([u64::MAX, u64::MAX]), Outcome::SecondPlayerWins);
    assert_eq!(outcome([u64::MAX, u64::MAX - 1, 1]), Outcome::SecondPlayerWins, "XOR is 0");
    assert_eq!(outcome([1 << 63, 1]), Outcome::FirstPlayerWins);
    assert_eq!(outcome([0, 1]), Outcome::SecondPlayerWins, "an empty pile is no pile");
}

/// The derived table, cell by cell, with the two impossible classes marked.
#[test]
fn misere_table_cells() {
    let t = grundy::misere::embedded_table();
    let cell = |ones, zero, odd| t.get(ones, zero, odd);
    assert_eq!(cell(false, false, false), misere::FIRST_PLAYER_WINS);
    assert_eq!(cell(false, false, true), misere::FIRST_PLAYER_WINS);
    assert_eq!(cell(false, true, false), misere::SECOND_PLAYER_WINS);
    assert_eq!(cell(false, true, true), misere::SECOND_PLAYER_WINS);
    assert_eq!(cell(true, false, true), misere::SECOND_PLAYER_WINS);
    assert_eq!(cell(true, true, false), misere::FIRST_PLAYER_WINS);
    assert_eq!(cell(true, false, false), misere::IMPOSSIBLE);
    assert_eq!(cell(true, true, true), misere::IMPOSSIBLE);
    assert_eq!(t.cells(), &misere::outcome_table().unwrap()[..], "embedded = rules");
}

/// The classification fails loudly when a class holds both outcomes: a search of pile sizes up
/// to 1 only sees all-ones positions, whose classes are consistent; and the full search is too.
#[test]
fn misere_classification_is_consistent() {
    let small = misere::MisereSearch::compute(1, 4);
    let table = misere::table_from(&small).unwrap();
    assert_eq!(table[misere::table_index(false, true, false)], misere::IMPOSSIBLE, "no pile above 1 was seen");
    assert!(misere::outcome_table().is_ok());
}

/// Mine: the region values and the lone-number value against boards whose only pieces are one
/// blank region with `b` numbers, or only lone numbers, played click by click.
#[test]
fn mine_values_match_simulated_boards() {
    let table = grundy::mine::embedded_table();
    assert_eq!(table.region_cells(), &mine::region_table()[..], "embedded = rules");
    assert_eq!(table, mine::MineTable::RULES, "embedded = the table computed at compile time");
    assert_eq!(table.region_cells(), &[1, 2], "SG(b) = 1, 2, 1, 2, ...");
    assert_eq!(table.number(), 1);
    let mut memo = Vec::new();
    let mut seen_b = [0u32; 16];
    let mut lone_boards = 0;
    for (rows, cols) in [(1, 5), (2, 5), (3, 5), (3, 4)] {
        for mines in 0..(1u32 << (rows * cols)) {
            let tiny = Tiny { rows, cols, mines };
            let (regions, lone, b) = pieces(&tiny);
            let sim = simulate(&tiny, &mut memo);
            if regions == 1 && lone == 0 {
                assert_eq!(sim, table.region(b as u64), "{rows}x{cols} {:?}: one region, b = {b}", tiny.mine_list());
                seen_b[b] += 1;
            } else if regions == 0 {
                let expected = if lone % 2 == 1 { table.number() } else { 0 };
                assert_eq!(sim, expected, "{rows}x{cols} {:?}: {lone} lone numbers", tiny.mine_list());
                lone_boards += 1;
            }
        }
    }
    assert!(seen_b[..7].iter().all(|&n| n > 0), "b = 0..=6 all covered: {seen_b:?}");
    assert!(lone_boards > 1000);
}

/// (blank regions, numbers next to no blank, numbers next to a blank) of a tiny board, by BFS.
fn pieces(t: &Tiny) -> (usize, usize, usize) {
    let cell = |r: i64, c: i64| (r >= 0 && c >= 0 && (r as usize) < t.rows && (c as usize) < t.cols).then_some(());
    let mine_near = |r: usize, c: usize| {
        (-1..=1).any(|dr| {
            (-1..=1).any(|dc| {
                cell(r as i64 + dr, c as i64 + dc).is_some()
                    && t.is_mine((r as i64 + dr) as usize, (c as i64 + dc) as usize)
            })
        })
    };
    let blank = |r: usize, c: usize| !t.is_mine(r, c) && !mine_near(r, c);
    let mut label = vec![usize::MAX; t.rows * t.cols];
    let mut regions = 0;
    for r in 0..t.rows {
        for c in 0..t.cols {
            if blank(r, c) && label[r * t.cols + c] == usize::MAX {
                let mut stack = vec![(r, c)];
                label[r * t.cols + c] = regions;
                while let Some((a, b)) = stack.pop() {
                    for dr in -1..=1i64 {
                        for dc in -1..=1i64 {
                            let (x, y) = (a as i64 + dr, b as i64 + dc);
                            if cell(x, y).is_some()
                                && blank(x as usize, y as usize)
                                && label[x as usize * t.cols + y as usize] == usize::MAX
                            {
                                label[x as usize * t.cols + y as usize] = regions;
                                stack.push((x as usize, y as usize));
                            }
                        }
                    }
                }
                regions += 1;
            }
        }
    }
    let (mut lone, mut touching) = (0, 0);
    for r in 0..t.rows {
        for c in 0..t.cols {
            if t.is_mine(r, c) || blank(r, c) {
                continue;
            }
            let near_blank = (-1..=1).any(|dr| {
                (-1..=1).any(|dc| {
                    let (x, y) = (r as i64 + dr, c as i64 + dc);
                    cell(x, y).is_some() && blank(x as usize, y as usize)
                })
            });
            if near_blank { touching += 1 } else { lone += 1 }
        }
    }
    (regions, lone, touching)
}

/// The committed generated/tables.sgt holds the same parity tables as the embedded blob.
#[test]
fn committed_blob_has_the_same_parity_tables() {
    let committed = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/generated/tables.sgt")).unwrap();
    let payloads = |blob: &[u8]| {
        let header = grundy_core::format::validate(blob).unwrap();
        let mut out = Vec::new();
        for game in [TableKind::MisereNim, TableKind::MineRegion, TableKind::MineNumber] {
            let t = header.tables.iter().find(|t| t.game == game).unwrap_or_else(|| panic!("{game:?} table"));
            out.push((game, blob[t.offset as usize..(t.offset + t.len) as usize].to_vec()));
        }
        out
    };
    assert_eq!(payloads(&committed), payloads(embedded::blob()), "run `cargo run --release -- generate -o generated/`");
}
