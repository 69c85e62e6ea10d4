//! Explained and machine-readable judge output: per case the components' values, their XOR, the
//! winner and a winning move, as a short line of text ([`Style::Explain`]) or as one JSON object
//! per line (`Style::Json`, with the `json` feature).
//!
//! These are separate drivers from the judges ([`super::knights::Knights`] and the others),
//! sharing their per-case parsing, so bad input is reported exactly as there (line and column;
//! the cases before it written, nothing of the bad one) while the judges' loops stay as they
//! were. Each driver collects a case into a reusable buffer, then reports it.
//!
//! # Text (`--explain`)
//! ```text
//! Case 2: Alice — *3 (2, 5) ^ *1 (3, 5) = *2; move knight 1: (2, 5) -> (1, 3)
//! Case 2: Alice — piles 1 ^ 1 ^ 2 ^ 4 ^ 10 = 12; move pile 5: 10 -> 6
//! Case 3: Bob — piles 1 = 1, all ones (an odd number loses); no winning move
//! Case #1: Xiemao — *1 (region at (0, 0), 0 numbers) = *1; click (0, 0)
//! Case 1: Alice — *3 (3) ^ *2 (10) = *1; move heap 1: take 1 from 3, leaving 2
//! ```
//! Knights, piles and heaps are numbered from 1 in text, as in the judges' error messages. At most
//! [`SHOWN`] components are listed; the rest are counted: `... (+990 more)`.
//!
//! # JSON (`--json`)
//! One object per case and line, fields in this order: `case` (from 1), `winner` (the judge's
//! name), `nimber` (the XOR of the components' values; for misère Nim the XOR of the pile sizes),
//! the game's own fields, and `winning_move` (`null` when every move loses). Indices are 0-based.
//! - knights: `values` (each knight's value, in input order); `winning_move`
//!   `{"knight": i, "from": [x, y], "to": [x2, y2]}`;
//! - misère Nim: `piles` (how many), `all_ones`; `winning_move` `{"pile": i, "from": a, "to": b}`;
//! - heaps: `heaps` (the sizes), `values` (each heap's value); `winning_move`
//!   `{"heap": i, "from": n, "take": t, "left": [a, b]}` (`left`: the heaps it is replaced by);
//! - Mine: `rows`, `cols`, `mines` (distinct), `regions`, `numbers`, `lone_numbers`,
//!   `shared_numbers`, `components` (see [`Component`]); `winning_move` `{"click": [row, col]}`.
//!
//! Numbers are exact integers (pile sizes and their XOR up to 2^64 - 1).

use std::fmt::Display;
use std::io::Write;

#[cfg(feature = "json")]
use serde::Serialize;

use super::answer::{mine_winner, winner_name};
use super::heaps::{self, HeapLookup};
use super::knights;
use super::mine::cases as mine_judge;
use super::misere;
use super::scanner::Scanner;
use super::source::Source;
use super::{Judge, JudgeError};
#[cfg(feature = "json")]
use crate::solver::knight::KnightMove;
use crate::solver::mine::{Analysis, Board, Click, Component, SolveError, Solver};
#[cfg(feature = "json")]
use crate::solver::misere::PileMove;
use crate::solver::misere::{Summary, winning_move};
use crate::table::{KnightError, LeaperTable, MisereTable};
use crate::{Nimber, Outcome};
use grundy_core::heap::move_to_value;

/// How each case is reported. `#[non_exhaustive]`: `Json` exists only with the `json` feature,
/// so a `match` elsewhere keeps compiling whichever crate turns the feature on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Style {
    /// One short line of text per case.
    Explain,
    /// One JSON object per line per case.
    #[cfg(feature = "json")]
    Json,
}

/// Components listed in text before the rest are only counted.
pub const SHOWN: usize = 10;

/// Writes `terms` joined by ` ^ `: the first [`SHOWN`], then how many more.
fn write_terms<W: Write, T: Display>(out: &mut W, total: usize, terms: impl Iterator<Item = T>) -> std::io::Result<()> {
    for (i, t) in terms.take(SHOWN).enumerate() {
        if i > 0 {
            out.write_all(b" ^ ")?;
        }
        write!(out, "{t}")?;
    }
    if total > SHOWN {
        write!(out, " ^ ... (+{} more)", total - SHOWN)?;
    }
    Ok(())
}

