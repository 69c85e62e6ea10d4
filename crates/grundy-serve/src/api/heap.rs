//! Heap games: the values with the period marked, a heap's moves, and grundy's move in a sum of
//! heaps. A game's values are computed once per game (a session of the library, bounded in
//! heaps, work and time) and kept.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State as With;
use grundy::heap::HeapLookup;
use grundy::heap::session::{Session, SessionLimits, Watch};
use grundy_core::heap::{Beyond, HeapAnalysis, HeapGame, HeapMove, HeapStatus, Period, every_move, move_to_value};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{Params, RawQuery, State, body, shorten};
use crate::ApiError;

/// The most values a game's search computes (a period proven needs fewer for most games).
pub const MAX_HEAP: u64 = 1 << 20;

/// The most heaps drawn.
pub const MAX_SHOWN: u64 = 4096;

/// The most moves listed for one heap.
pub const MAX_MOVES: usize = 2000;

/// The largest heap whose moves are listed, and the largest heap of a position played.
pub const MAX_LISTED_HEAP: u64 = 100_000;

/// The most heaps in a position played.
pub const MAX_HEAPS: usize = 64;

/// The largest heap of a position played whose game splits a heap into three and has no proven
/// period: a winning move is then searched over every pair of parts (`heap²` splits).
pub const MAX_UNPROVEN_THREE_WAY_HEAP: u64 = 3000;

/// A game's values, as a judge's and the page's lookup.
#[derive(Debug, Clone)]
pub struct Values(pub Arc<HeapAnalysis>);

impl HeapLookup for Values {
    fn game(&self) -> &HeapGame {
        &self.0.game
    }

    fn period(&self) -> Option<Period> {
        self.0.period()
    }

    fn value(&self, heap: u64) -> Result<u32, Beyond> {
        self.0.value(heap)
    }
}

/// A session watched by nobody: no progress shown, never interrupted (its time bound, the
/// gate's deadline less the margin to answer, stops it; the bound is looked at where a watch
/// would be, so a watch looking at the deadline would add nothing).
struct Unwatched;

impl Watch for Unwatched {}

/// The game of `spec`.
pub fn game(spec: Option<&str>) -> Result<HeapGame, ApiError> {
    let spec = spec.ok_or_else(|| ApiError::bad("spec: give a heap game (an octal code such as 0.77, or {1,3,4})"))?;
    HeapGame::parse(spec).map_err(|e| ApiError::bad(format!("heap game {}: {e}", shorten(spec))))
}

/// The values of `game`, from the cache or computed through the gate: until a period is proven,
/// or [`MAX_HEAP`] values, the work bound or the gate's deadline (less the margin to answer).
pub async fn values_of(state: &State, game: HeapGame) -> Result<Values, ApiError> {
    let key = game.to_string();
    if let Some(found) = state.heaps.get(&key) {
        return Ok(Values(found));
    }
    let analysis = state
        .gate
        .run(move |deadline| {
            let limits = SessionLimits {
                max_heap: Some(MAX_HEAP),
                max_time: Some(deadline.time_left()),
                threads: Some(1),
                values_dir: None,
            };
            let session = Session::new(game.clone(), limits.clone());
            let run = session
                .compute(limits.search(&game, Some(MAX_SHOWN)), None, None, &mut Unwatched)
                .map_err(|e| ApiError::refused(e.to_string()))?;
            Ok(Arc::new(run.analysis))
        })
        .await?;
    state.heaps.put(key, analysis.clone());
    Ok(Values(analysis))
}

