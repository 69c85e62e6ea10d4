//! Games defined by rules: Kayles' values `G(0..1500)` from the same rules three ways, side by
//! side: a Rhai script (`examples/rules/kayles.rhai`, through `grundy::rules::Computed`: options
//! on two threads, values native), the rules in Rust (`grundy_core::rules::Rules`), and plain
//! Python (`benches/rules/kayles.py`: options enumerated, mex, as a contestant writes it; a
//! `python3` process, start-up included). Each round runs the three, interleaved; the medians
//! and the ratios are printed as Markdown.
//!
//! Run: `cargo bench -p grundy-bench --bench rules`, with `GRUNDY_RULES_ROUNDS=N` (5 by default).

use std::convert::Infallible;
use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use grundy::rules::script::{Script, ScriptLimits};
use grundy::rules::{ComputeLimits, Computed, Options, Rules, Shape};
use grundy_core::rules::HeapSequence;

const HEAPS: u64 = 1500;

struct Kayles;

impl Rules for Kayles {
    type Error = Infallible;
    fn shape(&self) -> Shape {
        Shape::Heap
    }
    fn options(&self, p: &[u64], options: &mut Options) -> Result<(), Infallible> {
        let n = p[0];
        for t in 1..=2.min(n) {
            for a in 0..=(n - t) / 2 {
                options.push(&[a, n - t - a]);
            }
        }
        Ok(())
    }
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort();
    times[times.len() / 2]
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("..");
    let source = std::fs::read_to_string(root.join("examples/rules/kayles.rhai")).expect("the script");
    let python = root.join("benches/rules/kayles.py");
    let rounds: usize = std::env::var("GRUNDY_RULES_ROUNDS").ok().and_then(|r| r.parse().ok()).unwrap_or(5);
    let (mut script, mut rust, mut py) = (Vec::new(), Vec::new(), Vec::new());
    let mut last = [0u64; 3];
    for round in 0..rounds {
        let start = Instant::now();
        let mut game =
            Computed::new("kayles", Script::load(&source, ScriptLimits::default()).unwrap(), ComputeLimits::default())
                .unwrap();
        game.fill(HEAPS).unwrap();
        script.push(start.elapsed());
        last[0] = game.values()[HEAPS as usize - 1];

        let start = Instant::now();
        let mut values = HeapSequence::new();
        values.extend(&Kayles, HEAPS).unwrap();
        rust.push(start.elapsed());
        last[1] = values.values()[HEAPS as usize - 1];

        let start = Instant::now();
        let out = Command::new("python3").arg(&python).arg(HEAPS.to_string()).output().expect("python3");
        py.push(start.elapsed());
        last[2] = String::from_utf8_lossy(&out.stdout).trim().parse().expect("G(1499) printed");
        assert!(last.iter().all(|&v| v == last[0]), "round {round}: the three disagree: {last:?}");
    }
    let (s, r, p) = (median(script), median(rust), median(py));
    println!("| Kayles G(0..{HEAPS}), median of {rounds} | seconds |");
    println!("|---|---|");
    println!("| script (Rhai, two threads) | {:.4} |", s.as_secs_f64());
    println!("| rules in Rust | {:.4} |", r.as_secs_f64());
    println!("| plain Python (a process) | {:.4} |", p.as_secs_f64());
    println!(
        "\nscript / Python = {:.2}; script / Rust = {:.0}",
        s.as_secs_f64() / p.as_secs_f64(),
        s.as_secs_f64() / r.as_secs_f64()
    );
}
