//! At most a few computations at once, each on a blocking thread, each within a time bound.

use std::sync::Arc;
use std::time::Duration;

use tokio::sync::Semaphore;

use crate::ApiError;

/// The gate every computing request goes through.
#[derive(Debug, Clone)]
pub struct Gate {
    permits: Arc<Semaphore>,
    wait: Duration,
    max_time: Duration,
}

impl Gate {
    /// `concurrent` computations at once, a request waiting `wait` at most for its turn, and
    /// answered 503 after `max_time` of computing.
    pub fn new(concurrent: usize, wait: Duration, max_time: Duration) -> Gate {
        Gate { permits: Arc::new(Semaphore::new(concurrent.max(1))), wait, max_time }
    }

    /// `work` run on a blocking thread once a permit is free. The permit is held until `work`
    /// ends, even when the response has gone out for lack of time, so a slow computation keeps
    /// its place and the number running never exceeds the bound.
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| ApiError::unavailable("the server is busy computing other requests; try again in a moment"))?
            .map_err(|_| ApiError::unavailable("the server is shutting down"))?;
        let task = tokio::task::spawn_blocking(move || {
            let result = work();
            drop(permit);
            result
        });
        match tokio::time::timeout(self.max_time, task).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(ApiError {
                status: axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                message: "the computation failed".into(),
            }),
            Err(_) => Err(ApiError::unavailable(format!(
                "the computation took longer than {} s; try a smaller size",
                self.max_time.as_secs()
            ))),
        }
    }
}
