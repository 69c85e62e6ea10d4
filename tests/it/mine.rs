//! Mine: samples, edge cases, promise-breaking boards and the cluster model.

use crate::checks::Trickle;
use crate::common;
use crate::run::{assert_input_errors, output, solve};

use std::collections::HashMap;

use common::{Cluster, Search};
use common::{Rng, Tiny, flood, simulate};
use grundy::Outcome;
use grundy::judge::Judge;
use grundy::judge::JudgeError;
use grundy::judge::scanner::Scanner;
use grundy::judge::source::ReadSource;
use grundy::mine::{self, Board, BoardError, Component, Mine, SolveError, Solver};
use proptest::prelude::*;

fn judge(input: &str) -> Result<String, JudgeError> {
    output(&mut Mine::new(&mut Solver::new(), |_, _| {}), input)
}

fn board(rows: u64, cols: u64, mines: &[(u64, u64)]) -> Board {
    Board::with_mines(rows, cols, mines.iter().copied()).unwrap()
}

#[test]
fn sample() {
    assert_eq!(judge("2\n3 3 0\n3 3 1\n1 1\n").unwrap(), "Case #1: Xiemao\nCase #2: Fanglaoshi\n");
}

#[test]
fn no_mines_and_all_mines() {
    assert_eq!(judge("2\n1000 1000 0\n2 2 4\n0 0\n0 1\n1 0\n1 1\n").unwrap(), "Case #1: Xiemao\nCase #2: Fanglaoshi\n");
    let a = Solver::new().solve(&board(5, 7, &[])).unwrap();
    assert_eq!((a.regions, a.numbers, a.value.0), (1, 0, 1));
}

#[test]
fn repeated_mines_are_one_mine() {
    assert_eq!(judge("1\n3 3 4\n1 1\n1 1\n1 1\n1 1\n").unwrap(), "Case #1: Fanglaoshi\n");
    let b = board(3, 3, &[(1, 1), (1, 1), (1, 1)]);
    assert_eq!(b.mine_count(), 1);
}

/// A cell first made a number by a neighbouring mine can receive a mine itself; the order of
/// the mine lines does not matter.
#[test]
fn a_number_that_later_receives_a_mine() {
    for (rows, cols, mines) in [
        (1u64, 5u64, vec![(0u64, 0u64), (0, 1)]),
        (3, 4, vec![(1, 1), (1, 2), (0, 0)]),
        (4, 4, vec![(0, 0), (1, 1), (2, 2), (1, 0)]),
    ] {
        let mut tiny = Tiny { rows: rows as usize, cols: cols as usize, mines: 0 };
        for &(r, c) in &mines {
            tiny.mines |= 1 << (r * cols + c);
        }
        let expected = u64::from(simulate(&tiny, &mut Vec::new()));
        let mut reversed = mines.clone();
        reversed.reverse();
        for order in [mines, reversed] {
            assert_eq!(Solver::new().solve(&board(rows, cols, &order)).unwrap().value.0, expected);
        }
    }
}

/// The counterexample: 3x5 with mines (0,0), (0,1), (2,3) is won by Fanglaoshi; every published formula
/// (which counts each region's numbers, shared ones included) says Xiemao.
#[test]
fn spec_counterexample_3x5() {
    let b = board(3, 5, &[(0, 0), (0, 1), (2, 3)]);
    let mut solver = Solver::new();
    let a = solver.solve(&b).unwrap();
    assert!(!a.keeps_promise());
    assert_eq!(a.outcome(), Outcome::SecondPlayerWins, "{a:?}");
    assert_eq!(simulate(&Tiny { rows: 3, cols: 5, mines: 1 << 0 | 1 << 1 | 1 << 13 }, &mut Vec::new()), 0);
    assert_eq!(solver.shared_cells().count() as u64, a.shared_numbers);
    assert_eq!(judge("1\n3 5 3\n0 0\n0 1\n2 3\n").unwrap(), "Case #1: Fanglaoshi\n");
    // The statement's picture: (1,1) touches the regions of (0,0) and (2,2).
    let a = solver.solve(&board(3, 3, &[(0, 2), (2, 0)])).unwrap();
    assert_eq!((a.shared_numbers, a.clusters, a.value.0), (1, 1, 2));
    assert_eq!(solver.shared_cells().collect::<Vec<_>>(), [(1, 1)]);
}

