//! Leapers: a square of values with the closed form's regions, a cell's options, and grundy's
//! move in a sum of knights. The hyper knight answers from the embedded tables; another move set
//! is analysed once (closed form discovered and proven, the square computed) and kept.

use std::sync::Arc;

use axum::Json;
use axum::body::Bytes;
use axum::extract::State as With;
use grundy::knight;
use grundy::leaper::{LeaperTable, regions};
use grundy::table::TableFile;
use grundy_core::generate::leaper_blob_with;
use grundy_core::leaper::{Analysis, ClosedForm, Limits, MoveSet, analyze};
use serde::Deserialize;
use serde_json::{Value, json};

use super::{Params, RawQuery, State, body, shorten};
use crate::ApiError;

/// The square side shown when the page does not say.
pub const DEFAULT_SIZE: u64 = 128;

/// The largest square side the page asks for.
pub const MAX_SIZE: u64 = 512;

/// The square computed for a move set other than the hyper knight's (the closed form, when
/// proven, answers beyond it).
const SQUARE: usize = MAX_SIZE as usize;

/// The most cells a move set's analysis computes (a quarter of the command line's default: it
/// answers within seconds).
const MAX_CELLS: u64 = 1 << 22;

/// The most knights in a position played.
pub const MAX_KNIGHTS: usize = 64;

/// A leaper's tables: the embedded hyper knight's, or a move set's, computed.
#[derive(Debug)]
pub struct Leaper {
    set: MoveSet,
    /// `None` for the hyper knight (embedded).
    computed: Option<(TableFile, Analysis)>,
}

impl Leaper {
    /// Its table of values.
    pub fn table(&self) -> Result<LeaperTable<'_>, ApiError> {
        match &self.computed {
            None => Ok(knight::embedded_table()),
            Some((file, _)) => file.leaper().map_err(|e| ApiError::refused(e.to_string())),
        }
    }

    /// Its certified closed form, if any.
    pub fn form(&self) -> Option<&ClosedForm> {
        match &self.computed {
            None => Some(knight::closed_form()),
            Some((_, analysis)) => analysis.form(),
        }
    }

    /// What its analysis says, in the command line's words.
    fn report(&self) -> String {
        match &self.computed {
            None => format!(
                "moves: {}\nclosed form (certified when grundy was built, embedded):\n{}",
                self.set,
                knight::closed_form()
            ),
            Some((_, analysis)) => analysis.to_string(),
        }
    }
}

/// The move set of `moves` (the hyper knight when absent).
pub(super) fn move_set(params: &Params) -> Result<MoveSet, ApiError> {
    match params.text("moves") {
        None => Ok(MoveSet::hyper_knight()),
        Some(text) => MoveSet::parse(text).map_err(|e| ApiError::bad(format!("moves {}: {e}", shorten(text)))),
    }
}

/// The leaper of `set`, from the cache or computed through the gate.
pub async fn leaper(state: &State, set: MoveSet) -> Result<Arc<Leaper>, ApiError> {
    if MoveSet::hyper_knight().is_set_of(&set.to_bytes()) {
        return Ok(Arc::new(Leaper { set, computed: None }));
    }
    let key = set.to_string();
    if let Some(found) = state.leapers.get(&key) {
        return Ok(found);
    }
    let computed = state
        .gate
        .run(move |_| {
            // No time bound in the library's analysis: its cells bound keeps it to seconds.
            let limits = Limits {
                max_cells: MAX_CELLS,
                start_cells: Limits::default().start_cells.min(MAX_CELLS / 4),
                ..Limits::default()
            };
            let analysis = analyze(&set, &limits);
            let blob = leaper_blob_with(&set, SQUARE, &analysis).map_err(|e| ApiError::refused(e.to_string()))?;
            let file = TableFile::from_bytes(blob).map_err(|e| ApiError::refused(e.to_string()))?;
            Ok(Arc::new(Leaper { set, computed: Some((file, analysis)) }))
        })
        .await?;
    state.leapers.put(key, computed.clone());
    Ok(computed)
}

