//! Heap games: take-and-break codes (octal and hexadecimal), finite subtraction sets and
//! Grundy's game.
//!
//! - `spec.rs`: the notation (`0.137`, `4.07`, `{1,3,4}`, `grundy`) and its typed errors
//!   ([`HeapGame`]);
//! - `values.rs`: `G(0..N)` by the rare-value method, every value proven ([`HeapValues`]);
//! - `naive.rs`: a value by the definition, which a resumed checkpoint is checked against, and
//!   `G(0..N)` by the definition, the oracle of the unit tests;
//! - `period.rs`: the periodicity theorems and the search for the least proven period
//!   ([`find_period`]);
//! - `check.rs`: an independent re-check of a periodicity claim ([`check_period`]);
//! - `moves.rs`: a move from one heap to a chosen value (the winning move of a sum,
//!   [`move_to_value`]), and every move from a heap ([`every_move`]);
//! - [`table`]: the blob payload of a game's values and period, read in place ([`HeapTable`]);
//! - [`checkpoint`]: the file format of a stopped search;
//! - [`analyze_heap`]: values for `N = first, 2·first, …` until a period is proven or a limit is
//!   reached, then an O(1) evaluator for every heap below 2^64 ([`HeapAnalysis::value`]);
//!   [`analyze_heap_from`] goes on from a [`HeapSearch`] (a checkpoint) exactly as the run that
//!   was stopped would have.

mod check;
pub mod checkpoint;
mod moves;
mod naive;
mod period;
mod spec;
pub mod table;
mod values;

pub use check::{CheckFailure, check_period};
pub use moves::{HeapMove, every_move, move_to_value, move_where};
pub use period::{Period, PeriodRule, find_period, values_to_prove};
pub use spec::{HeapGame, HeapGameError, MAX_TAKE};
pub use table::HeapTable;
pub use values::{HeapValues, MAX_HEAP_VALUE, MAX_HEAPS, Sparse, ValuesError, heap_values};

use alloc::string::String;
use alloc::vec::Vec;
use core::fmt;
use core::ops::Range;
use core::time::Duration;

use crate::Seconds;
use check::check_period_with;
use period::{find_period_with, values_to_prove_with};
use values::store::Store;

/// Limits of [`analyze_heap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapLimits {
    /// The first number of values computed (then doubled, or raised just to the count that would
    /// prove the period the values suggest, [`period::values_to_prove`]).
    pub first: usize,
    /// The most values computed (`G(0..max_heap)`).
    pub max_heap: usize,
    /// The most option values looked at in all ([`HeapValues::work`]): games without a useful
    /// sparse space cost `Θ(N²)` and stop here.
    pub max_work: u64,
    /// The threads the values are computed on: 2 (or more) runs the two-thread pipeline where
    /// it pays, 1 computes on the calling thread only ([`HeapValues::set_threads`]). The
    /// values, the result and the work counted are the same either way.
    pub threads: usize,
}

impl Default for HeapLimits {
    /// `first` 1024, `max_heap` 2^21 (4 MB of values), `max_work` 2^35 (2^14 option values
    /// per heap of `max_heap` on average; seconds in a release build for a game with a sparse
    /// space): enough to prove 0.16 (2^19 values) and 0.56 (2^20 values); two threads.
    fn default() -> Self {
        HeapLimits { first: 1 << 10, max_heap: 1 << 21, max_work: 1 << 35, threads: 2 }
    }
}

/// Why [`analyze_heap`] stopped without a proven period.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum StopReason {
    /// `max_heap` values were computed.
    Bound {
        /// The limit.
        max_heap: u64,
    },
    /// The work limit ran out.
    Work {
        /// The limit.
        max_work: u64,
    },
    /// A value exceeded [`values::MAX_HEAP_VALUE`].
    ValueTooLarge {
        /// The heap.
        heap: u64,
    },
    /// No periodicity theorem covers the game (Grundy's game): only `first` values are computed.
    NoTheorem,
    /// The time bound ran out (the hook of [`analyze_heap_with`] said [`HeapControl::TimeLimit`]).
    TimeLimit {
        /// The bound.
        max_time: Duration,
    },
    /// The computation was interrupted (the hook said [`HeapControl::Interrupt`]).
    Interrupted,
    /// The file holding the values could not grow (`HeapSearch::into_file`, with `std`).
    Storage {
        /// What the system said.
        message: String,
    },
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Bound { max_heap } => write!(f, "the bound of {max_heap} values was reached"),
            Self::Work { max_work } => write!(f, "the work limit of {max_work} option values ran out"),
            Self::ValueTooLarge { heap } => write!(f, "the value of heap {heap} exceeds {}", values::MAX_HEAP_VALUE),
            Self::NoTheorem => write!(f, "no periodicity theorem covers this game"),
            Self::TimeLimit { max_time } => {
                write!(f, "the time bound of {} s was reached", Seconds(*max_time))
            }
            Self::Interrupted => write!(f, "interrupted"),
            Self::Storage { message } => write!(f, "the values' file could not grow: {message}"),
        }
    }
}

