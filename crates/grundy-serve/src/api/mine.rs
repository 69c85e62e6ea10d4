//! Mine boards: a board's blank regions, clusters, pieces, value and winning click, as the
//! library's solver finds them.

use std::sync::Arc;

use axum::Json;
use axum::extract::State as With;
use grundy::mine::{Board, Solver};
use serde_json::{Value, json};

use super::{Params, RawQuery, State, shorten};
use crate::ApiError;
use crate::gate::Deadline;

/// The largest side of a board the page draws.
pub const MAX_SIDE: u64 = 256;

/// The most cells of a board the page draws.
pub const MAX_CELLS: u64 = 1 << 14;

/// A board written `ROWSxCOLS:r,c;r,c;...` (0-based mines; `ROWSxCOLS` alone has none).
pub fn parse_board(text: &str) -> Result<Board, ApiError> {
    let bad = |why: &str| ApiError::bad(format!("board {}: {why}", shorten(text)));
    let (size, mines) = text.split_once(':').unwrap_or((text, ""));
    let (rows, cols) = size.split_once(['x', 'X']).ok_or_else(|| bad("write ROWSxCOLS:r,c;r,c;..."))?;
    let side = |s: &str| s.trim().parse::<u64>().ok().filter(|n| (1..=MAX_SIDE).contains(n));
    let (Some(rows), Some(cols)) = (side(rows), side(cols)) else {
        return Err(bad(&format!("rows and columns must be whole numbers from 1 to {MAX_SIDE}")));
    };
    if rows * cols > MAX_CELLS {
        return Err(bad(&format!("at most {MAX_CELLS} cells")));
    }
    let mut board = Board::new(rows, cols).map_err(|e| bad(&e.to_string()))?;
    for mine in mines.split([';', ' ']).map(str::trim).filter(|m| !m.is_empty()) {
        let (r, c) = mine.split_once(',').ok_or_else(|| bad(&format!("mine {}: write r,c", shorten(mine))))?;
        let (Ok(r), Ok(c)) = (r.trim().parse::<u64>(), c.trim().parse::<u64>()) else {
            return Err(bad(&format!("mine {}: write two whole numbers r,c", shorten(mine))));
        };
        board.place_mine(r, c).map_err(|e| bad(&format!("mine {r},{c}: {e}")))?;
    }
    Ok(board)
}

/// `GET /api/mine?board=B`: the mines, the blank cells as runs `[row, first, last, region]`, each
/// region's cluster (or `null`), the shared numbers, the pieces (as `--json` writes them), the
/// value and a winning click.
pub async fn board(With(state): With<Arc<State>>, query: RawQuery) -> Result<Json<Value>, ApiError> {
    let params = Params::from(query)?;
    let text = params.text("board").ok_or_else(|| ApiError::bad("board: give a board, ROWSxCOLS:r,c;r,c;..."))?;
    let board = parse_board(text)?;
    let answer = state.gate.run(move |deadline| solve(&board, deadline)).await?;
    Ok(Json(answer))
}

/// What [`board`] answers; a search running to [`Deadline::stop_by`] is refused.
fn solve(board: &Board, deadline: Deadline) -> Result<Value, ApiError> {
    let mut solver = Solver::new();
    solver.set_deadline(Some(deadline.stop_by()));
    let refused = |e: grundy::mine::SolveError| ApiError::refused(e.to_string());
    let explanation = solver.explain(board).map_err(refused)?;
    let map = solver.region_map(board).map_err(refused)?;
    let runs: Vec<_> = map.runs().map(|(row, first, last, region)| json!([row, first, last, region])).collect();
    let clusters: Vec<_> = (0..map.regions() as u32).map(|r| map.cluster_of(r)).collect();
    let shared: Vec<_> = map.shared_numbers().collect();
    let mines: Vec<_> = (0..board.rows() as u64)
        .flat_map(|r| (0..board.cols() as u64).map(move |c| (r, c)))
        .filter(|&(r, c)| board.is_mine(r, c))
        .collect();
    let a = &explanation.analysis;
    Ok(json!({
        "rows": board.rows(),
        "cols": board.cols(),
        "mines": mines,
        "runs": runs,
        "clusters": clusters,
        "shared": shared,
        "components": explanation.components,
        "value": a.value.0,
        "keeps_promise": a.keeps_promise(),
        "regions": a.regions,
        "numbers": a.numbers,
        "winning_click": explanation.winning_move.map(|c| [c.row, c.col]),
    }))
}
