//! HDU 4678, Mine: `T`, then per case `N M K` and `K` lines `X Y` (row, column, 0-based).
//! Output per case: `Case #k: Xiemao` when the first player wins, else `Case #k: Fanglaoshi`.
//!
//! Repeated mines are one mine. `N` and `M` must be at least 1; boards of up to `2^32 - 1` cells
//! that need at most 4 GiB to solve ([`MAX_WORKING_BYTES`](crate::solver::mine::MAX_WORKING_BYTES))
//! with either side as the rows are accepted, larger ones are an input error at `M` (the judge's
//! are at most 1000 x 1000).
//! Boards that break the statement's promise are solved exactly and reported to the caller; a
//! case whose cluster exceeds the search budget is refused ([`JudgeError::Refused`]) rather than
//! guessed. With [`Mine::keep_going`] a refused case is answered `Case #k: unknown` instead, the
//! caller is told, and the cases after it are still answered.

#[cfg(feature = "parallel")]
mod threads;

use std::io::Write;

use super::runs::{EachPair, read_pairs};
use super::scanner::Scanner;
use super::source::Source;
use super::{Input, Judge, JudgeError};
use crate::Outcome;
use crate::solver::mine::{Analysis, Board, MAX_CELLS, MAX_WORKING_BYTES, SolveError, Solver, working_bytes};

/// The judge's name for the winner.
pub(crate) fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Xiemao",
        Outcome::SecondPlayerWins => "Fanglaoshi",
    }
}

/// The Mine judge: a solver (its buffers reused across cases) and a callback that sees the
/// analysis of every solved case before its line is written (e.g. to say which boards broke
/// the promise).
///
/// With the `parallel` feature both cores read and solve (see `threads.rs`): this thread reads
/// and queues cases for a second one and helps it solve when it lags. Answers, reports and
/// errors still come strictly in case order.
#[allow(missing_debug_implementations)] // It holds the caller's closure.
pub struct Mine<'s, F> {
    solver: &'s mut Solver,
    /// The second thread's solver, with the same settings.
    twin: Solver,
    /// Boards to read into, kept from run to run.
    boards: Vec<Board>,
    sink: Sink<'s, F>,
}

/// A refused case: its number and why.
pub type OnRefusal<'s> = Box<dyn FnMut(u64, &SolveError) + 's>;

/// Where solved and refused cases are reported, besides the output.
pub(super) struct Sink<'s, F> {
    report: F,
    /// With `keep_going`: told of each refused case, answered `unknown`.
    on_refusal: Option<OnRefusal<'s>>,
    refused: u64,
}

impl<'s, F: FnMut(u64, &Analysis)> Mine<'s, F> {
    /// A judge solving with `solver`'s settings; `report(case, analysis)` sees every case
    /// (the binary prints a notice for boards that break the promise).
    pub fn new(solver: &'s mut Solver, report: F) -> Self {
        let twin = solver.new_like();
        Mine { solver, twin, boards: Vec::new(), sink: Sink { report, on_refusal: None, refused: 0 } }
    }

    /// Answers a case the solver refuses `Case #k: unknown` (after telling `on_refusal`) and
    /// goes on with the next, instead of stopping there.
    pub fn keep_going(mut self, on_refusal: impl FnMut(u64, &SolveError) + 's) -> Self {
        self.sink.on_refusal = Some(Box::new(on_refusal));
        self
    }

    /// Cases answered `unknown` so far (with [`Mine::keep_going`]).
    pub fn refused(&self) -> u64 {
        self.sink.refused
    }
}

impl<F: FnMut(u64, &Analysis)> Judge for Mine<'_, F> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let Mine { solver, twin, boards, sink } = self;
        #[cfg(feature = "parallel")]
        return threads::solve(scan, out, cases, [solver, twin], boards, sink);
        #[cfg(not(feature = "parallel"))]
        {
            let _ = twin;
            let mut board = boards.pop().unwrap_or_default();
            let result = solve_in_turn(scan, out, cases, solver, &mut board, sink);
            boards.push(board);
            result
        }
    }
}

