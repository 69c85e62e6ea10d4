//! Input errors that name the line and column.

use std::fmt;

/// Malformed judge input at a position (1-based line and column, columns in characters).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct InputError {
    pub line: usize,
    pub column: usize,
    pub message: String,
}

impl InputError {
    /// An error at byte `pos` of `input`.
    pub fn at(input: &[u8], pos: usize, message: String) -> InputError {
        let before = &input[..pos.min(input.len())];
        let line_start = before.iter().rposition(|&b| b == b'\n').map_or(0, |i| i + 1);
        let line = 1 + before.iter().filter(|&&b| b == b'\n').count();
        // Count characters, not bytes: skip UTF-8 continuation bytes.
        let column = 1 + before[line_start..].iter().filter(|&&b| b & 0xC0 != 0x80).count();
        InputError { line, column, message }
    }
}

impl fmt::Display for InputError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}: {}", self.line, self.column, self.message)
    }
}

impl std::error::Error for InputError {}

/// A judge run failed: bad input, or the output could not be written.
#[derive(Debug)]
pub enum JudgeError {
    Input(InputError),
    Output(std::io::Error),
    /// A well-formed case the solver will not answer rather than guess (Mine: a promise-breaking
    /// cluster beyond the exact search's bound).
    Refused {
        case: u64,
        reason: String,
    },
}

impl From<std::io::Error> for JudgeError {
    fn from(e: std::io::Error) -> Self {
        JudgeError::Output(e)
    }
}

impl From<InputError> for JudgeError {
    fn from(e: InputError) -> Self {
        JudgeError::Input(e)
    }
}

impl fmt::Display for JudgeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            JudgeError::Input(e) => e.fmt(f),
            JudgeError::Output(e) => write!(f, "writing output: {e}"),
            JudgeError::Refused { case, reason } => write!(f, "case {case} not solved: {reason}"),
        }
    }
}

impl std::error::Error for JudgeError {}
