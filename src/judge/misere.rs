//! LightOJ 1253, Misère Nim: `T`, then per case `k` and a line of `k` pile sizes.
//! Output per case: `Case k: Alice` when the first player wins, else `Case k: Bob`.
//!
//! Pile sizes are read as `u64` (up to 2^64 - 1). `k` and every pile must be at least 1, as the
//! problem states; there is no upper bound on `k`.

use std::io::Write;

use super::JudgeError;
use super::knights::winner_name;
use super::scanner::Scanner;
use crate::solver::misere::Summary;
use crate::table::MisereTable;

/// Solves every case of `input` against `table`, writing the judge output to `out`.
///
/// Cases are written as they are solved; on bad input the cases before it have been written
/// (and nothing of the bad case), and the error names its line and column.
pub fn solve(input: &[u8], table: &MisereTable<'_>, out: &mut impl Write) -> Result<(), JudgeError> {
    let mut scan = Scanner::new(input);
    let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
    for case in 1..=cases {
        let at = scan.skip_space();
        let k = scan.next_u64().map_err(|e| scan.error(e, &format!("k, the number of piles of case {case}")))?;
        if k == 0 {
            return Err(scan.error_at(at, format!("case {case} has no piles: k must be at least 1")).into());
        }
        let mut summary = Summary::default();
        for pile in 1..=k {
            let at = scan.skip_space();
            let stones =
                scan.next_u64().map_err(|e| scan.error(e, &format!("the size of pile {pile} of case {case}")))?;
            if stones == 0 {
                let message = format!("pile {pile} of case {case} is empty: piles hold at least one stone");
                return Err(scan.error_at(at, message).into());
            }
            summary.push(stones);
        }
        writeln!(out, "Case {case}: {}", winner_name(summary.outcome_in(table)))?;
    }
    scan.finish().map_err(|pos| scan.error_at(pos, format!("unexpected data after the {cases} cases")))?;
    Ok(())
}
