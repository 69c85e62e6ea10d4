//! Heap games: take-and-break codes (octal and hexadecimal), finite subtraction sets and
//! Grundy's game.
//!
//! - [`spec`]: the notation (`0.137`, `4.07`, `{1,3,4}`, `grundy`) and its typed errors;
//! - [`values`]: `G(0..N)` by the rare-value method, every value proven;
//! - [`naive`]: `G(0..N)` by the definition, the oracle of the tests;
//! - [`period`]: the periodicity theorems and the search for the least proven period;
//! - [`check`]: an independent re-check of a periodicity claim;
//! - [`analyze_heap`]: values for `N = first, 2·first, …` until a period is proven or a limit is
//!   reached, then an O(1) evaluator for every heap below 2^64 ([`HeapAnalysis::value`]).

pub mod check;
pub mod naive;
pub mod period;
pub mod spec;
pub mod values;

use alloc::vec::Vec;
use core::fmt;

use check::check_period;
use period::{Period, find_period};
use spec::HeapGame;
use values::{HeapValues, ValuesError};

/// Limits of [`analyze_heap`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct HeapLimits {
    /// The first number of values computed (then doubled).
    pub first: usize,
    /// The most values computed (`G(0..max_heap)`).
    pub max_heap: usize,
    /// The most option values looked at in all ([`HeapValues::work`]): games without a useful
    /// sparse space cost `Θ(N²)` and stop here.
    pub max_work: u64,
}

impl Default for HeapLimits {
    /// `first` 1024, `max_heap` 2^21 (4 MB of values), `max_work` 2^32 (seconds in a release
    /// build): enough to prove 0.16 (2^19 values) and 0.56 (2^20 values).
    fn default() -> Self {
        HeapLimits { first: 1 << 10, max_heap: 1 << 21, max_work: 1 << 32 }
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
}

impl fmt::Display for StopReason {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Bound { max_heap } => write!(f, "the bound of {max_heap} values was reached"),
            Self::Work { max_work } => write!(f, "the work limit of {max_work} option values ran out"),
            Self::ValueTooLarge { heap } => write!(f, "the value of heap {heap} exceeds {}", values::MAX_HEAP_VALUE),
            Self::NoTheorem => write!(f, "no periodicity theorem covers this game"),
        }
    }
}

/// What was seen when no period was proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Evidence {
    /// Values computed (`G(0..computed)`).
    pub computed: u64,
    /// The largest of them.
    pub max_value: u32,
    /// The number of rare positions under the last split of values (see [`values`]).
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
    values: Vec<u16>,
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
            HeapStatus::Certified(Period { period, preperiod }) => {
                // heap >= computed > preperiod + period, so the index is below computed.
                let i = preperiod + (heap - preperiod) % period;
                Ok(u32::from(self.values[i as usize]))
            }
            HeapStatus::NotFound(_) => Err(Beyond { heap, computed: self.computed() }),
        }
    }
}

impl fmt::Display for HeapAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "game: {}", self.game)?;
        let max = self.values.iter().max().copied().unwrap_or(0);
        writeln!(f, "computed: G(0..{}), largest value {max}", self.values.len())?;
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

/// Computes `G(0..N)` for `N = first, 2·first, …` (resuming, not recomputing) and looks for a
/// proven period after each step ([`find_period`], re-checked by [`check_period`]), until one is
/// found or a limit of `limits` stops it. Grundy's game, which no theorem covers, gets `first`
/// values only.
pub fn analyze_heap(game: &HeapGame, limits: &HeapLimits) -> HeapAnalysis {
    let mut engine = HeapValues::new(game);
    let max_heap = limits.max_heap.min(values::MAX_HEAPS);
    let mut n = limits.first.clamp(1, max_heap.max(1));
    let no_theorem = matches!(period::PeriodRule::of(game), period::PeriodRule::None);
    let stopped = loop {
        if let Err(e) = engine.extend_to(n, limits.max_work) {
            break match e {
                ValuesError::ValueTooLarge { heap } => StopReason::ValueTooLarge { heap },
                ValuesError::WorkExhausted { .. } => StopReason::Work { max_work: limits.max_work },
                // `n <= MAX_HEAPS`.
                ValuesError::TooManyHeaps { .. } => StopReason::Bound { max_heap: max_heap as u64 },
            };
        }
        if no_theorem {
            break StopReason::NoTheorem;
        }
        if let Some(p) = find_period(game, engine.values()).filter(|&p| check_period(game, engine.values(), p).is_ok())
        {
            return HeapAnalysis { game: game.clone(), status: HeapStatus::Certified(p), values: engine.into_values() };
        }
        if n >= max_heap {
            break StopReason::Bound { max_heap: max_heap as u64 };
        }
        n = n.saturating_mul(2).min(max_heap);
    };
    let evidence = Evidence {
        computed: engine.len() as u64,
        max_value: engine.max_value(),
        rare_count: engine.rare_positions().len() as u64,
        last_rare: engine.rare_positions().last().map(|&r| u64::from(r)),
        stopped,
    };
    HeapAnalysis { game: game.clone(), status: HeapStatus::NotFound(evidence), values: engine.into_values() }
}