/// Writes `value` as one line of JSON.
#[cfg(feature = "json")]
fn write_json<W: Write>(out: &mut W, value: &impl Serialize) -> Result<(), JudgeError> {
    serde_json::to_writer(&mut *out, value).map_err(|e| JudgeError::Output(e.into()))?;
    out.write_all(b"\n")?;
    Ok(())
}

/// Hyper Knights, explained.
#[derive(Debug)]
pub struct KnightsReport<'t> {
    table: LeaperTable<'t>,
    style: Style,
    knights: Vec<(u64, u64)>,
    values: Vec<u8>,
}

impl<'t> KnightsReport<'t> {
    /// Reports from `table` in `style`.
    pub fn new(table: LeaperTable<'t>, style: Style) -> Self {
        KnightsReport { table, style, knights: Vec::new(), values: Vec::new() }
    }
}

#[cfg(feature = "json")]
#[derive(Serialize)]
struct KnightsCase<'a> {
    case: u64,
    winner: &'static str,
    nimber: Nimber,
    values: &'a [u8],
    winning_move: Option<KnightMove>,
}

impl Judge for KnightsReport<'_> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let table = self.table;
        let limit = knights::limit(&table);
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            self.knights.clear();
            knights::read_case(scan, &table, limit, case, |x, y| self.knights.push((x, y)))?;
            self.values.clear();
            self.values.extend(self.knights.iter().map(|&(x, y)| table.lookup(x, y).expect("within the limit")));
            let nimber: Nimber = self.values.iter().map(|&v| Nimber::from(v)).sum();
            let winning_move = table.winning_move(&self.knights).map_err(|e| match e {
                KnightError::Inconsistent { .. } => JudgeError::BadTable { case, source: e },
                _ => JudgeError::Refused { case, reason: format!("no winning move: {e}") },
            })?;
            let winner = winner_name(nimber.outcome());
            match self.style {
                #[cfg(feature = "json")]
                Style::Json => {
                    let values = &self.values;
                    write_json(out, &KnightsCase { case, winner, nimber, values, winning_move })?;
                }
                Style::Explain => {
                    write!(out, "Case {case}: {winner} — ")?;
                    if self.knights.is_empty() {
                        write!(out, "no knights")?;
                    }
                    let terms = self
                        .values
                        .iter()
                        .zip(&self.knights)
                        .map(|(&v, &(x, y))| format!("{} ({x}, {y})", Nimber::from(v)));
                    write_terms(out, self.knights.len(), terms)?;
                    write!(out, " = {nimber}; ")?;
                    match winning_move {
                        Some(m) => writeln!(
                            out,
                            "move knight {}: ({}, {}) -> ({}, {})",
                            m.knight + 1,
                            m.from.0,
                            m.from.1,
                            m.to.0,
                            m.to.1
                        )?,
                        None => writeln!(out, "no winning move")?,
                    }
                }
            }
        }
        scan.finish(cases)
    }
}

/// Misère Nim, explained.
#[derive(Debug)]
pub struct MisereReport<'t> {
    table: MisereTable<'t>,
    style: Style,
    piles: Vec<u64>,
}

impl<'t> MisereReport<'t> {
    /// Reports from `table` in `style`.
    pub fn new(table: MisereTable<'t>, style: Style) -> Self {
        MisereReport { table, style, piles: Vec::new() }
    }
}

#[cfg(feature = "json")]
#[derive(Serialize)]
struct MisereCase {
    case: u64,
    winner: &'static str,
    nimber: u64,
    piles: usize,
    all_ones: bool,
    winning_move: Option<PileMove>,
}

impl Judge for MisereReport<'_> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            self.piles.clear();
            misere::read_case(scan, case, &mut self.piles)?;
            let summary = Summary::of(self.piles.iter().copied());
            let winner = winner_name(summary.outcome_in(&self.table));
            let winning_move = winning_move(&self.piles);
            let (nimber, all_ones) = (summary.xor(), summary.all_ones());
            match self.style {
                #[cfg(feature = "json")]
                Style::Json => {
                    let piles = self.piles.len();
                    write_json(out, &MisereCase { case, winner, nimber, piles, all_ones, winning_move })?;
                }
                Style::Explain => {
                    write!(out, "Case {case}: {winner} — piles ")?;
                    write_terms(out, self.piles.len(), self.piles.iter())?;
                    write!(out, " = {nimber}")?;
                    if all_ones {
                        let parity =
                            if summary.odd_pile_count() { "an odd number loses" } else { "an even number wins" };
                        write!(out, ", all ones ({parity})")?;
                    }
                    match winning_move {
                        Some(m) => writeln!(out, "; move pile {}: {} -> {}", m.pile + 1, m.from, m.to)?,
                        None => writeln!(out, "; no winning move")?,
                    }
                }
            }
        }
        scan.finish(cases)
    }
}

