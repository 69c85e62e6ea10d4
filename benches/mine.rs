//! Mine judge throughput against a plain integer-summing pass over the same bytes.
//!
//! 20 boards of 1000 x 1000, mine densities spread evenly over 0.1% .. 50% (mine lines drawn
//! with a fixed xorshift seed, repeats allowed as in judge data). Like the judge's data, the
//! boards keep the statement's promise: uniformly random boards above ~2% break it (and from ~3%
//! to ~14% form clusters of hundreds of linked regions that no exact search can value), so each
//! board is repaired by putting a mine on every number touching two regions until none is left;
//! this adds under 1% of mines. Criterion measures the whole 20-case input both ways; the table
//! printed first gives the per-board ratios (best of 7 runs).
//!
//! Run: `cargo bench -p grundy-bench --bench mine`

use std::hint::black_box;
use std::time::{Duration, Instant};

use criterion::{Criterion, Throughput};
use grundy::judge::Judge;
use grundy::mine::{Board, Mine, Solver};

const SIDE: u64 = 1000;
const BOARDS: usize = 20;

fn density(i: usize) -> f64 {
    0.001 + (0.5 - 0.001) * i as f64 / (BOARDS - 1) as f64
}

/// The mines of board `i`: random, then repaired until the board keeps the promise.
fn mines(i: usize, solver: &mut Solver) -> Vec<(u64, u64)> {
    let count = (density(i) * (SIDE * SIDE) as f64) as u64;
    let mut x = 0x9E37_79B9_7F4A_7C15 ^ (i as u64 * 0x1234_5678_9ABC_DEF1) | 1;
    let mut mines: Vec<(u64, u64)> = (0..count)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let cell = x % (SIDE * SIDE);
            (cell / SIDE, cell % SIDE)
        })
        .collect();
    loop {
        let board = Board::with_mines(SIDE, SIDE, mines.iter().copied()).unwrap();
        if solver.solve(&board).is_ok_and(|a| a.keeps_promise()) {
            return mines;
        }
        mines.extend(solver.shared_cells());
    }
}

/// A judge input with these boards' cases.
fn input(boards: &[Vec<(u64, u64)>]) -> Vec<u8> {
    use std::fmt::Write;
    let mut text = format!("{}\n", boards.len());
    for mines in boards {
        writeln!(text, "{SIDE} {SIDE} {}", mines.len()).unwrap();
        for (r, c) in mines {
            writeln!(text, "{r} {c}").unwrap();
        }
    }
    text.into_bytes()
}

/// The baseline: every run of digits read as a number and summed, nothing else.
fn sum_integers(bytes: &[u8]) -> u64 {
    let (mut sum, mut current) = (0u64, 0u64);
    for &b in bytes {
        let digit = b.wrapping_sub(b'0');
        if digit < 10 {
            current = current * 10 + u64::from(digit);
        } else {
            sum = sum.wrapping_add(current);
            current = 0;
        }
    }
    sum.wrapping_add(current)
}

fn run_solver(solver: &mut Solver, bytes: &[u8]) {
    let mut out = Vec::with_capacity(64);
    Mine::new(solver, |_, a: &grundy::mine::Analysis| {
        black_box(a);
    })
    .solve_bytes(bytes, &mut out)
    .unwrap();
    black_box(out);
}

fn best_of(runs: usize, mut f: impl FnMut()) -> Duration {
    (0..runs)
        .map(|_| {
            let t = Instant::now();
            f();
            t.elapsed()
        })
        .min()
        .unwrap()
}

fn ratio_table(solver: &mut Solver, boards: &[Vec<(u64, u64)>]) {
    println!("board  density  mine lines  input bytes  sum pass   solve      ratio");
    let (mut total_sum, mut total_solve) = (Duration::ZERO, Duration::ZERO);
    for (i, mines) in boards.iter().enumerate() {
        let bytes = input(std::slice::from_ref(mines));
        run_solver(solver, &bytes); // warm the buffers
        let sum = best_of(7, || {
            black_box(sum_integers(black_box(&bytes)));
        });
        let solve = best_of(7, || run_solver(solver, &bytes));
        total_sum += sum;
        total_solve += solve;
        println!(
            "{i:>5}  {:>6.2}%  {:>10}  {:>11}  {:>9.3?}  {:>9.3?}  {:>5.2}",
            100.0 * density(i),
            mines.len(),
            bytes.len(),
            sum,
            solve,
            solve.as_secs_f64() / sum.as_secs_f64()
        );
    }
    println!(
        "total                                     {total_sum:>9.3?}  {total_solve:>9.3?}  {:>5.2}",
        total_solve.as_secs_f64() / total_sum.as_secs_f64()
    );
}

fn main() {
    let mut solver = Solver::new();
    let boards: Vec<Vec<(u64, u64)>> = (0..BOARDS).map(|i| mines(i, &mut solver)).collect();
    ratio_table(&mut solver, &boards);
    let bytes = input(&boards);
    let mut c = Criterion::default().configure_from_args().sample_size(20).measurement_time(Duration::from_secs(5));
    let mut group = c.benchmark_group("mine-20-boards-1000x1000");
    group.throughput(Throughput::Bytes(bytes.len() as u64));
    group.bench_function("sum-integers", |b| b.iter(|| sum_integers(black_box(&bytes))));
    group.bench_function("solve", |b| b.iter(|| run_solver(&mut solver, black_box(&bytes))));
    group.finish();
    c.final_summary();
}