/// The same on one thread.
fn solve_in_turn<S: Source, W: Write>(
    scan: &mut Scanner<S>,
    out: &mut W,
    cases: u64,
    solver: &mut Solver,
    board: &mut Board,
    sink: &mut Sink<'_, impl FnMut(u64, &Analysis)>,
) -> Result<(), JudgeError> {
    for case in 1..=cases {
        read_case(scan, board, case)?;
        emit(case, solver.solve(board), out, sink)?;
    }
    scan.finish(cases)
}

/// Reads case `case` into `board`: `N M K`, then `K` mines.
pub(super) fn read_case<S: Source>(scan: &mut Scanner<S>, board: &mut Board, case: u64) -> Result<(), JudgeError> {
    let rows = dimension(scan, "N, the number of rows", case)?;
    let cols = dimension(scan, "M, the number of columns", case)?;
    if let Some(message) = too_thin(rows, cols) {
        return Err(scan.error_at_token(format!("case {case}: {message}")));
    }
    board.reset(rows, cols).map_err(|e| scan.error_at_token(format!("case {case}: {e}")))?;
    let mines = scan.next_u64().map_err(|e| scan.error(e, &format!("K, the number of mines of case {case}")))?;
    let slow = |scan: &mut Scanner<S>, mine| {
        Ok((coordinate(scan, "X", rows, mine, case)?, coordinate(scan, "Y", cols, mine, case)?))
    };
    let place = |x, y| board.place_mine(x, y).expect("coordinates checked against the board");
    read_pairs(scan, [rows, cols], mines, slow, &mut EachPair(place))
}

/// Reads case `case` (from 1) of a Mine judge input as the judge does, with the judge's errors
/// (line and column; a byte-order mark is an error, as there): `T`, then the cases up to `case`,
/// each checked and only the last kept. Returns `T` and, when `1 <= case <= T`, the board of case `case`;
/// nothing after it is read. For `grundy draw mine`.
pub fn read_mine_case(input: Input, case: u64) -> Result<(u64, Option<Board>), JudgeError> {
    fn read<S: Source>(scan: &mut Scanner<S>, case: u64) -> Result<(u64, Option<Board>), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        if case == 0 || case > cases {
            return Ok((cases, None));
        }
        let mut board = Board::default();
        for k in 1..=case {
            read_case(scan, &mut board, k)?;
        }
        Ok((cases, Some(board)))
    }
    match input {
        Input::Mapped(map) => read(&mut Scanner::new(&map[..]), case),
        Input::Stream(src) => read(&mut Scanner::new(src), case),
    }
}

/// The message refusing an `rows x cols` board that fits the solver's bounds in one orientation
/// only: rows cost more memory than columns, so `4294967295 x 1` needs 192 GiB where `1 x
/// 4294967295` needs little. A board and its transpose are the same game, so both are refused
/// alike (the judge's boards are at most 1000 x 1000).
fn too_thin(rows: u64, cols: u64) -> Option<String> {
    let (long, short) = (rows.max(cols), rows.min(cols));
    let bytes = working_bytes(long, short);
    let fits_cells = u128::from(rows) * u128::from(cols) <= u128::from(MAX_CELLS);
    (fits_cells && bytes > u128::from(MAX_WORKING_BYTES)).then(|| {
        format!(
            "a {rows} x {cols} board needs {bytes} bytes of memory to solve; at most {MAX_WORKING_BYTES} (4 GiB) \
             are supported (a board counts with its longer side as the rows: either way round it is the same game)"
        )
    })
}

/// Reports a solved case and writes its answer, or refuses it: stops there, or with
/// `keep_going` answers it `unknown`.
fn emit<W: Write>(
    case: u64,
    result: Result<Analysis, SolveError>,
    out: &mut W,
    sink: &mut Sink<'_, impl FnMut(u64, &Analysis)>,
) -> Result<(), JudgeError> {
    match (result, &mut sink.on_refusal) {
        (Ok(analysis), _) => {
            (sink.report)(case, &analysis);
            writeln!(out, "Case #{case}: {}", winner_name(analysis.outcome()))?;
        }
        (Err(e @ SolveError::ClusterTooLarge(_)), Some(on_refusal)) => {
            on_refusal(case, &e);
            sink.refused += 1;
            writeln!(out, "Case #{case}: unknown")?;
        }
        (Err(e), _) => return Err(refused(case, e)),
    }
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
