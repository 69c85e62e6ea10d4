//! The JSON API the page calls. Each family's endpoints are in its file; every computing
//! request goes through the [`Gate`]. Query parameters are read by [`Params`], bodies by
//! `body`: anything malformed is a 400 with a message, never a panic.
//!
//! | endpoint | what it answers |
//! |---|---|
//! | `GET /api/leaper?moves=M&size=N` | `g(x, y)` for `x, y < N`, the closed form's status and regions |
//! | `GET /api/leaper/options?moves=M&x=X&y=Y` | a cell's value and its options |
//! | `POST /api/knights/play` | grundy's move in a sum of knights |
//! | `GET /api/heap?spec=S&n=N` | `G(0..N)`, the period and its proof's status |
//! | `GET /api/heap/moves?spec=S&heap=H` | a heap's moves and their values |
//! | `POST /api/heap/play` | grundy's move in a sum of heaps |
//! | `GET /api/misere?spec=S&n=N` | a heap game's misère quotient, its status and `Φ(0..N)` |
//! | `GET /api/misere/moves?spec=S&heap=H` | a heap's moves and the elements they leave |
//! | `POST /api/misere/play` | grundy's move in a misère sum of heaps |
//! | `POST /api/rules` | a script's game: `G(0..N)` or a pair table, the regularity observed |
//! | `POST /api/rules/options` | a position of a script's game: its value and options |
//! | `POST /api/rules/play` | grundy's move in a sum of a script's game |
//! | `GET /api/mine?board=B` | a Mine board's pieces, value and winning click |
//! | `POST /api/judge` | a judge's output (or `--explain`'s) for a pasted input |

mod heap;
mod judge;
mod leaper;
mod mine;
mod misere;
mod rules;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use axum::Router;
use axum::extract::Query;
use axum::routing::{get, post};
use serde::de::DeserializeOwned;

use crate::{ApiError, Gate, Limits};

/// What the handlers share: the gate, and the games computed so far.
#[derive(Debug)]
pub struct State {
    /// Where computing requests wait their turn.
    pub gate: Gate,
    /// The limits the server was started with.
    pub limits: Limits,
    leapers: Cache<leaper::Leaper>,
    heaps: Cache<grundy_core::heap::HeapAnalysis>,
    miseres: Cache<grundy_core::heap_misere::MisereAnalysis>,
}

impl State {
    /// No game computed yet.
    pub fn new(limits: Limits) -> State {
        State {
            gate: Gate::new(limits.concurrent, limits.wait, limits.max_time),
            limits,
            leapers: Cache::default(),
            heaps: Cache::default(),
            miseres: Cache::default(),
        }
    }
}

/// The last few games computed, by their canonical notation.
#[derive(Debug)]
struct Cache<T>(Mutex<HashMap<String, Arc<T>>>);

impl<T> Default for Cache<T> {
    fn default() -> Self {
        Cache(Mutex::new(HashMap::new()))
    }
}

impl<T> Cache<T> {
    /// Games kept; one more evicts one of them.
    const KEPT: usize = 16;

    fn get(&self, key: &str) -> Option<Arc<T>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).get(key).cloned()
    }

    fn put(&self, key: String, value: Arc<T>) {
        let mut map = self.0.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= Self::KEPT
            && let Some(old) = map.keys().next().cloned()
        {
            map.remove(&old);
        }
        map.insert(key, value);
    }
}

/// The API's routes.
pub fn routes(state: Arc<State>) -> Router {
    Router::new()
        .route("/api/leaper", get(leaper::values))
        .route("/api/leaper/options", get(leaper::options))
        .route("/api/knights/play", post(leaper::play))
        .route("/api/heap", get(heap::values))
        .route("/api/heap/moves", get(heap::moves))
        .route("/api/heap/play", post(heap::play))
        .route("/api/misere", get(misere::quotient))
        .route("/api/misere/moves", get(misere::moves))
        .route("/api/misere/play", post(misere::play))
        .route("/api/rules", post(rules::values))
        .route("/api/rules/options", post(rules::options))
        .route("/api/rules/play", post(rules::play))
        .route("/api/mine", get(mine::board))
        .route("/api/judge", post(judge::judge))
        .with_state(state)
}

/// What the query extractor gives a handler, for [`Params`] to read.
pub type RawQuery = Result<Query<HashMap<String, String>>, axum::extract::rejection::QueryRejection>;

/// A request's query parameters.
#[derive(Debug, Default)]
pub struct Params(HashMap<String, String>);

impl Params {
    /// From the extractor; a query that is not `name=value&...` is a 400.
    fn from(query: RawQuery) -> Result<Params, ApiError> {
        query.map(|Query(map)| Params(map)).map_err(|e| ApiError::bad(format!("the query: {}", e.body_text())))
    }

    /// A parameter, trimmed; `None` when absent or empty.
    fn text(&self, name: &str) -> Option<&str> {
        self.0.get(name).map(|s| s.trim()).filter(|s| !s.is_empty())
    }

    /// A whole number `name` in `min..=max`, `default` when absent.
    fn number(&self, name: &str, default: u64, min: u64, max: u64) -> Result<u64, ApiError> {
        let Some(text) = self.text(name) else { return Ok(default) };
        match text.parse::<u64>() {
            Ok(n) if (min..=max).contains(&n) => Ok(n),
            _ => Err(ApiError::bad(format!("{name} = {}: must be a whole number from {min} to {max}", shorten(text)))),
        }
    }
}

/// A JSON body of type `T`; anything else is a 400 naming what is wrong.
fn body<T: DeserializeOwned>(bytes: &[u8]) -> Result<T, ApiError> {
    serde_json::from_slice(bytes).map_err(|e| ApiError::bad(format!("the request body: {e}")))
}

/// `text` cut to 40 characters for a message.
fn shorten(text: &str) -> String {
    match text.char_indices().nth(40) {
        Some((at, _)) => format!("{}…", &text[..at]),
        None => text.to_string(),
    }
}
