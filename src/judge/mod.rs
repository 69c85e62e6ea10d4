//! The judge problems: exact input formats in, exact judge output out.

mod error;
#[doc(hidden)] // Plumbing for the binaries, benchmarks and fuzz targets.
pub mod halves;
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

use std::io::{BufWriter, ErrorKind, Write};

pub use error::{InputError, JudgeError};
pub use input::Input;
pub use knights::Knights;
pub use mine::Mine;
#[doc(hidden)]
pub use mine::{promise_notice, read_mine_case};
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
/// case fails. The rule for output, as for every `grundy` subcommand: a closed pipe
/// (`grundy knights | head -1`) ends the run quietly, as a success; any other write error (a full
/// disk) is an [`JudgeError::Output`], and it is not hidden by an input error that came first:
/// the write error is returned, its message naming the input error too.
#[doc(hidden)] // The binaries' driver.
pub fn with_stdout(solve: impl FnOnce(&mut Stdout) -> Result<(), JudgeError>) -> Result<(), JudgeError> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let result = solve(&mut out);
    let flushed = out.flush();
    // Nothing more is written, even if the buffer still holds something (a failed flush).
    let _ = out.into_parts();
    settle(result, flushed)
}

/// The outcome of a run and of the final flush of its output, under [`with_stdout`]'s rule.
fn settle(result: Result<(), JudgeError>, flushed: std::io::Result<()>) -> Result<(), JudgeError> {
    let closed = |e: &std::io::Error| e.kind() == ErrorKind::BrokenPipe;
    match (result, flushed) {
        (Err(JudgeError::Output(e)), _) | (Ok(()), Err(e)) if closed(&e) => Ok(()),
        (Err(_), Err(e)) if closed(&e) => Ok(()),
        (result, flushed) => combine(result, flushed),
    }
}

/// The outcome of a run and of writing its last output: a write error, unless the run already
/// failed writing; its message names an input error that came first.
fn combine(result: Result<(), JudgeError>, flushed: std::io::Result<()>) -> Result<(), JudgeError> {
    match (result, flushed) {
        (result, Ok(())) => result,
        (Ok(()), Err(e)) => Err(JudgeError::Output(e)),
        (Err(JudgeError::Output(e)), Err(_)) => Err(JudgeError::Output(e)),
        (Err(first), Err(e)) => {
            Err(JudgeError::Output(std::io::Error::new(e.kind(), format!("{e} (after an earlier error: {first})"))))
        }
    }
}