/// (opened regions, private counts, shared (count, regions)) -> value.
type AbstractMemo = HashMap<(u32, Vec<u32>, Vec<(u32, u32)>), u32>;

/// The abstract model with full counts, by recursion: regions with private counts, shared
/// numbers as (count, regions). Independent of the solver's parity reduction.
fn abstract_value(open: u32, private: &[u32], shared: &[(u32, u32)], memo: &mut AbstractMemo) -> u32 {
    let key = (open, private.to_vec(), shared.to_vec());
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut seen = 0u64;
    for i in 0..private.len() {
        if open >> i & 1 == 1 {
            continue;
        }
        // Open region i: its numbers, and every shared number touching it, turn over.
        let mut p = private.to_vec();
        p[i] = 0;
        let s: Vec<(u32, u32)> = shared.iter().map(|&(n, m)| if m >> i & 1 == 1 { (0, m) } else { (n, m) }).collect();
        seen |= 1 << abstract_value(open | 1 << i, &p, &s, memo);
        if private[i] > 0 {
            let mut p = private.to_vec();
            p[i] -= 1;
            seen |= 1 << abstract_value(open, &p, shared, memo);
        }
    }
    for g in 0..shared.len() {
        if shared[g].0 > 0 {
            let mut s = shared.to_vec();
            s[g].0 -= 1;
            seen |= 1 << abstract_value(open, private, &s, memo);
        }
    }
    let v = (!seen).trailing_zeros();
    memo.insert(key, v);
    v
}

fn searched(private: &[u32], shared: &[(u32, u32)]) -> u32 {
    let cluster = Cluster {
        regions: private.len(),
        private: private.iter().enumerate().map(|(i, &n)| u64::from(n % 2) << i).sum(),
        groups: shared.iter().filter(|g| g.0 % 2 == 1).map(|g| u64::from(g.1)).collect(),
    };
    u32::from(Search::default().value(&cluster, [1, 2], 1 << 20).unwrap().0)
}

/// The two-region formulas: s odd -> 2 if a, b both even, 0 if exactly one is odd, 1 if
/// both odd; s even -> 0 if a = b (mod 2), else 3. Checked against full counts up to 4 and the
/// search.
#[test]
fn two_region_formulas() {
    let mut memo = HashMap::new();
    for a in 0..=4u32 {
        for b in 0..=4u32 {
            for s in 0..=4u32 {
                let formula = match (s % 2 == 1, a % 2, b % 2) {
                    (true, 0, 0) => 2,
                    (true, 1, 1) => 1,
                    (true, _, _) => 0,
                    (false, x, y) if x == y => 0,
                    (false, _, _) => 3,
                };
                let full = abstract_value(0, &[a, b], &[(s, 0b11)], &mut memo);
                assert_eq!(full, formula, "a={a} b={b} s={s}");
                assert_eq!(searched(&[a, b], &[(s, 0b11)]), formula, "a={a} b={b} s={s}");
            }
        }
    }
}

/// Chains of three regions reach SG 5, and the search agrees with full counts.
#[test]
fn chains_of_three_reach_five() {
    let mut memo = HashMap::new();
    let mut max = 0;
    for code in 0..3u32.pow(5) {
        let d: Vec<u32> = (0..5).map(|i| code / 3u32.pow(i) % 3).collect();
        let (private, shared) = ([d[0], d[1], d[2]], [(d[3], 0b011), (d[4], 0b110)]);
        let full = abstract_value(0, &private, &shared, &mut memo);
        assert_eq!(searched(&private, &shared), full, "{private:?} {shared:?}");
        max = max.max(full);
    }
    assert_eq!(max, 5);
}