/// `GET /api/leaper?moves=M&size=N`: `values` is one character per cell, row `x` after row
/// `x - 1`, the character `'0' + g(x, y)`; `regions` (in cell units, `X` down) when a closed
/// form is certified.
pub async fn values(With(state): With<Arc<State>>, query: RawQuery) -> Result<Json<Value>, ApiError> {
    let params = Params::from(query)?;
    let set = move_set(&params)?;
    let size = params.number("size", DEFAULT_SIZE, 1, MAX_SIZE)?;
    let leaper = leaper(&state, set).await?;
    let table = leaper.table()?;
    let mut values = String::with_capacity((size * size) as usize);
    let mut largest = 0u8;
    for x in 0..size {
        for y in 0..size {
            // Leaper values are below 64 (`ClosedForm`'s cells are bytes).
            let g = u8::try_from(table.value(x, y).map_err(|e| ApiError::refused(e.to_string()))?.0)
                .unwrap_or(u8::MAX - b'0');
            largest = largest.max(g);
            values.push(char::from(b'0' + g));
        }
    }
    let form = leaper.form();
    let (a, b) = leaper.set.potential();
    Ok(Json(json!({
        "moves": leaper.set.to_string(),
        "move_list": leaper.set.moves(),
        "hyper_knight": leaper.computed.is_none(),
        "potential": [a, b],
        "symmetric": leaper.set.is_symmetric(),
        "size": size,
        "values": values,
        "largest": largest,
        "status": if form.is_some() { "certified" } else { "not_found" },
        "form": form.map(|f| json!({
            "core": f.core_size(),
            "strips": f.features().len(),
            "sectors": f.sectors().len(),
            "modulus": f.modulus(),
        })),
        "regions": form.map(|f| regions(f, size)),
        "report": leaper.report(),
    })))
}

/// The moves from `(x, y)` that stay on the board (both coordinates at least 0).
fn targets(set: &MoveSet, (x, y): (u64, u64)) -> impl Iterator<Item = (u64, u64)> + '_ {
    set.moves()
        .iter()
        .filter_map(move |&(dx, dy)| Some((x.checked_add_signed(dx.into())?, y.checked_add_signed(dy.into())?)))
}

/// `GET /api/leaper/options?moves=M&x=X&y=Y`: the cell's value and each option's.
pub async fn options(With(state): With<Arc<State>>, query: RawQuery) -> Result<Json<Value>, ApiError> {
    let params = Params::from(query)?;
    let set = move_set(&params)?;
    let max = grundy_core::leaper::MAX_COORDINATE;
    let (x, y) = (params.number("x", 0, 0, max)?, params.number("y", 0, 0, max)?);
    let leaper = leaper(&state, set).await?;
    let table = leaper.table()?;
    let value = |(x, y): (u64, u64)| table.value(x, y).map(|g| g.0).map_err(|e| ApiError::refused(e.to_string()));
    let options = targets(&leaper.set, (x, y))
        .map(|to| Ok(json!({ "to": to, "value": value(to)? })))
        .collect::<Result<Vec<_>, ApiError>>()?;
    Ok(Json(json!({ "cell": [x, y], "value": value((x, y))?, "options": options })))
}

/// `a·x + b·y`, exact for every coordinate.
fn potential(set: &MoveSet, (x, y): (u64, u64)) -> i128 {
    let (a, b) = set.potential();
    i128::from(a) * i128::from(x) + i128::from(b) * i128::from(y)
}

/// A sum of knights to answer.
#[derive(Deserialize)]
struct Knights {
    #[serde(default)]
    moves: Option<String>,
    knights: Vec<(u64, u64)>,
}

/// `POST /api/knights/play` with `{"moves": M, "knights": [[x, y], ...]}`: grundy's move, winning
/// when one exists (the library's), else the one that lowers the potential least (the game
/// lasts longest); `move` is `null` when no knight can move (the game is over).
pub async fn play(With(state): With<Arc<State>>, bytes: Bytes) -> Result<Json<Value>, ApiError> {
    let request: Knights = body(&bytes)?;
    if request.knights.is_empty() || request.knights.len() > MAX_KNIGHTS {
        return Err(ApiError::bad(format!("knights: give 1 to {MAX_KNIGHTS} knights")));
    }
    let mut params = Params::default();
    if let Some(m) = request.moves {
        params.0.insert("moves".into(), m);
    }
    let leaper = leaper(&state, move_set(&params)?).await?;
    let table = leaper.table()?;
    let knights = request.knights;
    let refused = |e: grundy::leaper::KnightError| ApiError::refused(e.to_string());
    let values =
        knights.iter().map(|&(x, y)| table.value(x, y).map(|g| g.0)).collect::<Result<Vec<_>, _>>().map_err(refused)?;
    let nimber = values.iter().fold(0, |s, v| s ^ v);
    let chosen = match table.winning_move(&knights).map_err(refused)? {
        Some(m) => Some((m.knight, m.to, true)),
        None => knights
            .iter()
            .enumerate()
            .flat_map(|(i, &k)| targets(&leaper.set, k).map(move |to| (i, to)))
            .max_by_key(|&(_, to)| potential(&leaper.set, to))
            .map(|(i, to)| (i, to, false)),
    };
    let after = chosen.map(|(i, to, _)| {
        let mut after = knights.clone();
        after[i] = to;
        after
    });
    let after_nimber = match &after {
        Some(a) => Some(table.value_of_sum(a.iter().copied()).map_err(refused)?.0),
        None => None,
    };
    Ok(Json(json!({
        "values": values,
        "nimber": nimber,
        "move": chosen.map(|(i, to, winning)| json!({ "knight": i, "from": knights[i], "to": to, "winning": winning })),
        "after": after,
        "after_nimber": after_nimber,
    })))
}
