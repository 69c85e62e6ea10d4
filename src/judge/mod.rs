//! The judge problems: exact input formats in, exact judge output out.

mod answer;
mod error;
#[doc(hidden)] // Plumbing for the binaries, benchmarks and fuzz targets.
pub mod halves;
mod heaps;
mod input;
mod knights;
mod lines;
mod mine;
mod misere;
mod report;
mod runs;
#[doc(hidden)] // Plumbing for the binaries, benchmarks and fuzz targets.
pub mod scanner;
#[doc(hidden)] // Plumbing for the binaries, benchmarks and fuzz targets.
pub mod source;

use std::io::Write;

pub use error::{InputError, JudgeError};
pub use heaps::{HeapLookup, Heaps};
pub use input::Input;
pub use knights::Knights;
pub use mine::Mine;
#[doc(hidden)] // For `grundy draw mine`.
pub use mine::cases::read_mine_case;
pub use misere::MisereNim;
pub use report::{HeapsReport, KnightsReport, MineReport, MisereReport, Style};
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