/// Random hypergraph clusters of up to 4 regions (shared numbers touching 2 to 4 regions, counts
/// up to 2): the parity reduction and the component split against full counts.
#[test]
fn random_clusters_match_full_counts() {
    let mut rng = Rng(0x5eed_1234_abcd_ef01);
    let mut memo = HashMap::new();
    for _ in 0..400 {
        let n = 2 + rng.below(3) as usize;
        let private: Vec<u32> = (0..n).map(|_| rng.below(3) as u32).collect();
        let mut shared = Vec::new();
        for _ in 0..1 + rng.below(3) {
            let mask = loop {
                let m = rng.below(1 << n) as u32;
                if m.count_ones() >= 2 {
                    break m;
                }
            };
            shared.push((1 + rng.below(2) as u32, mask));
        }
        // Equal region sets merge into one group (counts add) in the solver; do the same here.
        shared.sort_by_key(|g| g.1);
        shared.dedup_by(|b, a| {
            if a.1 == b.1 {
                a.0 += b.0;
                true
            } else {
                false
            }
        });
        memo.clear();
        assert_eq!(
            searched(&private, &shared),
            abstract_value(0, &private, &shared, &mut memo),
            "{private:?} {shared:?}"
        );
    }
}

/// Boards larger than the exhaustive sweep: random 4x5, 5x5 and 4x6 boards with at most 16 safe
/// cells that break the promise, against the simulator.
#[test]
fn random_promise_breaking_boards_match_the_simulator() {
    let mut rng = Rng(0x0123_4567_89ab_cdef);
    let mut solver = Solver::new();
    let mut memo = Vec::new();
    let mut checked = 0;
    while checked < 150 {
        let (rows, cols) = [(4usize, 5usize), (5, 5), (4, 6)][rng.below(3) as usize];
        let mut mines = 0u32;
        while (rows * cols) as u32 - mines.count_ones() > 16 {
            mines |= 1 << rng.below((rows * cols) as u64);
        }
        let tiny = Tiny { rows, cols, mines };
        let a = solver.solve(&board(rows as u64, cols as u64, &tiny.mine_list())).unwrap();
        if a.keeps_promise() {
            continue;
        }
        assert_eq!(a.value.0, u64::from(simulate(&tiny, &mut memo)), "{rows}x{cols} {:?}", tiny.mine_list());
        checked += 1;
    }
}

