//! Sums of heaps of one heap game in misère play (the player who cannot move wins): `T`, then per
//! case `k` and `k` heap sizes, as the normal-play heaps judge reads them. Output per case:
//! `Case k: Alice` when the first player wins (the product of the heaps' images is not in the
//! P-portion), else `Case k: Bob`. A heap the quotient does not reach (no proven period, beyond
//! the heaps computed) is refused, after the cases before it are answered.

use std::io::Write;

use crate::Outcome;
use crate::heap::judge::read_case;
use crate::judge::lines::CaseLines;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::{Judge, JudgeError};
use grundy_core::heap_misere::MisereAnalysis;

/// The misère heaps judge, answering from one game's misère analysis.
#[derive(Debug, Clone)]
pub struct MisereHeaps {
    /// The quotient and images it answers from.
    pub analysis: MisereAnalysis,
}

impl Judge for MisereHeaps {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let mut lines = CaseLines::new();
        let analysis = &self.analysis;
        let q = analysis.quotient();
        let result = (|| {
            for case in 1..=cases {
                let mut product = q.identity();
                read_case(scan, case, |heap| {
                    let image = analysis.image(heap).map_err(|beyond| JudgeError::Refused {
                        case,
                        reason: format!("game {} (misère): {beyond}", analysis.game),
                    })?;
                    product = q.product(product, image);
                    Ok(())
                })?;
                let outcome = if q.in_p(product) { Outcome::SecondPlayerWins } else { Outcome::FirstPlayerWins };
                lines.push(out, outcome)?;
            }
            scan.finish(cases)
        })();
        lines.finish(out, result)
    }
}
