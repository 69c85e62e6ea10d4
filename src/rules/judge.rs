//! Sums of positions of a game defined by rules: `T`, then per case `k` and `k` positions (a
//! heap size each, or `d` numbers each for a game on tuples of `d`). Output per case:
//! `Case k: Alice` when the first player wins (normal play: the XOR of the values is not 0),
//! else `Case k: Bob`. A position whose value is not known (past the values computed, or the
//! rules failed) is refused, after the cases before it are answered.

use std::io::Write;

use super::RulesLookup;
use crate::Outcome;
use crate::judge::lines::CaseLines;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::{Judge, JudgeError};
use grundy_core::rules::Shape;

/// The judge of sums, answering from a [`RulesLookup`]: a blob's table, or values computed from
/// the rules as the cases need them.
#[derive(Debug, Clone)]
pub struct RulesSums<T> {
    /// The values it answers from.
    pub table: T,
}

impl<T: RulesLookup> Judge for RulesSums<T> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let mut lines = CaseLines::new();
        let table = &mut self.table;
        let result = (|| {
            for case in 1..=cases {
                let mut xor = 0;
                read_case(scan, table.shape(), case, |position| {
                    xor ^= value(table, case, position)?;
                    Ok(())
                })?;
                lines.push(out, if xor != 0 { Outcome::FirstPlayerWins } else { Outcome::SecondPlayerWins })?;
            }
            scan.finish(cases)
        })();
        lines.finish(out, result)
    }
}

/// The value of `position` in case `case`, or the case's refusal.
pub(super) fn value(table: &mut impl RulesLookup, case: u64, position: &[u64]) -> Result<u64, JudgeError> {
    table
        .value(position)
        .map_err(|reason| JudgeError::Refused { case, reason: format!("game {}: {reason}", table.name()) })
}

/// Reads case `case`: `k >= 1`, then `k` positions of the shape's width, each handed to `take`.
pub(super) fn read_case<S: Source>(
    scan: &mut Scanner<S>,
    shape: Shape,
    case: u64,
    mut take: impl FnMut(&[u64]) -> Result<(), JudgeError>,
) -> Result<(), JudgeError> {
    let what = match shape {
        Shape::Heap => "heaps",
        Shape::Tuple(_) => "positions",
    };
    let k = scan.next_u64().map_err(|e| scan.error(e, &format!("k, the number of {what} of case {case}")))?;
    if k == 0 {
        return Err(scan.error_at_token(format!("case {case} has no {what}: k must be at least 1")));
    }
    let mut position = vec![0; shape.width()];
    for i in 1..=k {
        for (j, x) in position.iter_mut().enumerate() {
            let expected = match shape {
                Shape::Heap => format!("the size of heap {i} of case {case}"),
                Shape::Tuple(_) => format!("number {} of position {i} of case {case}", j + 1),
            };
            *x = scan.next_u64().map_err(|e| scan.error(e, &expected))?;
        }
        take(&position)?;
    }
    Ok(())
}