/// A solver given a table that is not the rules' never panics explaining a board: it answers
/// by the table (or refuses a cluster past the budget), and where the table leaves a board of
/// non-zero value without a winning click it says the table is inconsistent. With the rules'
/// table every explanation has its click.
#[test]
fn explaining_with_a_foreign_table_never_panics() {
    let board1x4 = board(1, 4, &[(0, 1)]);
    let e = Solver::with_table(mine::MineTable::new(&[0, 1], 2)).explain(&board1x4);
    assert_eq!(e.unwrap_err(), SolveError::Inconsistent);
    assert!(SolveError::Inconsistent.to_string().contains("inconsistent"));
    let tables: [(&'static [u8], u8); 5] =
        [(&[0, 1], 2), (&[255, 0, 64], 255), (&[63], 64), (&[200, 100, 7, 64, 128], 0), (&[1, 2], 1)];
    let mut rng = Rng(0x5eed_0f7a_b1e5);
    let mut inconsistent = 0;
    for (region, number) in tables {
        let mut solver = Solver::with_table(mine::MineTable::new(region, number));
        for _ in 0..300 {
            let (rows, cols) = (1 + rng.below(6), 1 + rng.below(6));
            let mines: Vec<(u64, u64)> =
                (0..rng.below(rows * cols)).map(|_| (rng.below(rows), rng.below(cols))).collect();
            let b = board(rows, cols, &mines);
            match solver.explain(&b) {
                Ok(e) => assert_eq!(e.winning_move.is_some(), e.analysis.value.0 != 0, "{rows}x{cols} {mines:?}"),
                Err(SolveError::Inconsistent) => inconsistent += 1,
                // Values far from the rules' can make a small cluster's search long.
                Err(SolveError::ClusterTooLarge(_)) => {}
                Err(e) => panic!("{e}"),
            }
            let rules = Solver::new().explain(&b).unwrap();
            assert_eq!(rules.winning_move.is_some(), rules.analysis.value.0 != 0);
        }
    }
    assert!(inconsistent > 0);
}

/// A region of 10^8 cells (no recursion anywhere) and a few mines on a 10^4 x 10^4 board.
#[test]
fn ten_thousand_square() {
    let mut solver = Solver::new();
    let a = solver.solve(&board(10_000, 10_000, &[])).unwrap();
    assert_eq!((a.regions, a.value.0), (1, 1));
    // A mine in a corner: 3 numbers around it, one region with b = 3: SG 2.
    let a = solver.solve(&board(10_000, 10_000, &[(0, 0)])).unwrap();
    assert_eq!((a.regions, a.numbers, a.value.0), (1, 3, 2));
    // A wall of mines down column 5000 splits the board into two regions with 10^4 numbers each.
    let wall: Vec<(u64, u64)> = (0..10_000).map(|r| (r, 5_000)).collect();
    let a = solver.solve(&board(10_000, 10_000, &wall)).unwrap();
    assert_eq!((a.regions, a.numbers, a.value.0), (2, 20_000, 0));
}

#[test]
fn board_errors() {
    assert!(matches!(Board::new(1 << 16, 1 << 16), Err(BoardError::TooLarge { .. })));
    assert!(Board::new(65_535, 65_537).is_ok_and(|b| b.rows() == 65_535));
    assert!(mine::working_bytes(1, mine::MAX_CELLS) <= u128::from(mine::MAX_WORKING_BYTES), "the widest board");
    assert!(mine::working_bytes(1 << 26, 1) <= u128::from(mine::MAX_WORKING_BYTES));
}

/// Regression (bad-input catalogue): a tall, narrow board of fewer than 2^32 cells used to be
/// accepted and then ask for 36 bytes per row (tens of GB for 10^9 rows), getting the process
/// killed on an overcommitting system (or exit 3 after a long wait under a memory limit). It is
/// refused up front now, as an input error at M, before anything is allocated.
#[test]
fn a_board_beyond_the_memory_bound_is_refused_up_front() {
    for (rows, cols) in [(1_000_000_000, 4), (1 << 27, 1), (u64::from(u32::MAX), 1)] {
        let e = Board::new(rows, cols).unwrap_err();
        assert_eq!(e, BoardError::TooLarge { rows, cols });
        let text = e.to_string();
        assert!(text.contains("bytes of memory to solve; at most 4294967296 (4 GiB) are supported"), "{text}");
    }
    let Err(JudgeError::Input(e)) = judge("1\n1000000000 4 0\n") else { panic!("a 10^9 x 4 board is accepted") };
    assert_eq!((e.line, e.column), (2, 12), "{e}");
    let mut b = Board::new(3, 4).unwrap();
    let e = b.place_mine(3, 0).unwrap_err();
    assert_eq!(e.to_string(), "mine (3, 0) is outside the 3 x 4 board (rows 0..3, columns 0..4)");
    assert!(b.place_mine(0, 4).is_err() && b.place_mine(2, 3).is_ok());
}

#[test]
fn a_cluster_beyond_the_bound_is_refused() {
    let mut solver = Solver::new();
    solver.set_max_states(0);
    let broken = board(3, 5, &[(0, 0), (0, 1), (2, 3)]);
    assert!(matches!(solver.solve(&broken), Err(SolveError::ClusterTooLarge(_))));
    let kept = board(3, 3, &[(1, 1)]);
    assert_eq!(solver.solve(&kept).unwrap().value.0, 0, "no cluster, no search");
    let mut out = Vec::new();
    let input = b"2\n3 3 1\n1 1\n3 5 3\n0 0\n0 1\n2 3\n";
    let e = Mine::new(&mut solver, |_, _| {}).solve_bytes(input, &mut out).unwrap_err();
    assert!(matches!(e, JudgeError::Refused { case: 2, .. }), "{e}");
    assert_eq!(out, b"Case #1: Fanglaoshi\n", "the cases before are written");
}

/// A path of `2 * reps` blank regions, nearly all with a loop: a long exact search.
fn slow_board(reps: u64) -> Board {
    let mines = (0..reps).flat_map(|j| [(0, 4 * j + 3), (2, 4 * j + 1)]);
    Board::with_mines(3, 4 * reps, mines).unwrap()
}

/// A time bound refuses a long search as the budget does, saying how long it ran; progress
/// reports come while it runs, naming the case the judge set; both bounds apply together, and
/// the solver for a second thread has them too.
#[test]
fn a_time_bound_refuses_a_long_search_and_progress_is_reported() {
    use std::sync::{Arc, Mutex};
    use std::time::Duration;
    let mut solver = Solver::new();
    solver.set_max_states(usize::MAX);
    solver.set_max_time(Some(Duration::from_millis(300)));
    let seen: Arc<Mutex<Vec<mine::Progress>>> = Arc::default();
    let sink = Arc::clone(&seen);
    solver.set_progress(Some(mine::ProgressHook {
        after: Duration::from_millis(50),
        every: Duration::from_millis(50),
        report: Arc::new(move |p: &mine::Progress| sink.lock().unwrap().push(*p)),
    }));
    solver.set_case(Some(7));
    let twin = solver.new_like();
    assert_eq!((twin.max_time(), twin.max_states()), (Some(Duration::from_millis(300)), usize::MAX));
    let started = std::time::Instant::now();
    let Err(SolveError::ClusterTooLarge(e)) = solver.solve(&slow_board(500)) else { panic!("not refused") };
    assert!(started.elapsed() < Duration::from_secs(3), "{:?}", started.elapsed());
    let ran = e.out_of_time.expect("stopped by the clock");
    assert!(ran >= Duration::from_millis(300) && e.out_of_memory.is_none(), "{e:?}");
    assert_eq!((e.regions, e.max_time), (1000, Some(Duration::from_millis(300))));
    assert!(e.to_string().contains("the time bound of 0.3 s was reached"), "{e}");
    let seen = seen.lock().unwrap();
    assert!(!seen.is_empty());
    assert!(seen.iter().all(|p| p.case == Some(7) && p.regions == 1000 && p.elapsed >= Duration::from_millis(50)));
    // The budget still applies with a time bound, and a fast board is solved under both.
    solver.set_max_states(0);
    let Err(SolveError::ClusterTooLarge(e)) = solver.solve(&slow_board(500)) else { panic!("not refused") };
    assert_eq!(e.out_of_time, None);
    solver.set_max_states(mine::DEFAULT_MAX_STATES);
    assert_eq!(solver.solve(&board(3, 5, &[(0, 0), (0, 1), (2, 3)])).unwrap().value.0, 0);
}

/// A deadline stops every board's search, whichever board: the first slow board runs until it,
/// the next is refused at once, a board solved without a search still is; the solver for a
/// second thread has it too.
#[test]
fn a_deadline_stops_a_run_of_boards() {
    use std::time::{Duration, Instant};
    let mut solver = Solver::new();
    solver.set_max_states(usize::MAX);
    let deadline = Instant::now() + Duration::from_millis(300);
    solver.set_deadline(Some(deadline));
    assert_eq!(solver.new_like().deadline(), Some(deadline));
    let Err(SolveError::ClusterTooLarge(e)) = solver.solve(&slow_board(500)) else { panic!("not refused") };
    let now = Instant::now();
    assert!(now >= deadline && now < deadline + Duration::from_secs(1), "{:?} after", now - deadline);
    assert!(e.out_of_time.is_some() && e.max_time.is_none(), "{e:?}");
    let Err(SolveError::ClusterTooLarge(e)) = solver.solve(&slow_board(500)) else { panic!("not refused") };
    assert!(e.out_of_time.is_some() && Instant::now() < now + Duration::from_millis(200), "{e:?}");
    assert_eq!(solver.solve(&board(3, 3, &[(1, 1)])).unwrap().value.0, 0, "no cluster, no search");
}

#[test]
fn bad_input_names_line_and_column() {
    let cases = [
        ("1\n3 3 1\n3 0\n", 3, 1, "X = 3 of mine 1 of case 1 is outside the board: it must be below 3"),
        ("1\n3 3 1\n0 3\n", 3, 3, "Y = 3 of mine 1 of case 1 is outside the board: it must be below 3"),
        ("1\n3 3 2\n0 0\n1 x\n", 4, 3, "expected Y of mine 2 of case 1"),
        ("1\n0 3 0\n", 2, 1, "N, the number of rows of case 1 is 0"),
        ("1\n3 0 0\n", 2, 3, "M, the number of columns of case 1 is 0"),
        ("1\n65536 65536 0\n", 2, 7, "at most 4294967295"),
        ("1\n3 3 1\n1 1\n7\n", 4, 1, "unexpected data after case 1"),
        ("2\n3 3 0\n", 3, 1, "unexpected end of input: expected N"),
        ("1\n3 3 -1\n", 2, 5, "found a sign"),
    ];
    assert_input_errors(|input| solve(&mut Mine::new(&mut Solver::new(), |_, _| {}), input), &cases);
}

/// Reports reach the caller once per solved case, with the promise status.
#[test]
fn reports_name_promise_breaking_cases() {
    let mut broken = Vec::new();
    let mut out = Vec::new();
    let input = b"3\n3 3 0\n3 5 3\n0 0\n0 1\n2 3\n3 3 2\n0 2\n2 0\n";
    let mut solver = Solver::new();
    let mut judge = Mine::new(&mut solver, |case, a: &grundy::mine::Analysis| {
        if !a.keeps_promise() {
            broken.push(case)
        }
    });
    judge.solve_bytes(input, &mut out).unwrap();
    drop(judge);
    assert_eq!(broken, [2, 3]);
    assert_eq!(String::from_utf8(out).unwrap(), "Case #1: Xiemao\nCase #2: Fanglaoshi\nCase #3: Xiemao\n");
}

/// Hundreds of cases of every size, from 1 cell to 200 x 200, solved on both threads: answers and
/// reports come in case order, each the board's own (solved alone here), and a bad line after
/// them leaves every case before it answered, in order, and nothing after.
#[test]
fn many_mixed_cases_are_answered_in_order() {
    let mut rng = Rng(0xfeed_beef_1234_5678);
    let (mut input, mut expected) = (String::new(), String::new());
    let mut solver = Solver::new();
    solver.set_max_states(1 << 10);
    let cases = 300;
    input += &format!("{}\n", cases + 1);
    for case in 1..=cases {
        // Random boards, redrawn while the solver refuses them (clusters too large to search).
        let (rows, cols, mines, outcome) = loop {
            let side = [1, 3, 40, 200][rng.below(4) as usize];
            let (rows, cols) = (1 + rng.below(side), 1 + rng.below(side));
            let count = rng.below(rows * cols / 8 + 1);
            let mines: Vec<(u64, u64)> = (0..count).map(|_| (rng.below(rows), rng.below(cols))).collect();
            if let Ok(a) = solver.solve(&board(rows, cols, &mines)) {
                break (rows, cols, mines, a.outcome());
            }
        };
        input += &format!("{rows} {cols} {}\n", mines.len());
        mines.iter().for_each(|(r, c)| input += &format!("{r} {c}\n"));
        expected += &format!("Case #{case}: {}\n", winner_name(outcome));
    }
    input += "2 2 1\n0 2\n";
    for _ in 0..3 {
        let (mut out, mut reported) = (Vec::new(), Vec::new());
        let e = Mine::new(&mut Solver::new(), |case, _: &grundy::mine::Analysis| reported.push(case))
            .solve_bytes(input.as_bytes(), &mut out)
            .unwrap_err();
        assert!(e.to_string().contains(&format!("Y = 2 of mine 1 of case {}", cases + 1)), "{e}");
        assert_eq!(String::from_utf8(out).unwrap(), expected);
        assert_eq!(reported, (1..=cases).collect::<Vec<_>>());
    }
}

/// The statement's picture (a number between two blank regions touching it diagonally) with the
/// number in every column around the 64-bit word boundaries, alone on a 3-row board: the only
/// promise-breaking number must be found wherever it lies in a word.
#[test]
fn a_shared_number_at_every_word_boundary() {
    for c in [1, 2, 62, 63, 64, 65, 126, 127, 128, 129] {
        for cols in [c + 2, c + 3, 192, 200] {
            let mines = [(0, c + 1), (2, c - 1)];
            let a = Solver::new().solve(&board(3, cols, &mines)).unwrap();
            assert_eq!((a.regions, a.shared_numbers), (2, 1), "number at column {c} of {cols}");
            let mut mine = vec![false; 3 * cols as usize];
            mines.iter().for_each(|&(r, c)| mine[(r * cols + c) as usize] = true);
            assert_eq!(flood(3, cols as usize, &mine).shared, [(1, c as usize)]);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(1000))]

    /// Boards up to 3 words wide, at any mine density, against a flood fill: regions, numbers,
    /// lone numbers, whether the promise holds and, when it does, the value. Half of the boards
    /// are repaired until they keep the promise (a mine on every number touching two regions),
    /// so the solver's fast path for promise-keeping boards is exercised as much as the rest.
    #[test]
    fn random_boards_match_a_flood_fill(
        rows in 1usize..40,
        cols in 1usize..200,
        per_mille in 0u64..400,
        seed: u64,
        repair: bool,
    ) {
        let mut rng = Rng(seed | 1);
        let mut mine = vec![false; rows * cols];
        for _ in 0..(rows * cols) as u64 * per_mille / 1000 {
            mine[rng.below((rows * cols) as u64) as usize] = true;
        }
        let mut expected = flood(rows, cols, &mine);
        while repair && !expected.shared.is_empty() {
            for &(r, c) in &expected.shared {
                mine[r * cols + c] = true;
            }
            expected = flood(rows, cols, &mine);
        }
        let mines: Vec<(u64, u64)> =
            (0..rows * cols).filter(|&i| mine[i]).map(|i| ((i / cols) as u64, (i % cols) as u64)).collect();
        let board = board(rows as u64, cols as u64, &mines);
        let mut solver = Solver::new();
        solver.set_max_states(1 << 12);
        // The region map (what `grundy draw mine` draws): the flood fill's regions, numbered
        // alike, and its shared numbers.
        let mut mapper = Solver::new();
        let map = mapper.region_map(&board).unwrap();
        let mut label = vec![usize::MAX; rows * cols];
        for (r, first, last, g) in map.runs() {
            label[r as usize * cols + first as usize..=r as usize * cols + last as usize].fill(g as usize);
        }
        prop_assert_eq!(&label, &expected.label);
        prop_assert_eq!(map.regions() as u64, expected.regions);
        let mut shared: Vec<(usize, usize)> = map.shared_numbers().map(|(r, c)| (r as usize, c as usize)).collect();
        shared.sort_unstable();
        prop_assert_eq!(&shared, &expected.shared);
        match solver.solve(&board) {
            Ok(a) => {
                let got = (a.regions, a.numbers, a.lone_numbers, a.shared_numbers);
                let want = (expected.regions, expected.numbers, expected.lone_numbers, expected.shared.len() as u64);
                prop_assert_eq!(got, want);
                if expected.shared.is_empty() {
                    prop_assert_eq!(a.value.0, expected.value);
                }
                // The run-by-run path (the one --explain takes) agrees with the fast one.
                let explained = solver.explain(&board);
                prop_assert_eq!(explained.as_ref().map(|e| &e.analysis), Ok(&a));
                // The map's clusters are the explanation's, in its order.
                let clusters: Vec<((u64, u64), usize)> = explained.unwrap().components.iter().filter_map(|c| match *c {
                    Component::Cluster { cell, regions, .. } => Some((cell, regions)),
                    _ => None,
                }).collect();
                prop_assert_eq!(map.clusters(), clusters.len());
                for (k, &((r, c), regions)) in clusters.iter().enumerate() {
                    let members = (0..map.regions() as u32).filter(|&g| map.cluster_of(g) == Some(k as u32)).count();
                    prop_assert_eq!(members, regions);
                    prop_assert_eq!(map.cluster_of(label[r as usize * cols + c as usize] as u32), Some(k as u32));
                }
                let clustered = (0..map.regions() as u32).filter(|&g| map.cluster_of(g).is_some()).count();
                prop_assert_eq!(clustered, clusters.iter().map(|c| c.1).sum::<usize>());
            }
            Err(e) => prop_assert!(!expected.shared.is_empty(), "refused a board that keeps the promise: {}", e),
        }
    }
}

/// The judge's output or error on `input`, read whole and streamed in pieces of `step` bytes.
fn judge_both_ways(input: &[u8], step: usize) -> [Result<String, String>; 2] {
    let run = |whole: bool| {
        let mut out = Vec::new();
        let mut solver = Solver::new();
        let mut mine = Mine::new(&mut solver, |_, _| {});
        let result = if whole {
            mine.solve_bytes(input, &mut out)
        } else {
            mine.solve(&mut Scanner::new(ReadSource::new(Trickle::new(input, step))), &mut out)
        };
        result.map(|()| String::from_utf8(out).unwrap()).map_err(|e| e.to_string())
    };
    [run(true), run(false)]
}

/// However the mine lines are written (numbers zero-padded past the 8 digits the bulk path
/// takes, runs of spaces and tabs, CRLF), the judge reads the same board, whole or streamed; and
/// a mine outside the board after them is reported at its line and column.
#[test]
fn mine_lines_are_read_alike_however_written() {
    let (rows, cols) = (200, 300);
    let mut rng = Rng(4678);
    let mines: Vec<(u64, u64)> = (0..800).map(|_| (rng.below(rows), rng.below(cols))).collect();
    // The board of the valid inputs below: these mines and the last, at (0, 0).
    let all: Vec<(u64, u64)> = mines.iter().copied().chain([(0, 0)]).collect();
    let outcome = Solver::new().solve(&board(rows, cols, &all)).unwrap().outcome();
    let answer = format!("Case #1: {}\n", winner_name(outcome));
    for style in 0..4 {
        let mut text = format!("1\n{rows} {cols} {}\n", mines.len() + 1);
        for &(x, y) in &mines {
            let padded = style == 1 || (style == 3 && rng.below(3) == 0);
            let x = if padded { format!("{x:010}") } else { x.to_string() };
            let y = if padded { format!("{y:012}") } else { y.to_string() };
            let gap = if style >= 2 { [" ", "  ", "\t", " \t "][rng.below(4) as usize] } else { " " };
            let end = if style >= 2 && rng.below(2) == 0 { "\r\n" } else { "\n" };
            text += &format!("{x}{gap}{y}{end}");
        }
        let ok = text.clone() + "0 0\n";
        for step in [7, 64, 100, 1000] {
            assert_eq!(judge_both_ways(ok.as_bytes(), step), [Ok(answer.clone()), Ok(answer.clone())], "style {style}");
        }
        // The last mine's Y is outside the board.
        let bad = text + format!("0 {cols}\n").as_str();
        let error = format!(
            "line {}, column 3: Y = {cols} of mine {} of case 1 is outside the board: it must be below {cols}",
            mines.len() + 3,
            mines.len() + 1
        );
        for step in [7, 64, 100, 1000] {
            assert_eq!(
                judge_both_ways(bad.as_bytes(), step),
                [Err(error.clone()), Err(error.clone())],
                "style {style}"
            );
        }
        // A letter in place of a mine's X, halfway.
        let half = mines.len() / 2;
        let lines: Vec<&str> = ok.split_inclusive('\n').collect();
        let damaged = lines[..half + 2].concat() + "x" + &lines[half + 2][1..] + lines[half + 3..].concat().as_str();
        let error = format!("line {}, column 1: expected X of mine {} of case 1, found 'x'", half + 3, half + 1);
        assert_eq!(judge_both_ways(damaged.as_bytes(), 100), [Err(error.clone()), Err(error)], "style {style}");
    }
}

/// The judge's name for the winner, typed from the statement.
fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Xiemao",
        Outcome::SecondPlayerWins => "Fanglaoshi",
    }
}
