//! Games defined by a script (a Rhai `fn options(p)`, `grundy::rules::script`): the values as a
//! heap game's `G(n)` or a game on pairs' table with the regularity observed, a position's
//! options, and grundy's move in a sum. The script comes in each request's body and is compiled
//! and run there, within the gate's deadline and small [`ComputeLimits`] (nothing is kept: a
//! script's bounds hold the deadline of the request that loaded it).

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State as With;
use axum::http::StatusCode;
use grundy::rules::script::{Script, ScriptError, ScriptLimits};
use grundy::rules::{ComputeError, ComputeLimits, Computed, Rules, Shape, observe};
use serde::Deserialize;
use serde_json::{Value, json};

use super::heap::{MAX_HEAPS, MAX_MOVES};
use super::{State, body};
use crate::ApiError;
use crate::gate::Deadline;

/// The longest script, in bytes.
pub const MAX_SCRIPT: usize = 64 << 10;

/// A heap game's values are computed for heaps below this. Rhai's data-size checks measure a
/// whole array at each push, so a heap's list of `n` options costs `n²`: Kayles' script takes
/// about 2 s to heap 1024 in a debug build, and reaches only heap 1762 in 9 s.
pub const MAX_HEAP: u64 = 1024;

/// The largest side of a game on pairs' table.
pub const MAX_SIDE: u64 = 64;

/// The most positions in the box a game on tuples keeps in an array when it is played or judged
/// (a side of 64 for pairs, 16 for triples; positions outside are searched and kept apart).
pub const MAX_BOX_POSITIONS: u64 = 1 << 12;

/// The most positions a game on tuples may visit.
pub const MAX_POSITIONS: usize = 1 << 20;

/// The most items an array, map or string of the script may hold (Rhai's own data-size checks:
/// the server has no counting allocator).
pub const MAX_DATA: usize = 1 << 16;

/// Heaps shown, and the side of a table shown, when the request does not say.
const DEFAULT_HEAPS: u64 = 256;
const DEFAULT_SIDE: u64 = 32;

/// A script's game.
type Game = Computed<Script>;

/// `script`, compiled to run until the deadline; a game on tuples keeps the box of side
/// `side(shape)` (which may refuse the shape).
pub fn load(
    script: &str,
    side: impl FnOnce(Shape) -> Result<u64, ApiError>,
    deadline: Deadline,
    max_time: std::time::Duration,
) -> Result<Game, ApiError> {
    let limits = ScriptLimits {
        deadline: Some(deadline.stop_by()),
        max_time: Some(max_time),
        max_data: Some(MAX_DATA),
        ..ScriptLimits::default()
    };
    let script = Script::load(script, limits).map_err(|e| ApiError::refused(format!("the script: {e}")))?;
    let limits = ComputeLimits { max_heap: MAX_HEAP, side: side(script.shape())?, max_positions: MAX_POSITIONS };
    Computed::new("script", script, limits).ok_or_else(|| ApiError::refused("the script's game: its box is too large"))
}

/// The side of a box of at most [`MAX_BOX_POSITIONS`] positions of `shape` (at most
/// [`MAX_SIDE`]).
pub fn box_side(shape: Shape) -> Result<u64, ApiError> {
    let d = shape.width() as u32;
    Ok((1..=MAX_SIDE).take_while(|s| s.pow(d) <= MAX_BOX_POSITIONS).last().unwrap_or(1))
}

/// A script too long for the server is 413.
pub fn check_size(script: &str) -> Result<(), ApiError> {
    if script.len() > MAX_SCRIPT {
        return Err(ApiError {
            status: StatusCode::PAYLOAD_TOO_LARGE,
            message: format!("the script is {} bytes: the server takes at most {MAX_SCRIPT}", script.len()),
        });
    }
    Ok(())
}

/// A failure of the rules (with the script's line and column when it has them) as a 422.
fn failed(e: ComputeError<ScriptError>) -> ApiError {
    match e {
        ComputeError::Beyond { heap, max_heap } => {
            ApiError::refused(format!("the script's game: heap {heap}: the server computes heaps below {max_heap}"))
        }
        e => ApiError::refused(format!("the script's game: {e}")),
    }
}

/// A script and what to show of it.
#[derive(Deserialize)]
struct ValuesRequest {
    script: String,
    /// Heaps shown, or a table's side.
    #[serde(default)]
    size: Option<u64>,
}

/// `POST /api/rules` with `{"script": S, "size": N}`: a heap game's `G(0..N)` with the
/// regularity observed (not proven), or a game on pairs' `N x N` table (row `x`, column `y`).
/// Other tuples are played and judged, not drawn.
pub async fn values(With(state): With<Arc<State>>, bytes: Bytes) -> Result<Json<Value>, ApiError> {
    let request: ValuesRequest = body(&bytes)?;
    check_size(&request.script)?;
    let max_time = state.limits.max_time;
    let answer = state
        .gate
        .run(move |deadline| {
            let side = |shape| match shape {
                Shape::Heap => Ok(1),
                Shape::Tuple(2) => bounded(request.size, DEFAULT_SIDE, MAX_SIDE, "size"),
                Shape::Tuple(d) => Err(ApiError::refused(format!(
                    "the script's game is played on tuples of {d} numbers: the page draws a heap game or a game on \
                     pairs (play and judge take any)"
                ))),
            };
            let mut game = load(&request.script, side, deadline, max_time)?;
            let side = game.limits().side;
            let len = match game.rules().shape() {
                Shape::Heap => bounded(request.size, DEFAULT_HEAPS, MAX_HEAP, "size")?,
                Shape::Tuple(_) => side,
            };
            game.fill(len).map_err(failed)?;
            let values = game.values();
            let largest = values.iter().copied().max().unwrap_or(0);
            Ok(match game.rules().shape() {
                Shape::Heap => {
                    let observed = observe(values)
                        .map(|r| json!({ "period": r.period, "preperiod": r.preperiod, "saltus": r.saltus }));
                    json!({ "shape": "heap", "dimension": 1, "values": values, "largest": largest, "observed": observed })
                }
                _ => {
                    let zeros = values.iter().filter(|&&v| v == 0).count();
                    json!({ "shape": "tuple", "dimension": 2, "side": side, "values": values, "largest": largest,
                        "p_positions": zeros })
                }
            })
        })
        .await?;
    Ok(Json(answer))
}

