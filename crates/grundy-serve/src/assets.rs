//! The page's files, embedded in the binary: the only files the server ever sends. A path is
//! looked up by exact name; anything else (`..` included) is 404.

use axum::http::{HeaderValue, Method, StatusCode, Uri, header};
use axum::response::{IntoResponse, Response};

/// Each file: its path, its media type and its text.
pub const FILES: &[(&str, &str, &str)] = &[
    ("/", "text/html; charset=utf-8", include_str!("../page/index.html")),
    ("/app.css", "text/css; charset=utf-8", include_str!("../page/app.css")),
    ("/app.js", "text/javascript; charset=utf-8", include_str!("../page/app.js")),
    ("/picture.js", "text/javascript; charset=utf-8", include_str!("../page/picture.js")),
    ("/play.js", "text/javascript; charset=utf-8", include_str!("../page/play.js")),
    ("/judge.js", "text/javascript; charset=utf-8", include_str!("../page/judge.js")),
];

/// The embedded file at `path`, if there is one (`/index.html` is `/`).
pub fn file(path: &str) -> Option<(&'static str, &'static str)> {
    let path = if path == "/index.html" { "/" } else { path };
    FILES.iter().find(|(p, ..)| *p == path).map(|&(_, kind, text)| (kind, text))
}

/// The fallback of every route not in the API: an embedded file, or 404.
pub async fn serve(method: Method, uri: Uri) -> Response {
    if method != Method::GET && method != Method::HEAD {
        return (StatusCode::METHOD_NOT_ALLOWED, "only GET serves the page's files\n").into_response();
    }
    match file(uri.path()) {
        Some((kind, text)) => {
            let mut response = text.into_response();
            let headers = response.headers_mut();
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(kind));
            headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
            headers.insert("x-content-type-options", HeaderValue::from_static("nosniff"));
            response
        }
        None => (StatusCode::NOT_FOUND, format!("no such file: {}\n", uri.path())).into_response(),
    }
}
