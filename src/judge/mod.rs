//! The judge problems: exact input formats in, exact judge output out.

mod error;
#[doc(hidden)] // Plumbing for the binaries, benchmarks and fuzz targets.
pub mod halves;
mod input;
mod knights;
mod mine;
mod misere;
mod pairs;
mod report;
#[doc(hidden)] // Plumbing for the binaries, benchmarks and fuzz targets.
pub mod scanner;
#[doc(hidden)] // Plumbing for the binaries, benchmarks and fuzz targets.
pub mod source;

use std::io::{BufWriter, ErrorKind, Write};

pub use error::{InputError, JudgeError};
pub use input::Input;
pub use knights::Knights;
pub use mine::Mine;
#[doc(hidden)]
pub use mine::promise_notice;
pub use misere::MisereNim;
pub use report::{KnightsReport, MineReport, MisereReport, Style};
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
            Input::Stream(src) => self.solve(&mut Scanner::new(src), out),
        }
    }
}

/// Buffered standard output, as the judges write it.
#[doc(hidden)]
pub type Stdout = BufWriter<std::io::StdoutLock<'static>>;

/// Runs a judge on `input` with buffered standard output (see [`with_stdout`]).
#[doc(hidden)] // The binaries' driver.
pub fn run_to_stdout(judge: &mut impl Judge, input: Input) -> Result<(), JudgeError> {
    with_stdout(|out| judge.solve_input(input, out))
}

/// Runs `solve` against buffered standard output, flushing what was solved even when a later
/// case fails. A closed pipe (`grundy knights | head`) is not an error.
#[doc(hidden)] // The binaries' driver.
pub fn with_stdout(solve: impl FnOnce(&mut Stdout) -> Result<(), JudgeError>) -> Result<(), JudgeError> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let result = solve(&mut out);
    let flushed = out.flush().map_err(JudgeError::Output);
    match result.and(flushed) {
        Err(JudgeError::Output(e)) if e.kind() == ErrorKind::BrokenPipe => Ok(()),
        other => other,
    }
}
