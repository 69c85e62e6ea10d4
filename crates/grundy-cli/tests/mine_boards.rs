//! Mine on whole boards: the click-by-click simulator on random boards up to 5 x 5 at every
//! density, large random boards under symmetries and rewritten mine lists, and `--keep-going`.

use crate::common::{Rng, Tiny, simulate};
use crate::run::{grundy, text};
use grundy::judge::Judge;
use grundy::mine::{Board, Mine, SolveError, Solver};

/// Random boards of every shape up to 5 x 5 (at most 24 cells, the simulator's limit) at every
/// density from 0 to all mines, against the simulator, by Grundy value; and every explanation's
/// winning click leaves a board the simulator values 0.
#[test]
fn random_boards_up_to_5x5_match_the_simulator() {
    let mut rng = Rng(0x3c6e_f372_fe94_f82b);
    let (mut solver, mut memo) = (Solver::new(), Vec::new());
    let (mut boards, mut broken) = (0, 0);
    for rows in 1..=5usize {
        for cols in 1..=5usize {
            let cells = rows * cols;
            if cells > 24 {
                continue;
            }
            for per_cent in (0..=100).step_by(5) {
                for _ in 0..12 {
                    let mut mines = 0u32;
                    for cell in 0..cells {
                        if rng.below(100) < per_cent {
                            mines |= 1 << cell;
                        }
                    }
                    let tiny = Tiny { rows, cols, mines };
                    let value = simulate(&tiny, &mut memo);
                    let board = Board::with_mines(rows as u64, cols as u64, tiny.mine_list()).unwrap();
                    let e = solver.explain(&board).unwrap();
                    assert_eq!(e.analysis.value.0, u64::from(value), "{rows}x{cols} {:?}", tiny.mine_list());
                    assert_eq!(solver.solve(&board).unwrap(), e.analysis);
                    if let Some(click) = e.winning_move {
                        let (r, c) = (click.row as usize, click.col as usize);
                        assert!(!tiny.is_mine(r, c));
                        let index = (0..r * cols + c).filter(|&i| mines >> i & 1 == 0).count();
                        let reveal = tiny.reveal_masks();
                        let all = (1u32 << reveal.len()) - 1;
                        assert_eq!(memo[(all & !reveal[index]) as usize], 0, "{rows}x{cols} {:?}", tiny.mine_list());
                    } else {
                        assert_eq!(value, 0);
                    }
                    boards += 1;
                    broken += u32::from(!e.analysis.keeps_promise());
                }
            }
        }
    }
    eprintln!("{boards} boards, {broken} breaking the promise");
    assert!(broken > 5, "{broken}");
}

fn random_mines(rng: &mut Rng, rows: u64, cols: u64, count: u64) -> Vec<(u64, u64)> {
    (0..count).map(|_| (rng.below(rows), rng.below(cols))).collect()
}

