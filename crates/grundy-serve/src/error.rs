//! An API error: an HTTP status and a message the page shows as it is.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::json;

/// A refused or failed request: `{"error": message}` with `status`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// 400 for bad input, 404, 413, 422 for input a judge rejects, 503 when busy or too slow.
    pub status: StatusCode,
    /// What went wrong, in one sentence.
    pub message: String,
}

impl ApiError {
    /// 400: the request is malformed.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::BAD_REQUEST, message: message.into() }
    }

    /// 422: well-formed, but the game or the judge refuses it (a limit, a judge input error).
    pub fn refused(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::UNPROCESSABLE_ENTITY, message: message.into() }
    }

    /// 503: the server is busy, or the computation ran out of time.
    pub fn unavailable(message: impl Into<String>) -> ApiError {
        ApiError { status: StatusCode::SERVICE_UNAVAILABLE, message: message.into() }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.status, Json(json!({ "error": self.message }))).into_response()
    }
}
