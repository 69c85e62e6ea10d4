//! A sum of heaps of one heap game (an octal or hexadecimal code, a subtraction set, Grundy's
//! game): `T`, then per case `k` and `k` heap sizes. Output per case:
//! `Case k: Alice` when the first player wins (normal play: the XOR of the heaps' values is not
//! zero), else `Case k: Bob`.
//!
//! Heap sizes are read as `u64`; a heap may be empty (its value is 0). `k` must be at least 1.
//! A heap beyond the values, in a game without a proven period, is refused (no guess): the cases
//! before it have been answered.
//!
//! The values come from a [`HeapLookup`]: a table ([`HeapTable`](super::HeapTable)), or values computed as the
//! cases need them (the `grundy heaps` command's, which then computes only as far as the largest
//! heap read unless a period is needed).

use std::io::Write;

use super::HeapLookup;
use crate::Outcome;
use crate::judge::lines::CaseLines;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::{Judge, JudgeError};
use grundy_core::heap::Beyond;

/// The heap-game judge, answering from one game's values (a [`HeapTable`](super::HeapTable), or any
/// [`HeapLookup`]).
#[derive(Debug, Clone)]
pub struct Heaps<T> {
    /// The values it answers from.
    pub table: T,
}

impl<T: HeapLookup> Judge for Heaps<T> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let mut lines = CaseLines::new();
        let result = (|| {
            for case in 1..=cases {
                let mut xor = 0u32;
                read_case(scan, case, |heap| {
                    xor ^= value(&mut self.table, case, heap)?;
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

/// `G(heap)` for case `case`, reached first ([`HeapLookup::reach`]); the refusal of the case when
/// the values do not reach `heap`.
pub(super) fn value(table: &mut impl HeapLookup, case: u64, heap: u64) -> Result<u32, JudgeError> {
    table.reach(case, heap)?;
    table.value(heap).map_err(|beyond| refused(table, case, beyond))
}

/// The refusal of case `case`: the values do not reach a heap.
pub(super) fn refused(table: &impl HeapLookup, case: u64, beyond: Beyond) -> JudgeError {
    JudgeError::Refused { case, reason: format!("game {}: {beyond}", table.game()) }
}

/// Reads case `case`: `k >= 1`, then `k` heap sizes, each handed to `take` as it is read.
pub(crate) fn read_case<S: Source>(
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
