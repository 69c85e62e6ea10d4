//! End-to-end throughput: grundy against the parse floor and a straightforward baseline, on the
//! same large deterministic inputs (one large case, and many cases), measured side by side in one
//! run: in process from the mapped file and read in chunks, and the binary with the file as an
//! argument, on standard input redirected from it and through a pipe. Each binary run is
//! matched by a run of the floor binary (`sum-integers`, the floor as a plain program: process
//! start, `read` calls, one thread) the same way, interleaved, for a like-for-like ratio.
//!
//! Run: `cargo build --release -p grundy-cli && cargo bench -p grundy-bench --bench throughput`
//! (inputs are generated once into the target directory; `GRUNDY_BENCH_SCALE=0.1` shrinks them).
//! Prints a Markdown table of medians and ratios.
//!
//! `GRUNDY_BENCH_COMPARE=PATH` also times another `grundy` binary (say, one built from the
//! commit before a change, in another worktree), interleaved with this one the same way, and adds
//! per way its time and this binary's time over it.

mod baseline;
mod floor;
mod inputs;

use std::hint::black_box;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::sync::Arc;
use std::time::{Duration, Instant};

use grundy::judge::Input;
use grundy::judge::Judge;
use grundy::knight;
use grundy::leaper::Knights;
use grundy::mine::{Mine, Solver};
use grundy::misere::{self, MisereNim};

/// Runs of each measurement; the median is reported. An input of fewer than [`SMALL`] bytes, whose
/// runs take milliseconds and vary most, gets [`SMALL_RUNS`].
const RUNS: usize = 5;
const SMALL: usize = 32 << 20;
const SMALL_RUNS: usize = 21;

/// A judge problem: how grundy solves it in process, and how the baseline does.
struct Workload {
    name: String,
    path: PathBuf,
    subcommand: &'static str,
    solve: fn(Input, &mut Vec<u8>),
    baseline: fn(&Path) -> String,
}

fn solve_knights(input: Input, out: &mut Vec<u8>) {
    Knights { table: knight::embedded_table() }.solve_input(input, out).unwrap();
}

fn solve_misere(input: Input, out: &mut Vec<u8>) {
    MisereNim { table: misere::embedded_table() }.solve_input(input, out).unwrap();
}

fn solve_mine(input: Input, out: &mut Vec<u8>) {
    Mine::new(&mut Solver::new(), |_, _| {}).solve_input(input, out).unwrap();
}

/// The file mapped: the input way without a copy (and with a large last case read on both
/// cores), which a file truncated meanwhile would fault.
fn mapped(path: &Path) -> Input {
    // SAFETY: the benchmark's inputs are written once, before any run, and not changed.
    unsafe { Input::map(path) }.unwrap()
}

/// How the binary gets its input.
#[derive(Clone, Copy)]
enum Way {
    /// `grundy GAME FILE`.
    File,
    /// `grundy GAME < FILE`.
    Redirected,
    /// `... | grundy GAME`, written from memory by a thread of this process.
    Pipe,
}

/// Runs `program` with `args` on the input at `path` (held in memory as `input`) the given way,
/// its output to `out`; says whether it succeeded.
fn run(program: &Path, args: &[&str], path: &Path, input: &Arc<Vec<u8>>, way: Way, out: Stdio) -> bool {
    let mut command = Command::new(program);
    command.args(args).stdout(out);
    match way {
        Way::File => command.arg(path).stdin(Stdio::null()),
        Way::Redirected => command.stdin(std::fs::File::open(path).unwrap()),
        Way::Pipe => command.stdin(Stdio::piped()),
    };
    let mut child = command.spawn().unwrap();
    let writer = child.stdin.take().map(|mut pipe| {
        let input = Arc::clone(input);
        std::thread::spawn(move || std::io::Write::write_all(&mut pipe, &input).unwrap())
    });
    let status = child.wait().unwrap();
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    status.success()
}

/// The floor binary's printed sum, for an input given the given way.
fn floor_binary_sum(path: &Path, input: &Arc<Vec<u8>>, way: Way) -> u64 {
    let capture = tempfile(path, "sum");
    assert!(run(floor_binary(), &[], path, input, way, std::fs::File::create(&capture).unwrap().into()));
    let printed = std::fs::read_to_string(&capture).unwrap();
    std::fs::remove_file(&capture).unwrap();
    printed.trim().parse().unwrap()
}

/// A scratch file beside `path`.
fn tempfile(path: &Path, what: &str) -> PathBuf {
    path.with_extension(format!("{what}.tmp"))
}

