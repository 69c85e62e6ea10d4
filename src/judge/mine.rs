//! HDU 4678, Mine: `T`, then per case `N M K` and `K` lines `X Y` (row, column, 0-based).
//! Output per case: `Case #k: Xiemao` when the first player wins, else `Case #k: Fanglaoshi`.
//!
//! Repeated mines are one mine. `N` and `M` must be at least 1; boards of up to `2^32 - 1` cells
//! that need at most 4 GiB to solve ([`MAX_WORKING_BYTES`](crate::solver::mine::MAX_WORKING_BYTES))
//! are accepted, larger ones are an input error at `M` (the judge's are at most 1000 x 1000).
//! Boards that break the statement's promise are solved exactly and reported to the caller; a
//! case whose cluster exceeds the search bound is refused ([`JudgeError::Refused`]) rather than
//! guessed.

use std::io::Write;
use std::sync::mpsc;

use super::scanner::Scanner;
use super::source::Source;
use super::{Judge, JudgeError};
use crate::Outcome;
use crate::solver::mine::{Analysis, Board, SolveError, Solver};

/// The judge's name for the winner.
pub fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Xiemao",
        Outcome::SecondPlayerWins => "Fanglaoshi",
    }
}

/// The Mine judge: a solver (its buffers reused across cases) and a callback that sees the
/// analysis of every solved case before its line is written (e.g. to say which boards broke
/// the promise).
///
/// With the `parallel` feature, reading a board and solving it overlap: a second thread solves
/// case `k` while this one reads case `k + 1` (two boards in flight), so a run costs about the
/// larger of the two, not the sum. Answers, reports and errors still come strictly in case order.
pub struct Mine<'s, F> {
    solver: &'s mut Solver,
    boards: [Board; 2],
    report: F,
}

impl<'s, F: FnMut(u64, &Analysis)> Mine<'s, F> {
    pub fn new(solver: &'s mut Solver, report: F) -> Self {
        Mine { solver, boards: Default::default(), report }
    }
}

/// A solved case on its way back from the solver thread, with its board for reuse.
type Solved = (u64, Board, Result<Analysis, SolveError>);

impl<F: FnMut(u64, &Analysis)> Judge for Mine<'_, F> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let Mine { solver, boards, report } = self;
        if !cfg!(feature = "parallel") {
            return solve_in_turn(scan, out, cases, solver, &mut boards[0], report);
        }
        std::thread::scope(|threads| {
            let (to_solver, jobs) = mpsc::sync_channel::<(u64, Board)>(1);
            let (to_reader, solved) = mpsc::sync_channel::<Solved>(1);
            let (lend, borrow) = mpsc::sync_channel::<&mut Solver>(1);
            let worker = std::thread::Builder::new().name("mine-solver".into()).spawn_scoped(threads, move || {
                let Ok(solver) = borrow.recv() else { return };
                for (case, board) in jobs {
                    let result = solver.solve(&board);
                    if to_reader.send((case, board, result)).is_err() {
                        break;
                    }
                }
            });
            if worker.is_err() {
                // No second thread to be had: read and solve in turn.
                return solve_in_turn(scan, out, cases, solver, &mut boards[0], report);
            }
            lend.send(solver).expect("the solver thread waits for the solver");
            let mut spare: Vec<Board> = boards.iter_mut().map(std::mem::take).collect();
            let mut in_flight = 0;
            let mut finish = |in_flight: &mut usize, spare: &mut Vec<Board>| -> Result<(), JudgeError> {
                let (case, board, result) = solved.recv().expect("the solver thread answers every board");
                *in_flight -= 1;
                spare.push(board);
                emit(case, result, out, report)
            };
            for case in 1..=cases {
                if spare.is_empty() {
                    finish(&mut in_flight, &mut spare)?;
                }
                let mut board = spare.pop().expect("a spare board");
                if let Err(e) = read_case(scan, &mut board, case) {
                    // Answer the cases before this one first: an earlier refusal wins.
                    while in_flight > 0 {
                        finish(&mut in_flight, &mut spare)?;
                    }
                    return Err(e);
                }
                to_solver.send((case, board)).expect("the solver thread takes every board");
                in_flight += 1;
            }
            while in_flight > 0 {
                finish(&mut in_flight, &mut spare)?;
            }
            // Keep the boards' memory for the next run.
            for (slot, board) in boards.iter_mut().zip(spare) {
                *slot = board;
            }
            scan.finish(cases)
        })
    }
}

