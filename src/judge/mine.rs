//! HDU 4678, Mine: `T`, then per case `N M K` and `K` lines `X Y` (row, column, 0-based).
//! Output per case: `Case #k: Xiemao` when the first player wins, else `Case #k: Fanglaoshi`.
//!
//! Repeated mines are one mine. `N` and `M` must be at least 1; boards of up to `2^32 - 1` cells
//! that need at most 4 GiB to solve ([`MAX_WORKING_BYTES`](crate::solver::mine::MAX_WORKING_BYTES))
//! are accepted, larger ones are an input error at `M` (the judge's are at most 1000 x 1000).
//! Boards that break the statement's promise are solved exactly and reported to the caller; a
//! case whose cluster exceeds the search bound is refused ([`JudgeError::Refused`]) rather than
//! guessed.

use std::collections::VecDeque;
use std::io::Write;
use std::sync::mpsc;

use super::scanner::Scanner;
use super::source::Source;
use super::{Judge, JudgeError};
use crate::Outcome;
use crate::solver::mine::{Analysis, Board, SolveError, Solver, working_bytes};

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
/// With the `parallel` feature both cores solve: this thread reads the cases and queues them
/// for a second thread, and solves a case itself whenever that queue is full, so reading and
/// solving share the two cores whatever the mix of boards. Answers, reports and errors still
/// come strictly in case order.
pub struct Mine<'s, F> {
    solver: &'s mut Solver,
    /// The second thread's solver, with the same settings.
    twin: Solver,
    /// Boards to read into, kept from run to run.
    boards: Vec<Board>,
    report: F,
}

impl<'s, F: FnMut(u64, &Analysis)> Mine<'s, F> {
    pub fn new(solver: &'s mut Solver, report: F) -> Self {
        let twin = solver.new_like();
        Mine { solver, twin, boards: Vec::new(), report }
    }
}

/// A case solved on the second thread, with its board for reuse.
type Solved = (u64, Board, Result<Analysis, SolveError>);

/// Cases waiting for the second thread, at most; with more, this thread solves its case itself.
const QUEUE: usize = 2;

/// Boards needing at most this much working memory (see [`working_bytes`]) are queued; a larger
/// one is solved alone once the queue is empty, so that memory stays near one board's need.
/// A judge board needs about 0.5 MB.
const QUEUED_BYTES: u128 = 16 << 20;

/// Results held back until the cases before them are solved, at most: beyond it this thread
/// waits for the second one.
const MAX_HELD: usize = 1 << 12;

impl<F: FnMut(u64, &Analysis)> Judge for Mine<'_, F> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let Mine { solver, twin, boards, report } = self;
        if !cfg!(feature = "parallel") {
            let mut board = boards.pop().unwrap_or_default();
            let result = solve_in_turn(scan, out, cases, solver, &mut board, report);
            boards.push(board);
            return result;
        }
        std::thread::scope(|threads| {
            let (to_second, jobs) = mpsc::sync_channel::<(u64, Board)>(QUEUE);
            let (to_reader, solved) = mpsc::channel::<Solved>();
            let worker = std::thread::Builder::new().name("mine-solver".into()).spawn_scoped(threads, move || {
                for (case, board) in jobs {
                    let result = twin.solve(&board);
                    if to_reader.send((case, board, result)).is_err() {
                        break;
                    }
                }
            });
            let mut board = boards.pop().unwrap_or_default();
            if worker.is_err() {
                // No second thread to be had: read and solve in turn.
                let result = solve_in_turn(scan, out, cases, solver, &mut board, report);
                boards.push(board);
                return result;
            }
            let mut second = SecondThread { jobs: to_second, solved, away: 0 };
            let mut order = InOrder { next: 1, held: VecDeque::new(), out, report };
            for case in 1..=cases {
                if let Err(e) = read_case(scan, &mut board, case) {
                    // Answer the cases before this one first: an earlier refusal wins.
                    second.collect_all(boards, &mut order)?;
                    return Err(e);
                }
                if working_bytes(board.rows() as u64, board.cols() as u64) <= QUEUED_BYTES {
                    match second.offer(case, board) {
                        Ok(()) => {
                            second.collect_ready(boards, &mut order)?;
                            board = boards.pop().unwrap_or_default();
                            continue;
                        }
                        Err(back) => board = back,
                    }
                } else {
                    second.collect_all(boards, &mut order)?;
                }
                if order.held.len() >= MAX_HELD {
                    second.collect(true, boards, &mut order)?;
                }
                order.add(case, solver.solve(&board))?;
                second.collect_ready(boards, &mut order)?;
            }
            second.collect_all(boards, &mut order)?;
            // Keep the boards' memory for the next run.
            boards.push(board);
            scan.finish(cases)
        })
    }
}

