//! Heap games: grundy's `analyze_heap` against tczajka/octal-games' `analyze_exec`, side by side.
//!
//! Workloads: `0.16` and `0.354` to their proven periods, Officers (`0.6`, no period known) to
//! 2^22 values. Each round runs every chosen workload on both sides, interleaved (the anchor first
//! in odd rounds). Every run is printed as a CSV line (`workload,round,side,values,wall_s,cpu_s`:
//! the values computed; the CPU time is this process's (both threads of grundy's pipeline), or the anchor process's, from `getrusage`,
//! which a shared machine disturbs less than the wall time), then the medians and the ratios
//! grundy / anchor as Markdown.
//!
//! Run: `cargo bench -p grundy-bench --bench heap [-- WORKLOAD...]`, with
//! - `GRUNDY_HEAP_ANCHOR=/path/to/analyze_exec`: time the anchor too (built outside the
//!   repository, see BENCHMARKS.md); without it only grundy runs;
//! - `GRUNDY_HEAP_ROUNDS=N`: rounds (3 by default).
//!
//! The anchor doubles its values from 1 and checks for a period at every power of two, exiting on
//! the first one proven; on Officers it is stopped when it reports 2^22 values (before its period
//! check there, while grundy's run includes its own). grundy runs `analyze_heap` from 1024 values,
//! doubling too, but a step stops at the count a suggested period needs (fewer values than the
//! anchor's next power of two when a period is proven).

use std::io::{BufRead, BufReader};
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use grundy_core::heap::{HeapGame, HeapLimits, Period, analyze_heap};

struct Workload {
    code: &'static str,
    /// The proven `(period, preperiod)`, or `None` to compute `max_heap` values.
    period: Option<(u64, u64)>,
    max_heap: usize,
}

const WORKLOADS: [Workload; 3] = [
    Workload { code: "0.16", period: Some((149_459, 105_351)), max_heap: 1 << 26 },
    Workload { code: "0.354", period: Some((1180, 10_061_916)), max_heap: 1 << 26 },
    Workload { code: "0.6", period: None, max_heap: 1 << 22 },
];

/// Values computed, wall and CPU time of one run.
#[derive(Clone, Copy)]
struct Times {
    values: u64,
    wall: Duration,
    cpu: Duration,
}

/// User plus system time of this process (`RUSAGE_SELF`) or of the waited-for children.
fn cpu_time(who: libc::c_int) -> Duration {
    // SAFETY: `rusage` is plain data, for which all zeros is a valid value.
    let mut usage: libc::rusage = unsafe { core::mem::zeroed() };
    // SAFETY: `usage` is a valid, writable `rusage`; `who` is RUSAGE_SELF or RUSAGE_CHILDREN.
    let status = unsafe { libc::getrusage(who, &mut usage) };
    assert_eq!(status, 0, "getrusage");
    let micros = |t: libc::timeval| Duration::from_micros(t.tv_sec as u64 * 1_000_000 + t.tv_usec as u64);
    micros(usage.ru_utime) + micros(usage.ru_stime)
}

/// grundy: the analysis, checked against the expected outcome.
fn grundy(w: &Workload) -> Times {
    let game = HeapGame::parse(w.code).expect("a valid code");
    let limits = HeapLimits { first: 1 << 10, max_heap: w.max_heap, max_work: u64::MAX, ..HeapLimits::default() };
    let (start, cpu) = (Instant::now(), cpu_time(libc::RUSAGE_SELF));
    let analysis = analyze_heap(&game, &limits);
    let time = Times { values: analysis.computed(), wall: start.elapsed(), cpu: cpu_time(libc::RUSAGE_SELF) - cpu };
    let got = analysis.period().map(|Period { period, preperiod }| (period, preperiod));
    assert_eq!(got, w.period, "{}: {analysis}", w.code);
    if w.period.is_none() {
        assert_eq!(analysis.computed(), w.max_heap as u64, "{}", w.code);
    }
    time
}