/// How a computation of [`analyze_heap_with`] is going.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct HeapProgress {
    /// Values computed so far (`G(0..computed)`).
    pub computed: u64,
    /// The values the current step computes (a doubling, or the count a suggested period needs).
    pub step_target: u64,
    /// The most values the analysis computes (`max_heap`, or `first` for a game no theorem
    /// covers).
    pub limit: u64,
    /// The largest value so far.
    pub max_value: u32,
    /// Rare positions under the current split of values.
    pub rare_count: u64,
    /// The last rare position, if any.
    pub last_rare: Option<u64>,
    /// Option values looked at so far ([`HeapValues::work`]).
    pub work: u64,
    /// Where the loop stands: with the values the hook of [`analyze_heap_from`] gets, the state
    /// to checkpoint.
    pub step: HeapStep,
}

/// What the hook of [`analyze_heap_with`] wants.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum HeapControl {
    /// Go on.
    Continue,
    /// Stop now: [`StopReason::Interrupted`].
    Interrupt,
    /// Stop now: [`StopReason::TimeLimit`] with this bound.
    TimeLimit(Duration),
}

/// What was seen when no period was proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    /// Values computed (`G(0..computed)`).
    pub computed: u64,
    /// The largest of them.
    pub max_value: u32,
    /// The number of rare positions under the last split of values (see [`HeapValues`]).
    pub rare_count: u64,
    /// The last rare position, if any.
    pub last_rare: Option<u64>,
    /// Why the search stopped.
    pub stopped: StopReason,
}

/// The result of [`analyze_heap`]: proven periodic, or the evidence.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum HeapStatus {
    /// `G(n + period) = G(n)` for all `n >= preperiod`, proven by the theorem and re-checked.
    Certified(Period),
    /// No period was proven.
    NotFound(Evidence),
}

/// A heap past the computed values of a game without a proven period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Beyond {
    /// The heap asked for.
    pub heap: u64,
    /// Values computed (`G(0..computed)` are known).
    pub computed: u64,
}

impl fmt::Display for Beyond {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "heap {} is beyond the {} values computed, and no period was proven to reach it",
            self.heap, self.computed
        )
    }
}

impl core::error::Error for Beyond {}

/// The analysis of one heap game: its values, and its period when proven.
#[derive(Debug, Clone)]
pub struct HeapAnalysis {
    /// The game.
    pub game: HeapGame,
    /// Certified, or not found with the evidence.
    pub status: HeapStatus,
    values: Store,
    max_value: u32,
    step: HeapStep,
}

impl HeapAnalysis {
    /// `G(0..computed())`.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// The number of values computed.
    pub fn computed(&self) -> u64 {
        self.values.len() as u64
    }

    /// The largest value computed (0 with none).
    pub fn max_value(&self) -> u32 {
        self.max_value
    }

    /// Where the loop stopped: with [`values`](Self::values), the state a checkpoint stores
    /// to resume the search ([`analyze_heap_from`]).
    pub fn step(&self) -> HeapStep {
        self.step
    }

    /// The search that gave this analysis, to go on from with [`analyze_heap_from`] under
    /// larger limits: as a checkpoint of it would, to the result of one run under those limits.
    pub fn into_search(self) -> HeapSearch {
        HeapSearch::from_store(self.game, self.values, self.step)
    }

    /// The proven period, if any.
    pub fn period(&self) -> Option<Period> {
        match self.status {
            HeapStatus::Certified(p) => Some(p),
            HeapStatus::NotFound(_) => None,
        }
    }

    /// `G(heap)`, in O(1): from the computed values, or through the proven period.
    pub fn value(&self, heap: u64) -> Result<u32, Beyond> {
        if let Some(&v) = usize::try_from(heap).ok().and_then(|i| self.values.get(i)) {
            return Ok(u32::from(v));
        }
        match self.status {
            // heap >= computed > preperiod + period, so the index is below computed.
            HeapStatus::Certified(p) => Ok(u32::from(self.values[p.reduce(heap) as usize])),
            HeapStatus::NotFound(_) => Err(Beyond { heap, computed: self.computed() }),
        }
    }
}

impl fmt::Display for HeapAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "game: {}", self.game)?;
        if self.game.is_subtraction() {
            // The code is the canonical text; the set is how such a game is usually written.
            let mut members = self.game.digits().iter().enumerate().filter(|&(_, &d)| d == 3).map(|(i, _)| i);
            write!(f, " (the subtraction set {{{}", members.next().unwrap_or(0))?;
            members.try_for_each(|i| write!(f, ",{i}"))?;
            write!(f, "}})")?;
        }
        writeln!(f)?;
        writeln!(f, "computed: G(0..{}), largest value {}", self.values.len(), self.max_value)?;
        match &self.status {
            HeapStatus::Certified(Period { period, preperiod }) => {
                write!(f, "periodic (proven): period {period} from heap {preperiod}")?;
                if *preperiod > 0 {
                    write!(f, " (last exception {})", preperiod - 1)?;
                }
                Ok(())
            }
            HeapStatus::NotFound(e) => {
                write!(f, "no period proven: {}; {} rare positions", e.stopped, e.rare_count)?;
                if let Some(r) = e.last_rare {
                    write!(f, ", the last at heap {r}")?;
                }
                Ok(())
            }
        }
    }
}

/// Computes `G(0..N)` for `N = first, 2·first, …` (resuming, not recomputing; a step stops short
/// at the count that would prove the period the values suggest) and looks for a proven period
/// after each step ([`find_period`], re-checked by
/// [`check_period`]), until one is found or a limit of `limits` stops it.
/// Grundy's game, which no theorem covers, gets `first` values only.
pub fn analyze_heap(game: &HeapGame, limits: &HeapLimits) -> HeapAnalysis {
    analyze_heap_with(game, limits, &mut |_| HeapControl::Continue)
}

