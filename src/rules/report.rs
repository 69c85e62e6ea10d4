//! Sums of positions explained: each position's value, the XOR, and a winning move found among
//! the rules' options (a blob's table has values but no rules: no move is shown then).

use std::io::Write;

#[cfg(feature = "json")]
use serde::Serialize;

use super::RulesLookup;
use super::judge::{RulesSums, read_case, value};
use crate::Outcome;
use crate::judge::JudgeError;
use crate::judge::answer::winner_name;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::style::{Explain, Explained, Sink, write_terms};
#[cfg(feature = "json")]
use crate::judge::style::{Json, write_json};
use grundy_core::rules::PositionText;

/// A solved case: the positions, their values and a winning move.
///
/// In text: `Case 1: Alice — *1 (1) ^ *4 (4) = *5; move 2: 4 becomes 1 + 0`. In JSON, after
/// `nimber`: `positions` (each an array), `values`; `winning_move` `{"index": i, "from": p,
/// "to": [q, …]}` (`to`: the positions it is replaced by; `index` from 0), `null` without one.
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct RulesCase {
    /// The case, from 1.
    pub case: u64,
    /// The positions, in input order.
    pub positions: Vec<Vec<u64>>,
    /// Each position's value.
    pub values: Vec<u64>,
    /// The XOR of the values.
    pub nimber: u64,
    /// A winning move: `None` from a sum of value 0, or when the source has no rules.
    pub winning_move: Option<RulesMove>,
    /// Whether the source could list moves (it has the rules, not only a table).
    pub has_rules: bool,
}

impl RulesCase {
    /// Who wins: the first player when the XOR is not zero.
    pub fn outcome(&self) -> Outcome {
        if self.nimber != 0 { Outcome::FirstPlayerWins } else { Outcome::SecondPlayerWins }
    }
}

/// A winning move: position `index` (from 0) is replaced by the positions `to`.
#[derive(Debug, Clone, PartialEq, Eq)]
#[cfg_attr(feature = "json", derive(Serialize))]
#[non_exhaustive]
pub struct RulesMove {
    /// Which position, from 0.
    pub index: usize,
    /// The position moved from.
    pub from: Vec<u64>,
    /// What it becomes (none: it is gone).
    pub to: Vec<Vec<u64>>,
}

impl<T: RulesLookup> Explained for RulesSums<T> {
    type Case = RulesCase;

    fn solve_into<S: Source, W: Write, K: Sink<RulesCase>>(
        &mut self,
        scan: &mut Scanner<S>,
        out: &mut W,
        sink: &mut K,
    ) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let table = &mut self.table;
        for case in 1..=cases {
            let mut c = RulesCase { case, has_rules: table.has_rules(), ..RulesCase::default() };
            read_case(scan, table.shape(), case, |position| {
                c.values.push(value(table, case, position)?);
                c.positions.push(position.to_vec());
                Ok(())
            })?;
            c.nimber = c.values.iter().fold(0, |x, &v| x ^ v);
            c.winning_move = winning_move(table, &c)?;
            sink.case(out, &c)?;
        }
        scan.finish(cases)
    }
}

/// A move of one position to an option whose value is its value XOR the sum's.
fn winning_move(table: &mut impl RulesLookup, c: &RulesCase) -> Result<Option<RulesMove>, JudgeError> {
    if c.nimber == 0 {
        return Ok(None);
    }
    let width = table.shape().width();
    for (index, (position, &v)) in
        c.positions.iter().zip(&c.values).enumerate().filter(|(_, (_, v))| *v ^ c.nimber < **v)
    {
        let Some(options) = table.options(position) else { return Ok(None) };
        let refuse = |reason: String| JudgeError::Refused { case: c.case, reason };
        for option in options.map_err(refuse)?.iter() {
            let mut xor = 0;
            for part in option.chunks(width) {
                xor ^= value(table, c.case, part)?;
            }
            if xor == v ^ c.nimber {
                let to = option.chunks(width).map(<[u64]>::to_vec).collect();
                return Ok(Some(RulesMove { index, from: position.clone(), to }));
            }
        }
    }
    unreachable!("a sum of value {} has a move to 0 (the mex says so)", c.nimber)
}

impl Sink<RulesCase> for Explain {
    fn case<W: Write>(&mut self, out: &mut W, c: &RulesCase) -> Result<(), JudgeError> {
        write!(out, "Case {}: {} — ", c.case, winner_name(c.outcome()))?;
        let terms = c.positions.iter().zip(&c.values).map(|(p, v)| format!("*{v} ({})", PositionText(p)));
        write_terms(out, c.positions.len(), terms)?;
        write!(out, " = *{}", c.nimber)?;
        match &c.winning_move {
            Some(m) => {
                let to: Vec<String> = m.to.iter().map(|p| PositionText(p).to_string()).collect();
                let to = if to.is_empty() { "nothing".to_string() } else { to.join(" + ") };
                writeln!(out, "; move {}: {} becomes {to}", m.index + 1, PositionText(&m.from))?;
            }
            None if c.nimber != 0 && !c.has_rules => writeln!(out, "; a table has no rules: no move shown")?,
            None => writeln!(out, "; no winning move")?,
        }
        Ok(())
    }
}

#[cfg(feature = "json")]
impl Sink<RulesCase> for Json {
    fn case<W: Write>(&mut self, out: &mut W, c: &RulesCase) -> Result<(), JudgeError> {
        #[derive(Serialize)]
        struct Line<'a> {
            case: u64,
            winner: &'static str,
            nimber: u64,
            positions: &'a [Vec<u64>],
            values: &'a [u64],
            winning_move: &'a Option<RulesMove>,
        }
        let line = Line {
            case: c.case,
            winner: winner_name(c.outcome()),
            nimber: c.nimber,
            positions: &c.positions,
            values: &c.values,
            winning_move: &c.winning_move,
        };
        write_json(out, &line)
    }
}
