//! The judges of misère Nim and Mine, and what every judge subcommand shares: input in, exact
//! judge output out.

use std::path::Path;
use std::sync::Arc;
use std::time::Duration;

use clap::Args;
use grundy::judge::{self, Input, Judge, JudgeError, Style};
use grundy::mine::{Analysis, Mine, Progress, ProgressHook, SolveError, Solver};
use grundy::misere::{self, MisereNim};

use super::exit::Failure;
use crate::process::{Exit, promise_notice, with_stdout};

/// Instead of the judge output: explained or JSON output (docs/cli.md, "Explained and JSON output").
#[derive(Args)]
pub struct Report {
    /// Per case: each component's value, the XOR, the winner and a winning move, in one line.
    #[arg(long, conflicts_with = "json")]
    explain: bool,
    /// Per case: one JSON object per line (case, winner, nimber, components, winning_move).
    #[arg(long)]
    json: bool,
}

impl Report {
    /// `None` for the plain judge output.
    pub fn style(&self) -> Option<Style> {
        match (self.explain, self.json) {
            (true, _) => Some(Style::Explain),
            (_, true) => Some(Style::Json),
            _ => None,
        }
    }
}

/// `grundy misere-nim`; with a style, explained or JSON output instead of the judge's.
pub fn misere_nim(file: Option<&Path>, style: Option<Style>) -> Result<(), Failure> {
    let input = open_input(file)?;
    let table = misere::embedded_table();
    match style {
        None => run_to_stdout(&mut MisereNim { table }, input),
        Some(style) => run_to_stdout(&mut judge::Report::new(MisereNim { table }, style), input),
    }
    .map_err(Failure::from)
}

/// The exact search's bounds per Mine case (`--max-states`, `--max-time`).
#[derive(Debug, Clone, Copy)]
pub struct MineLimits {
    pub max_states: usize,
    pub max_time: Option<Duration>,
}

impl MineLimits {
    /// A solver with these bounds, reporting long searches on standard error.
    pub fn solver(self) -> Solver {
        let mut solver = Solver::new();
        solver.set_max_states(self.max_states);
        solver.set_max_time(self.max_time);
        solver.set_progress(Some(ProgressHook {
            after: Duration::from_secs(2),
            every: Duration::from_secs(1),
            report: Arc::new(|p: &Progress| eprintln!("grundy: {}", progress_line(p))),
        }));
        solver
    }

    /// What to do about a refused case: the options that would answer it, with their values now,
    /// and `--keep-going` if `with_keep_going`.
    pub fn hint(self, with_keep_going: bool) -> String {
        let states = match self.max_states > 1 && self.max_states.is_power_of_two() {
            true => format!("{} = 2^{}", self.max_states, self.max_states.trailing_zeros()),
            false => self.max_states.to_string(),
        };
        let time = self.max_time.map_or("none".into(), |t| format!("{} s", grundy_core::Seconds(t)));
        let go_on = match with_keep_going {
            false => String::new(),
            true => "--keep-going answers such a case `unknown` and goes on with the next; ".into(),
        };
        format!(
            "{go_on}--max-states N allows a larger search per case (now {states} units); \
             --max-time SECONDS bounds each case's search by time (now {time})"
        )
    }
}

/// A progress line for standard error (without `grundy: `).
pub fn progress_line(p: &Progress) -> String {
    let case = p.case.map_or(String::new(), |k| format!("case {k}: "));
    format!(
        "{case}searching a cluster of {} regions exactly ({} states, {} s)…",
        p.regions,
        p.states,
        p.elapsed.as_secs()
    )
}

/// `grundy mine`: boards that break the promise are named on standard error, and searches that
/// run long (progress lines). With a style, explained or JSON output instead of the judge's.
/// With `keep_going`, refused cases are answered `unknown`, each named on standard error, and
/// the run ends with exit code 3. A refusal says what would answer the case.
pub fn mine(file: Option<&Path>, limits: MineLimits, keep_going: bool, style: Option<Style>) -> Result<(), Failure> {
    let input = open_input(file)?;
    let mut solver = limits.solver();
    let refusal = |case: u64, e: &SolveError| eprintln!("grundy: case {case} not solved (answered unknown): {e}");
    let (result, stopped_by) = match style {
        None => {
            let mut judge = Mine::new(&mut solver, notice);
            if keep_going {
                judge = judge.keep_going(refusal);
            }
            let result = run_to_stdout(&mut judge, input).map(|()| judge.refused());
            (result, judge.stopped_by().cloned())
        }
        Some(style) => {
            let mut judge = Mine::new(&mut solver, notice);
            if keep_going {
                judge = judge.keep_going(refusal);
            }
            let mut report = judge::Report::new(judge, style);
            let result = run_to_stdout(&mut report, input).map(|()| report.judge.refused());
            (result, report.judge.stopped_by().cloned())
        }
    };
    let refused = result.map_err(|e| {
        let refused = matches!(&e, JudgeError::Refused { .. });
        let mut failure = Failure::from(e);
        if refused && matches!(stopped_by, Some(SolveError::ClusterTooLarge(_))) {
            failure.message += &format!("\ngrundy: hint: {}", limits.hint(true));
        }
        failure
    })?;
    let hint = limits.hint(false);
    match refused {
        0 => Ok(()),
        1 => Err(Failure::new(Exit::Refused, format!("1 case not solved (answered unknown)\ngrundy: hint: {hint}"))),
        n => Err(Failure::new(Exit::Refused, format!("{n} cases not solved (answered unknown)\ngrundy: hint: {hint}"))),
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
