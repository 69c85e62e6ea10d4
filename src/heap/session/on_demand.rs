//! The values of a heap judge, computed as its cases need them.
//!
//! A judge reads its cases as they come, so it cannot know its largest heap before it starts.
//! Computing the whole search first (to `max_heap`, or the work bound) made a game without a
//! period wait up to half a minute before answering heaps of a few tokens. Here the values go
//! only as far as the heaps read: a heap past them runs the search on to that heap, from where
//! it stood, as a checkpoint would resume it, and by at least a quarter of what is computed (a
//! heap past `G(0..n)` leads to `G(0..5n/4)` or more): rising heaps then resume the search a
//! logarithmic number of times, and overshoot the largest heap by a quarter at most. Only a
//! heap at or past `max_heap` runs the whole search, for the period that alone can answer it.
//!
//! The answers are those of the whole search: every value is exact wherever it was computed,
//! and what stops the search short of a heap (the work bound, a value too large, `max_time`)
//! stops it there as it would have stopped the whole search, which then refuses the heap.

use std::fmt;
use std::time::Duration;

use grundy_core::heap::{Beyond, HeapAnalysis, HeapGame, HeapStatus, Period, PeriodRule, StopReason};

use super::{Session, SessionError, Watch};
use crate::heap::HeapLookup;
use crate::judge::JudgeError;

/// A [`HeapLookup`] that computes `G` up to the heaps asked for (see the module's docs), each
/// run watched by `W`.
#[derive(Debug)]
pub struct OnDemand<W> {
    session: Session,
    watch: W,
    /// The search so far (`None` before the first heap).
    analysis: Option<HeapAnalysis>,
    /// Nothing more will be computed: the whole search has run, or a bound stopped it.
    complete: bool,
    /// The time the runs so far took, which `max_time` bounds (not the time the judge spent
    /// reading its input between them).
    spent: Duration,
    /// What stopped the values, rather than a case's heap beyond them.
    error: Option<OnDemandError>,
}

/// What stopped an [`OnDemand`]'s values; the case then asked for is refused.
#[derive(Debug)]
#[non_exhaustive]
pub enum OnDemandError {
    /// The watch interrupted the search after `G(0..computed)`.
    Interrupted {
        /// The game.
        game: HeapGame,
        /// The values computed.
        computed: u64,
    },
    /// A heap at or past `max_heap` of a game no periodicity theorem covers: no value will
    /// ever answer it.
    Unprovable {
        /// The case that asked for it.
        case: u64,
        /// The game.
        game: HeapGame,
        /// The heap.
        heap: u64,
        /// The session's `max_heap`.
        max_heap: u64,
    },
    /// The values' file could not be made.
    Session(SessionError),
}

impl fmt::Display for OnDemandError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Interrupted { game, computed } => {
                write!(f, "game {game}: interrupted after G(0..{computed}) was computed")
            }
            Self::Unprovable { game, heap, max_heap, .. } => write!(
                f,
                "game {game}: heap {heap} is beyond max_heap {max_heap}, and no periodicity theorem covers this game"
            ),
            Self::Session(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for OnDemandError {}

impl<W: Watch> OnDemand<W> {
    /// Nothing computed yet; the session bounds the search, `watch` sees each run.
    pub fn new(session: Session, watch: W) -> OnDemand<W> {
        OnDemand { session, watch, analysis: None, complete: false, spent: Duration::ZERO, error: None }
    }

    /// What stopped the values, if anything did.
    pub fn take_error(&mut self) -> Option<OnDemandError> {
        self.error.take()
    }

    /// The search when it is complete without a proven period: heaps from its values on are
    /// refused.
    pub fn unproven(&self) -> Option<&HeapAnalysis> {
        self.analysis.as_ref().filter(|a| self.complete && a.period().is_none())
    }

    fn computed(&self) -> u64 {
        self.analysis.as_ref().map_or(0, HeapAnalysis::computed)
    }

    /// Whether `G(heap)` is known, or never will be.
    fn settled(&self, heap: u64) -> bool {
        self.complete || heap < self.computed() || self.period().is_some()
    }

    /// Runs the search on to `G(0..target)` (capped by `max_heap`): the whole search when the
    /// target is `max_heap`.
    fn run_to(&mut self, target: u64) -> Result<(), OnDemandError> {
        let max_heap = self.session.limits().max_heap();
        let limits = self.session.limits().search_to(self.session.game(), target.min(max_heap));
        let search = match self.analysis.take() {
            Some(analysis) => analysis.into_search(),
            None => {
                let first = self.session.limits().search(self.session.game(), None);
                self.session.new_search(&first, &mut self.watch).map_err(OnDemandError::Session)?
            }
        };
        let run = self.session.run(search, &limits, self.spent, None, &mut self.watch);
        self.spent += Duration::from_secs_f64(run.seconds);
        if let Some(computed) = run.interrupted() {
            return Err(OnDemandError::Interrupted { game: self.session.game().clone(), computed });
        }
        if let HeapStatus::NotFound(e) = &run.analysis.status {
            let stopped_short = !matches!(e.stopped, StopReason::Bound { .. } | StopReason::NoTheorem);
            self.complete = target >= max_heap || stopped_short;
        }
        self.analysis = Some(run.analysis);
        Ok(())
    }
}

impl<W: Watch> HeapLookup for OnDemand<W> {
    fn game(&self) -> &HeapGame {
        self.session.game()
    }

    fn period(&self) -> Option<Period> {
        self.analysis.as_ref().and_then(HeapAnalysis::period)
    }

    fn reach(&mut self, case: u64, heap: u64) -> Result<(), JudgeError> {
        if self.settled(heap) {
            return Ok(());
        }
        let max_heap = self.session.limits().max_heap();
        let computed = self.computed();
        let target = if heap < max_heap { (heap + 1).max(computed + computed / 4) } else { max_heap };
        let reached = if heap >= max_heap && PeriodRule::of(self.game()) == PeriodRule::None {
            Err(OnDemandError::Unprovable { case, game: self.game().clone(), heap, max_heap })
        } else {
            self.run_to(target)
        };
        reached.map_err(|e| {
            let reason = e.to_string();
            self.error = Some(e);
            JudgeError::Refused { case, reason }
        })
    }

    fn value(&self, heap: u64) -> Result<u32, Beyond> {
        match &self.analysis {
            Some(analysis) => analysis.value(heap),
            None => Err(Beyond { heap, computed: 0 }),
        }
    }
}
