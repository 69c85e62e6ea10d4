//! End-to-end throughput: grundy against the parse floor and a straightforward baseline, on the
//! same large deterministic inputs, measured side by side in one run.
//!
//! Run: `cargo build --release -p grundy-cli && cargo bench -p grundy-bench --bench throughput`
//! (inputs are generated once into the target directory; `GRUNDY_BENCH_SCALE=0.1` shrinks them). Prints a Markdown table of medians and ratios.

mod baseline;
mod floor;
mod inputs;

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use grundy::judge::Judge;
use grundy::judge::Knights;
use grundy::judge::Mine;
use grundy::judge::MisereNim;
use grundy::mine::Solver;
use grundy::table::embedded;

/// Runs of each measurement; the median is reported.
const RUNS: usize = 5;

/// A judge problem: how grundy solves it in process, and how the baseline does.
struct Workload {
    name: String,
    path: PathBuf,
    subcommand: &'static str,
    solve: fn(&[u8], &mut Vec<u8>),
    baseline: fn(&Path) -> String,
}

fn solve_knights(input: &[u8], out: &mut Vec<u8>) {
    Knights { table: embedded::knight() }.solve_bytes(input, out).unwrap();
}

fn solve_misere(input: &[u8], out: &mut Vec<u8>) {
    MisereNim { table: embedded::misere_nim() }.solve_bytes(input, out).unwrap();
}

fn solve_mine(input: &[u8], out: &mut Vec<u8>) {
    Mine::new(&mut Solver::new(), |_, _| {}).solve_bytes(input, out).unwrap();
}

fn reader(path: &Path) -> std::io::BufReader<std::fs::File> {
    std::io::BufReader::new(std::fs::File::open(path).unwrap())
}

fn median(mut times: Vec<Duration>) -> Duration {
    times.sort_unstable();
    times[times.len() / 2]
}

fn time(f: &mut dyn FnMut()) -> Duration {
    let start = Instant::now();
    f();
    start.elapsed()
}

/// The release `grundy` binary beside this benchmark: `target/release/deps/throughput-…` runs from
/// `target/release/deps`, and `cargo build --release -p grundy-cli` puts `grundy` in `target/release`.
fn grundy_binary() -> PathBuf {
    let exe = std::env::current_exe().expect("the benchmark's own path");
    let path = exe.parent().and_then(Path::parent).expect("target/release").join("grundy");
    assert!(path.is_file(), "{} is missing: run `cargo build --release -p grundy-cli` first", path.display());
    path
}

fn main() {
    let grundy = grundy_binary();
    let scale: f64 = std::env::var("GRUNDY_BENCH_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1.0);
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("throughput");
    std::fs::create_dir_all(&dir).unwrap();
    let n = |base: f64| (base * scale).max(1.0) as u64;
    let workloads = vec![
        Workload {
            name: "knights, judge maximum: 200 cases of 1000".into(),
            path: inputs::knights(&dir, 200, 1000),
            subcommand: "knights",
            solve: solve_knights,
            baseline: |p| baseline::knights(reader(p)),
        },
        Workload {
            name: format!("knights, {} knights", n(20e6)),
            path: inputs::knights(&dir, 1, n(20e6)),
            subcommand: "knights",
            solve: solve_knights,
            baseline: |p| baseline::knights(reader(p)),
        },
        Workload {
            name: format!("misère Nim, {} piles", n(10e6)),
            path: inputs::misere(&dir, n(10e6)),
            subcommand: "misere-nim",
            solve: solve_misere,
            baseline: |p| baseline::misere(reader(p)),
        },
        Workload {
            name: format!("Mine, {} boards 1000 x 1000", n(20.0)),
            path: inputs::mine(&dir, n(20.0)),
            subcommand: "mine",
            solve: solve_mine,
            baseline: |p| baseline::mine(reader(p)),
        },
        Workload {
            name: format!("Mine, {} boards 1000 x 1000", n(100.0)),
            path: inputs::mine(&dir, n(100.0)),
            subcommand: "mine",
            solve: solve_mine,
            baseline: |p| baseline::mine(reader(p)),
        },
    ];

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average before the run: {}", load.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
    println!("| workload | MB | floor | grundy (in process) | ratio | grundy binary | ratio | baseline | ratio |");
    println!("|---|---|---|---|---|---|---|---|---|");
    for w in &workloads {
        let input = std::fs::read(&w.path).unwrap();
        let mut out = Vec::new();
        (w.solve)(&input, &mut out);
        let expected = (w.baseline)(&w.path);
        assert_eq!(String::from_utf8_lossy(&out), expected, "{}: grundy and the baseline disagree", w.name);

        let (mut floor, mut ours, mut binary, mut base) = (vec![], vec![], vec![], vec![]);
        for _ in 0..RUNS {
            floor.push(time(&mut || {
                black_box(floor::sum_integers(black_box(&input)));
            }));
            ours.push(time(&mut || {
                out.clear();
                (w.solve)(black_box(&input), &mut out);
            }));
            binary.push(time(&mut || {
                let status =
                    Command::new(&grundy).arg(w.subcommand).arg(&w.path).stdout(Stdio::null()).status().unwrap();
                assert!(status.success());
            }));
        }
        for _ in 0..RUNS.min(3) {
            base.push(time(&mut || {
                black_box((w.baseline)(&w.path));
            }));
        }
        let (f, o, b, s) = (median(floor), median(ours), median(binary), median(base));
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
        let ratio = |d: Duration| format!("{:.2}x", d.as_secs_f64() / f.as_secs_f64());
        println!(
            "| {} | {:.0} | {} | {} | {} | {} | {} | {} | {} |",
            w.name,
            input.len() as f64 / 1e6,
            ms(f),
            ms(o),
            ratio(o),
            ms(b),
            ratio(b),
            ms(s),
            ratio(s)
        );
    }
}
