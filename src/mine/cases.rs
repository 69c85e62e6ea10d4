//! Reading and answering Mine cases one at a time: what one thread does, and what the two
//! threads of `threads.rs` share.

use std::io::Write;

use crate::judge::answer::mine_winner;
use crate::judge::input::Bytes;
use crate::judge::runs::{EachPair, read_pairs};
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::{Input, JudgeError};
use crate::mine::{Analysis, Board, MAX_WORKING_BYTES, SolveError, Solver, beyond_either_way};

/// A refused case: its number and why.
pub(super) type OnRefusal<'s> = Box<dyn FnMut(u64, &SolveError) + 's>;

/// Where solved and refused cases are reported, besides the output.
pub(super) struct Callbacks<'s, F> {
    pub(super) report: F,
    /// With `keep_going`: told of each refused case, answered `unknown`.
    pub(super) on_refusal: Option<OnRefusal<'s>>,
    pub(super) refused: u64,
    /// The refusal that ended the run, if one did.
    pub(super) stopped_by: Option<SolveError>,
}

/// The same on one thread.
pub(super) fn solve_in_turn<S: Source, W: Write>(
    scan: &mut Scanner<S>,
    out: &mut W,
    cases: u64,
    solver: &mut Solver,
    board: &mut Board,
    callbacks: &mut Callbacks<'_, impl FnMut(u64, &Analysis)>,
) -> Result<(), JudgeError> {
    for case in 1..=cases {
        read_case(scan, board, case)?;
        solver.set_case(Some(case));
        emit(case, solver.solve(board), out, callbacks)?;
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
/// each checked and only the last kept. Returns `T` and, when `1 <= case <= T`, the board of case
/// `case`; nothing after it is read. For `grundy draw mine`.
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
    // The same dispatch as `Judge::solve_input`.
    match input.0 {
        Bytes::Mapped(map) => read(&mut Scanner::new(&map[..]), case),
        Bytes::Stream(src) => read(&mut Scanner::new(src), case),
    }
}

/// The message refusing an `rows x cols` board that fits the solver's bounds in one orientation
/// only ([`beyond_either_way`]; the judge's boards are at most 1000 x 1000).
fn too_thin(rows: u64, cols: u64) -> Option<String> {
    beyond_either_way(rows, cols).map(|bytes| {
        format!(
            "a {rows} x {cols} board needs {bytes} bytes of memory to solve; at most {MAX_WORKING_BYTES} (4 GiB) \
             are supported (a board counts with its longer side as the rows: either way round it is the same game)"
        )
    })
}

/// Reports a solved case and writes its answer, or refuses it: stops there, or with
/// `keep_going` answers it `unknown`.
pub(super) fn emit<W: Write>(
    case: u64,
    result: Result<Analysis, SolveError>,
    out: &mut W,
    callbacks: &mut Callbacks<'_, impl FnMut(u64, &Analysis)>,
) -> Result<(), JudgeError> {
    match callbacks.settle(case, result, |analysis| analysis)? {
        Ok(analysis) => writeln!(out, "Case #{case}: {}", mine_winner(analysis.outcome()))?,
        Err(_) => writeln!(out, "Case #{case}: unknown")?,
    }
    Ok(())
}

impl<F: FnMut(u64, &Analysis)> Callbacks<'_, F> {
    /// Tells the callbacks of case `case`'s result (`analysis` finds the analysis in a solution):
    /// the solution to answer, the refusal to answer `unknown` (with `keep_going`), or the error
    /// that stops the run.
    pub(super) fn settle<T>(
        &mut self,
        case: u64,
        result: Result<T, SolveError>,
        analysis: impl Fn(&T) -> &Analysis,
    ) -> Result<Result<T, SolveError>, JudgeError> {
        match (result, &mut self.on_refusal) {
            (Ok(solved), _) => {
                (self.report)(case, analysis(&solved));
                Ok(Ok(solved))
            }
            (Err(e @ SolveError::ClusterTooLarge(_)), Some(on_refusal)) => {
                on_refusal(case, &e);
                self.refused += 1;
                Ok(Err(e))
            }
            (Err(e), _) => {
                self.stopped_by = Some(e.clone());
                Err(refused(case, e))
            }
        }
    }
}

/// A case the solver will not answer (a cluster beyond the bound, or memory).
fn refused(case: u64, e: SolveError) -> JudgeError {
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