/// Large boards breaking the promise: transposed, rotated by 90 and 180 degrees, mirrored, mines
/// listed in another order or repeated, the same answer (and the same structure).
#[test]
fn large_boards_under_symmetries() {
    let mut rng = Rng(0xa54f_f53a_5f1d_36f1);
    let mut solver = Solver::new();
    let mut answered = 0;
    for (rows, cols, per_mille) in
        [(200u64, 300u64, 30u64), (300, 200, 60), (250, 250, 80), (400, 100, 140), (128, 129, 200)]
    {
        let mines = random_mines(&mut rng, rows, cols, rows * cols * per_mille / 1000);
        let Ok(a) = solver.solve(&Board::with_mines(rows, cols, mines.iter().copied()).unwrap()) else { continue };
        answered += 1;
        let key = |a: &grundy::mine::Analysis| (a.value, a.regions, a.numbers, a.lone_numbers, a.shared_numbers);
        let mut shuffled = mines.clone();
        for i in (1..shuffled.len()).rev() {
            shuffled.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut repeated = mines.clone();
        repeated.extend(mines.iter().step_by(3).copied());
        type Variant = (u64, u64, Vec<(u64, u64)>);
        let variants: Vec<Variant> = vec![
            (cols, rows, mines.iter().map(|&(r, c)| (c, r)).collect()),
            (cols, rows, mines.iter().map(|&(r, c)| (c, rows - 1 - r)).collect()),
            (rows, cols, mines.iter().map(|&(r, c)| (rows - 1 - r, cols - 1 - c)).collect()),
            (rows, cols, mines.iter().map(|&(r, c)| (r, cols - 1 - c)).collect()),
            (rows, cols, shuffled),
            (rows, cols, repeated),
        ];
        for (i, (r, c, m)) in variants.into_iter().enumerate() {
            let b = solver.solve(&Board::with_mines(r, c, m).unwrap()).unwrap();
            assert_eq!(key(&b), key(&a), "{rows}x{cols} at {per_mille} per mille, variant {i}");
        }
    }
    assert!(answered >= 4, "{answered}");
}

/// A refusal, then: without `--keep-going` the run stops there (exit 3), with it the refused
/// case reads `unknown`, later cases are answered, one notice per refused case, exit 3.
#[test]
fn keep_going_answers_the_cases_after_a_refusal() {
    let input = "4\n3 3 1\n1 1\n3 5 3\n0 0\n0 1\n2 3\n3 3 0\n3 3 2\n0 2\n2 0\n";
    let stop = grundy(&["mine", "--max-states", "0"], input);
    assert_eq!(stop.status.code(), Some(3));
    assert_eq!(text(&stop.stdout), "Case #1: Fanglaoshi\n");
    let on = grundy(&["mine", "--max-states", "0", "--keep-going"], input);
    assert_eq!(on.status.code(), Some(3));
    assert_eq!(text(&on.stdout), "Case #1: Fanglaoshi\nCase #2: unknown\nCase #3: Xiemao\nCase #4: unknown\n");
    let err = text(&on.stderr);
    assert!(err.contains("case 2 not solved (answered unknown): a cluster of 2 blank regions"), "{err}");
    assert!(err.contains("case 4 not solved (answered unknown)"), "{err}");
    assert!(err.contains("2 cases not solved"), "{err}");
    // With a budget, every case is answered and the exit code is 0.
    let all = grundy(&["mine", "--keep-going"], input);
    assert_eq!(all.status.code(), Some(0));
    assert_eq!(text(&all.stdout), "Case #1: Fanglaoshi\nCase #2: Fanglaoshi\nCase #3: Xiemao\nCase #4: Xiemao\n");
    // Explained and JSON output say `unknown` too.
    let json = grundy(&["mine", "--max-states", "0", "--keep-going", "--json"], input);
    assert_eq!(json.status.code(), Some(3));
    let lines: Vec<serde_json::Value> = text(&json.stdout).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[1]["winner"], "unknown");
    assert_eq!(lines[2]["winner"], "Xiemao");
    let explain = grundy(&["mine", "--max-states", "0", "--keep-going", "--explain"], input);
    assert!(text(&explain.stdout).lines().nth(3).unwrap().starts_with("Case #4: unknown — not solved"));
    // Bad input after a refusal is still an input error (exit 2), the cases before it written.
    let bad = grundy(&["mine", "--max-states", "0", "--keep-going"], "2\n3 5 3\n0 0\n0 1\n2 3\n3 3 1\n3 0\n");
    assert_eq!(bad.status.code(), Some(2));
    assert_eq!(text(&bad.stdout), "Case #1: unknown\n");
}

/// The library's `keep_going`, on both threads: refused cases among many are `unknown`, in order.
#[test]
fn keep_going_in_the_library() {
    let mut input = String::from("60\n");
    let mut expected = String::new();
    for case in 1..=60 {
        if case % 7 == 3 {
            input += "3 5 3\n0 0\n0 1\n2 3\n";
            expected += &format!("Case #{case}: unknown\n");
        } else {
            input += "3 3 0\n";
            expected += &format!("Case #{case}: Xiemao\n");
        }
    }
    let mut solver = Solver::new();
    solver.set_max_states(0);
    let mut refused = Vec::new();
    let mut out = Vec::new();
    let mut judge =
        Mine::new(&mut solver, |_, _| {}).keep_going(|case, e: &SolveError| refused.push((case, e.clone())));
    judge.solve_bytes(input.as_bytes(), &mut out).unwrap();
    assert_eq!(judge.refused(), 9);
    drop(judge);
    assert_eq!(String::from_utf8(out).unwrap(), expected);
    assert_eq!(refused.iter().map(|r| r.0).collect::<Vec<_>>(), (1..=60).filter(|c| c % 7 == 3).collect::<Vec<_>>());
    assert!(
        refused.iter().all(|(_, e)| matches!(e, SolveError::ClusterTooLarge(c) if c.regions == 2 && c.cycles == 0))
    );
}

