//! Hyper Knights explained: one loop reads and solves each case, and its output style
//! ([`Sink`]) writes it.

use std::io::Write;

#[cfg(feature = "json")]
use serde::Serialize;

use super::judge::{Knights, limit, read_case};
use super::{KnightError, KnightMove};
use crate::Nimber;
use crate::judge::JudgeError;
use crate::judge::answer::winner_name;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::style::{Explain, Explained, Sink, write_terms};
#[cfg(feature = "json")]
use crate::judge::style::{Json, write_json};

/// A solved Hyper Knights case: its knights, their values and a winning move.
///
/// In text: `Case 2: Alice — *3 (2, 5) ^ *1 (3, 5) = *2; move knight 1: (2, 5) -> (1, 3)`
/// (`no knights` for none). In JSON, after `nimber`: `values` (each knight's value, in input
/// order); `winning_move` `{"knight": i, "from": [x, y], "to": [x2, y2]}`.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct KnightsCase {
    /// The case, from 1.
    pub case: u64,
    /// The knights, `(x, y)`, in input order.
    pub knights: Vec<(u64, u64)>,
    /// Each knight's value.
    pub values: Vec<u8>,
    /// The XOR of the values.
    pub nimber: Nimber,
    /// A winning move, `None` when every move loses.
    pub winning_move: Option<KnightMove>,
}

impl Explained for Knights<'_> {
    type Case = KnightsCase;

    fn solve_into<S: Source, W: Write, K: Sink<KnightsCase>>(
        &mut self,
        scan: &mut Scanner<S>,
        out: &mut W,
        sink: &mut K,
    ) -> Result<(), JudgeError> {
        let table = self.table;
        let limit = limit(&table);
        let mut c = KnightsCase::default();
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            c.case = case;
            c.knights.clear();
            read_case(scan, &table, limit, case, |x, y| c.knights.push((x, y)))?;
            c.values.clear();
            c.values.extend(c.knights.iter().map(|&(x, y)| table.lookup(x, y).expect("within the limit")));
            c.nimber = c.values.iter().map(|&v| Nimber::from(v)).sum();
            c.winning_move = table.winning_move(&c.knights).map_err(|e| match e {
                KnightError::Inconsistent { .. } => JudgeError::BadTable { case, source: Box::new(e) },
                _ => JudgeError::Refused { case, reason: format!("no winning move: {e}") },
            })?;
            sink.case(out, &c)?;
        }
        scan.finish(cases)
    }
}

impl Sink<KnightsCase> for Explain {
    fn case<W: Write>(&mut self, out: &mut W, c: &KnightsCase) -> Result<(), JudgeError> {
        write!(out, "Case {}: {} — ", c.case, winner_name(c.nimber.outcome()))?;
        if c.knights.is_empty() {
            write!(out, "no knights")?;
        }
        let terms = c.values.iter().zip(&c.knights).map(|(&v, &(x, y))| format!("{} ({x}, {y})", Nimber::from(v)));
        write_terms(out, c.knights.len(), terms)?;
        write!(out, " = {}; ", c.nimber)?;
        match c.winning_move {
            Some(KnightMove { knight, from, to, .. }) => {
                writeln!(out, "move knight {}: ({}, {}) -> ({}, {})", knight + 1, from.0, from.1, to.0, to.1)?
            }
            None => writeln!(out, "no winning move")?,
        }
        Ok(())
    }
}

#[cfg(feature = "json")]
impl Sink<KnightsCase> for Json {
    fn case<W: Write>(&mut self, out: &mut W, c: &KnightsCase) -> Result<(), JudgeError> {
        #[derive(Serialize)]
        struct Line<'a> {
            case: u64,
            winner: &'static str,
            nimber: Nimber,
            values: &'a [u8],
            winning_move: Option<KnightMove>,
        }
        let (case, values, nimber, winning_move) = (c.case, &c.values[..], c.nimber, c.winning_move);
        write_json(out, &Line { case, winner: winner_name(nimber.outcome()), nimber, values, winning_move })
    }
}
