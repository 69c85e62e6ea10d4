//! The clusters of random Mine boards: size, cycles, loops and what the normal form leaves.
//!
//! `cargo run --release -p grundy-bench --example mine_clusters -- SIDE DENSITY% SEED` (the
//! budget of each cluster's search from `B`, else 2^22 units).

mod random_board;

use grundy::mine::Solver;
use grundy::mine::chomp::Engine;
use random_board::random_board;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let side: u64 = args[0].parse().unwrap();
    let d: f64 = args[1].parse().unwrap();
    let b: u64 = args[2].parse().unwrap();
    let board = random_board(side, d, b);
    let mut graphs = Solver::new().cluster_graphs(&board).unwrap();
    graphs.sort_by_key(|g| std::cmp::Reverse(g.vertices()));
    for g in graphs.iter().take(8) {
        let loops = g.loops().iter().filter(|&&l| l).count();
        let (closed, parts) = Engine::default().normal_form(g);
        let sizes: Vec<String> = parts
            .iter()
            .map(|p| {
                format!(
                    "{}v/{}e/{}l/{}c",
                    p.vertices(),
                    p.edges().len(),
                    p.loops().iter().filter(|&&l| l).count(),
                    p.cycles()
                )
            })
            .collect();
        println!(
            "{} vertices, {} edges, {} loops, {} cycles -> closed {closed}, parts {:?}",
            g.vertices(),
            g.edges().len(),
            loops,
            g.cycles(),
            sizes
        );
        let mut engine = Engine::default();
        let start = std::time::Instant::now();
        let value = engine.value(g, std::env::var("B").map_or(1 << 22, |b| b.parse().unwrap()));
        let ms = start.elapsed().as_secs_f64() * 1e3;
        println!("  value {value:?}, {} states, {ms:.1} ms", engine.states());
    }
}
