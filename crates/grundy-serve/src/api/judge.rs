//! The judges on a pasted input: the same bytes out as `grundy knights`, `misere-nim`, `mine`,
//! `heaps`, `heaps --misere` or `heaps --rules` writes (with `explain`, as `--explain` writes),
//! by the same judges.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State as With;
use grundy::heap::Heaps;
use grundy::heap_misere::MisereHeaps;
use grundy::judge::{Judge, JudgeError, Report, Style};
use grundy::leaper::Knights;
use grundy::mine::{Mine, Solver};
use grundy::misere::{self, MisereNim};
use grundy::rules::RulesSums;
use serde::Deserialize;
use serde_json::{Value, json};

use super::{State, body};
use crate::ApiError;

/// The most cells of a Mine board a judge input may hold here (the command line has no such
/// bound: the server bounds each request's memory).
pub const MAX_MINE_CELLS: u64 = 1 << 22;

/// A judge input and which judge reads it.
#[derive(Deserialize)]
struct Request {
    /// `knights`, `misere-nim`, `mine`, `heaps`, `misere-heaps` or `rules`.
    problem: String,
    /// The input, as a file would hold it.
    input: String,
    /// `--explain`'s output instead of the judge's.
    #[serde(default)]
    explain: bool,
    /// `knights`: the move set (the hyper knight when absent).
    #[serde(default)]
    moves: Option<String>,
    /// `heaps` and `misere-heaps`: the game.
    #[serde(default)]
    spec: Option<String>,
    /// `rules`: the script.
    #[serde(default)]
    script: Option<String>,
}

/// `POST /api/judge` with `{"problem": P, "input": I, "explain": bool, "moves": M, "spec": S,
/// "script": R}`:
/// `{"output": ...}`, or a 422 whose message is the command line's (line and column of bad
/// input), with the output of the cases before it.
pub async fn judge(With(state): With<Arc<State>>, bytes: Bytes) -> Result<Json<Value>, ApiError> {
    let request: Request = body(&bytes)?;
    let style = request.explain.then_some(Style::Explain);
    let input = request.input.into_bytes();
    let (output, result) = match request.problem.as_str() {
        "knights" => {
            let mut params = super::Params::default();
            if let Some(m) = request.moves {
                params.0.insert("moves".into(), m);
            }
            let set = super::leaper::move_set(&params)?;
            let leaper = super::leaper::leaper(&state, set).await?;
            state
                .gate
                .run(move |_| {
                    let table = leaper.table()?;
                    Ok(run(Knights { table }, style, &input))
                })
                .await?
        }
        "misere-nim" => {
            state.gate.run(move |_| Ok(run(MisereNim { table: misere::embedded_table() }, style, &input))).await?
        }
        "mine" => {
            check_mine_sizes(&input)?;
            state
                .gate
                .run(move |deadline| {
                    // One deadline for all the boards: a search still running at it is refused.
                    let mut solver = Solver::new();
                    solver.set_deadline(Some(deadline.stop_by()));
                    Ok(run(Mine::new(&mut solver, |_, _| {}), style, &input))
                })
                .await?
        }
        "heaps" => {
            let game = super::heap::game(request.spec.as_deref())?;
            let values = super::heap::values_of(&state, game).await?;
            state.gate.run(move |_| Ok(run(Heaps { table: values }, style, &input))).await?
        }
        "misere-heaps" => {
            let game = super::heap::game(request.spec.as_deref())?;
            let analysis = super::misere::analysis_of(&state, game).await?;
            state.gate.run(move |_| Ok(run(MisereHeaps { analysis: (*analysis).clone() }, style, &input))).await?
        }
        "rules" => {
            let script = request.script.ok_or_else(|| ApiError::bad("script: give the game's script"))?;
            super::rules::check_size(&script)?;
            let max_time = state.limits.max_time;
            state
                .gate
                .run(move |deadline| {
                    let mut game = super::rules::load(&script, super::rules::box_side, deadline, max_time)?;
                    Ok(run(RulesSums { table: &mut game }, style, &input))
                })
                .await?
        }
        other => {
            return Err(ApiError::bad(format!(
                "problem {}: must be knights, misere-nim, mine, heaps, misere-heaps or rules",
                super::shorten(other)
            )));
        }
    };
    let output = String::from_utf8_lossy(&output).into_owned();
    match result {
        Ok(()) => Ok(Json(json!({ "output": output }))),
        Err(e) => Err(ApiError::refused(format!("{e}"))).map_err(|mut err| {
            if !output.is_empty() {
                err.message = format!("{}\n(the output before it:)\n{output}", err.message);
            }
            err
        }),
    }
}

/// Runs `judge` on `input` in `style` (`None`: the judge's own output): the output, and how it
/// ended.
fn run<J>(judge: J, style: Option<Style>, input: &[u8]) -> (Vec<u8>, Result<(), JudgeError>)
where
    J: Judge,
    Report<J>: Judge,
{
    let mut out = Vec::new();
    let result = match style {
        None => {
            let mut judge = judge;
            judge.solve_bytes(input, &mut out)
        }
        Some(style) => Report::new(judge, style).solve_bytes(input, &mut out),
    };
    (out, result)
}

/// Refuses a Mine input with a board of more than [`MAX_MINE_CELLS`] cells, before any is
/// allocated: `T`, then per case `N M K` and `K` pairs. Input the judge would reject is left to
/// it (this stops reading at the first token that is not a number).
fn check_mine_sizes(input: &[u8]) -> Result<(), ApiError> {
    let text = String::from_utf8_lossy(input);
    let mut numbers = text.split_ascii_whitespace().map(|t| t.parse::<u64>().ok());
    let mut next = || numbers.next().flatten();
    let Some(cases) = next() else { return Ok(()) };
    for case in 1..=cases {
        let (Some(rows), Some(cols), Some(mines)) = (next(), next(), next()) else { return Ok(()) };
        if u128::from(rows) * u128::from(cols) > u128::from(MAX_MINE_CELLS) {
            return Err(ApiError::refused(format!(
                "case {case}: a {rows} x {cols} board has more than {MAX_MINE_CELLS} cells, the most the server solves \
                 (`grundy mine FILE` on the command line solves it)"
            )));
        }
        for _ in 0..mines.saturating_mul(2) {
            if next().is_none() {
                return Ok(());
            }
        }
    }
    Ok(())
}