/// A sum of heaps, explained.
#[derive(Debug)]
pub struct HeapsReport<T> {
    table: T,
    style: Style,
    heaps: Vec<u64>,
    values: Vec<u32>,
}

impl<T: HeapLookup> HeapsReport<T> {
    /// Reports from `table` (a [`HeapTable`](crate::table::HeapTable), or any [`HeapLookup`]) in
    /// `style`.
    pub fn new(table: T, style: Style) -> Self {
        HeapsReport { table, style, heaps: Vec::new(), values: Vec::new() }
    }

    /// A winning move of the case read (`None` when the XOR is 0): the first heap whose value
    /// can drop to its XOR with the sum, and a move from it to that value.
    fn winning_move(&self, nimber: u32, case: u64) -> Result<Option<HeapsMove>, JudgeError> {
        let table = &self.table;
        // Split parts are searched up to n0 + p, or up to the heap when there is no period.
        let reach = |heap: u64| table.period().map_or(heap, |p| p.span());
        for (i, (&heap, &v)) in self.heaps.iter().zip(&self.values).enumerate() {
            if v ^ nimber >= v {
                continue;
            }
            let found = move_to_value(table.game(), heap, v ^ nimber, reach(heap), |h| table.value(h));
            let found = found.map_err(|beyond| heaps::refused(table, case, beyond))?;
            if let Some(m) = found {
                return Ok(Some(HeapsMove { heap: i, from: heap, take: m.take, left: m.left }));
            }
        }
        Ok(None)
    }
}

/// A winning move of a sum of heaps: heap `heap` (0-based) of `from` tokens loses `take` and is
/// replaced by the heaps `left`.
#[cfg_attr(feature = "json", derive(Serialize))]
struct HeapsMove {
    heap: usize,
    from: u64,
    take: u64,
    left: Vec<u64>,
}

#[cfg(feature = "json")]
#[derive(Serialize)]
struct HeapsCase<'a> {
    case: u64,
    winner: &'static str,
    nimber: u32,
    heaps: &'a [u64],
    values: &'a [u32],
    winning_move: Option<HeapsMove>,
}

impl<T: HeapLookup> Judge for HeapsReport<T> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            let (heaps, values, table) = (&mut self.heaps, &mut self.values, &mut self.table);
            heaps.clear();
            values.clear();
            heaps::read_case(scan, case, |heap| {
                values.push(heaps::value(table, case, heap)?);
                heaps.push(heap);
                Ok(())
            })?;
            let nimber = self.values.iter().fold(0, |x, &v| x ^ v);
            let outcome = if nimber != 0 { Outcome::FirstPlayerWins } else { Outcome::SecondPlayerWins };
            let winner = winner_name(outcome);
            let winning_move = self.winning_move(nimber, case)?;
            match self.style {
                #[cfg(feature = "json")]
                Style::Json => {
                    let (heaps, values) = (&self.heaps[..], &self.values[..]);
                    write_json(out, &HeapsCase { case, winner, nimber, heaps, values, winning_move })?;
                }
                Style::Explain => {
                    write!(out, "Case {case}: {winner} — ")?;
                    let terms = self.heaps.iter().zip(&self.values).map(|(h, v)| format!("*{v} ({h})"));
                    write_terms(out, self.heaps.len(), terms)?;
                    write!(out, " = *{nimber}")?;
                    match winning_move {
                        Some(m) => {
                            write!(out, "; move heap {}: take {} from {}, leaving ", m.heap + 1, m.take, m.from)?;
                            match &m.left[..] {
                                [] => writeln!(out, "nothing")?,
                                left => {
                                    let left: Vec<String> = left.iter().map(u64::to_string).collect();
                                    writeln!(out, "{}", left.join(" + "))?
                                }
                            }
                        }
                        None => writeln!(out, "; no winning move")?,
                    }
                }
            }
        }
        scan.finish(cases)
    }
}

