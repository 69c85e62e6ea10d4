//! Misère play of heap games: the misère quotient with `Φ`, a heap's moves with the elements
//! they leave, and grundy's move in a misère sum. A game's analysis is computed once (bounded by
//! [`LIMITS`] and the gate's deadline) and kept.

use std::sync::Arc;
use std::time::Instant;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State as With;
use grundy_core::heap::{Beyond, HeapControl, HeapGame, every_move};
use grundy_core::heap_misere::{MisereAnalysis, MisereLimits, MisereStatus, analyze_misere_with};
use serde_json::{Value, json};

use super::heap::{MAX_LISTED_HEAP, MAX_MOVES, Position, after_move, game, longest_move};
use super::{Params, RawQuery, State};
use crate::ApiError;

/// The engine's bounds here: Kayles (proven with heaps `0..171`, `|Q|` = 40), 0.644 (heaps
/// `0..7517`, `|Q|` = 172) and the other certified games of docs/misere-quotients.md fit within
/// them; a game that needs more stops with the quotient of the heaps computed, or at the gate's
/// deadline.
pub const LIMITS: MisereLimits =
    MisereLimits { max_heap: 1 << 17, max_quotient: 512, max_trial: 1 << 14, max_work: 1 << 30, prove_from: 0 };

/// The most images of `Φ` sent (the picture's heaps).
pub const MAX_SHOWN: u64 = 4096;

/// The analysis of `game`, from the cache or computed through the gate until a period is proven,
/// a bound of [`LIMITS`] or the gate's deadline (the hook stops the engine there).
pub async fn analysis_of(state: &State, game: HeapGame) -> Result<Arc<MisereAnalysis>, ApiError> {
    let key = game.to_string();
    if let Some(found) = state.miseres.get(&key) {
        return Ok(found);
    }
    let max_time = state.limits.max_time;
    let analysis = state
        .gate
        .run(move |deadline| {
            let stop = deadline.stop_by();
            let hook =
                &mut |_| if Instant::now() >= stop { HeapControl::TimeLimit(max_time) } else { HeapControl::Continue };
            Ok(Arc::new(analyze_misere_with(&game, &LIMITS, hook)))
        })
        .await?;
    state.miseres.put(key, analysis.clone());
    Ok(analysis)
}

/// `GET /api/misere?spec=S&n=N`: the status, `|Q|`, `|P|`, tameness, the presentation, each
/// element's name and whether it is in `P`, and `Φ(0..N)` as element indices (by default the
/// preperiod and two periods, or every heap computed).
pub async fn quotient(With(state): With<Arc<State>>, query: RawQuery) -> Result<Json<Value>, ApiError> {
    let params = Params::from(query)?;
    let game = game(params.text("spec"))?;
    let n = params.number("n", 0, 0, MAX_SHOWN)?;
    let a = analysis_of(&state, game).await?;
    let (q, pres) = (a.quotient(), a.presentation());
    let wanted = match (n, a.period()) {
        (0, Some(p)) => (p.preperiod + 2 * p.period).clamp(100, MAX_SHOWN),
        (0, None) => a.computed().min(MAX_SHOWN),
        (n, _) => n,
    };
    let images: Vec<u32> = (0..wanted).map_while(|h| a.image(h).ok()).collect();
    let status = match a.status {
        MisereStatus::Certified { period, proven_with } => json!({ "proven": true, "period": period.period,
            "preperiod": period.preperiod, "proven_with": proven_with }),
        MisereStatus::NotFound(stop) => json!({ "proven": false, "reason": stop.to_string() }),
    };
    let elements: Vec<String> = (0..q.order() as u32).map(|x| pres.element(x)).collect();
    let in_p: Vec<bool> = (0..q.order() as u32).map(|x| q.in_p(x)).collect();
    Ok(Json(json!({
        "game": a.game.to_string(),
        "status": status,
        "computed": a.computed(),
        "order": q.order(),
        "p_size": q.p_portion_size(),
        "tame": a.is_tame(),
        "presentation": pres.text(),
        "generator_heaps": pres.generator_heaps,
        "elements": elements,
        "in_p": in_p,
        "images": images,
        "report": a.to_string(),
    })))
}

