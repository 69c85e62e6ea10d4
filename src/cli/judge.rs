//! The judge subcommands: input in, exact judge output out.

use std::io::{BufWriter, ErrorKind, Write};
use std::path::Path;

use grundy::judge::input::Input;
use grundy::judge::knights::Knights;
use grundy::judge::{Judge, JudgeError};
use grundy::table::{TableFile, embedded};

use super::Failure;

/// `grundy knights`.
pub fn knights(file: Option<&Path>, table: Option<&Path>) -> Result<(), Failure> {
    let blob = match table {
        // SAFETY: the blob is opened for this one run; see `TableFile::map`'s contract.
        Some(path) => Some(unsafe { TableFile::map(path) }.map_err(|e| match e {
            grundy::table::OpenError::Io { .. } => Failure::io(e),
            grundy::table::OpenError::Invalid { .. } => Failure::invalid(e),
        })?),
        None => None,
    };
    let table = match &blob {
        Some(file) => file.knight().map_err(Failure::invalid)?,
        None => embedded::knight(),
    };
    let input = open_input(file)?;
    with_stdout(|out| Knights { table }.solve_input(input, out))
}

fn open_input(file: Option<&Path>) -> Result<Input, Failure> {
    let name = file.map_or("standard input".into(), |p| p.display().to_string());
    Input::open(file).map_err(|e| Failure::io(format!("{name}: {e}")))
}

/// Runs a solver against buffered standard output; flushes what was solved even on bad input.
fn with_stdout(
    solve: impl FnOnce(&mut BufWriter<std::io::StdoutLock<'static>>) -> Result<(), JudgeError>,
) -> Result<(), Failure> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
    let result = solve(&mut out);
    let flushed = out.flush();
    match (result, flushed) {
        (Err(JudgeError::Input(e)), _) => Err(Failure::invalid(e)),
        (Err(e @ JudgeError::Read(_)), _) => Err(Failure::io(e)),
        (Err(JudgeError::Output(e)), _) | (Ok(()), Err(e)) => output_failure(e),
        (Ok(()), Ok(())) => Ok(()),
    }
}

/// A closed pipe (`grundy knights | head`) is not an error worth a message.
fn output_failure(e: std::io::Error) -> Result<(), Failure> {
    if e.kind() == ErrorKind::BrokenPipe { Ok(()) } else { Err(Failure::io(format!("writing output: {e}"))) }
}
