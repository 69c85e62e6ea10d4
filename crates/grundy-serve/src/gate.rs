//! At most a few computations at once, each on a blocking thread, each within a time bound that
//! it is told of, so that it stops by itself.

use std::sync::Arc;
use std::time::{Duration, Instant};

use tokio::sync::Semaphore;

use crate::ApiError;

/// The gate every computing request goes through.
#[derive(Debug, Clone)]
pub struct Gate {
    permits: Arc<Semaphore>,
    wait: Duration,
    max_time: Duration,
}

/// When a computation's time is up. The gate answers 503 once it has passed; the computation is
/// given the deadline so that it stops and answers by itself before (a partial result or a
/// refusal, by [`Deadline::stop_by`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Deadline {
    at: Instant,
    /// Kept to answer in: a tenth of the bound, at most a second.
    margin: Duration,
}

impl Deadline {
    /// `max_time` from now.
    fn after(max_time: Duration) -> Deadline {
        let now = Instant::now();
        Deadline { at: now.checked_add(max_time).unwrap_or(now), margin: (max_time / 10).min(Duration::from_secs(1)) }
    }

    /// When a computation that answers by itself should stop: the deadline less the margin to
    /// answer in.
    pub fn stop_by(&self) -> Instant {
        self.at.checked_sub(self.margin).unwrap_or(self.at)
    }

    /// The time left until [`Deadline::stop_by`].
    pub fn time_left(&self) -> Duration {
        self.stop_by().saturating_duration_since(Instant::now())
    }
}

impl Gate {
    /// `concurrent` computations at once, a request waiting `wait` at most for its turn, and
    /// answered 503 after `max_time` of computing.
    pub fn new(concurrent: usize, wait: Duration, max_time: Duration) -> Gate {
        Gate { permits: Arc::new(Semaphore::new(concurrent.max(1))), wait, max_time }
    }

    /// `work` run on a blocking thread once a permit is free, given its [`Deadline`]. The permit
    /// is held until `work` ends, even when the response has gone out for lack of time, so the
    /// number running never exceeds the bound; `work` must look at its deadline (or be short).
    pub async fn run<T: Send + 'static>(
        &self,
        work: impl FnOnce(Deadline) -> Result<T, ApiError> + Send + 'static,
    ) -> Result<T, ApiError> {
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| ApiError::unavailable("the server is busy computing other requests; try again in a moment"))?
            .map_err(|_| ApiError::unavailable("the server is shutting down"))?;
        let deadline = Deadline::after(self.max_time);
        let task = tokio::task::spawn_blocking(move || {
            let result = work(deadline);
            drop(permit);
            result
        });
        match tokio::time::timeout_at(deadline.at.into(), task).await {
            Ok(Ok(result)) => result,
            Ok(Err(_)) => Err(ApiError {
                status: axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                message: "the computation failed".into(),
            }),
            Err(_) => Err(ApiError::unavailable(format!(
                "the computation took longer than {} s; try a smaller size",
                grundy_core::Seconds(self.max_time)
            ))),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Work that stops by its deadline answers (not 503): the margin is left to answer in.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_stopping_by_its_deadline_answers() {
        let gate = Gate::new(1, Duration::from_secs(1), Duration::from_millis(500));
        let started = Instant::now();
        let left = gate
            .run(|deadline| {
                let left = deadline.time_left();
                while Instant::now() < deadline.stop_by() {
                    std::thread::sleep(Duration::from_millis(5));
                }
                Ok(left)
            })
            .await
            .unwrap();
        assert!(left > Duration::from_millis(300) && left <= Duration::from_millis(450), "{left:?}");
        assert!(started.elapsed() >= Duration::from_millis(450), "{:?}", started.elapsed());
    }

    /// Work that overruns is answered 503 at the bound, and keeps its permit until it ends: the
    /// next request waits for it.
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn work_past_its_deadline_is_refused_and_keeps_its_permit() {
        let gate = Gate::new(1, Duration::from_secs(2), Duration::from_millis(300));
        let started = Instant::now();
        let e = gate
            .run(|_| {
                std::thread::sleep(Duration::from_millis(800));
                Ok(())
            })
            .await
            .unwrap_err();
        assert_eq!(e.status, axum::http::StatusCode::SERVICE_UNAVAILABLE);
        assert!(e.message.contains("longer than 0.3 s"), "{}", e.message);
        assert!(started.elapsed() < Duration::from_millis(700), "{:?}", started.elapsed());
        gate.run(|_| Ok(())).await.unwrap();
        assert!(started.elapsed() >= Duration::from_millis(800), "{:?}", started.elapsed());
    }
}
