//! LightOJ 1315, Game of Hyper Knights: `T`, then per case `n` and `n` lines `x y`.
//! Output per case: `Case k: Alice` when the XOR of the knights' values is non-zero, else `Bob`.

use std::io::Write;

use super::scanner::Scanner;
use super::{InputError, JudgeError};
use crate::Outcome;
use crate::table::KnightTable;

/// The judge's name for the winner.
pub fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Alice",
        Outcome::SecondPlayerWins => "Bob",
    }
}

/// Solves every case of `input` against `table`, writing the judge output to `out`.
///
/// Cases are written as they are solved; on bad input the cases before it have been written
/// (and nothing of the bad case), and the error names its line and column.
pub fn solve(input: &[u8], table: &KnightTable<'_>, out: &mut impl Write) -> Result<(), JudgeError> {
    let mut scan = Scanner::new(input);
    let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
    for case in 1..=cases {
        let n = scan.next_u64().map_err(|e| scan.error(e, &format!("n, the number of knights of case {case}")))?;
        let mut nimber = 0u8;
        for knight in 1..=n {
            let x = scan.next_u64().map_err(|e| scan.error(e, &format!("x of knight {knight} of case {case}")))?;
            let y = scan.next_u64().map_err(|e| scan.error(e, &format!("y of knight {knight} of case {case}")))?;
            nimber ^= table.get(x, y).ok_or_else(|| outside(&scan, x, y, table.bound()))?;
        }
        let outcome = crate::Nimber::from(nimber).outcome();
        writeln!(out, "Case {case}: {}", winner_name(outcome))?;
    }
    scan.finish().map_err(|pos| scan.error_at(pos, format!("unexpected data after the {cases} cases")))?;
    Ok(())
}

/// The error for a knight outside the table, pointing at its x.
fn outside(scan: &Scanner<'_>, x: u64, y: u64, bound: usize) -> InputError {
    scan.error_at(
        scan.token_start(2),
        format!("knight ({x}, {y}) is outside the table: coordinates must be below {bound}"),
    )
}
