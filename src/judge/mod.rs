//! The judge problems: exact input formats in, exact judge output out; or, in a [`Style`], each
//! case explained ([`Report`]).
//!
//! This module holds what the judges share (input, scanning, answer lines, errors, output
//! styles); each judge lives with its game's family.

pub(crate) mod answer;
mod error;
pub(crate) mod halves;
pub(crate) mod input;
pub(crate) mod lines;
pub(crate) mod runs;
pub(crate) mod style;
// The scanner and its sources, which `Judge::solve` takes: public for callers that scan their own
// bytes (the benchmarks, fuzz targets and tests), hidden from the documentation until every
// item of theirs is documented.
#[doc(hidden)]
pub mod scanner;
#[doc(hidden)]
pub mod source;

use std::io::Write;

pub use error::{InputError, JudgeError};
pub use input::Input;
#[cfg(feature = "json")]
pub use style::Json;
pub use style::{Explain, Explained, Report, SHOWN, Sink, Style};

use scanner::Scanner;
use source::Source;

/// A judge problem.
pub trait Judge {
    /// Solves every case, writing the judge output as cases are solved. On bad input the cases
    /// before it have been written and nothing of the bad case; the error names line and column.
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError>;

    /// Solves bytes already in memory.
    fn solve_bytes<W: Write>(&mut self, input: &[u8], out: &mut W) -> Result<(), JudgeError> {
        self.solve(&mut Scanner::new(input), out)
    }

    /// Solves an opened input, whichever way it is read.
    fn solve_input<W: Write>(&mut self, input: Input, out: &mut W) -> Result<(), JudgeError> {
        match input.0 {
            input::Bytes::Mapped(map) => self.solve_bytes(&map, out),
            input::Bytes::Stream(src) => self.solve(&mut Scanner::new(src), out),
        }
    }
}

/// The outcome of a run and of writing its last output: a write error, unless the run already
/// failed writing; its message names an input error that came first.
pub fn combine(result: Result<(), JudgeError>, flushed: std::io::Result<()>) -> Result<(), JudgeError> {
    match (result, flushed) {
        (result, Ok(())) => result,
        (Ok(()), Err(e)) => Err(JudgeError::Output(e)),
        (Err(JudgeError::Output(e)), Err(_)) => Err(JudgeError::Output(e)),
        (Err(first), Err(e)) => {
            Err(JudgeError::Output(std::io::Error::new(e.kind(), format!("{e} (after an earlier error: {first})"))))
        }
    }
}
