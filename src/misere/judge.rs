//! LightOJ 1253, Misère Nim: `T`, then per case `k` and a line of `k` pile sizes.
//! Output per case: `Case k: Alice` when the first player wins, else `Case k: Bob`.
//!
//! Pile sizes are read as `u64` (up to 2^64 - 1). `k` and every pile must be at least 1, as the
//! problem states; there is no upper bound on `k`.

use std::io::Write;

use super::{MisereTable, Summary};
use crate::judge::halves;
use crate::judge::lines::CaseLines;
use crate::judge::runs::{Take, read_positive};
use crate::judge::scanner::{ScanError, Scanner};
use crate::judge::source::Source;
use crate::judge::{Judge, JudgeError};

/// The Misère Nim judge, answering from the outcome table.
#[derive(Debug, Clone, Copy)]
pub struct MisereNim<'t> {
    /// The outcomes it answers from.
    pub table: MisereTable<'t>,
}

impl Judge for MisereNim<'_> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let mut lines = CaseLines::new();
        let result = (|| {
            for case in 1..=cases {
                let k = read_count(scan, case)?;
                // Only the last case can be the whole rest of the input; the answers before it
                // are written before it is read.
                let halves = if case == cases {
                    lines.write_out(out)?;
                    in_halves(scan, k)
                } else {
                    None
                };
                let summary = match halves {
                    Some(summary) => summary,
                    None => {
                        let mut summary = Summary::default();
                        read_piles(scan, case, k, &mut summary)?;
                        summary
                    }
                };
                lines.push(out, summary.outcome_in(&self.table))?;
            }
            scan.finish(cases)
        })();
        lines.finish(out, result)
    }
}

/// Reads case `case`: `k >= 1`, then `k` piles of at least one stone, into `piles`.
#[inline(always)]
pub(super) fn read_case<S: Source>(
    scan: &mut Scanner<S>,
    case: u64,
    piles: &mut impl Take<u64, u64>,
) -> Result<(), JudgeError> {
    let k = read_count(scan, case)?;
    read_piles(scan, case, k, piles)
}

/// Reads `k >= 1`, the number of piles of case `case`.
fn read_count<S: Source>(scan: &mut Scanner<S>, case: u64) -> Result<u64, JudgeError> {
    let k = scan.next_u64().map_err(|e| scan.error(e, &format!("k, the number of piles of case {case}")))?;
    if k == 0 {
        return Err(scan.error_at_token(format!("case {case} has no piles: k must be at least 1")));
    }
    Ok(k)
}

/// Reads the `k` piles of case `case` into `piles`.
#[inline(always)]
fn read_piles<S: Source>(
    scan: &mut Scanner<S>,
    case: u64,
    k: u64,
    piles: &mut impl Take<u64, u64>,
) -> Result<(), JudgeError> {
    let slow = |scan: &mut Scanner<S>, i| {
        let stones = scan.next_u64().map_err(|e| scan.error(e, &format!("the size of pile {i} of case {case}")))?;
        if stones == 0 {
            let message = format!("pile {i} of case {case} is empty: piles hold at least one stone");
            return Err(scan.error_at_token(message));
        }
        Ok(stones)
    };
    read_positive(scan, k, slow, piles)
}

/// A case's piles summarised as they are read, a bulk batch at a time where they come in bulk.
impl Take<u64, u64> for Summary {
    #[inline(always)]
    fn one(&mut self, stones: u64) {
        self.push(stones);
    }

    #[inline(always)]
    fn batch(&mut self, piles: &[u64]) {
        self.push_positive(piles);
    }
}

/// A large last case read on both cores ([`halves::read_rest_in_halves`]): its summary, when the
/// rest of the input is exactly its `k` piles.
fn in_halves<S: Source>(scan: &mut Scanner<S>, k: u64) -> Option<Summary> {
    let ((c1, s1), (c2, s2)) = halves::read_rest_in_halves(scan, &Piles)?;
    (c1 + c2 == k).then(|| {
        scan.skip_to_end();
        s1.merge(s2)
    })
}

/// A half of the piles of a large case, reduced to their number and summary.
struct Piles;

impl halves::Summarise for Piles {
    type Summary = (u64, Summary);

    /// `None` on a bad token or an empty pile.
    fn summarise<S: Source>(&self, mut scan: Scanner<S>) -> Option<(u64, Summary)> {
        let (mut count, mut summary) = (0u64, Summary::default());
        let mut batch = [0; 1024];
        loop {
            let read = scan.positive_numbers(&mut batch);
            summary.push_positive(&batch[..read]);
            count += read as u64;
            if read == batch.len() {
                continue;
            }
            // Where the bulk path stops: a few piles token by token, or the end.
            for _ in 0..8 {
                match scan.next_u64() {
                    Ok(0) => return None,
                    Ok(stones) => summary.push(stones),
                    Err(ScanError::End) => return Some((count, summary)),
                    Err(_) => return None,
                }
                count += 1;
            }
        }
    }
}
