//! Input errors that name the line and column.

use std::fmt;

/// Malformed judge input at a position (1-based line and column, columns in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct InputError {
    /// The line, from 1.
    pub line: usize,
    /// The column, from 1, in characters.
    pub column: usize,
    /// What was expected and what was found.
    pub message: String,
    /// The side of the square a coordinate lies outside of, when that is the error.
    pub(crate) beyond_square: Option<usize>,
}

impl InputError {
    /// When the error is a coordinate outside the square of a table without closed form: the
    /// square's side (a table with a larger square would answer it).
    pub fn beyond_square(&self) -> Option<usize> {
        self.beyond_square
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for InputError {}

/// A judge run failed: bad input, or the input could not be read or the output written.
#[derive(Debug)]
#[non_exhaustive]
pub enum JudgeError {
    /// The input is malformed.
    Input(InputError),
    /// The input could not be read.
    Read(std::io::Error),
    /// The output could not be written.
    Output(std::io::Error),
    /// A well-formed case the solver will not answer rather than guess (a search beyond its
    /// bound, a value beyond the table).
    Refused {
        /// The case, from 1.
        case: u64,
        /// Why.
        reason: String,
    },
    /// The table answering case `case` breaks its game's rules (a damaged blob that passed its
    /// checksums): no answer is given from it.
    BadTable {
        /// The case, from 1.
        case: u64,
        /// What is wrong, in the game's own error.
        source: Box<dyn std::error::Error + Send + Sync>,
    },
}

impl From<std::io::Error> for JudgeError {
    fn from(e: std::io::Error) -> Self {
        JudgeError::Output(e)
    }
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Input(e) => e.fmt(f),
            JudgeError::Read(e) => write!(f, "reading input: {e}"),
            JudgeError::Output(e) => write!(f, "writing output: {e}"),
            JudgeError::Refused { case, reason } => write!(f, "case {case} not solved: {reason}"),
            JudgeError::BadTable { case, source } => write!(f, "case {case} not solved: {source}"),
        }
    }
}

impl std::error::Error for JudgeError {}
