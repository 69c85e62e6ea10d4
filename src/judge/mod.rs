//! The judge problems: exact input formats in, exact judge output out.

mod error;
pub mod input;
pub mod knights;
pub mod mine;
pub mod misere;
pub mod report;
pub mod scanner;
pub mod source;

use std::io::Write;

pub use error::{InputError, JudgeError};
use input::Input;
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
        match input {
            Input::Mapped(map) => self.solve_bytes(&map, out),
            Input::File(src) => self.solve(&mut Scanner::new(src), out),
            Input::Stdin(src) => self.solve(&mut Scanner::new(src), out),
        }
    }
}
