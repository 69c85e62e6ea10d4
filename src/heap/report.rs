//! Sums of heaps explained: one loop reads and solves each case, and its output style ([`Sink`])
//! writes it.

use std::io::Write;

#[cfg(feature = "json")]
use serde::Serialize;

use super::HeapLookup;
use super::judge::{Heaps, read_case, refused, value};
use crate::Outcome;
use crate::judge::JudgeError;
use crate::judge::answer::winner_name;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::style::{Explain, Explained, Sink, write_terms};
#[cfg(feature = "json")]
use crate::judge::style::{Json, write_json};
use grundy_core::heap::move_to_value;

/// A solved case of a sum of heaps: the heaps, their values and a winning move.
///
/// In text: `Case 1: Alice — *3 (3) ^ *2 (10) = *1; move heap 1: take 1 from 3, leaving 2`. In
/// JSON, after `nimber`: `heaps` (the sizes), `values` (each heap's value); `winning_move`
/// `{"heap": i, "from": n, "take": t, "left": [a, b]}` (`left`: the heaps it is replaced by).
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct HeapsCase {
    /// The case, from 1.
    pub case: u64,
    /// The heap sizes, in input order.
    pub heaps: Vec<u64>,
    /// Each heap's value.
    pub values: Vec<u32>,
    /// The XOR of the values.
    pub nimber: u32,
    /// A winning move, `None` when every move loses.
    pub winning_move: Option<HeapMove>,
}

impl HeapsCase {
    /// Who wins: the first player when the XOR is not zero.
    pub fn outcome(&self) -> Outcome {
        if self.nimber != 0 { Outcome::FirstPlayerWins } else { Outcome::SecondPlayerWins }
    }
}

/// A winning move of a sum of heaps: heap `heap` (0-based) of `from` tokens loses `take` and is
/// replaced by the heaps `left`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
#[non_exhaustive]
pub struct HeapMove {
    /// Which heap, 0-based.
    pub heap: usize,
    /// Its size before the move.
    pub from: u64,
    /// Tokens taken.
    pub take: u64,
    /// The heaps it is replaced by.
    pub left: Vec<u64>,
}

impl<T: HeapLookup> Explained for Heaps<T> {
    type Case = HeapsCase;

    fn solve_into<S: Source, W: Write, K: Sink<HeapsCase>>(
        &mut self,
        scan: &mut Scanner<S>,
        out: &mut W,
        sink: &mut K,
    ) -> Result<(), JudgeError> {
        let mut c = HeapsCase::default();
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            c.case = case;
            c.heaps.clear();
            c.values.clear();
            read_case(scan, case, |heap| {
                c.values.push(value(&mut self.table, case, heap)?);
                c.heaps.push(heap);
                Ok(())
            })?;
            c.nimber = c.values.iter().fold(0, |x, &v| x ^ v);
            c.winning_move = winning_move(&self.table, &c)?;
            sink.case(out, &c)?;
        }
        scan.finish(cases)
    }
}

/// A winning move of case `c` (`None` when its XOR is 0): the first heap whose value can drop to
/// its XOR with the sum, and a move from it to that value.
fn winning_move(table: &impl HeapLookup, c: &HeapsCase) -> Result<Option<HeapMove>, JudgeError> {
    // Split parts are searched up to n0 + p, or up to the heap when there is no period.
    let reach = |heap: u64| table.period().map_or(heap, |p| p.span());
    let wanted = c.heaps.iter().zip(&c.values).enumerate().filter(|&(_, (_, &v))| v ^ c.nimber < v);
    for (i, (&heap, &v)) in wanted {
        let found = move_to_value(table.game(), heap, v ^ c.nimber, reach(heap), |h| table.value(h));
        if let Some(m) = found.map_err(|beyond| refused(table, c.case, beyond))? {
            return Ok(Some(HeapMove { heap: i, from: heap, take: m.take, left: m.left }));
        }
    }
    Ok(None)
}

impl Sink<HeapsCase> for Explain {
    fn case<W: Write>(&mut self, out: &mut W, c: &HeapsCase) -> Result<(), JudgeError> {
        write!(out, "Case {}: {} — ", c.case, winner_name(c.outcome()))?;
        let terms = c.heaps.iter().zip(&c.values).map(|(h, v)| format!("*{v} ({h})"));
        write_terms(out, c.heaps.len(), terms)?;
        write!(out, " = *{}", c.nimber)?;
        write_move(out, c.winning_move.as_ref())
    }
}

/// Ends a case's line of text with its winning move (`; move heap 1: take 1 from 3, leaving 2`),
/// or `; no winning move`; the misère judge's text ends the same way.
pub(crate) fn write_move<W: Write>(out: &mut W, m: Option<&HeapMove>) -> Result<(), JudgeError> {
    let Some(m) = m else {
        writeln!(out, "; no winning move")?;
        return Ok(());
    };
    write!(out, "; move heap {}: take {} from {}, leaving ", m.heap + 1, m.take, m.from)?;
    if m.left.is_empty() {
        writeln!(out, "nothing")?;
    } else {
        let left: Vec<String> = m.left.iter().map(u64::to_string).collect();
        writeln!(out, "{}", left.join(" + "))?;
    }
    Ok(())
}

#[cfg(feature = "json")]
impl Sink<HeapsCase> for Json {
    fn case<W: Write>(&mut self, out: &mut W, c: &HeapsCase) -> Result<(), JudgeError> {
        #[derive(Serialize)]
        struct Line<'a> {
            case: u64,
            winner: &'static str,
            nimber: u32,
            heaps: &'a [u64],
            values: &'a [u32],
            winning_move: &'a Option<HeapMove>,
        }
        let (heaps, values, winning_move) = (&c.heaps[..], &c.values[..], &c.winning_move);
        let (case, winner, nimber) = (c.case, winner_name(c.outcome()), c.nimber);
        write_json(out, &Line { case, winner, nimber, heaps, values, winning_move })
    }
}