/// The same on one thread.
fn solve_in_turn<S: Source, W: Write>(
    scan: &mut Scanner<S>,
    out: &mut W,
    cases: u64,
    solver: &mut Solver,
    board: &mut Board,
    report: &mut impl FnMut(u64, &Analysis),
) -> Result<(), JudgeError> {
    for case in 1..=cases {
        read_case(scan, board, case)?;
        emit(case, solver.solve(board), out, report)?;
    }
    scan.finish(cases)
}

/// Mines read in bulk at a time, then placed.
const BATCH: usize = 1024;

/// Mines read token by token where [`Scanner::pairs_below`] stops short: at first 8, twice as
/// many each time it then stops at once again (numbers of over 8 digits, say), up to 4096.
const SLOW_MINES: [u64; 2] = [8, 4096];

/// Reads case `case` into `board`: `N M K`, then `K` mines.
pub(super) fn read_case<S: Source>(scan: &mut Scanner<S>, board: &mut Board, case: u64) -> Result<(), JudgeError> {
    let rows = dimension(scan, "N, the number of rows", case)?;
    let cols = dimension(scan, "M, the number of columns", case)?;
    board.reset(rows, cols).map_err(|e| scan.error_at_token(format!("case {case}: {e}")))?;
    let mines = scan.next_u64().map_err(|e| scan.error(e, &format!("K, the number of mines of case {case}")))?;
    let mut place = |x, y| board.place_mine(x, y).expect("coordinates checked against the board");
    let mut batch = [[0; 2]; BATCH];
    let mut left = mines;
    let mut slow = SLOW_MINES[0];
    while left > 0 {
        let wanted = usize::try_from(left).map_or(BATCH, |left| left.min(BATCH));
        let read = scan.pairs_below([rows, cols], &mut batch[..wanted]);
        for &[x, y] in &batch[..read] {
            place(x.into(), y.into());
        }
        left -= read as u64;
        if read == wanted {
            continue;
        }
        // Where the bulk path stops (an error, a long number, the window's end), a few mines
        // token by token.
        slow = if read == 0 { (2 * slow).min(SLOW_MINES[1]) } else { SLOW_MINES[0] };
        for _ in 0..slow.min(left) {
            let mine = mines - left + 1;
            let x = coordinate(scan, "X", rows, mine, case)?;
            let y = coordinate(scan, "Y", cols, mine, case)?;
            place(x, y);
            left -= 1;
        }
    }
    Ok(())
}

/// Reports a solved case and writes its answer, or refuses it.
fn emit<W: Write>(
    case: u64,
    result: Result<Analysis, SolveError>,
    out: &mut W,
    report: &mut impl FnMut(u64, &Analysis),
) -> Result<(), JudgeError> {
    let analysis = result.map_err(|e| refused(case, e))?;
    report(case, &analysis);
    writeln!(out, "Case #{case}: {}", winner_name(analysis.outcome()))?;
    Ok(())
}

/// A case the solver will not answer (a cluster beyond the bound, or memory).
pub(super) fn refused(case: u64, e: SolveError) -> JudgeError {
    JudgeError::Refused { case, reason: e.to_string() }
}

/// A board side, at least 1.
fn dimension<S: Source>(scan: &mut Scanner<S>, what: &str, case: u64) -> Result<u64, JudgeError> {
    match scan.next_u64() {
        Ok(0) => Err(scan.error_at_token(format!("{what} of case {case} is 0: a board has at least one cell"))),
        Ok(v) => Ok(v),
        Err(e) => Err(scan.error(e, &format!("{what} of case {case}"))),
    }
}

/// A mine's row (`X`, below `N`) or column (`Y`, below `M`).
#[inline(always)]
fn coordinate<S: Source>(
    scan: &mut Scanner<S>,
    axis: &str,
    side: u64,
    mine: u64,
    case: u64,
) -> Result<u64, JudgeError> {
    match scan.next_u64() {
        Ok(v) if v < side => Ok(v),
        Ok(v) => Err(scan.error_at_token(format!(
            "{axis} = {v} of mine {mine} of case {case} is outside the board: it must be below {side}"
        ))),
        Err(e) => Err(scan.error(e, &format!("{axis} of mine {mine} of case {case}"))),
    }
}

/// The notice for standard error when a case broke the statement's promise (and was solved
/// exactly); `None` for a case that kept it.
pub fn promise_notice(case: u64, analysis: &Analysis) -> Option<String> {
    if analysis.keeps_promise() {
        return None;
    }
    let plural = |n: u64, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
    Some(format!(
        "case {case} breaks the promise (a number touches two blank regions); solved exactly \
         ({} touching two or more, {} searched)",
        plural(analysis.shared_numbers, "number", "numbers"),
        plural(analysis.clusters as u64, "cluster", "clusters"),
    ))
}