/// The floor binary (`throughput/floor_binary.rs`), which cargo builds with the benchmark.
fn floor_binary() -> &'static Path {
    Path::new(env!("CARGO_BIN_EXE_sum-integers"))
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
    let other = std::env::var_os("GRUNDY_BENCH_COMPARE").map(PathBuf::from);
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
        Workload {
            name: format!("knights, {} cases of 1000", n(2000.0)),
            path: inputs::knights(&dir, n(2000.0), 1000),
            subcommand: "knights",
            solve: solve_knights,
            baseline: |p| baseline::knights(reader(p)),
        },
        Workload {
            name: format!("knights, {} cases of 1", n(1e6)),
            path: inputs::knights(&dir, n(1e6), 1),
            subcommand: "knights",
            solve: solve_knights,
            baseline: |p| baseline::knights(reader(p)),
        },
        Workload {
            name: format!("misère Nim, {} cases of 100 piles", n(20000.0)),
            path: inputs::misere_cases(&dir, n(20000.0), 100),
            subcommand: "misere-nim",
            solve: solve_misere,
            baseline: |p| baseline::misere(reader(p)),
        },
        Workload {
            name: format!("Mine, {} boards 300 x 300", n(200.0)),
            path: inputs::mine_boards(&dir, n(200.0), 300),
            subcommand: "mine",
            solve: solve_mine,
            baseline: |p| baseline::mine(reader(p)),
        },
    ];

    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    println!("load average before the run: {}", load.split_whitespace().take(3).collect::<Vec<_>>().join(" "));
    let ways = [("FILE", Way::File), ("< FILE", Way::Redirected), ("pipe", Way::Pipe)];
    let mut head = "| workload | MB | floor | mapped (in process) | ratio | chunks (in process) | ratio |".to_owned();
    for (name, _) in ways {
        head += &format!(" binary {name} | ratio | floor binary {name} | binary / floor binary |");
        if other.is_some() {
            head += &format!(" other binary {name} | binary / other |");
        }
    }
    if let Some(other) = &other {
        println!("other binary: {}", other.display());
    }
    println!("{head} baseline | ratio |");
    println!("|{}", "---|".repeat(head.matches('|').count() + 1));
    for w in &workloads {
        let input = Arc::new(std::fs::read(&w.path).unwrap());
        let mut out = Vec::new();
        (w.solve)(Input::open(Some(&w.path)).unwrap(), &mut out);
        let expected = (w.baseline)(&w.path);
        assert_eq!(String::from_utf8_lossy(&out), expected, "{}: grundy and the baseline disagree", w.name);
        let mut again = Vec::new();
        (w.solve)(mapped(&w.path), &mut again);
        assert!(again == out, "{}: mapped and read in chunks disagree", w.name);
        if let Some(other) = &other {
            let capture = tempfile(&w.path, "other");
            let file = std::fs::File::create(&capture).unwrap();
            assert!(
                run(other, &[w.subcommand], &w.path, &input, Way::File, file.into()),
                "{}: the other binary",
                w.name
            );
            assert!(std::fs::read(&capture).unwrap() == out, "{}: the other binary answers otherwise", w.name);
            std::fs::remove_file(&capture).unwrap();
        }
        let sum = floor::sum_integers(&input);
        for (name, way) in ways {
            assert_eq!(floor_binary_sum(&w.path, &input, way), sum, "{}: the floor binary's sum, {name}", w.name);
        }

        // The floor, mapped, chunks; then per way the binary and the floor binary, the ways in
        // an order rotated every round and the two binaries in turn first (so that no run
        // always follows the same one); the baseline.
        // Cells: floor, mapped, chunks, per way (binary, floor binary), baseline, per way other.
        let mut times: [Vec<Duration>; 13] = Default::default();
        let args = [w.subcommand];
        let runs = if input.len() < SMALL { SMALL_RUNS } else { RUNS };
        for round in 0..runs {
            times[0].push(time(&mut || {
                black_box(floor::sum_integers(black_box(&input)));
            }));
            times[1].push(time(&mut || {
                out.clear();
                (w.solve)(mapped(&w.path), &mut out);
            }));
            times[2].push(time(&mut || {
                out.clear();
                (w.solve)(Input::open(Some(&w.path)).unwrap(), &mut out);
            }));
            for i in (0..ways.len()).map(|k| (k + round) % ways.len()) {
                let way = ways[i].1;
                let mut programs = vec![(3 + 2 * i, grundy.as_path(), &args[..]), (4 + 2 * i, floor_binary(), &[][..])];
                if let Some(other) = &other {
                    programs.push((10 + i, other.as_path(), &args[..]));
                }
                for k in 0..programs.len() {
                    let (cell, program, args) = programs[(k + round) % programs.len()];
                    times[cell].push(time(&mut || assert!(run(program, args, &w.path, &input, way, Stdio::null()))));
                }
            }
        }
        for _ in 0..RUNS.min(3) {
            times[9].push(time(&mut || {
                black_box((w.baseline)(&w.path));
            }));
        }
        let t = times.map(|cell| if cell.is_empty() { Duration::ZERO } else { median(cell) });
        let ms = |d: Duration| format!("{:.1} ms", d.as_secs_f64() * 1e3);
        let ratio = |d: Duration, to: Duration| format!("{:.2}x", d.as_secs_f64() / to.as_secs_f64());
        let mut row = format!("| {} | {:.0} | {} |", w.name, input.len() as f64 / 1e6, ms(t[0]));
        for &d in &t[1..3] {
            row += &format!(" {} | {} |", ms(d), ratio(d, t[0]));
        }
        for i in 0..ways.len() {
            let (binary, floor_binary) = (t[3 + 2 * i], t[4 + 2 * i]);
            row += &format!(
                " {} | {} | {} | {} |",
                ms(binary),
                ratio(binary, t[0]),
                ms(floor_binary),
                ratio(binary, floor_binary)
            );
            if other.is_some() {
                row += &format!(" {} | {} |", ms(t[10 + i]), ratio(binary, t[10 + i]));
            }
        }
        println!("{row} {} | {} |", ms(t[9]), ratio(t[9], t[0]));
    }
}