/// [`analyze_heap`], calling `hook` while values are computed (every 2^16 heaps or 2^24 option
/// values, whichever comes first):
/// to report progress, and to stop. A stop keeps the values computed and ends with
/// [`HeapStatus::NotFound`], its reason [`StopReason::Interrupted`] or
/// [`StopReason::TimeLimit`].
pub fn analyze_heap_with<F>(game: &HeapGame, limits: &HeapLimits, hook: &mut F) -> HeapAnalysis
where
    F: FnMut(HeapProgress) -> HeapControl,
{
    analyze_heap_from(HeapSearch::new(game), limits, &mut |p, _| hook(p))
}

/// Where the loop of [`analyze_heap`] stands: with the values, all a run needs to go on exactly
/// as if it had never stopped. Nothing in it belongs to the engine ([`HeapValues`]).
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct HeapStep {
    /// Where the current step started: the values the last period search looked at (0 for the
    /// first step). A step of an eighth or less of this is *short*, and the next one is longer.
    pub start: u64,
    /// The current step's target, before `max_heap` bounds it (0 before the first step, which
    /// takes `first`), so a run resumed with a larger `max_heap` takes the steps an
    /// uninterrupted one would have.
    pub target: u64,
    /// Option values looked at so far ([`HeapValues::work`]), counted against `max_work`.
    pub work: u64,
}

/// A resumable search of [`analyze_heap`]: the game, `G(0..computed)` and the loop's
/// [`HeapStep`]. [`HeapSearch::new`] starts one; a checkpoint
/// ([`checkpoint`]) stores one; [`analyze_heap_from`] runs it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapSearch {
    game: HeapGame,
    values: Store,
    step: HeapStep,
}

impl HeapSearch {
    /// A search that has not started: no values.
    pub fn new(game: &HeapGame) -> HeapSearch {
        HeapSearch { game: game.clone(), values: Store::default(), step: HeapStep::default() }
    }

    /// A search that has computed `values`, which must be `G(0..values.len())` of `game`, and
    /// stands at `step`. Only the checkpoint decoder builds one, after its checks.
    pub(crate) fn from_parts(game: HeapGame, values: Vec<u16>, step: HeapStep) -> HeapSearch {
        HeapSearch::from_store(game, Store::Memory(values), step)
    }

    /// [`HeapSearch::from_parts`] with the values where they are.
    pub(crate) fn from_store(game: HeapGame, values: Store, step: HeapStep) -> HeapSearch {
        HeapSearch { game, values, step }
    }

    /// This search with its values, and those it computes, in `file` instead of memory: room for
    /// `room` values (or as many as it has) is written to the file at once, which is then mapped
    /// into memory; a run that needs more room doubles it (a failure ends the run with
    /// [`StopReason::Storage`]). Memory then holds the values being read, not all of them (two
    /// bytes per value are on disk): for runs past what memory holds. `file` is emptied, and
    /// must not be changed by anything else while the search or its analysis lives: a temporary
    /// file (`tempfile::tempfile()`) is the way to be sure of it.
    #[cfg(all(feature = "std", unix))]
    pub fn into_file(self, file: std::fs::File, room: usize) -> std::io::Result<HeapSearch> {
        let HeapSearch { game, values, step } = self;
        let mut mapped = values::store::file::Mapped::new(file, room.max(values.len()))?;
        mapped.resize(values.len(), 0);
        mapped.values_mut().copy_from_slice(&values);
        Ok(HeapSearch { game, values: Store::File(mapped), step })
    }

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// `G(0..computed)`.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// Where the loop stands.
    pub fn step(&self) -> HeapStep {
        self.step
    }
}

