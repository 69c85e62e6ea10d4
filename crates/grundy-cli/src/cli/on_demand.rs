//! The values of `grundy heaps --heap`, computed as the cases need them.
//!
//! A judge reads its cases as they come, so it cannot know its largest heap before it starts.
//! Computing the whole search first (to `--max-heap`, or the work bound) made a game without a
//! period wait up to half a minute before answering heaps of a few tokens. Here the values go
//! only as far as the heaps read: a heap past them runs the search on to that heap, from where
//! it stood, as a checkpoint would resume it, and by at least a quarter of what is computed (a
//! heap past `G(0..n)` leads to `G(0..5n/4)` or more): rising heaps then resume the search a
//! logarithmic number of times, and overshoot the largest heap by a quarter at most. Only a
//! heap at or past `--max-heap` runs the whole search, for the period that alone can answer it.
//!
//! The answers are those of the whole search: every value is exact wherever it was computed,
//! and what stops the search short of a heap (the work bound, a value too large, `--max-time`)
//! stops it there as it would have stopped the whole search, which then refuses the heap.

use std::time::Instant;

use grundy::judge::{HeapLookup, JudgeError};
use grundy_core::{
    heap::Beyond, heap::HeapAnalysis, heap::HeapGame, heap::HeapStatus, heap::Period, heap::PeriodRule,
    heap::StopReason,
};

use super::Failure;
use super::heap::Heap;

/// A [`HeapLookup`] that computes `G` up to the heaps asked for (see the module's docs).
pub(super) struct OnDemand {
    args: Heap,
    game: HeapGame,
    /// The search so far (`None` before the first heap).
    analysis: Option<HeapAnalysis>,
    /// Nothing more will be computed: the whole search has run, or a bound stopped it.
    complete: bool,
    /// When the judge started, from which `--max-time` counts.
    start: Instant,
    /// What stopped the values (Ctrl-C, or the values' file): the command fails with it rather
    /// than with the refusal of the case it stopped.
    failure: Option<Failure>,
}

impl OnDemand {
    /// Nothing computed yet; `args` bounds the search as it bounds `grundy analyze --heap`.
    pub(super) fn new(args: Heap, game: HeapGame) -> OnDemand {
        OnDemand { args, game, analysis: None, complete: false, start: Instant::now(), failure: None }
    }

    /// Why the values stopped the judge, if they did.
    pub(super) fn take_failure(&mut self) -> Option<Failure> {
        self.failure.take()
    }

    fn computed(&self) -> u64 {
        self.analysis.as_ref().map_or(0, HeapAnalysis::computed)
    }

    /// Whether `G(heap)` is known, or never will be.
    fn settled(&self, heap: u64) -> bool {
        self.complete || heap < self.computed() || self.period().is_some()
    }

    /// Runs the search on to `G(0..target)` (capped by `--max-heap`): the whole search when the
    /// target is `--max-heap`.
    fn run_to(&mut self, target: u64) -> Result<(), Failure> {
        let search = match self.analysis.take() {
            Some(analysis) => analysis.into_search(),
            None => {
                let room = usize::try_from(target).unwrap_or(usize::MAX);
                self.args.new_search(&self.game, &self.args.limits(&self.game, None), room)?
            }
        };
        let max_heap = self.args.max_heap_or_default();
        let whole = target >= max_heap;
        let analysis = self.args.run_on(search, target.min(max_heap), self.start.elapsed())?;
        if let HeapStatus::NotFound(e) = &analysis.status {
            let stopped_short = !matches!(e.stopped, StopReason::Bound { .. } | StopReason::NoTheorem);
            if whole || stopped_short {
                self.complete = true;
                super::heap::note_refused(&analysis);
            }
        }
        self.analysis = Some(analysis);
        Ok(())
    }
}

impl HeapLookup for OnDemand {
    fn game(&self) -> &HeapGame {
        &self.game
    }

    fn period(&self) -> Option<Period> {
        self.analysis.as_ref().and_then(HeapAnalysis::period)
    }

    fn reach(&mut self, case: u64, heap: u64) -> Result<(), JudgeError> {
        if self.settled(heap) {
            return Ok(());
        }
        let max_heap = self.args.max_heap_or_default();
        if heap >= max_heap && PeriodRule::of(&self.game) == PeriodRule::None {
            let reason = super::heap::beyond_unprovable(&self.game, heap, max_heap);
            return Err(JudgeError::Refused { case, reason });
        }
        let computed = self.computed();
        let target = if heap < max_heap { (heap + 1).max(computed + computed / 4) } else { max_heap };
        self.run_to(target).map_err(|failure| {
            let reason = failure.message.clone();
            self.failure = Some(failure);
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
