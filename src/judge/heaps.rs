//! A sum of heaps of one heap game (an octal or hexadecimal code, a subtraction set, Grundy's
//! game): `T`, then per case `k` and `k` heap sizes, as misère Nim's input. Output per case:
//! `Case k: Alice` when the first player wins (normal play: the XOR of the heaps' values is not
//! zero), else `Case k: Bob`.
//!
//! Heap sizes are read as `u64`; a heap may be empty (its value is 0). `k` must be at least 1.
//! A heap beyond the table's values, in a game without a proven period, is refused (no guess):
//! the cases before it have been answered.

use std::io::Write;

use super::lines::CaseLines;
use super::scanner::Scanner;
use super::source::Source;
use super::{Judge, JudgeError};
use crate::Outcome;
use crate::table::HeapTable;
use grundy_core::Beyond;

/// The heap-game judge, answering from one game's table.
#[derive(Debug, Clone)]
pub struct Heaps<'t> {
    /// The values it answers from.
    pub table: HeapTable<'t>,
}

impl Judge for Heaps<'_> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let mut lines = CaseLines::new();
        let result = (|| {
            for case in 1..=cases {
                let mut xor = 0u32;
                read_case(scan, case, |heap| {
                    xor ^= value(&self.table, case, heap)?;
                    Ok(())
                })?;
                let outcome = if xor != 0 { Outcome::FirstPlayerWins } else { Outcome::SecondPlayerWins };
                lines.push(out, outcome)?;
            }
            scan.finish(cases)
        })();
        lines.finish(out, result)
    }
}

/// `G(heap)`, or the refusal of case `case` when the table does not reach `heap`.
pub(super) fn value(table: &HeapTable<'_>, case: u64, heap: u64) -> Result<u32, JudgeError> {
    table.value(heap).map_err(|beyond| refused(table, case, beyond))
}

/// The refusal of case `case`: the table does not reach a heap.
pub(super) fn refused(table: &HeapTable<'_>, case: u64, beyond: Beyond) -> JudgeError {
    JudgeError::Refused { case, reason: format!("game {}: {beyond}", table.game()) }
}

/// Reads case `case`: `k >= 1`, then `k` heap sizes, each handed to `take` as it is read.
pub(super) fn read_case<S: Source>(
    scan: &mut Scanner<S>,
    case: u64,
    mut take: impl FnMut(u64) -> Result<(), JudgeError>,
) -> Result<(), JudgeError> {
    let k = scan.next_u64().map_err(|e| scan.error(e, &format!("k, the number of heaps of case {case}")))?;
    if k == 0 {
        return Err(scan.error_at_token(format!("case {case} has no heaps: k must be at least 1")));
    }
    for i in 1..=k {
        let heap = scan.next_u64().map_err(|e| scan.error(e, &format!("the size of heap {i} of case {case}")))?;
        take(heap)?;
    }
    Ok(())
}
