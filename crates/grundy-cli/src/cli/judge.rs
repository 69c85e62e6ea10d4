//! The judge subcommands: input in, exact judge output out.

use std::path::Path;

use grundy::judge::Input;
use grundy::judge::Knights;
use grundy::judge::MisereNim;
use grundy::judge::run_to_stdout;
use grundy::judge::{KnightsReport, MineReport, MisereReport, Style};
use grundy::judge::{Mine, promise_notice};
use grundy::mine::{Analysis, Solver};
use grundy::table::embedded;
use grundy_core::rules::knight::moves_text;

use super::Failure;
use super::leaper::{Holder, is_hyper_knight_moves};

/// `grundy knights`; with a style, explained or JSON output instead of the judge's.
pub fn knights(file: Option<&Path>, holder: &Holder, style: Option<Style>) -> Result<(), Failure> {
    let table = holder.table()?;
    if !is_hyper_knight_moves(table.moves()) {
        eprintln!(
            "grundy: note: the table's move set {} is not the hyper knight's; answering for that game",
            moves_text(table.moves())
        );
    }
    let input = open_input(file)?;
    match style {
        None => run_to_stdout(&mut Knights { table }, input),
        Some(style) => run_to_stdout(&mut KnightsReport::new(table, style), input),
    }
    .map_err(Failure::from)
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
/// explained or JSON output instead of the judge's.
pub fn mine(file: Option<&Path>, max_states: usize, style: Option<Style>) -> Result<(), Failure> {
    let input = open_input(file)?;
    let mut solver = Solver::new();
    solver.set_max_states(max_states);
    match style {
        None => run_to_stdout(&mut Mine::new(&mut solver, notice), input),
        Some(style) => run_to_stdout(&mut MineReport::new(&mut solver, style, notice), input),
    }
    .map_err(Failure::from)
}

/// Tells standard error that a case broke the statement's promise and was solved exactly.
fn notice(case: u64, analysis: &Analysis) {
    if let Some(message) = promise_notice(case, analysis) {
        eprintln!("grundy: {message}");
    }
}

fn open_input(file: Option<&Path>) -> Result<Input, Failure> {
    let name = file.map_or("standard input".into(), |p| p.display().to_string());
    Input::open(file).map_err(|e| Failure::io(format!("{name}: {e}")))
}
