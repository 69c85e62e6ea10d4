//! Random Mine boards by density: how many the exact solver answers, solve times, and the
//! clusters of every board (answered or not): their size, cycles, and what the normal form
//! leaves of the hardest (the most loops left in one component).
//!
//! `cargo run --release -p grundy-bench --example mine_random -- [SIDE] [BOARDS] [DENSITY%...]`
//! (defaults: 1000, 10, densities 1 to 50; the budget from `MINE_BUDGET`, else the default).
//! Mines are distinct cells drawn uniformly at random (a density of d% is
//! `d / 100 * SIDE * SIDE` mines), the same seeds on every run.

mod random_board;

use std::time::Instant;

use grundy::mine::chomp::Engine;
use grundy::mine::{SolveError, Solver};
use random_board::random_board;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side: u64 = args.first().map_or(1000, |a| a.parse().expect("SIDE"));
    let boards: u64 = args.get(1).map_or(10, |a| a.parse().expect("BOARDS"));
    let densities: Vec<f64> = if args.len() > 2 {
        args[2..].iter().map(|a| a.parse().expect("DENSITY%")).collect()
    } else {
        vec![1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 7.0, 8.0, 9.0, 10.0, 11.0, 12.0, 15.0, 20.0, 30.0, 50.0]
    };
    println!(
        "| density | boards | answered | clusters (mean) | largest cluster (max) | most cycles (max) | \
         reduced: most loops (its vertices, cycles) | states (max, answered) | solve ms (median) | solve ms (max) |"
    );
    println!("|---|---|---|---|---|---|---|---|---|---|");
    let mut solver = Solver::new();
    if let Ok(budget) = std::env::var("MINE_BUDGET") {
        solver.set_max_states(budget.parse().expect("MINE_BUDGET"));
    }
    for &d in &densities {
        let mut answered = 0;
        let (mut clusters, mut largest, mut cycles, mut states) = (0usize, 0usize, 0usize, 0usize);
        let mut reduced = (0usize, 0usize, 0usize);
        let mut engine = Engine::default();
        let mut times = Vec::new();
        let mut refusals = Vec::new();
        for b in 0..boards {
            let board = random_board(side, d, b);
            let start = Instant::now();
            let result = solver.solve(&board);
            times.push(start.elapsed().as_secs_f64() * 1e3);
            // The clusters, whatever the answer (not timed).
            let graphs = solver.cluster_graphs(&board).expect("a board the sweep takes");
            clusters += graphs.len();
            for g in &graphs {
                largest = largest.max(g.vertices());
                cycles = cycles.max(g.cycles());
                for part in engine.normal_form(g).1 {
                    let loops = part.loops().iter().filter(|&&l| l).count();
                    reduced = reduced.max((loops, part.vertices(), part.cycles()));
                }
            }
            match result {
                Ok(a) => {
                    answered += 1;
                    states = states.max(a.states);
                }
                Err(SolveError::ClusterTooLarge(e)) => {
                    refusals.push(format!("{} regions, {} cycles", e.regions, e.cycles))
                }
                Err(e) => refusals.push(e.to_string()),
            }
        }
        times.sort_by(f64::total_cmp);
        println!(
            "| {d}% | {boards} | {answered} | {:.1} | {largest} | {cycles} | {} ({}, {}) | {states} | {:.1} | {:.1} |",
            clusters as f64 / boards as f64,
            reduced.0,
            reduced.1,
            reduced.2,
            times[times.len() / 2],
            times[times.len() - 1],
        );
        for r in refusals {
            eprintln!("  {d}%: refused a cluster of {r}");
        }
    }
}
