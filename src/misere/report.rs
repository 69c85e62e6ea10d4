//! Misère Nim explained: one loop reads and solves each case, and its output style ([`Sink`])
//! writes it.

use std::io::Write;

#[cfg(feature = "json")]
use serde::Serialize;

use super::judge::{MisereNim, read_case};
use super::{PileMove, Summary, winning_move};
use crate::Outcome;
use crate::judge::JudgeError;
use crate::judge::answer::winner_name;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::style::{Explain, Explained, Sink, write_terms};
#[cfg(feature = "json")]
use crate::judge::style::{Json, write_json};

/// A solved misère Nim case: its piles, their summary, the winner and a winning move.
///
/// In text: `Case 2: Alice — piles 1 ^ 1 ^ 2 ^ 4 ^ 10 = 12; move pile 5: 10 -> 6`, or
/// `Case 3: Bob — piles 1 = 1, all ones (an odd number loses); no winning move`. In JSON,
/// `nimber` is the XOR of the pile sizes, then `piles` (how many), `all_ones`; `winning_move`
/// `{"pile": i, "from": a, "to": b}`.
#[derive(Debug)]
#[non_exhaustive]
pub struct MisereCase {
    /// The case, from 1.
    pub case: u64,
    /// The pile sizes, in input order.
    pub piles: Vec<u64>,
    /// What the outcome depends on.
    pub summary: Summary,
    /// Who wins.
    pub outcome: Outcome,
    /// A winning move, `None` when every move loses.
    pub winning_move: Option<PileMove>,
}

impl Explained for MisereNim<'_> {
    type Case = MisereCase;

    fn solve_into<S: Source, W: Write, K: Sink<MisereCase>>(
        &mut self,
        scan: &mut Scanner<S>,
        out: &mut W,
        sink: &mut K,
    ) -> Result<(), JudgeError> {
        let (summary, outcome) = (Summary::default(), Outcome::FirstPlayerWins);
        let mut c = MisereCase { case: 0, piles: Vec::new(), summary, outcome, winning_move: None };
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            c.case = case;
            c.piles.clear();
            read_case(scan, case, &mut c.piles)?;
            c.summary = Summary::of(c.piles.iter().copied());
            c.outcome = c.summary.outcome_in(&self.table);
            c.winning_move = winning_move(&c.piles);
            sink.case(out, &c)?;
        }
        scan.finish(cases)
    }
}

impl Sink<MisereCase> for Explain {
    fn case<W: Write>(&mut self, out: &mut W, c: &MisereCase) -> Result<(), JudgeError> {
        write!(out, "Case {}: {} — piles ", c.case, winner_name(c.outcome))?;
        write_terms(out, c.piles.len(), c.piles.iter())?;
        write!(out, " = {}", c.summary.xor())?;
        if c.summary.all_ones() {
            let parity = if c.summary.odd_pile_count() { "an odd number loses" } else { "an even number wins" };
            write!(out, ", all ones ({parity})")?;
        }
        match c.winning_move {
            Some(m) => writeln!(out, "; move pile {}: {} -> {}", m.pile + 1, m.from, m.to)?,
            None => writeln!(out, "; no winning move")?,
        }
        Ok(())
    }
}

#[cfg(feature = "json")]
impl Sink<MisereCase> for Json {
    fn case<W: Write>(&mut self, out: &mut W, c: &MisereCase) -> Result<(), JudgeError> {
        #[derive(Serialize)]
        struct Line {
            case: u64,
            winner: &'static str,
            nimber: u64,
            piles: usize,
            all_ones: bool,
            winning_move: Option<PileMove>,
        }
        let (case, winner, winning_move) = (c.case, winner_name(c.outcome), c.winning_move);
        let (nimber, piles, all_ones) = (c.summary.xor(), c.piles.len(), c.summary.all_ones());
        write_json(out, &Line { case, winner, nimber, piles, all_ones, winning_move })
    }
}
