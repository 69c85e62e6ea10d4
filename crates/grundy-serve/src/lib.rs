//! `grundy serve`: a local explorer page for grundy's games, and the JSON API it calls.
//!
//! The page (plain HTML, CSS and JavaScript, [`assets`]) is embedded in the binary; nothing else
//! is ever served. The API computes with the `grundy` library and `grundy-core`
//! ([`api`]): a leaper's values and closed form, a heap game's values and period or its misère
//! quotient, a script's game, a Mine board's pieces, grundy's reply in a game, and the judges'
//! answers. Every request is bounded: sizes and
//! heaps are capped, a body is at most [`Limits::max_body`] bytes, and at most
//! [`Limits::concurrent`] requests compute at once ([`gate`]), each on a blocking thread within
//! [`Limits::max_time`].

pub mod api;
pub mod assets;
pub mod error;
pub mod gate;

use std::io;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::extract::DefaultBodyLimit;

pub use error::ApiError;
pub use gate::Gate;

/// What a server allows each request.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Limits {
    /// Requests computed at once; more wait up to [`Limits::wait`], then get 503.
    pub concurrent: usize,
    /// How long a request waits for its turn.
    pub wait: Duration,
    /// How long a computation may run: it is told its [`gate::Deadline`], and heap and Mine
    /// searches, misère analyses and scripts stop by themselves before it; a response is 503
    /// after this long in any case.
    pub max_time: Duration,
    /// The largest request body, in bytes (a judge input).
    pub max_body: usize,
}

impl Default for Limits {
    /// 4 at once, 2 s of waiting, 10 s of computing, 1 MiB bodies.
    fn default() -> Self {
        Limits { concurrent: 4, wait: Duration::from_secs(2), max_time: Duration::from_secs(10), max_body: 1 << 20 }
    }
}

/// The whole application: the page's files and the API, under `limits`.
pub fn router(limits: Limits) -> Router {
    let state = Arc::new(api::State::new(limits));
    Router::new().merge(api::routes(state)).fallback(assets::serve).layer(DefaultBodyLimit::max(limits.max_body))
}

/// Serves [`router`] on `listener` until the process ends.
pub async fn serve(listener: tokio::net::TcpListener, limits: Limits) -> io::Result<()> {
    axum::serve(listener, router(limits).into_make_service_with_connect_info::<SocketAddr>()).await
}

/// The URL a browser opens for a server listening on `addr`.
pub fn url(addr: SocketAddr) -> String {
    match addr {
        SocketAddr::V6(a) => format!("http://[{}]:{}/", a.ip(), a.port()),
        SocketAddr::V4(a) => format!("http://{}:{}/", a.ip(), a.port()),
    }
}
