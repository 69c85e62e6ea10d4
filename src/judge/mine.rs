//! HDU 4678, Mine: `T`, then per case `N M K` and `K` lines `X Y` (row, column, 0-based).
//! Output per case: `Case #k: Xiemao` when the first player wins, else `Case #k: Fanglaoshi`.
//!
//! Repeated mines are one mine. `N` and `M` must be at least 1; boards up to `2^32 - 1` cells are
//! accepted where memory allows (the judge's are at most 1000 x 1000). Boards that break the
//! statement's promise are solved exactly and reported to the caller; a case whose cluster
//! exceeds the search bound is refused ([`JudgeError::Refused`]) rather than guessed.

use std::io::Write;

use super::scanner::Scanner;
use super::{InputError, JudgeError};
use crate::Outcome;
use crate::solver::mine::{Analysis, Board, SolveError, Solver};

/// The judge's name for the winner.
pub fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Xiemao",
        Outcome::SecondPlayerWins => "Fanglaoshi",
    }
}

/// Solves every case of `input` with `solver`, writing the judge output to `out`; `report` is
/// called with the case number and the analysis of every solved case (before its line is
/// written), e.g. to say which boards broke the promise.
///
/// Cases are written as they are solved; on bad input or a refused case the cases before it
/// have been written (and nothing of that case).
pub fn solve(
    input: &[u8],
    solver: &mut Solver,
    out: &mut impl Write,
    mut report: impl FnMut(u64, &Analysis),
) -> Result<(), JudgeError> {
    let mut scan = Scanner::new(input);
    let mut board = Board::default();
    let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
    for case in 1..=cases {
        let at = scan.skip_space();
        let rows = scan.next_u64().map_err(|e| scan.error(e, &format!("N, the number of rows of case {case}")))?;
        let cols = scan.next_u64().map_err(|e| scan.error(e, &format!("M, the number of columns of case {case}")))?;
        if rows == 0 || cols == 0 {
            return Err(scan.error_at(at, format!("case {case}: a {rows} x {cols} board has no cells")).into());
        }
        board.reset(rows, cols).map_err(|e| scan.error_at(at, format!("case {case}: {e}")))?;
        let mines = scan.next_u64().map_err(|e| scan.error(e, &format!("K, the number of mines of case {case}")))?;
        for mine in 1..=mines {
            let at = scan.skip_space();
            let x = scan.next_u64().map_err(|e| scan.error(e, &format!("X of mine {mine} of case {case}")))?;
            let y = scan.next_u64().map_err(|e| scan.error(e, &format!("Y of mine {mine} of case {case}")))?;
            board.place_mine(x, y).map_err(|e| outside(&scan, at, case, mine, e))?;
        }
        let analysis = solver.solve(&board).map_err(|e| match e {
            SolveError::OutOfMemory { .. } => JudgeError::Input(scan.error_at(at, format!("case {case}: {e}"))),
            SolveError::ClusterTooLarge(e) => JudgeError::Refused { case, reason: e.to_string() },
        })?;
        report(case, &analysis);
        writeln!(out, "Case #{case}: {}", winner_name(analysis.outcome()))?;
    }
    scan.finish().map_err(|pos| scan.error_at(pos, format!("unexpected data after the {cases} cases")))?;
    Ok(())
}

#[cold]
fn outside(scan: &Scanner<'_>, at: usize, case: u64, mine: u64, e: crate::solver::mine::OutsideBoard) -> InputError {
    scan.error_at(at, format!("mine {mine} of case {case}: {e}"))
}
