//! Mine explained: one loop reads and solves each case (on this thread), and its output style
//! ([`Sink`]) writes it.

use std::fmt::Display;
use std::io::Write;

#[cfg(feature = "json")]
use serde::Serialize;

use super::cases::read_case;
use super::judge::Mine;
use super::{Analysis, Click, Component, Explanation, SolveError};
#[cfg(feature = "json")]
use crate::Nimber;
use crate::judge::JudgeError;
use crate::judge::answer::mine_winner;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::style::{Explain, Explained, Sink, write_terms};
#[cfg(feature = "json")]
use crate::judge::style::{Json, write_json};

/// A solved Mine case: the board's size and mines, and its explanation, or why it was answered
/// `unknown` (with [`Mine::keep_going`]).
///
/// In text: `Case #1: Xiemao — *1 (region at (0, 0), 0 numbers) = *1; click (0, 0)`, or
/// `Case #k: unknown — not solved: ` and the reason. In JSON, after `nimber`: `rows`, `cols`,
/// `mines` (distinct), `regions`, `numbers`, `lone_numbers`, `shared_numbers`, `components` (see
/// [`Component`]); `winning_move` `{"click": [row, col]}`; an unknown case is
/// `{"case": k, "winner": "unknown", "reason": ...}`.
#[derive(Debug)]
#[non_exhaustive]
pub struct MineCase {
    /// The case, from 1.
    pub case: u64,
    /// The board's rows.
    pub rows: usize,
    /// The board's columns.
    pub cols: usize,
    /// Its distinct mines.
    pub mines: u64,
    /// Its components, value and a winning click; or the refusal.
    pub solved: Result<Explanation, SolveError>,
}

impl<F: FnMut(u64, &Analysis)> Explained for Mine<'_, F> {
    type Case = MineCase;

    fn solve_into<S: Source, W: Write, K: Sink<MineCase>>(
        &mut self,
        scan: &mut Scanner<S>,
        out: &mut W,
        sink: &mut K,
    ) -> Result<(), JudgeError> {
        let Mine { solver, boards, callbacks, .. } = self;
        callbacks.stopped_by = None;
        let mut board = boards.pop().unwrap_or_default();
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let result = (|| {
            for case in 1..=cases {
                read_case(scan, &mut board, case)?;
                solver.set_case(Some(case));
                let solved = callbacks.settle(case, solver.explain(&board), |e| &e.analysis)?;
                let (rows, cols, mines) = (board.rows(), board.cols(), board.mine_count());
                sink.case(out, &MineCase { case, rows, cols, mines, solved })?;
            }
            scan.finish(cases)
        })();
        boards.push(board);
        result
    }
}

impl Sink<MineCase> for Explain {
    fn case<W: Write>(&mut self, out: &mut W, c: &MineCase) -> Result<(), JudgeError> {
        let e = match &c.solved {
            Ok(e) => e,
            Err(e) => {
                writeln!(out, "Case #{}: unknown — not solved: {e}", c.case)?;
                return Ok(());
            }
        };
        write!(out, "Case #{}: {} — ", c.case, mine_winner(e.analysis.outcome()))?;
        if e.components.is_empty() {
            write!(out, "nothing to click")?;
        }
        write_terms(out, e.components.len(), e.components.iter().map(Term))?;
        write!(out, " = {}; ", e.analysis.value)?;
        match e.winning_move {
            Some(Click { row, col }) => writeln!(out, "click ({row}, {col})")?,
            None => writeln!(out, "no winning move")?,
        }
        Ok(())
    }
}

/// A component in text: its value, then what it is.
struct Term<'a>(&'a Component);

impl Display for Term<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let plural = |n: u64, one: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {one}s") };
        match *self.0 {
            Component::Region { cell: (r, c), numbers, value } => {
                write!(f, "{value} (region at ({r}, {c}), {})", plural(numbers, "number"))
            }
            Component::Cluster { cell: (r, c), regions, cycles: 0, value, .. } => {
                write!(f, "{value} (cluster of {regions} regions at ({r}, {c}))")
            }
            Component::Cluster { cell: (r, c), regions, cycles, value, .. } => {
                let cycles = if cycles == 1 { "1 cycle".to_string() } else { format!("{cycles} cycles") };
                write!(f, "{value} (cluster of {regions} regions with {cycles} at ({r}, {c}))")
            }
            Component::LoneNumbers { count, value } => write!(f, "{value} ({})", plural(count, "lone number")),
        }
    }
}

#[cfg(feature = "json")]
impl Sink<MineCase> for Json {
    fn case<W: Write>(&mut self, out: &mut W, c: &MineCase) -> Result<(), JudgeError> {
        #[derive(Serialize)]
        struct Unknown {
            case: u64,
            winner: &'static str,
            reason: String,
        }
        #[derive(Serialize)]
        struct Line<'a> {
            case: u64,
            winner: &'static str,
            nimber: Nimber,
            rows: usize,
            cols: usize,
            mines: u64,
            regions: u64,
            numbers: u64,
            lone_numbers: u64,
            shared_numbers: u64,
            components: &'a [Component],
            winning_move: Option<Click>,
        }
        let e = match &c.solved {
            Ok(e) => e,
            Err(e) => return write_json(out, &Unknown { case: c.case, winner: "unknown", reason: e.to_string() }),
        };
        let a = &e.analysis;
        write_json(
            out,
            &Line {
                case: c.case,
                winner: mine_winner(a.outcome()),
                nimber: a.value,
                rows: c.rows,
                cols: c.cols,
                mines: c.mines,
                regions: a.regions,
                numbers: a.numbers,
                lone_numbers: a.lone_numbers,
                shared_numbers: a.shared_numbers,
                components: &e.components,
                winning_move: e.winning_move,
            },
        )
    }
}