/// A search that runs out of memory (an address-space limit of 40 MB, the largest budget) is a
/// refusal, exit 3 with a message, not an abort; with `--keep-going` the case reads `unknown` and
/// the next is answered. The board: mines at (0, 4j + 3) and (2, 4j + 1), a path of 1000 blank
/// regions, nearly all with a loop, whose search takes far more than 40 MB. Skipped where
/// `prlimit` cannot set the limit.
#[test]
fn a_search_out_of_memory_is_refused_not_aborted() {
    use std::process::Command;
    let limit = "--as=40000000";
    if !Command::new("prlimit").args([limit, "true"]).status().is_ok_and(|s| s.success()) {
        eprintln!("skipping: `prlimit {limit}` cannot limit the address space here");
        return;
    }
    let reps = 500;
    let mut board = format!("3 {} {}\n", 4 * reps, 2 * reps);
    for j in 0..reps {
        board += &format!("0 {}\n2 {}\n", 4 * j + 3, 4 * j + 1);
    }
    let dir = crate::run::scratch_dir("out-of-memory");
    let run = |name: &str, input: &str, keep_going: bool| {
        let path = dir.join(name);
        std::fs::write(&path, input).unwrap();
        let mut args = vec![limit, env!("CARGO_BIN_EXE_grundy"), "mine", "--max-states", "18446744073709551615"];
        args.extend(keep_going.then_some("--keep-going"));
        Command::new("prlimit").args(&args).arg(&path).output().unwrap()
    };
    let expected = "memory ran out solving a cluster of 1000 blank regions linked by 999 groups";
    let out = run("one.in", &format!("1\n{board}"), false);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{:?}: {err}", out.status);
    assert!(err.contains(&format!("case 1 not solved: {expected}")), "{err}");
    let out = run("two.in", &format!("2\n{board}3 3 1\n1 1\n"), true);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{:?}: {err}", out.status);
    assert_eq!(text(&out.stdout), "Case #1: unknown\nCase #2: Fanglaoshi\n");
    assert!(err.contains(&format!("case 1 not solved (answered unknown): {expected}")), "{err}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A board whose exact search is long (a path of `2 * reps` blank regions, nearly all with a
/// loop: the first expansion alone takes seconds in a debug build), as a judge case.
fn slow_case(reps: u64) -> String {
    let mut board = format!("3 {} {}\n", 4 * reps, 2 * reps);
    for j in 0..reps {
        board += &format!("0 {}\n2 {}\n", 4 * j + 3, 4 * j + 1);
    }
    board
}

/// A refusal says what to do: `--keep-going`, `--max-states N` with the budget now, and
/// `--max-time SECONDS`; with `--keep-going` the summary names the other two.
#[test]
fn a_refusal_names_the_options_that_answer_it() {
    let input = "2\n3 5 3\n0 0\n0 1\n2 3\n3 3 0\n";
    let stop = grundy(&["mine", "--max-states", "0"], input);
    assert_eq!(stop.status.code(), Some(3));
    let err = text(&stop.stderr);
    assert!(err.contains("case 1 not solved: a cluster of 2 blank regions"), "{err}");
    for option in ["--keep-going", "--max-states N", "(now 0 units)", "--max-time SECONDS", "(now none)"] {
        assert!(err.contains(option), "{option}: {err}");
    }
    let on = grundy(&["mine", "--max-states", "0", "--max-time", "0.5", "--keep-going"], input);
    assert_eq!(on.status.code(), Some(3));
    let err = text(&on.stderr);
    assert!(err.contains("1 case not solved (answered unknown)"), "{err}");
    assert!(err.contains("--max-states N allows a larger search per case (now 0 units)"), "{err}");
    assert!(err.contains("--max-time SECONDS bounds each case's search by time (now 0.5 s)"), "{err}");
    assert!(!err.contains("--keep-going answers"), "{err}");
    // A budget that is a power of two is named as one too.
    let two = grundy(&["mine", "--max-states", "16"], format!("1\n{}", slow_case(20)));
    assert_eq!(two.status.code(), Some(3));
    assert!(text(&two.stderr).contains("(now 16 = 2^4 units)"), "{}", text(&two.stderr));
}

/// `--max-time`: a long search is refused past it (exit 3, how far it got), however large the
/// budget; with `--keep-going` the case reads `unknown` and the next is answered.
#[test]
fn max_time_refuses_a_long_search() {
    let input = format!("2\n{}3 3 1\n1 1\n", slow_case(500));
    let started = std::time::Instant::now();
    let out = grundy(&["mine", "--max-time", "0.2", "--max-states", "1e15"], &input);
    let took = started.elapsed();
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert_eq!(text(&out.stdout), "");
    assert!(took < std::time::Duration::from_secs(5), "{took:?}");
    assert!(err.contains("case 1 not solved: the time bound of 0.2 s was reached solving a cluster of 1000"), "{err}");
    assert!(err.contains("search states"), "{err}");
    let on = grundy(&["mine", "--max-time", "0.2", "--max-states", "2^50", "--keep-going"], &input);
    assert_eq!(on.status.code(), Some(3));
    assert_eq!(text(&on.stdout), "Case #1: unknown\nCase #2: Fanglaoshi\n");
    assert!(text(&on.stderr).contains("case 1 not solved (answered unknown): the time bound of 0.2 s"));
    // Explained output is bounded the same way.
    let explain = grundy(&["mine", "--max-time", "0.2", "--max-states", "1e15", "--explain", "--keep-going"], &input);
    assert_eq!(explain.status.code(), Some(3));
    assert!(text(&explain.stdout).starts_with("Case #1: unknown — not solved: the time bound"));
    // A bound below a millisecond is named as given, not rounded to 0.
    let out = grundy(&["mine", "--max-time", "0.000001"], &input);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert!(err.contains("the time bound of 0.000001 s was reached"), "{err}");
    assert!(err.contains("bounds each case's search by time (now 0.000001 s)"), "{err}");
}

/// `--max-time` takes a positive number of seconds; anything else is clap's usage error.
#[test]
fn max_time_rejects_what_is_not_a_positive_time() {
    for bad in ["0", "-1", "0.0", "abc", "nan", "inf", "1e400", ""] {
        let out = grundy(&["mine", &format!("--max-time={bad}")], "1\n3 3 0\n");
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(text(&out.stderr).contains("invalid value"), "{bad}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "");
    }
    for good in ["2", "0.5", "1e-1", "30"] {
        let out = grundy(&["mine", "--max-time", good], "1\n3 3 0\n");
        assert_eq!(text(&out.stdout), "Case #1: Xiemao\n", "{good}");
    }
}

/// `--max-states` as the docs write numbers: `2^K`, plain, or `1e6` when exact.
#[test]
fn max_states_takes_powers_and_exact_exponents() {
    let input = "1\n3 5 3\n0 0\n0 1\n2 3\n";
    for good in ["2^20", "1e6", "1.5e6", "1048576", "2^6", "2.5e1"] {
        let out = grundy(&["mine", "--max-states", good], input);
        assert_eq!(out.status.code(), Some(0), "{good}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), "Case #1: Fanglaoshi\n");
    }
    // Zero, however written, refuses the cluster.
    for zero in ["0", "0e5", "0^3"] {
        assert_eq!(grundy(&["mine", "--max-states", zero], input).status.code(), Some(3), "{zero}");
    }
    for bad in
        ["1.5e0", "2^64", "1e20", "2^", "^3", "1e", "e6", "-5", "1_000", "2**20", "0x10", "25e-1e", "2.5", "25e-1"]
    {
        let out = grundy(&["mine", &format!("--max-states={bad}")], input);
        assert_eq!(out.status.code(), Some(2), "{bad}");
        assert!(text(&out.stderr).contains("invalid value"), "{bad}: {}", text(&out.stderr));
    }
}

/// A case searching for more than about 2 s says so on standard error (plain lines, standard
/// error not a terminal here); standard output is the judge's, unchanged; fast cases print none.
#[test]
fn a_long_search_reports_progress_on_standard_error() {
    let input = format!("2\n3 3 0\n{}", slow_case(500));
    // A budget the time bound ends first, so that the search runs past the first report at 2 s.
    let out = grundy(&["mine", "--max-states", "2^30", "--max-time", "2.6", "--keep-going"], &input);
    let err = text(&out.stderr);
    assert_eq!(out.status.code(), Some(3), "{err}");
    assert_eq!(text(&out.stdout), "Case #1: Xiemao\nCase #2: unknown\n");
    let progress: Vec<&str> = err.lines().filter(|l| l.contains("searching")).collect();
    assert!(!progress.is_empty(), "{err}");
    assert!(progress.iter().all(|l| l.starts_with("grundy: case 2: searching a cluster of 1000 regions exactly (")));
    assert!(!err.contains("case 1:"), "{err}");
}
