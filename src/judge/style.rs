//! Explained and machine-readable judge output: per case the components' values, their XOR, the
//! winner and a winning move, as a short line of text ([`Explain`]) or as one JSON object per
//! line (`Json`, with the `json` feature).
//!
//! A judge that can explain its cases ([`Explained`]) reads them in one loop and hands each
//! solved case to a [`Sink`], the output style; [`Report`] runs a judge so in the [`Style`] asked
//! for. Bad input is reported as by the judge's own output (line and column; the cases before it
//! written, nothing of the bad one).
//!
//! # Text (`--explain`)
//! One line per case: `Case k: ` and the winner (the judge's name), ` — `, the components with
//! their values joined by ` ^ `, ` = ` their XOR, then the winning move or `no winning move`.
//! Components are numbered from 1, as in the judges' error messages. At most [`SHOWN`]
//! components are listed; the rest are counted: `... (+990 more)`.
//!
//! # JSON (`--json`)
//! One object per case and line, fields in this order: `case` (from 1), `winner` (the judge's
//! name), `nimber` (the XOR of the components' values), the game's own fields, and
//! `winning_move` (`null` when every move loses). Indices are 0-based; numbers are exact
//! integers (up to 2^64 - 1).
//!
//! Each judge's [`Explained::Case`] (in its game's module) gives the game's fields and an example
//! of each style.

use std::fmt::Display;
use std::io::Write;

use super::scanner::Scanner;
use super::source::Source;
use super::{Judge, JudgeError};

/// How each case is reported. `#[non_exhaustive]`: `Json` exists only with the `json` feature,
/// so a `match` elsewhere keeps compiling whichever crate turns the feature on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum Style {
    /// One short line of text per case ([`Explain`]).
    Explain,
    /// One JSON object per line per case (`Json`).
    #[cfg(feature = "json")]
    Json,
}

/// An output style: writes each solved case a judge hands it, `C` being the judge's
/// [`Explained::Case`].
pub trait Sink<C> {
    /// Writes one case.
    fn case<W: Write>(&mut self, out: &mut W, case: &C) -> Result<(), JudgeError>;
}

/// One short line of text per case.
#[derive(Debug, Clone, Copy, Default)]
pub struct Explain;

/// One JSON object per line per case.
#[cfg(feature = "json")]
#[derive(Debug, Clone, Copy, Default)]
pub struct Json;

/// A judge whose cases can be explained: it reads and solves them in one loop, handing each to a
/// [`Sink`], with the errors of its own output.
pub trait Explained: Judge {
    /// A solved case, with what explains it.
    type Case;

    /// Solves every case, handing each to `sink` as it is solved.
    fn solve_into<S: Source, W: Write, K: Sink<Self::Case>>(
        &mut self,
        scan: &mut Scanner<S>,
        out: &mut W,
        sink: &mut K,
    ) -> Result<(), JudgeError>;
}

/// A judge run in a [`Style`]: its cases explained instead of answered.
#[derive(Debug, Clone)]
pub struct Report<J> {
    /// The judge, to be looked at after the run.
    pub judge: J,
    /// How its cases are written.
    pub style: Style,
}

impl<J> Report<J> {
    /// `judge`, explained in `style`.
    pub fn new(judge: J, style: Style) -> Self {
        Report { judge, style }
    }
}

#[cfg(not(feature = "json"))]
impl<J: Explained> Judge for Report<J>
where
    Explain: Sink<J::Case>,
{
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        match self.style {
            Style::Explain => self.judge.solve_into(scan, out, &mut Explain),
        }
    }
}

#[cfg(feature = "json")]
impl<J: Explained> Judge for Report<J>
where
    Explain: Sink<J::Case>,
    Json: Sink<J::Case>,
{
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        match self.style {
            Style::Explain => self.judge.solve_into(scan, out, &mut Explain),
            Style::Json => self.judge.solve_into(scan, out, &mut Json),
        }
    }
}

/// Components listed in text before the rest are only counted.
pub const SHOWN: usize = 10;

/// Writes `terms` joined by ` ^ `: the first [`SHOWN`], then how many more.
pub(crate) fn write_terms<W: Write, T: Display>(
    out: &mut W,
    total: usize,
    terms: impl Iterator<Item = T>,
) -> std::io::Result<()> {
    write_joined(out, total, " ^ ", terms)
}

/// Writes `terms` joined by `sep`: the first [`SHOWN`], then how many more.
pub(crate) fn write_joined<W: Write, T: Display>(
    out: &mut W,
    total: usize,
    sep: &str,
    terms: impl Iterator<Item = T>,
) -> std::io::Result<()> {
    for (i, t) in terms.take(SHOWN).enumerate() {
        if i > 0 {
            out.write_all(sep.as_bytes())?;
        }
        write!(out, "{t}")?;
    }
    if total > SHOWN {
        write!(out, "{sep}... (+{} more)", total - SHOWN)?;
    }
    Ok(())
}

/// Writes `value` as one line of JSON.
#[cfg(feature = "json")]
pub(crate) fn write_json<W: Write>(out: &mut W, value: &impl serde::Serialize) -> Result<(), JudgeError> {
    serde_json::to_writer(&mut *out, value).map_err(|e| JudgeError::Output(e.into()))?;
    out.write_all(b"\n")?;
    Ok(())
}