/// Mine, explained: a solver (buffers reused across cases) and the same per-case callback as the
/// judge's ([`super::Mine`]).
#[allow(missing_debug_implementations)] // It holds the caller's closure.
pub struct MineReport<'s, F> {
    solver: &'s mut Solver,
    board: Board,
    style: Style,
    report: F,
    on_refusal: Option<super::mine::OnRefusal<'s>>,
    refused: u64,
    stopped_by: Option<SolveError>,
}

impl<'s, F: FnMut(u64, &Analysis)> MineReport<'s, F> {
    /// Reports with `solver`'s settings in `style`; `report` sees every case, as the judge's.
    pub fn new(solver: &'s mut Solver, style: Style, report: F) -> Self {
        MineReport { solver, board: Board::default(), style, report, on_refusal: None, refused: 0, stopped_by: None }
    }

    /// As [`Mine::keep_going`](super::Mine::keep_going): a refused case is reported as `unknown` (text:
    /// `Case #k: unknown — ` and the reason; JSON: `{"case": k, "winner": "unknown", "reason": ...}`).
    pub fn keep_going(mut self, on_refusal: impl FnMut(u64, &SolveError) + 's) -> Self {
        self.on_refusal = Some(Box::new(on_refusal));
        self
    }

    /// Cases answered `unknown` so far.
    pub fn refused(&self) -> u64 {
        self.refused
    }

    /// As [`Mine::stopped_by`](super::Mine::stopped_by).
    pub fn stopped_by(&self) -> Option<&SolveError> {
        self.stopped_by.as_ref()
    }
}

#[cfg(feature = "json")]
#[derive(Serialize)]
struct MineUnknown {
    case: u64,
    winner: &'static str,
    reason: String,
}

#[cfg(feature = "json")]
#[derive(Serialize)]
struct MineCase<'a> {
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

/// A component in text: its value, then what it is.
struct MineTerm<'a>(&'a Component);

impl Display for MineTerm<'_> {
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

impl<F: FnMut(u64, &Analysis)> Judge for MineReport<'_, F> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        self.stopped_by = None;
        let board = &mut self.board;
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            mine_judge::read_case(scan, board, case)?;
            self.solver.set_case(Some(case));
            let e = match (self.solver.explain(board), &mut self.on_refusal) {
                (Ok(e), _) => e,
                (Err(e @ SolveError::ClusterTooLarge(_)), Some(on_refusal)) => {
                    on_refusal(case, &e);
                    self.refused += 1;
                    match self.style {
                        #[cfg(feature = "json")]
                        Style::Json => {
                            write_json(out, &MineUnknown { case, winner: "unknown", reason: e.to_string() })?
                        }
                        Style::Explain => writeln!(out, "Case #{case}: unknown — not solved: {e}")?,
                    }
                    continue;
                }
                (Err(e), _) => {
                    self.stopped_by = Some(e.clone());
                    return Err(mine_judge::refused(case, e));
                }
            };
            (self.report)(case, &e.analysis);
            let a = &e.analysis;
            let winner = mine_winner(a.outcome());
            match self.style {
                #[cfg(feature = "json")]
                Style::Json => write_json(
                    out,
                    &MineCase {
                        case,
                        winner,
                        nimber: a.value,
                        rows: board.rows(),
                        cols: board.cols(),
                        mines: board.mine_count(),
                        regions: a.regions,
                        numbers: a.numbers,
                        lone_numbers: a.lone_numbers,
                        shared_numbers: a.shared_numbers,
                        components: &e.components,
                        winning_move: e.winning_move,
                    },
                )?,
                Style::Explain => {
                    write!(out, "Case #{case}: {winner} — ")?;
                    if e.components.is_empty() {
                        write!(out, "nothing to click")?;
                    }
                    write_terms(out, e.components.len(), e.components.iter().map(MineTerm))?;
                    write!(out, " = {}; ", a.value)?;
                    match e.winning_move {
                        Some(Click { row, col }) => writeln!(out, "click ({row}, {col})")?,
                        None => writeln!(out, "no winning move")?,
                    }
                }
            }
        }
        scan.finish(cases)
    }
}
