//! The Mine solver against a click-by-click simulation of every board up to 4x4 and 3x5, with
//! every subset of mines: promise-keeping and promise-breaking boards alike, compared by
//! Grundy value (not only by winner).

use crate::common;

use common::{Tiny, simulate};
use grundy::mine::{Board, Solver};

struct Tally {
    boards: u64,
    broken: u64,
    clusters: u64,
}

fn sweep(rows: usize, cols: usize, tally: &mut Tally) {
    let mut solver = Solver::new();
    let mut memo = Vec::new();
    for mines in 0..(1u32 << (rows * cols)) {
        let tiny = Tiny { rows, cols, mines };
        let expected = simulate(&tiny, &mut memo);
        let board = Board::with_mines(rows as u64, cols as u64, tiny.mine_list()).unwrap();
        let got = solver.solve(&board).unwrap();
        assert_eq!(
            got.value.0,
            u64::from(expected),
            "{rows}x{cols} mines {:?}: solver {:?}, simulation {expected}",
            tiny.mine_list(),
            got
        );
        tally.boards += 1;
        tally.broken += u64::from(!got.keeps_promise());
        tally.clusters += got.clusters as u64;
    }
}

fn shapes(max: (usize, usize)) -> Vec<(usize, usize)> {
    let mut v = Vec::new();
    for r in 1..=max.0 {
        for c in 1..=max.1 {
            v.push((r, c));
        }
    }
    v
}

fn run(shapes: &[(usize, usize)]) -> Tally {
    let mut tally = Tally { boards: 0, broken: 0, clusters: 0 };
    for &(r, c) in shapes {
        sweep(r, c, &mut tally);
    }
    let expected: u64 = shapes.iter().map(|&(r, c)| 1u64 << (r * c)).sum();
    assert_eq!(tally.boards, expected);
    eprintln!(
        "simulated {} boards, {} break the promise, {} clusters searched",
        tally.boards, tally.broken, tally.clusters
    );
    tally
}

/// 4x4: 65,536 boards.
#[test]
fn every_4x4_board() {
    let tally = run(&[(4, 4)]);
    assert!(tally.broken > 0);
}

/// Every shape up to 4x3 and 3x4, and 1x5 .. 3x5, 5x1 .. 5x3: 77,066 boards.
#[test]
fn every_smaller_board_and_3x5() {
    let mut all: Vec<(usize, usize)> = shapes((4, 4)).into_iter().filter(|&s| s != (4, 4)).collect();
    all.extend([(1, 5), (2, 5), (3, 5), (5, 1), (5, 2), (5, 3)]);
    let tally = run(&all);
    assert!(tally.broken > 0 && tally.clusters > 0);
}