/// `n` in `1..=max`, `default` when absent.
fn bounded(n: Option<u64>, default: u64, max: u64, name: &str) -> Result<u64, ApiError> {
    match n.unwrap_or(default) {
        n if (1..=max).contains(&n) => Ok(n),
        n => Err(ApiError::bad(format!("{name} = {n}: must be a whole number from 1 to {max}"))),
    }
}

/// A script and a position of its game.
#[derive(Deserialize)]
struct OptionsRequest {
    script: String,
    position: Vec<u64>,
}

/// `POST /api/rules/options` with `{"script": S, "position": [...]}`: its value and each of its
/// options (at most [`MAX_MOVES`]), the positions it leaves and their value.
pub async fn options(With(state): With<Arc<State>>, bytes: Bytes) -> Result<Json<Value>, ApiError> {
    let request: OptionsRequest = body(&bytes)?;
    check_size(&request.script)?;
    let max_time = state.limits.max_time;
    let answer = state
        .gate
        .run(move |deadline| {
            let mut game = load(&request.script, box_side, deadline, max_time)?;
            let value = game.value(&request.position).map_err(failed)?;
            let options = game.options(&request.position).map_err(|e| failed(e.into()))?;
            let width = game.rules().shape().width();
            let listed = options
                .iter()
                .take(MAX_MOVES)
                .map(|option| {
                    let to: Vec<&[u64]> = option.chunks(width).collect();
                    let value = sum(&mut game, &to)?;
                    Ok(json!({ "to": to, "value": value }))
                })
                .collect::<Result<Vec<_>, ApiError>>()?;
            Ok(json!({ "position": request.position, "value": value, "options": listed,
                "truncated": options.len() > MAX_MOVES }))
        })
        .await?;
    Ok(Json(answer))
}

/// The value of the sum of `positions`.
fn sum<P: AsRef<[u64]>>(game: &mut Game, positions: &[P]) -> Result<u64, ApiError> {
    positions.iter().try_fold(0, |x, p| game.value(p.as_ref()).map(|v| x ^ v)).map_err(failed)
}

/// A script and a sum of positions.
#[derive(Deserialize)]
struct PlayRequest {
    script: String,
    positions: Vec<Vec<u64>>,
}

/// `POST /api/rules/play` with `{"script": S, "positions": [[...], ...]}`: grundy's move, to an
/// option whose value is the position's XOR the sum's when the sum's value is not 0 (as
/// `--explain` finds it), else the option leaving the most tokens (the game lasts longest);
/// `move` is `null` when no position has an option.
pub async fn play(With(state): With<Arc<State>>, bytes: Bytes) -> Result<Json<Value>, ApiError> {
    let request: PlayRequest = body(&bytes)?;
    check_size(&request.script)?;
    if request.positions.is_empty() || request.positions.len() > MAX_HEAPS {
        return Err(ApiError::bad(format!("positions: give 1 to {MAX_HEAPS} positions")));
    }
    let max_time = state.limits.max_time;
    let answer = state
        .gate
        .run(move |deadline| {
            let mut game = load(&request.script, box_side, deadline, max_time)?;
            reply(&mut game, &request.positions)
        })
        .await?;
    Ok(Json(answer))
}

/// Grundy's reply in the sum `positions`, as [`play`] answers.
fn reply(game: &mut Game, positions: &[Vec<u64>]) -> Result<Value, ApiError> {
    let values = positions.iter().map(|p| game.value(p)).collect::<Result<Vec<u64>, _>>().map_err(failed)?;
    let nimber = values.iter().fold(0, |x, v| x ^ v);
    let width = game.rules().shape().width();
    // (index, the positions it becomes, winning, tokens left)
    let mut chosen: Option<(usize, Vec<Vec<u64>>, bool, u64)> = None;
    for (i, (p, &v)) in positions.iter().zip(&values).enumerate() {
        let options = game.options(p).map_err(|e| failed(e.into()))?;
        for option in options.iter() {
            let to: Vec<Vec<u64>> = option.chunks(width).map(<[u64]>::to_vec).collect();
            if nimber != 0 && v ^ nimber < v && sum(game, &to)? == v ^ nimber {
                chosen = Some((i, to, true, 0));
                break;
            }
            let left = option.iter().sum::<u64>();
            if chosen.as_ref().is_none_or(|c| !c.2 && left > c.3) {
                chosen = Some((i, to, false, left));
            }
        }
        if chosen.as_ref().is_some_and(|c| c.2) {
            break;
        }
    }
    let Some((i, to, winning, _)) = chosen else {
        return Ok(json!({ "values": values, "nimber": nimber, "move": null, "after": positions }));
    };
    let mut after: Vec<Vec<u64>> = positions[..i].to_vec();
    after.extend(to.iter().cloned());
    after.extend_from_slice(&positions[i + 1..]);
    let after_nimber = sum(game, &after)?;
    Ok(json!({
        "values": values,
        "nimber": nimber,
        "move": { "index": i, "from": positions[i], "to": to, "winning": winning },
        "after": after,
        "after_nimber": after_nimber,
    }))
}