/// The anchor: until it proves the expected period, or reports `max_heap` values.
fn anchor(program: &Path, w: &Workload) -> Times {
    let (start, cpu) = (Instant::now(), cpu_time(libc::RUSAGE_CHILDREN));
    let mut child = Command::new(program)
        .arg(w.code)
        .stdout(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("{}: {e}", program.display()));
    let stdout = child.stdout.take().expect("piped");
    let done = match w.period {
        Some((period, preperiod)) => format!("Found period start={preperiod} period={period}"),
        None => format!("n=2^{} ", w.max_heap.trailing_zeros()),
    };
    // It reports `n=2^k ...` at every power of two, before its period check there.
    let mut values = 0;
    let found = BufReader::new(stdout).lines().any(|line| {
        let line = line.expect("the anchor's output");
        if let Some(k) = line.strip_prefix("n=2^").and_then(|rest| rest.split(' ').next()) {
            values = 1 << k.parse::<u32>().expect("a power of two");
        }
        line.starts_with(&done)
    });
    let wall = start.elapsed();
    assert!(found, "{}: the anchor ended without `{done}`", w.code);
    if w.period.is_none() {
        child.kill().expect("stop the anchor");
    }
    child.wait().expect("the anchor's exit");
    Times { values, wall, cpu: cpu_time(libc::RUSAGE_CHILDREN) - cpu }
}

fn median(times: &[Times], time: fn(&Times) -> Duration) -> f64 {
    let mut times: Vec<Duration> = times.iter().map(time).collect();
    times.sort();
    times[times.len() / 2].as_secs_f64()
}

fn main() {
    // Cargo passes `--bench`; other arguments name workloads.
    let chosen: Vec<String> = std::env::args().skip(1).filter(|a| !a.starts_with("--")).collect();
    let workloads: Vec<&Workload> =
        WORKLOADS.iter().filter(|w| chosen.is_empty() || chosen.iter().any(|c| c == w.code)).collect();
    assert!(!workloads.is_empty(), "no workload among {chosen:?}: choose from 0.16, 0.354, 0.6");
    let anchor_path = std::env::var_os("GRUNDY_HEAP_ANCHOR").map(PathBuf::from);
    let rounds: usize = std::env::var("GRUNDY_HEAP_ROUNDS").ok().and_then(|s| s.parse().ok()).unwrap_or(3);
    let mut times: Vec<[Vec<Times>; 2]> = workloads.iter().map(|_| [Vec::new(), Vec::new()]).collect();
    println!("workload,round,side,values,wall_s,cpu_s");
    for round in 0..rounds {
        for (w, t) in workloads.iter().zip(&mut times) {
            let mut sides: Vec<(usize, &str)> = vec![(0, "grundy")];
            if anchor_path.is_some() {
                sides.insert(round % 2, (1, "anchor"));
            }
            for (side, name) in sides {
                let time = match &anchor_path {
                    Some(program) if side == 1 => anchor(program, w),
                    _ => grundy(w),
                };
                let (wall, cpu) = (time.wall.as_secs_f64(), time.cpu.as_secs_f64());
                println!("{},{round},{name},{},{wall:.3},{cpu:.3}", w.code, time.values);
                t[side].push(time);
            }
        }
    }
    println!("\n| workload | grundy wall | anchor wall | ratio | grundy CPU | anchor CPU | ratio |");
    println!("|---|---|---|---|---|---|---|");
    for (w, [ours, theirs]) in workloads.iter().zip(times) {
        let mut row = format!("| {} |", w.code);
        for time in [|t: &Times| t.wall, |t: &Times| t.cpu] {
            let ours = median(&ours, time);
            if theirs.is_empty() {
                row += &format!(" {ours:.2} s | - | - |");
            } else {
                let theirs = median(&theirs, time);
                row += &format!(" {ours:.2} s | {theirs:.2} s | {:.2} |", ours / theirs);
            }
        }
        println!("{row}");
    }
}