/// The second thread, seen from the reading one.
struct SecondThread {
    jobs: mpsc::SyncSender<(u64, Board)>,
    solved: mpsc::Receiver<Solved>,
    /// Cases handed over whose results have not been collected.
    away: usize,
}

impl SecondThread {
    /// Queues a case, or gives its board back when the queue is full.
    fn offer(&mut self, case: u64, board: Board) -> Result<(), Board> {
        match self.jobs.try_send((case, board)) {
            Ok(()) => {
                self.away += 1;
                Ok(())
            }
            Err(mpsc::TrySendError::Full((_, board)) | mpsc::TrySendError::Disconnected((_, board))) => Err(board),
        }
    }

    /// Answers the oldest case handed over if it is solved (or once it is, with `wait`), keeping
    /// its board in `boards`. Returns whether it did.
    fn collect<W: Write, F: FnMut(u64, &Analysis)>(
        &mut self,
        wait: bool,
        boards: &mut Vec<Board>,
        order: &mut InOrder<'_, W, F>,
    ) -> Result<bool, JudgeError> {
        if self.away == 0 {
            return Ok(false);
        }
        let message = match wait {
            true => Some(self.solved.recv().expect("the solver thread answers every case it takes")),
            false => self.solved.try_recv().ok(),
        };
        let Some((case, board, result)) = message else { return Ok(false) };
        self.away -= 1;
        boards.push(board);
        order.add(case, result)?;
        Ok(true)
    }

    /// Answers the cases solved so far.
    fn collect_ready<W: Write, F: FnMut(u64, &Analysis)>(
        &mut self,
        boards: &mut Vec<Board>,
        order: &mut InOrder<'_, W, F>,
    ) -> Result<(), JudgeError> {
        while self.collect(false, boards, order)? {}
        Ok(())
    }

    /// Answers every case handed over, waiting for them.
    fn collect_all<W: Write, F: FnMut(u64, &Analysis)>(
        &mut self,
        boards: &mut Vec<Board>,
        order: &mut InOrder<'_, W, F>,
    ) -> Result<(), JudgeError> {
        while self.collect(true, boards, order)? {}
        Ok(())
    }
}

/// Answers written in case order: results that come early wait for the cases before them.
struct InOrder<'a, W, F> {
    /// The next case to answer.
    next: u64,
    /// Results of cases `next + 1, next + 2, ...`, those not solved yet `None`.
    held: VecDeque<Option<Result<Analysis, SolveError>>>,
    out: &'a mut W,
    report: &'a mut F,
}

impl<W: Write, F: FnMut(u64, &Analysis)> InOrder<'_, W, F> {
    /// Takes the result of `case` and answers every case it unblocks.
    fn add(&mut self, case: u64, result: Result<Analysis, SolveError>) -> Result<(), JudgeError> {
        let at = (case - self.next) as usize;
        if self.held.len() <= at {
            self.held.resize_with(at + 1, || None);
        }
        self.held[at] = Some(result);
        while let Some(Some(_)) = self.held.front() {
            let result = self.held.pop_front().flatten().expect("a held result");
            emit(self.next, result, self.out, self.report)?;
            self.next += 1;
        }
        Ok(())
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