/// The element of a sum of heaps, its name and whether it is in `P`.
fn element(a: &MisereAnalysis, heaps: &[u64]) -> Result<Value, ApiError> {
    let q = a.quotient();
    let x =
        heaps.iter().try_fold(q.identity(), |x, &h| a.image(h).map(|y| q.product(x, y))).map_err(|b| beyond(a, b))?;
    Ok(json!({ "element": a.presentation().element(x), "in_p": q.in_p(x) }))
}

/// Why a heap has no image: past the heaps computed, with no period proven.
fn beyond(a: &MisereAnalysis, b: Beyond) -> ApiError {
    let why = match a.status {
        MisereStatus::NotFound(stop) => format!("; no period of Φ proven: {stop}"),
        MisereStatus::Certified { .. } => String::new(),
    };
    ApiError::refused(format!("game {} (misère): {b}{why}", a.game))
}

/// `GET /api/misere/moves?spec=S&heap=H`: the heap's element and every move from it (at most
/// [`MAX_MOVES`]), each with the element of the heaps it leaves.
pub async fn moves(With(state): With<Arc<State>>, query: RawQuery) -> Result<Json<Value>, ApiError> {
    let params = Params::from(query)?;
    let game = game(params.text("spec"))?;
    let heap = params.number("heap", 0, 0, MAX_LISTED_HEAP)?;
    let a = analysis_of(&state, game).await?;
    let listed = state
        .gate
        .run(move |_| {
            let own = element(&a, &[heap])?;
            let moves = every_move(&a.game, heap, MAX_MOVES + 1);
            let listed = moves
                .iter()
                .take(MAX_MOVES)
                .map(|m| Ok(json!({ "take": m.take, "left": m.left, "after": element(&a, &m.left)? })))
                .collect::<Result<Vec<_>, ApiError>>()?;
            Ok(json!({ "heap": heap, "element": own["element"], "in_p": own["in_p"], "moves": listed,
                "truncated": moves.len() > MAX_MOVES }))
        })
        .await?;
    Ok(Json(listed))
}

/// `POST /api/misere/play` with `{"spec": S, "heaps": [...]}`: grundy's move in misère play,
/// the analysis's winning move when one exists, else the move that takes fewest tokens from the
/// largest heap (the game lasts longest); `move` is `null` when no heap has a move (grundy, to
/// move, has none: it wins). Empty heaps are dropped from `after`.
pub async fn play(With(state): With<Arc<State>>, bytes: Bytes) -> Result<Json<Value>, ApiError> {
    let (request, game) = Position::read(&bytes)?;
    let a = analysis_of(&state, game).await?;
    request.check_heaps(&a.game, a.period().is_some())?;
    let answer = state.gate.run(move |_| reply(&a, &request.heaps)).await?;
    Ok(Json(answer))
}

/// Grundy's reply in the misère sum `heaps`, as [`play`] answers.
fn reply(a: &MisereAnalysis, heaps: &[u64]) -> Result<Value, ApiError> {
    let before = element(a, heaps)?;
    let winning = a.winning_move(heaps).map_err(|b| beyond(a, b))?;
    let chosen =
        winning.map(|(i, m)| (i, m, true)).or_else(|| longest_move(&a.game, heaps).map(|(i, m)| (i, m, false)));
    let Some((i, m, winning)) = chosen else {
        return Ok(json!({ "before": before, "move": null, "after": heaps }));
    };
    let after = after_move(heaps, i, &m.left);
    Ok(json!({
        "before": before,
        "move": { "heap": i, "from": heaps[i], "take": m.take, "left": m.left, "winning": winning },
        "after": after,
        "after_element": element(a, &after)?,
    }))
}
