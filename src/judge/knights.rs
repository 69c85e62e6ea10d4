//! LightOJ 1315, Game of Hyper Knights: `T`, then per case `n` and `n` lines `x y`.
//! Output per case: `Case k: Alice` when the XOR of the knights' values is non-zero, else `Bob`.
//!
//! Coordinates may be anything up to 2^63 - 1 (beyond the judge's 500): the table answers inside
//! its square, the closed form outside (hyper-knight tables only). A coordinate of 2^63 or more
//! is an input error at that number.

use std::io::Write;

use super::scanner::{ScanError, ScanErrorKind, Scanner};
use super::{InputError, JudgeError};
use crate::Outcome;
use crate::rules::closed_form::MAX_COORDINATE;
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
            let coordinate =
                |scan: &mut Scanner<'_>, name: &str| {
                    let at = scan.skip_space();
                    match scan.next_u64() {
                        Ok(v) if v <= MAX_COORDINATE => Ok(v),
                        Ok(_) | Err(ScanError { kind: ScanErrorKind::Overflow, .. }) => Err(scan
                            .error_at(at, format!("{name} of knight {knight} of case {case} is too large: {LIMIT}"))),
                        Err(e) => Err(scan.error(e, &format!("{name} of knight {knight} of case {case}"))),
                    }
                };
            let at = scan.skip_space();
            let x = coordinate(&mut scan, "x")?;
            let y = coordinate(&mut scan, "y")?;
            nimber ^= table.value(x, y).ok_or_else(|| outside(&scan, at, x, y, table.bound()))?;
        }
        let outcome = crate::Nimber::from(nimber).outcome();
        writeln!(out, "Case {case}: {}", winner_name(outcome))?;
    }
    scan.finish().map_err(|pos| scan.error_at(pos, format!("unexpected data after the {cases} cases")))?;
    Ok(())
}

/// What a too large coordinate is told.
const LIMIT: &str = "coordinates must be at most 2^63 - 1 = 9223372036854775807";

/// Only a table with a custom move set (no closed form) leaves knights unanswered.
fn outside(scan: &Scanner<'_>, at: usize, x: u64, y: u64, bound: usize) -> InputError {
    let message = format!(
        "knight ({x}, {y}) is outside the table, whose custom move set has no closed form: coordinates must be below {bound}"
    );
    scan.error_at(at, message)
}
