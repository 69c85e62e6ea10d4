//! The judge subcommands: input in, exact judge output out.

use std::io::{BufWriter, ErrorKind, Write};
use std::path::Path;

use grundy::judge::input::Input;
use grundy::judge::knights::Knights;
use grundy::judge::mine::Mine;
use grundy::judge::misere::MisereNim;
use grundy::judge::report::{KnightsReport, MineReport, MisereReport, Style};
use grundy::judge::{Judge, JudgeError};
use grundy::solver::mine::{Analysis, Solver};
use grundy::table::{TableFile, embedded};

use super::Failure;

/// `grundy knights`; with a style, explained or JSON output instead of the judge's.
pub fn knights(file: Option<&Path>, table: Option<&Path>, style: Option<Style>) -> Result<(), Failure> {
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
    match style {
        None => with_stdout(|out| Knights { table }.solve_input(input, out)),
        Some(style) => with_stdout(|out| KnightsReport::new(table, style).solve_input(input, out)),
    }
}

/// `grundy misere-nim`; with a style, explained or JSON output instead of the judge's.
pub fn misere_nim(file: Option<&Path>, style: Option<Style>) -> Result<(), Failure> {
    let input = open_input(file)?;
    let table = embedded::misere_nim();
    match style {
        None => with_stdout(|out| MisereNim { table }.solve_input(input, out)),
        Some(style) => with_stdout(|out| MisereReport::new(table, style).solve_input(input, out)),
    }
}

/// `grundy mine`: boards that break the promise are named on standard error. With a style,
/// explained or JSON output instead of the judge's.
pub fn mine(file: Option<&Path>, max_states: usize, style: Option<Style>) -> Result<(), Failure> {
    let input = open_input(file)?;
    let mut solver = Solver::new();
    solver.set_max_states(max_states);
    match style {
        None => with_stdout(|out| Mine::new(&mut solver, promise_notice).solve_input(input, out)),
        Some(style) => with_stdout(|out| MineReport::new(&mut solver, style, promise_notice).solve_input(input, out)),
    }
}

/// Tells standard error that a case broke the statement's promise and was solved exactly.
fn promise_notice(case: u64, analysis: &Analysis) {
    if analysis.keeps_promise() {
        return;
    }
    let plural = |n: u64, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
    eprintln!(
        "grundy: case {case} breaks the promise (a number touches two blank regions); solved exactly \
         ({} touching two or more, {} searched)",
        plural(analysis.shared_numbers, "number", "numbers"),
        plural(analysis.clusters as u64, "cluster", "clusters"),
    );
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
        (Err(e @ JudgeError::Refused { .. }), _) => Err(Failure::refused(e)),
        (Err(JudgeError::Output(e)), _) | (Ok(()), Err(e)) => output_failure(e),
        (Ok(()), Ok(())) => Ok(()),
    }
}

/// A closed pipe (`grundy knights | head`) is not an error worth a message.
fn output_failure(e: std::io::Error) -> Result<(), Failure> {
    if e.kind() == ErrorKind::BrokenPipe { Ok(()) } else { Err(Failure::io(format!("writing output: {e}"))) }
}