/// [`analyze_heap_with`] from where `search` stands: the result is the one a run from the start
/// with `limits` would give (the same values, status and evidence), provided `search` was
/// reached by such a run, even under another `max_heap`, `max_work` or a stop. `hook` also gets
/// the values computed, which with [`HeapProgress::step`] are the state to checkpoint.
///
/// `limits.first` is used only by a search that has not started, and by a game no theorem
/// covers, whose only step goes to `first`. Values already past `max_heap` (or past `first`
/// for such a game) are kept, and the search stops at once.
pub fn analyze_heap_from<F>(search: HeapSearch, limits: &HeapLimits, hook: &mut F) -> HeapAnalysis
where
    F: FnMut(HeapProgress, &[u16]) -> HeapControl,
{
    let HeapSearch { game, values, step } = search;
    let max_heap = limits.max_heap.min(values::MAX_HEAPS);
    let cap = max_heap.max(1);
    let no_theorem = matches!(period::PeriodRule::of(&game), period::PeriodRule::None);
    let index = |x: u64| usize::try_from(x).unwrap_or(usize::MAX);
    let (mut start, mut target) = match step.target {
        _ if no_theorem => (0, limits.first.max(1)),
        0 => (0, limits.first.max(1)),
        target => (index(step.start), index(target)),
    };
    // A search holds at most `MAX_HEAPS` values (the checkpoint decoder checks it).
    let mut engine = HeapValues::from_store(&game, values).unwrap_or_else(|_| HeapValues::new(&game));
    engine.set_threads(limits.threads);
    let done = step.work;
    let limit = if no_theorem { target.clamp(1, cap) } else { max_heap } as u64;
    let mut control = HeapControl::Continue;
    let stopped = loop {
        let n = target.clamp(1, cap);
        let at = HeapStep { start: start as u64, target: target as u64, work: done };
        let mut check = |e: &HeapValues| {
            let step = HeapStep { work: done.saturating_add(e.work()), ..at };
            let progress = HeapProgress {
                computed: e.len() as u64,
                step_target: n as u64,
                limit,
                max_value: e.max_value(),
                rare_count: e.rare_positions().len() as u64,
                last_rare: e.rare_positions().last().map(|&r| u64::from(r)),
                work: step.work,
                step,
            };
            control = hook(progress, e.values());
            control != HeapControl::Continue
        };
        // The work left to do; past `max_work` already (the last heap computed went over it),
        // the next heap is refused, as in a run that never stopped.
        let extended = match limits.max_work.checked_sub(done) {
            Some(budget) => engine.extend_with(n, budget, &mut check),
            None if engine.len() < n => Err(ValuesError::WorkExhausted { heap: engine.len() as u64, budget: 0 }),
            None => Ok(()),
        };
        if let Err(e) = extended {
            break match e {
                ValuesError::ValueTooLarge { heap } => StopReason::ValueTooLarge { heap },
                ValuesError::WorkExhausted { .. } => StopReason::Work { max_work: limits.max_work },
                ValuesError::Stopped { .. } => match control {
                    HeapControl::TimeLimit(max_time) => StopReason::TimeLimit { max_time },
                    _ => StopReason::Interrupted,
                },
                // `n <= MAX_HEAPS`.
                ValuesError::TooManyHeaps { .. } => StopReason::Bound { max_heap: max_heap as u64 },
                ValuesError::Storage { message, .. } => StopReason::Storage { message },
            };
        }
        if no_theorem {
            break StopReason::NoTheorem;
        }
        // Values a file holds are dropped from memory behind the scans (`Store::release`), but the
        // first and the last ones.
        let store = engine.store();
        let keep = values::KEEP..store.len().saturating_sub(values::KEEP);
        let passed = |r: Range<usize>| store.release(r.start.max(keep.start), r.end.min(keep.end));
        if let Some(p) =
            find_period_with(&game, store, &passed).filter(|&p| check_period_with(&game, store, p, &passed).is_ok())
        {
            let step =
                HeapStep { start: start as u64, target: target as u64, work: done.saturating_add(engine.work()) };
            let (status, max_value) = (HeapStatus::Certified(p), engine.max_value());
            return HeapAnalysis { game, status, values: engine.into_store(), max_value, step };
        }
        if n >= cap {
            break StopReason::Bound { max_heap: max_heap as u64 };
        }
        // Double, or stop short at the count a suggested period needs. After a short step (an
        // eighth or less) that proved nothing, the next one is at least that long, so the searches
        // stay a small part of the work.
        let short = n.saturating_sub(start) <= start / 8;
        let double = n.saturating_mul(2);
        let needed =
            values_to_prove_with(&game, store, &passed).map_or(double, |v| usize::try_from(v).unwrap_or(double));
        let least = if short { n.saturating_add(n / 8 + 1) } else { n + 1 };
        (start, target) = (n, needed.clamp(least, double));
    };
    let evidence = Evidence {
        computed: engine.len() as u64,
        max_value: engine.max_value(),
        rare_count: engine.rare_positions().len() as u64,
        last_rare: engine.rare_positions().last().map(|&r| u64::from(r)),
        stopped,
    };
    let step = HeapStep { start: start as u64, target: target as u64, work: done.saturating_add(engine.work()) };
    let max_value = engine.max_value();
    HeapAnalysis { game, status: HeapStatus::NotFound(evidence), values: engine.into_store(), max_value, step }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;
    use check::CheckFailure;
    use values::heap_values;

    fn game(text: &str) -> HeapGame {
        HeapGame::parse(text).unwrap()
    }

    /// Analyses `text`, expects a proven period, and checks that it holds on values computed
    /// afresh far past the certificate: `4·N` and at least 4096 (`2·N` from `N = 2^16` on, 1200
    /// for three-heap games, whose plain path is cubic).
    fn certified(text: &str) -> (Period, HeapAnalysis) {
        let g = game(text);
        let a = analyze_heap(&g, &HeapLimits::default());
        let Some(p) = a.period() else { panic!("{text}: {a}") };
        let n = a.values().len();
        let far = if g.max_heaps() == 3 {
            1200
        } else if n >= 1 << 16 {
            2 * n
        } else {
            (4 * n).max(4096)
        };
        assert!(far > n);
        let fresh = heap_values(&g, far).unwrap();
        for (n, &v) in fresh.iter().enumerate() {
            assert_eq!(a.value(n as u64), Ok(u32::from(v)), "{text}: heap {n}");
        }
        (p, a)
    }

    fn pin(text: &str, period: u64, preperiod: u64) -> HeapAnalysis {
        let (p, a) = certified(text);
        assert_eq!(p, Period { period, preperiod }, "{text}");
        a
    }

    /// The hook sees the values grow, and a stop keeps the values computed, which are the
    /// definition's.
    #[test]
    fn the_hook_reports_and_stops() {
        // 0.04 takes the plain path (no sparse space): work checks come every few thousand heaps.
        let g = game("0.04");
        let limits = HeapLimits { first: 1 << 10, max_heap: 1 << 20, max_work: u64::MAX, ..HeapLimits::default() };
        let mut seen = Vec::new();
        let a = analyze_heap_with(&g, &limits, &mut |p| {
            seen.push(p);
            if seen.len() < 3 { HeapControl::Continue } else { HeapControl::Interrupt }
        });
        assert_eq!(seen.len(), 3);
        assert!(seen.windows(2).all(|w| w[0].computed < w[1].computed && w[0].work < w[1].work), "{seen:?}");
        assert!(seen.iter().all(|p| p.limit == 1 << 20 && p.computed < p.step_target), "{seen:?}");
        let HeapStatus::NotFound(e) = &a.status else { panic!("{a}") };
        assert_eq!(e.stopped, StopReason::Interrupted);
        assert_eq!(e.computed, seen[2].computed);
        assert_eq!(a.computed(), seen[2].computed);
        let slow = naive::mex_by_definition(&g, a.values().len());
        assert!(slow.iter().zip(a.values()).all(|(&x, &y)| x == u32::from(y)));
        assert!(a.to_string().contains("no period proven: interrupted"), "{a}");

        // A time bound names itself.
        let officers = game("0.6");
        let limits = HeapLimits { first: 1 << 10, max_heap: 1 << 22, max_work: u64::MAX, ..HeapLimits::default() };
        let bound = core::time::Duration::from_millis(500);
        let a = analyze_heap_with(&officers, &limits, &mut |_| HeapControl::TimeLimit(bound));
        let HeapStatus::NotFound(e) = &a.status else { panic!("{a}") };
        assert_eq!(e.stopped, StopReason::TimeLimit { max_time: bound });
        let done = a.values().len();
        assert!(done > 1000 && done <= values::CHECK_HEAPS, "{done}");
        assert_eq!(a.values(), &heap_values(&officers, done).unwrap()[..]);
        assert_eq!(e.stopped.to_string(), "the time bound of 0.5 s was reached");
        let long = StopReason::TimeLimit { max_time: core::time::Duration::from_millis(2250) };
        assert_eq!(long.to_string(), "the time bound of 2.25 s was reached");
        let short = StopReason::TimeLimit { max_time: core::time::Duration::from_micros(1500) };
        assert_eq!(short.to_string(), "the time bound of 0.0015 s was reached");
        // Without a stop, the hook changes nothing.
        let quiet = analyze_heap(&game("0.77"), &HeapLimits::default());
        let hooked = analyze_heap_with(&game("0.77"), &HeapLimits::default(), &mut |_| HeapControl::Continue);
        assert_eq!((quiet.status, quiet.values), (hooked.status, hooked.values));
    }

    #[test]
    fn kayles_dawson_and_0_137() {
        let kayles = pin("0.77", 12, 71);
        assert_eq!(kayles.value(70), Ok(6)); // the last exception
        assert_eq!(kayles.value(u64::MAX), kayles.value(71 + (u64::MAX - 71) % 12));
        assert!(kayles.to_string().contains("period 12 from heap 71 (last exception 70)"), "{kayles}");
        pin("0.07", 34, 53);
        pin(".137", 34, 52);
    }

    #[test]
    fn subtraction_games() {
        for (set, p, n0) in [
            ("{1,2}", 3, 0),
            ("{1,3}", 2, 0),
            ("{1,2,3}", 4, 0),
            ("{2,3}", 5, 0),
            ("{3,4}", 7, 0),
            ("{2,5}", 7, 0),
            ("{1,2,5}", 3, 0),
            ("{1,3,4}", 7, 0),
            ("{2,5,7}", 22, 0),
            ("{2,3,7}", 5, 0),
            ("{2,4,7}", 3, 8),
            ("{1,4,5}", 8, 0),
            ("{3,5,7}", 10, 0),
            ("{1,5,6}", 11, 0),
        ] {
            pin(set, p, n0);
        }
        assert_eq!(game("{1,3,4}").max_take(), 4);
        let a = pin("{1,3,4}", 7, 0);
        assert_eq!(a.values().iter().max(), Some(&3));
        // The report names the set beside the code; a game with other digits has no set.
        assert!(a.to_string().starts_with("game: 0.3033 (the subtraction set {1,3,4})\n"), "{a}");
        assert!(pin("{2}", 4, 0).to_string().starts_with("game: 0.03 (the subtraction set {2})\n"));
        assert!(certified("0.07").1.to_string().starts_with("game: 0.07\n"));
    }

    /// The pitfalls: s = 0 games with splits, three-heap digits, `4.` codes, no-split games with
    /// take-all digits. Whatever is certified must hold far past the certificate.
    #[test]
    fn pitfalls() {
        for text in
            ["0.001", "0.002", "0.010", "0.1", "0.101", "0.112", "0.120", "0.131", "0.2", "0.310", "0.331", "0.4"]
        {
            let _ = certified(text);
        }
        for text in ["4.07", "4.77", "4.", "4.4", "0.f", "4.8", "0.12", "0.3", "0.03"] {
            let _ = certified(text);
        }
        // Three-heap games whose values keep growing are never certified.
        for text in ["0.8", "0.08", "8.", "c."] {
            let g = game(text);
            let a =
                analyze_heap(&g, &HeapLimits { first: 8, max_heap: 512, max_work: u64::MAX, ..HeapLimits::default() });
            assert_eq!(a.period(), None, "{text}");
            let slow = naive::mex_by_definition(&g, 200);
            assert!(slow.iter().zip(a.values()).all(|(&x, &y)| x == u32::from(y)), "{text}");
        }
        // Equivalent codes (the index shifts of the literature): .4(n) = .07(n-1) = .137(n-2).
        let (a4, a07, a137) = (certified("0.4").1, certified("0.07").1, certified("0.137").1);
        for n in 2..5000 {
            assert_eq!(a4.value(n), a07.value(n - 1));
            assert_eq!(a4.value(n), a137.value(n - 2));
        }
        // Without the max(s, 1) of the bound, 0.004 would be "periodic" from its five zeros.
        let a = analyze_heap(
            &game("0.004"),
            &HeapLimits { first: 5, max_heap: 5, max_work: u64::MAX, ..HeapLimits::default() },
        );
        assert_eq!(a.period(), None);
        let a = analyze_heap(
            &game("0.8"),
            &HeapLimits { first: 4, max_heap: 4, max_work: u64::MAX, ..HeapLimits::default() },
        );
        assert_eq!(a.period(), None);
    }

    /// Every octal code `d0.d1d2d3` with `d0` in {0, 4}: what is certified from few values holds
    /// on many more.
    #[test]
    fn all_three_digit_octal_codes() {
        let limits = HeapLimits { first: 8, max_heap: 256, max_work: u64::MAX, ..HeapLimits::default() };
        let mut proven = 0;
        for code in 1..1024u32 {
            let digits = [(code >> 9 & 1) as u8 * 4, (code >> 6 & 7) as u8, (code >> 3 & 7) as u8, (code & 7) as u8];
            let Ok(g) = HeapGame::from_digits(&digits) else { continue };
            let a = analyze_heap(&g, &limits);
            let Some(p) = a.period() else { continue };
            proven += 1;
            let far = heap_values(&g, 1024).unwrap();
            for (n, &v) in far.iter().enumerate() {
                assert_eq!(a.value(n as u64), Ok(u32::from(v)), "{g} {p:?} heap {n}");
            }
        }
        assert!(proven > 500, "{proven}");
    }

    /// Hexadecimal codes `d0.d1d2` with a three-heap digit.
    #[test]
    fn three_heap_codes() {
        let limits = HeapLimits { first: 4, max_heap: 96, max_work: u64::MAX, ..HeapLimits::default() };
        let mut proven = 0;
        for d0 in [0u8, 4, 8, 12] {
            for d1 in 0..16u8 {
                for d2 in [0u8, 1, 2, 3, 8, 9, 10, 11, 12, 15] {
                    let Ok(g) = HeapGame::from_digits(&[d0, d1, d2]) else { continue };
                    if g.max_heaps() < 3 {
                        continue;
                    }
                    let a = analyze_heap(&g, &limits);
                    let Some(p) = a.period() else { continue };
                    proven += 1;
                    let far = naive::mex_by_definition(&g, 240);
                    for (n, &v) in far.iter().enumerate() {
                        assert_eq!(a.value(n as u64), Ok(v), "{g} {p:?} heap {n}");
                    }
                }
            }
        }
        assert!(proven > 20, "{proven}");
    }

    /// A stop of a run in [`resumed`].
    #[derive(Debug, Clone, Copy)]
    enum Stop {
        /// `HeapControl::Interrupt` at the hook's call `k` (counted from the resume).
        Interrupt(u32),
        /// The state the hook saw at its call `k`, as a periodic checkpoint takes it; the run
        /// goes on and its result is dropped (a crash after the write).
        Crash(u32),
        /// `max_heap` this share (1/64ths) of the full run's values, at least those computed.
        Bound(u32),
    }

    /// The games of the resume tests, their limits, and their uninterrupted runs.
    fn resume_games() -> &'static [(&'static str, HeapLimits, HeapAnalysis)] {
        static RUNS: std::sync::OnceLock<Vec<(&str, HeapLimits, HeapAnalysis)>> = std::sync::OnceLock::new();
        RUNS.get_or_init(|| {
            let plenty = HeapLimits::default();
            [
                // Proven after 2^19 values, from a small first step.
                ("0.16", HeapLimits { first: 64, ..plenty }),
                ("0.77", HeapLimits { first: 16, ..plenty }),
                ("{2,4,7}", HeapLimits { first: 4, ..plenty }),
                // No period within the bound: the evidence (rare positions) must match too.
                ("0.6", HeapLimits { first: 1000, max_heap: 600_000, max_work: u64::MAX, ..plenty }),
                // No sparse space: the work limit stops it.
                ("0.04", HeapLimits { first: 1024, max_heap: 1 << 20, max_work: 1 << 28, ..plenty }),
                // No theorem: one step to `first`.
                ("grundy", HeapLimits { first: 300_000, max_heap: 1 << 20, max_work: u64::MAX, ..plenty }),
            ]
            .into_iter()
            .map(|(text, limits)| (text, limits, analyze_heap(&game(text), &limits)))
            .collect()
        })
    }

    /// Runs `text` under `limits` stopped at each of `stops` in turn, each time through a
    /// checkpoint (encoded, decoded, resumed), then to the end; the runs before the stops
    /// alternate between one thread and two.
    fn resumed(text: &str, limits: &HeapLimits, full: u64, stops: &[Stop]) -> HeapAnalysis {
        use crate::heap::checkpoint;
        let g = game(text);
        let mut search = HeapSearch::new(&g);
        for (i, &stop) in stops.iter().enumerate() {
            // On one thread, then two, in turn (the full run is on two).
            let limits = &HeapLimits { threads: 1 + i % 2, ..*limits };
            let (mut calls, mut saved) = (0, None);
            let a = match stop {
                Stop::Interrupt(k) => analyze_heap_from(search, limits, &mut |_, _| {
                    calls += 1;
                    if calls >= k { HeapControl::Interrupt } else { HeapControl::Continue }
                }),
                Stop::Crash(k) => analyze_heap_from(search, limits, &mut |p, values| {
                    calls += 1;
                    if calls == k {
                        saved = Some(checkpoint::encode(&g, values, p.step));
                    }
                    HeapControl::Continue
                }),
                Stop::Bound(share) => {
                    let computed = search.values().len();
                    let max_heap = ((full * u64::from(share) / 64) as usize).max(computed).max(1);
                    analyze_heap_from(search, &HeapLimits { max_heap, ..*limits }, &mut |_, _| HeapControl::Continue)
                }
            };
            let bytes = match saved {
                Some(bytes) => bytes,
                None if a.period().is_some() => return a,
                None => checkpoint::encode(&a.game, a.values(), a.step()),
            };
            search = checkpoint::decode(&bytes, &g).unwrap();
        }
        analyze_heap_from(search, limits, &mut |_, _| HeapControl::Continue)
    }

    use proptest::prelude::*;

    /// Stops: anywhere, one to three of them.
    fn stops() -> impl Strategy<Value = Vec<Stop>> {
        proptest::collection::vec(
            prop_oneof![
                (1..12u32).prop_map(Stop::Interrupt),
                (1..12u32).prop_map(Stop::Crash),
                (1..64u32).prop_map(Stop::Bound),
            ],
            1..4,
        )
    }

    /// Game `which` of [`resume_games`], run with `stops`, ends as its run that never stopped.
    fn resumed_equals_one_run(which: usize, stops: &[Stop]) -> Result<(), TestCaseError> {
        let (text, limits, one) = &resume_games()[which];
        let a = resumed(text, limits, one.computed(), stops);
        prop_assert_eq!(&a.status, &one.status, "{} {:?}", text, stops);
        prop_assert!(a.values() == one.values(), "{} {:?}: values differ", text, stops);
        prop_assert_eq!(a.step(), one.step(), "{} {:?}", text, stops);
        Ok(())
    }

    // Stopped anywhere, any number of times, checkpointed and resumed, on one thread or two, a
    // run ends as one that never stopped: the same values, status (period or evidence) and loop
    // state. 24 cases, as two tests of 12 that the test threads run at once.
    proptest! {
        #![proptest_config(ProptestConfig { cases: 12, ..ProptestConfig::default() })]

        #[test]
        fn resuming_equals_one_run(which in 0..6usize, stops in stops()) {
            resumed_equals_one_run(which, &stops)?;
        }

        #[test]
        fn resuming_equals_one_run_more_cases(which in 0..6usize, stops in stops()) {
            resumed_equals_one_run(which, &stops)?;
        }
    }

    /// The resume games stop where they are meant to, so the property covers every kind of end.
    #[test]
    fn resume_games_end_as_meant() {
        let reasons: Vec<_> = resume_games()
            .iter()
            .map(|(text, _, a)| match &a.status {
                HeapStatus::Certified(_) => (*text, None),
                HeapStatus::NotFound(e) => (*text, Some(e.stopped.clone())),
            })
            .collect();
        assert!(matches!(reasons[0], ("0.16", None)), "{reasons:?}");
        assert!(matches!(reasons[3], ("0.6", Some(StopReason::Bound { .. }))), "{reasons:?}");
        assert!(matches!(reasons[4], ("0.04", Some(StopReason::Work { .. }))), "{reasons:?}");
        assert!(matches!(reasons[5], ("grundy", Some(StopReason::NoTheorem))), "{reasons:?}");
        // Hooks are called often enough for the stops to land inside the runs.
        for (text, limits, _) in resume_games() {
            let mut calls = 0;
            let _ = analyze_heap_with(&game(text), limits, &mut |_| {
                calls += 1;
                HeapControl::Continue
            });
            assert!(calls >= 4 || ["0.77", "{2,4,7}"].contains(text), "{text}: {calls}");
        }
    }

    /// Values kept in a file (dropped from memory as the runs go, read back when needed) give
    /// the analysis kept in memory gives, from the start and from a checkpoint.
    #[cfg(all(feature = "std", unix))]
    #[test]
    fn values_in_a_file_give_the_same_analysis() {
        let in_file = |search: HeapSearch, room: usize| search.into_file(tempfile::tempfile().unwrap(), room).unwrap();
        for (text, limits, one) in resume_games() {
            let a = analyze_heap_from(in_file(HeapSearch::new(&game(text)), limits.max_heap), limits, &mut |_, _| {
                HeapControl::Continue
            });
            assert_eq!((&a.status, a.step(), a.max_value()), (&one.status, one.step(), one.max_value()), "{text}");
            assert!(a.values() == one.values(), "{text}: values differ");
        }
        // Officers, resumed halfway from a checkpoint into a file with room for the values it has
        // only: the file grows.
        let (text, limits, one) = &resume_games()[3];
        let half = HeapLimits { max_heap: limits.max_heap / 2, ..*limits };
        let a = analyze_heap(&game(text), &half);
        let bytes = crate::heap::checkpoint::encode(&a.game, a.values(), a.step());
        let search = in_file(crate::heap::checkpoint::decode(&bytes, &game(text)).unwrap(), 0);
        let resumed = analyze_heap_from(search, limits, &mut |_, _| HeapControl::Continue);
        assert_eq!((&resumed.status, resumed.step()), (&one.status, one.step()));
        assert!(resumed.values() == one.values());
    }

    /// An engine rebuilt from values is the one that computed them: the same split, rare
    /// positions and, extended, the same values and work.
    #[test]
    fn an_engine_from_values_is_the_same_engine() {
        for (text, n) in [("0.6", 100_000), ("0.16", 70_000), ("0.354", 5000), ("0.04", 3000), ("grundy", 50_000)] {
            let g = game(text);
            let mut e = HeapValues::new(&g);
            for len in [1, 2, 17, 63, 64, 65, 1000, 1024, 1025, n / 3, n / 2] {
                e.extend_to(len, u64::MAX).unwrap();
                let mut r = HeapValues::from_values(&g, e.values().to_vec()).unwrap();
                assert_eq!(
                    (r.sparse(), r.rare_positions(), r.max_value()),
                    (e.sparse(), e.rare_positions(), e.max_value())
                );
                let mut ahead = e.clone();
                let before = ahead.work();
                ahead.extend_to(n, u64::MAX).unwrap();
                r.extend_to(n, u64::MAX).unwrap();
                assert_eq!(r.values(), ahead.values(), "{text} from {len}");
                assert_eq!(r.work(), ahead.work() - before, "{text} from {len}");
                assert_eq!(r.rare_positions(), ahead.rare_positions(), "{text} from {len}");
            }
        }
        let empty = HeapValues::from_values(&game("0.6"), Vec::new()).map(|e| e.len());
        assert_eq!(empty, Ok(0));
    }

    #[test]
    fn gangolli_plambeck() {
        // 0.16: period 149459, last exception 105350.
        pin("0.16", 149_459, 105_351);
        // 0.56: period 144, last exception 326639 (not 326637).
        let a = pin("0.56", 144, 326_640);
        assert_ne!(a.value(326_639), a.value(326_639 + 144));
        // 0.127: period 4, first periodic heap 46578.
        pin("0.127", 4, 46_578);
    }

    #[test]
    fn grundy_and_unproven_games() {
        let a = analyze_heap(&HeapGame::grundy(), &HeapLimits::default());
        let HeapStatus::NotFound(e) = &a.status else { panic!("{a}") };
        assert_eq!(e.stopped, StopReason::NoTheorem);
        assert_eq!(e.computed, 1024);
        assert_eq!(a.value(1023), Ok(u32::from(a.values()[1023])));
        let beyond = a.value(1024).unwrap_err();
        assert_eq!(beyond, Beyond { heap: 1024, computed: 1024 });
        assert!(beyond.to_string().contains("1024 values computed"));
        // Officers (0.6) has no known period; a small bound stops the search with evidence.
        let a = analyze_heap(
            &game("0.6"),
            &HeapLimits { first: 1024, max_heap: 1 << 14, max_work: u64::MAX, ..HeapLimits::default() },
        );
        let HeapStatus::NotFound(e) = &a.status else { panic!("{a}") };
        assert_eq!(e.stopped, StopReason::Bound { max_heap: 1 << 14 });
        assert_eq!(e.computed, 1 << 14);
        assert!(e.rare_count > 100 && e.last_rare.is_some(), "{e:?}");
        assert!(a.value(u64::MAX).is_err());
        assert!(format!("{a}").contains("no period proven"));
        // A work limit stops games without a useful sparse space.
        let a = analyze_heap(
            &game("0.04"),
            &HeapLimits { first: 1024, max_heap: 1 << 20, max_work: 1 << 24, ..HeapLimits::default() },
        );
        let HeapStatus::NotFound(e) = &a.status else { panic!("{a}") };
        assert_eq!(e.stopped, StopReason::Work { max_work: 1 << 24 });
    }

    /// The checker accepts what the search proves and refuses a changed value, a period one too
    /// small and a preperiod one too early.
    #[test]
    fn checker_refuses_wrong_claims() {
        for text in ["0.77", "0.07", "0.137", "{2,4,7}", "4.07", "4.4", "0.f"] {
            let g = game(text);
            let a = analyze_heap(&g, &HeapLimits::default());
            let p = a.period().unwrap();
            let v = a.values();
            assert_eq!(check::check_period(&g, v, p), Ok(()), "{text}");
            let mut changed = v.to_vec();
            let last = changed.len() - 1;
            changed[last] ^= 1;
            assert!(check::check_period(&g, &changed, p).is_err(), "{text}");
            let smaller = Period { period: p.period - 1, ..p };
            if smaller.period > 0 {
                assert!(check::check_period(&g, v, smaller).is_err(), "{text}");
            }
            if p.preperiod > 0 {
                let earlier = Period { preperiod: p.preperiod - 1, ..p };
                assert!(matches!(check::check_period(&g, v, earlier), Err(CheckFailure::Mismatch { .. })), "{text}");
            }
            let double = Period { period: 2 * p.period, ..p };
            let r = check::check_period(&g, v, double);
            assert!(matches!(r, Err(CheckFailure::SmallerPeriod { .. } | CheckFailure::TooFewValues { .. })), "{text}");
            let later = Period { preperiod: p.preperiod + 1, ..p };
            assert_eq!(check::check_period(&g, v, later), Err(CheckFailure::EarlierStart { heap: p.preperiod }));
        }
    }
}