/// `GET /api/heap?spec=S&n=N`: `G(0..N)` (fewer when no period is proven and fewer were
/// computed), the period or why none was proven, and the command line's report.
pub async fn values(With(state): With<Arc<State>>, query: RawQuery) -> Result<Json<Value>, ApiError> {
    let params = Params::from(query)?;
    let game = game(params.text("spec"))?;
    let n = params.number("n", 0, 0, MAX_SHOWN)?;
    let Values(analysis) = values_of(&state, game).await?;
    let period = analysis.period();
    let wanted = match (n, period) {
        (0, Some(p)) => (p.preperiod + 2 * p.period).clamp(100, MAX_SHOWN),
        (0, None) => analysis.computed().min(MAX_SHOWN),
        (n, _) => n,
    };
    let shown: Vec<u32> = (0..wanted).map_while(|h| analysis.value(h).ok()).collect();
    let status = match &analysis.status {
        HeapStatus::Certified(p) => json!({ "proven": true, "period": p.period, "preperiod": p.preperiod }),
        HeapStatus::NotFound(e) => {
            json!({ "proven": false, "reason": e.stopped.to_string(), "rare_values": e.rare_count })
        }
    };
    Ok(Json(json!({
        "game": analysis.game.to_string(),
        "status": status,
        "computed": analysis.computed(),
        "largest": analysis.max_value(),
        "values": shown,
        "report": analysis.to_string(),
    })))
}

/// `GET /api/heap/moves?spec=S&heap=H`: the heap's value and every move from it (at most
/// [`MAX_MOVES`]), each with the value of the heaps it leaves.
pub async fn moves(With(state): With<Arc<State>>, query: RawQuery) -> Result<Json<Value>, ApiError> {
    let params = Params::from(query)?;
    let game = game(params.text("spec"))?;
    let heap = params.number("heap", 0, 0, MAX_LISTED_HEAP)?;
    let values = values_of(&state, game).await?;
    let listed = state.gate.run(move |_| listed_moves(&values, heap)).await?;
    Ok(Json(listed))
}

/// The heap's value and its moves, as [`moves`] answers.
fn listed_moves(values: &Values, heap: u64) -> Result<Value, ApiError> {
    let value = values.value(heap).map_err(|b| beyond(values, b))?;
    let moves = every_move(values.game(), heap, MAX_MOVES + 1);
    let truncated = moves.len() > MAX_MOVES;
    let listed = moves
        .iter()
        .take(MAX_MOVES)
        .map(|m| {
            let v = m.left.iter().try_fold(0, |x, &h| values.value(h).map(|g| x ^ g)).map_err(|b| beyond(values, b))?;
            Ok(json!({ "take": m.take, "left": m.left, "value": v }))
        })
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(json!({ "heap": heap, "value": value, "moves": listed, "truncated": truncated }))
}

/// Why a heap has no value: past the values computed, with no period proven.
fn beyond(values: &Values, b: Beyond) -> ApiError {
    let why = match &values.0.status {
        HeapStatus::NotFound(e) => format!("; no period proven: {}", e.stopped),
        HeapStatus::Certified(_) => String::new(),
    };
    ApiError::refused(format!("game {}: {b}{why}", values.game()))
}

/// A sum of heaps to answer (normal or misère play).
#[derive(Deserialize)]
pub(super) struct Position {
    pub(super) spec: String,
    pub(super) heaps: Vec<u64>,
}

impl Position {
    /// The request, its game and its heaps checked (1 to [`MAX_HEAPS`] of them).
    pub(super) fn read(bytes: &Bytes) -> Result<(Position, HeapGame), ApiError> {
        let request: Position = body(bytes)?;
        let game = game(Some(&request.spec))?;
        if request.heaps.is_empty() || request.heaps.len() > MAX_HEAPS {
            return Err(ApiError::bad(format!("heaps: give 1 to {MAX_HEAPS} heaps")));
        }
        Ok((request, game))
    }

