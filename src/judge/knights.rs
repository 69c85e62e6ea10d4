//! LightOJ 1315, Game of Hyper Knights: `T`, then per case `n` and `n` lines `x y`.
//! Output per case: `Case k: Alice` when the XOR of the knights' values is non-zero, else `Bob`.

use std::io::Write;

use super::scanner::Scanner;
use super::source::Source;
use super::{Judge, JudgeError};
use crate::Outcome;
use crate::table::KnightTable;

/// The judge's name for the winner.
pub fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Alice",
        Outcome::SecondPlayerWins => "Bob",
    }
}

/// The Hyper Knights judge, answering from a knight table.
pub struct Knights<'t> {
    pub table: KnightTable<'t>,
}

impl Judge for Knights<'_> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let table = self.table;
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            let n = scan.next_u64().map_err(|e| scan.error(e, &format!("n, the number of knights of case {case}")))?;
            let mut nimber = 0u8;
            for knight in 1..=n {
                let x = coordinate(scan, &table, "x", knight, case)?;
                let y = coordinate(scan, &table, "y", knight, case)?;
                nimber ^= table.get(x, y).expect("both coordinates checked");
            }
            let outcome = crate::Nimber::from(nimber).outcome();
            writeln!(out, "Case {case}: {}", winner_name(outcome))?;
        }
        scan.finish(cases)
    }
}

/// One coordinate of a knight, which must lie inside the table.
#[inline(always)]
fn coordinate<S: Source>(
    scan: &mut Scanner<S>,
    table: &KnightTable<'_>,
    axis: &str,
    knight: u64,
    case: u64,
) -> Result<u64, JudgeError> {
    let v = scan.next_u64().map_err(|e| scan.error(e, &format!("{axis} of knight {knight} of case {case}")))?;
    if v >= table.bound() as u64 {
        let bound = table.bound();
        return Err(scan.error_at_token(format!(
            "{axis} = {v} of knight {knight} of case {case} is outside the table: coordinates must be below {bound}"
        )));
    }
    Ok(v)
}
