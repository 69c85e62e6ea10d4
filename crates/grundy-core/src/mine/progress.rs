//! The exact search's clock: a time bound per board, a deadline for a run of boards, and progress
//! reports on a long search.
//!
//! The search looks at the clock as its cost grows (every [`CLOCK_UNITS`] budget units, see
//! [`chomp`](super::chomp)), never on a timer of its own: no thread, and nothing to do for a
//! board that is solved fast.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

/// Budget units between two looks at the clock. A look costs tens of nanoseconds; 64 units take
/// a fraction of a millisecond in a release build (the default budget of 2^18 units, 1-2 s).
pub(super) const CLOCK_UNITS: usize = 64;

/// How a long search is going, as a progress report sees it (see [`Solver::set_progress`]).
///
/// [`Solver::set_progress`]: super::Solver::set_progress
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct Progress {
    /// The case being solved, as the judge numbers them (from 1); `None` outside a judge.
    pub case: Option<u64>,
    /// Blank regions in the cluster being searched.
    pub regions: usize,
    /// Search states memoised for the board so far.
    pub states: usize,
    /// Time since the board's search began.
    pub elapsed: Duration,
}

/// Progress reports for searches that run long: `report` is called once a board's search has
/// run `after`, then at most every `every`, from the thread solving it.
#[derive(Clone)]
pub struct ProgressHook {
    /// The first report comes after this long.
    pub after: Duration,
    /// The least time between two reports.
    pub every: Duration,
    /// What to do with a report.
    pub report: Arc<dyn Fn(&Progress) + Send + Sync>,
}

impl fmt::Debug for ProgressHook {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ProgressHook").field("after", &self.after).field("every", &self.every).finish_non_exhaustive()
    }
}

/// The clock of one board's search (or one move search): its start, the time bound and the
/// next progress report.
#[derive(Debug, Clone)]
pub struct Clock {
    start: Instant,
    deadline: Option<Instant>,
    progress: Option<(ProgressHook, Instant)>,
    /// What a report names besides states and time.
    pub(super) case: Option<u64>,
    pub(super) regions: usize,
    /// The cost at which the clock is looked at next.
    next_look: usize,
}

impl Clock {
    /// A clock started now, with a time bound and a deadline (`None`: none; the earlier of them
    /// stops the search) and progress reports.
    pub fn start(
        max_time: Option<Duration>,
        deadline: Option<Instant>,
        progress: Option<ProgressHook>,
        case: Option<u64>,
    ) -> Clock {
        let start = Instant::now();
        let bound = max_time.and_then(|t| start.checked_add(t));
        Clock {
            start,
            deadline: match (bound, deadline) {
                (Some(a), Some(b)) => Some(a.min(b)),
                (a, b) => a.or(b),
            },
            progress: progress.map(|p| {
                let first = start.checked_add(p.after).unwrap_or(start);
                (p, first)
            }),
            case,
            regions: 0,
            next_look: 0,
        }
    }

    /// The time since the clock started.
    pub fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }

    /// Looks at the clock when the search's cost has grown enough since the last look: `Err`
    /// with the time elapsed once the bound is passed; a progress report when one is due.
    #[inline]
    pub(super) fn tick(&mut self, cost: usize, states: usize) -> Result<(), Duration> {
        if cost < self.next_look {
            return Ok(());
        }
        self.next_look = cost.saturating_add(CLOCK_UNITS);
        if self.deadline.is_none() && self.progress.is_none() {
            return Ok(());
        }
        let now = Instant::now();
        let elapsed = now.saturating_duration_since(self.start);
        if self.deadline.is_some_and(|d| now >= d) {
            return Err(elapsed);
        }
        if let Some((hook, next)) = &mut self.progress
            && now >= *next
        {
            *next = now.checked_add(hook.every).unwrap_or(now);
            (hook.report)(&Progress { case: self.case, regions: self.regions, states, elapsed });
        }
        Ok(())
    }
}