    /// Refuses a heap past what the server plays: [`MAX_LISTED_HEAP`], or
    /// [`MAX_UNPROVEN_THREE_WAY_HEAP`] for three-way splits without a proven period (a move is
    /// then searched over every pair of parts).
    pub(super) fn check_heaps(&self, game: &HeapGame, proven: bool) -> Result<(), ApiError> {
        let three_way = game.digits().iter().any(|d| d & 8 != 0);
        let max = if three_way && !proven { MAX_UNPROVEN_THREE_WAY_HEAP } else { MAX_LISTED_HEAP };
        match self.heaps.iter().copied().filter(|&h| h > max).max() {
            Some(largest) => {
                Err(ApiError::refused(format!("heap {largest}: the server plays heaps up to {max} of game {game}")))
            }
            None => Ok(()),
        }
    }
}

/// The move that makes the game last longest, when none wins: the fewest tokens taken, from the
/// largest heap (the first of them); `None` when no heap has a move.
pub(super) fn longest_move(game: &HeapGame, heaps: &[u64]) -> Option<(usize, HeapMove)> {
    (0..heaps.len())
        .filter_map(|i| every_move(game, heaps[i], 1).into_iter().next().map(|m| (i, m)))
        .min_by_key(|(i, m)| (m.take, std::cmp::Reverse(heaps[*i])))
}

/// The sum after heap `i` is replaced by `left`, empty heaps dropped.
pub(super) fn after_move(heaps: &[u64], i: usize, left: &[u64]) -> Vec<u64> {
    let mut after: Vec<u64> = heaps[..i].to_vec();
    after.extend(left.iter().copied());
    after.extend(&heaps[i + 1..]);
    after.retain(|&h| h > 0);
    after
}

/// `POST /api/heap/play` with `{"spec": S, "heaps": [...]}`: grundy's move, winning when one
/// exists (the first heap whose value can drop to its XOR with the sum, as the judge's
/// `--explain` finds it), else the move that takes fewest tokens (the game lasts longest);
/// `move` is `null` when no heap has a move (the game is over). Empty heaps are dropped from
/// `after`.
pub async fn play(With(state): With<Arc<State>>, bytes: Bytes) -> Result<Json<Value>, ApiError> {
    let (request, game) = Position::read(&bytes)?;
    let values = values_of(&state, game).await?;
    request.check_heaps(values.game(), values.period().is_some())?;
    let answer = state.gate.run(move |_| reply(&values, &request.heaps)).await?;
    Ok(Json(answer))
}

/// Grundy's reply in the sum `heaps`, as [`play`] answers.
fn reply(values: &Values, heaps: &[u64]) -> Result<Value, ApiError> {
    let g = heaps.iter().map(|&h| values.value(h)).collect::<Result<Vec<_>, _>>().map_err(|b| beyond(values, b))?;
    let nimber = g.iter().fold(0, |x, v| x ^ v);
    let reach = |heap: u64| values.period().map_or(heap, |p| p.span());
    let mut chosen = None;
    if nimber != 0 {
        for (i, (&heap, &v)) in heaps.iter().zip(&g).enumerate().filter(|&(_, (_, &v))| v ^ nimber < v) {
            let found = move_to_value(values.game(), heap, v ^ nimber, reach(heap), |h| values.value(h));
            if let Some(m) = found.map_err(|b| beyond(values, b))? {
                chosen = Some((i, m, true));
                break;
            }
        }
    }
    if chosen.is_none() {
        // Every move loses (or, had the XOR not been 0, none was found: a bug shown as a loss).
        chosen = longest_move(values.game(), heaps).map(|(i, m)| (i, m, false));
    }
    let Some((i, m, winning)) = chosen else {
        return Ok(json!({ "values": g, "nimber": nimber, "move": null, "after": heaps }));
    };
    let after = after_move(heaps, i, &m.left);
    let after_nimber =
        after.iter().try_fold(0, |x, &h| values.value(h).map(|v| x ^ v)).map_err(|b| beyond(values, b))?;
    Ok(json!({
        "values": g,
        "nimber": nimber,
        "move": { "heap": i, "from": heaps[i], "take": m.take, "left": m.left, "winning": winning },
        "after": after,
        "after_nimber": after_nimber,
    }))
}
