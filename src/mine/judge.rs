//! HDU 4678, Mine: `T`, then per case `N M K` and `K` lines `X Y` (row, column, 0-based).
//! Output per case: `Case #k: Xiemao` when the first player wins, else `Case #k: Fanglaoshi`.
//!
//! Repeated mines are one mine. `N` and `M` must be at least 1; boards of up to `2^32 - 1` cells
//! that need at most 4 GiB to solve ([`MAX_WORKING_BYTES`](crate::mine::MAX_WORKING_BYTES))
//! with either side as the rows are accepted, larger ones are an input error at `M` (the judge's
//! are at most 1000 x 1000).
//! Boards that break the statement's promise are solved exactly and reported to the caller; a
//! case whose cluster exceeds the search budget is refused ([`JudgeError::Refused`]) rather than
//! guessed. With [`Mine::keep_going`] a refused case is answered `Case #k: unknown` instead, the
//! caller is told, and the cases after it are still answered.

use std::io::Write;

use super::cases::Callbacks;
#[cfg(not(feature = "parallel"))]
use super::cases::solve_in_turn;
#[cfg(feature = "parallel")]
use super::threads;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::{Judge, JudgeError};
use crate::mine::{Analysis, Board, SolveError, Solver};

/// The Mine judge: a solver (its buffers reused across cases) and a callback that sees the
/// analysis of every solved case before its line is written (e.g. to say which boards broke
/// the promise).
///
/// With the `parallel` feature both cores read and solve (see `threads.rs`): this thread reads
/// and queues cases for a second one and helps it solve when it lags. Answers, reports and
/// errors still come strictly in case order.
#[allow(missing_debug_implementations)] // It holds the caller's closure.
pub struct Mine<'s, F> {
    pub(super) solver: &'s mut Solver,
    /// The second thread's solver, with the same settings.
    twin: Solver,
    /// Boards to read into, kept from run to run.
    pub(super) boards: Vec<Board>,
    pub(super) callbacks: Callbacks<'s, F>,
}

impl<'s, F: FnMut(u64, &Analysis)> Mine<'s, F> {
    /// A judge solving with `solver`'s settings; `report(case, analysis)` sees every case
    /// (the binary prints a notice for boards that break the promise).
    pub fn new(solver: &'s mut Solver, report: F) -> Self {
        let twin = solver.new_like();
        Mine {
            solver,
            twin,
            boards: Vec::new(),
            callbacks: Callbacks { report, on_refusal: None, refused: 0, stopped_by: None },
        }
    }

    /// Answers a case the solver refuses `Case #k: unknown` (after telling `on_refusal`) and
    /// goes on with the next, instead of stopping there.
    pub fn keep_going(mut self, on_refusal: impl FnMut(u64, &SolveError) + 's) -> Self {
        self.callbacks.on_refusal = Some(Box::new(on_refusal));
        self
    }

    /// Cases answered `unknown` so far (with [`Mine::keep_going`]).
    pub fn refused(&self) -> u64 {
        self.callbacks.refused
    }

    /// Why the solver refused the case that ended the last run with [`JudgeError::Refused`]
    /// (`None` if no refusal ended it), for the caller to say what to do about it.
    pub fn stopped_by(&self) -> Option<&SolveError> {
        self.callbacks.stopped_by.as_ref()
    }
}

impl<F: FnMut(u64, &Analysis)> Judge for Mine<'_, F> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        self.callbacks.stopped_by = None;
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let Mine { solver, twin, boards, callbacks } = self;
        #[cfg(feature = "parallel")]
        return threads::solve(scan, out, cases, [solver, twin], boards, callbacks);
        #[cfg(not(feature = "parallel"))]
        {
            let _ = twin;
            let mut board = boards.pop().unwrap_or_default();
            let result = solve_in_turn(scan, out, cases, solver, &mut board, callbacks);
            boards.push(board);
            result
        }
    }
}
