//! The judge subcommands: input in, exact judge output out.

use std::path::Path;

use grundy::judge::{
    Input, Judge, JudgeError, Knights, KnightsReport, Mine, MineReport, MisereNim, MisereReport, Style,
};
use grundy::mine::{Analysis, SolveError, Solver};
use grundy::table::embedded;
use grundy_core::{MoveSet, MovesText};

use super::Failure;
use super::leaper::Holder;
use crate::process::{promise_notice, with_stdout};

/// `grundy knights`; with a style, explained or JSON output instead of the judge's. A table of
/// another game is noted on standard error only when `--moves` did not name it (`--table BLOB`
/// alone); a coordinate beyond a square without closed form says how to get a larger one.
pub fn knights(file: Option<&Path>, holder: &Holder, style: Option<Style>, moves_given: bool) -> Result<(), Failure> {
    let table = holder.table()?;
    if !moves_given && !MoveSet::hyper_knight().is_set_of(table.moves()) {
        eprintln!(
            "grundy: note: the table's move set {} is not the hyper knight's; answering for that game",
            MovesText(table.moves())
        );
    }
    let input = open_input(file)?;
    match style {
        None => run_to_stdout(&mut Knights { table }, input),
        Some(style) => run_to_stdout(&mut KnightsReport::new(table, style), input),
    }
    .map_err(|e| {
        let beyond = matches!(&e, JudgeError::Input(i) if i.beyond_square().is_some());
        let mut failure = Failure::from(e);
        match holder {
            Holder::Computed(_) if beyond => {
                failure.message += &format!("; --bound N computes a larger square (N <= {})", grundy_core::MAX_BOUND);
            }
            Holder::File(_) if beyond => {
                failure.message += "; `grundy generate --moves M --bound N -o FILE` writes a blob with a larger square";
            }
            _ => {}
        }
        failure
    })
}

/// `grundy misere-nim`; with a style, explained or JSON output instead of the judge's.
pub fn misere_nim(file: Option<&Path>, style: Option<Style>) -> Result<(), Failure> {
    let input = open_input(file)?;
    let table = embedded::misere_nim();
    match style {
        None => run_to_stdout(&mut MisereNim { table }, input),
        Some(style) => run_to_stdout(&mut MisereReport::new(table, style), input),
    }
    .map_err(Failure::from)
}

/// `grundy mine`: boards that break the promise are named on standard error. With a style,
/// explained or JSON output instead of the judge's. With `keep_going`, refused cases are
/// answered `unknown`, each named on standard error, and the run ends with exit code 3.
pub fn mine(file: Option<&Path>, max_states: usize, keep_going: bool, style: Option<Style>) -> Result<(), Failure> {
    let input = open_input(file)?;
    let mut solver = Solver::new();
    solver.set_max_states(max_states);
    let refusal = |case: u64, e: &SolveError| eprintln!("grundy: case {case} not solved (answered unknown): {e}");
    let refused = match style {
        None => {
            let mut judge = Mine::new(&mut solver, notice);
            if keep_going {
                judge = judge.keep_going(refusal);
            }
            run_to_stdout(&mut judge, input).map(|()| judge.refused())
        }
        Some(style) => {
            let mut judge = MineReport::new(&mut solver, style, notice);
            if keep_going {
                judge = judge.keep_going(refusal);
            }
            run_to_stdout(&mut judge, input).map(|()| judge.refused())
        }
    }
    .map_err(Failure::from)?;
    match refused {
        0 => Ok(()),
        1 => Err(Failure { code: 3, message: "1 case not solved (answered unknown)".into() }),
        n => Err(Failure { code: 3, message: format!("{n} cases not solved (answered unknown)") }),
    }
}

/// Tells standard error that a case broke the statement's promise and was solved exactly.
fn notice(case: u64, analysis: &Analysis) {
    if let Some(message) = promise_notice(case, analysis) {
        eprintln!("grundy: {message}");
    }
}

/// Opens judge input (standard input for `None` or `-`); errors name it.
pub(super) fn open_input(file: Option<&Path>) -> Result<Input, Failure> {
    let stdin = file.is_none_or(|p| p == Path::new("-"));
    let name = if stdin { "standard input".into() } else { file.map_or(String::new(), |p| p.display().to_string()) };
    let input = Input::open(file).map_err(|e| Failure::io(format!("{name}: {e}")))?;
    if stdin && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!("grundy: reading the judge input from standard input (the terminal); end it with Ctrl-D");
    }
    Ok(input)
}

/// Runs a judge on `input` with buffered standard output.
pub(super) fn run_to_stdout(judge: &mut impl Judge, input: Input) -> Result<(), JudgeError> {
    with_stdout(|out| judge.solve_input(input, out))
}
