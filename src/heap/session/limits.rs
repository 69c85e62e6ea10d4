//! The limits of a session, with the one set of defaults: those of [`HeapLimits::default`],
//! whose work bound is [`WORK_PER_HEAP`] times its `max_heap`.

use std::path::PathBuf;
use std::time::Duration;

use grundy_core::heap::{HeapGame, HeapLimits, PeriodRule};

/// The values computed by default of a game no periodicity theorem covers (Grundy's game).
pub const DEFAULT_UNPROVABLE: u64 = 1 << 16;

/// Option values looked at per heap of `max_heap`, on average: the work bound of a search
/// (games without a sparse space cost `Θ(N²)` and stop there).
pub const WORK_PER_HEAP: u64 = 1 << 14;

/// From this `max_heap` on, the values are kept in a file (`values_dir`, by default the
/// system's temporary directory) rather than in memory.
pub const VALUES_IN_FILE_FROM: u64 = 1 << 30;

/// How far a session computes, how long, on how many threads, and where its values live.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionLimits {
    /// Compute at most `G(0..max_heap)` (default: [`HeapLimits::default`]'s).
    pub max_heap: Option<u64>,
    /// Stop computing after this long (over all the runs of an [`OnDemand`](super::OnDemand)).
    pub max_time: Option<Duration>,
    /// Compute on this many threads (default: 2 where the machine has two cores or more).
    pub threads: Option<usize>,
    /// Keep the values in a temporary file in this directory rather than in memory (the
    /// default from [`VALUES_IN_FILE_FROM`] values on, in the system's temporary directory).
    pub values_dir: Option<PathBuf>,
}

impl SessionLimits {
    /// `max_heap`, or its default.
    pub fn max_heap(&self) -> u64 {
        self.max_heap.unwrap_or(HeapLimits::default().max_heap as u64)
    }

    /// The threads: `threads`, else 2 where the machine has two cores.
    pub fn threads(&self) -> usize {
        self.threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(2)))
    }

    /// The search's limits for `game`. A game no theorem covers has no period to look for: its
    /// values are the result, `G(0..wanted)` (by default [`DEFAULT_UNPROVABLE`]), at most
    /// `max_heap`.
    pub fn search(&self, game: &HeapGame, wanted: Option<u64>) -> HeapLimits {
        let max_heap = self.max_heap();
        let first = match PeriodRule::of(game) {
            PeriodRule::None => wanted.or(self.max_heap).unwrap_or(DEFAULT_UNPROVABLE).min(max_heap),
            // Not bounded by max_heap here (the search bounds each step): a checkpoint then
            // holds the first step's target, which a larger max_heap resumes with.
            _ => HeapLimits::default().first as u64,
        } as usize;
        HeapLimits {
            first,
            max_heap: max_heap as usize,
            max_work: max_heap.saturating_mul(WORK_PER_HEAP),
            threads: self.threads(),
        }
    }

    /// The limits of a search for `G(0..n)`: it stops at `n` (within `max_heap`), a period
    /// being needed only past the values computed.
    pub fn search_to(&self, game: &HeapGame, n: u64) -> HeapLimits {
        let mut limits = self.search(game, Some(n));
        limits.max_heap = limits.max_heap.min(usize::try_from(n).unwrap_or(usize::MAX));
        limits
    }

    /// Where the values of a search within `limits` go: a temporary file in this directory
    /// (`values_dir`, or the system's temporary directory from [`VALUES_IN_FILE_FROM`] values
    /// on), or memory (`None`).
    pub fn values_dir(&self, limits: &HeapLimits) -> Option<PathBuf> {
        match &self.values_dir {
            Some(dir) => Some(dir.clone()),
            None if limits.max_heap as u64 >= VALUES_IN_FILE_FROM => Some(std::env::temp_dir()),
            None => None,
        }
    }
}
