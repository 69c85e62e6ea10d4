//! A game's values computed from its rules as they are needed: a heap game's `G(0..n)` in
//! order, a game on tuples' values by search; with the `parallel` feature a heap game's options
//! are asked for on two threads, a batch of heaps at a time, and valued here in order.

use grundy_core::rules::{HeapSequence, Options, PositionText, Rules, RulesError, Shape, TupleValues};

/// How far [`Computed`] may go.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ComputeLimits {
    /// A heap game's values are computed for heaps `0..max_heap` at most.
    pub max_heap: u64,
    /// A game on tuples keeps the box `[0, side)^d` in an array (and visits what lies outside).
    pub side: u64,
    /// The most positions a game on tuples may visit in all.
    pub max_positions: usize,
}

impl Default for ComputeLimits {
    /// `max_heap` 2^20, `side` 64, `max_positions` 2^22.
    fn default() -> Self {
        ComputeLimits { max_heap: 1 << 20, side: 64, max_positions: 1 << 22 }
    }
}

/// The most positions a box may hold.
pub const MAX_BOX: usize = 1 << 26;

/// Why a value is not known.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ComputeError<E> {
    /// The rules failed, or the game is not finite.
    Rules(RulesError<E>),
    /// A heap at or past the limit (`max_heap`).
    Beyond {
        /// The heap.
        heap: u64,
        /// The limit.
        max_heap: u64,
    },
    /// A position of the wrong width.
    Width {
        /// The position.
        position: Vec<u64>,
        /// The game's shape.
        shape: Shape,
    },
}

impl<E: std::fmt::Display> std::fmt::Display for ComputeError<E> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ComputeError::Rules(e) => e.fmt(f),
            ComputeError::Beyond { heap, max_heap } => {
                write!(f, "heap {heap} is past the heaps computed (0..{max_heap} at most)")
            }
            ComputeError::Width { position, shape: Shape::Heap } => {
                write!(f, "{} is not a heap size: the game is played on heaps", PositionText(position))
            }
            ComputeError::Width { position, shape: Shape::Tuple(d) } => {
                write!(f, "{} is not a position of {d} numbers", PositionText(position))
            }
        }
    }
}

impl<E: std::fmt::Debug + std::fmt::Display> std::error::Error for ComputeError<E> {}

impl<E> From<RulesError<E>> for ComputeError<E> {
    fn from(e: RulesError<E>) -> Self {
        ComputeError::Rules(e)
    }
}

/// What has been computed.
#[derive(Debug, Clone)]
enum Memo {
    Heaps(HeapSequence),
    Tuples(TupleValues),
}

/// A game's rules and the values computed from them so far.
#[derive(Debug)]
pub struct Computed<R: Rules> {
    name: String,
    rules: R,
    /// The error that stopped the last value asked for, for the caller to look at.
    failure: Option<ComputeError<R::Error>>,
    memo: Memo,
    limits: ComputeLimits,
}

/// Heaps whose options are asked for at once (on both threads).
const BATCH: u64 = 512;

impl<R: Rules + Sync> Computed<R>
where
    R::Error: Send,
{
    /// The game `name`, nothing computed yet; `None` when a game on tuples' box is larger than
    /// [`MAX_BOX`].
    pub fn new(name: &str, rules: R, limits: ComputeLimits) -> Option<Self> {
        let memo = match rules.shape() {
            Shape::Heap => Memo::Heaps(HeapSequence::new()),
            Shape::Tuple(d) => Memo::Tuples(TupleValues::new(d, limits.side, MAX_BOX, limits.max_positions)?),
        };
        Some(Computed { name: name.to_string(), rules, failure: None, memo, limits })
    }

    /// The game's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The error a [`RulesLookup`](super::RulesLookup) call met, which a judge reports only as
    /// a refused case.
    pub fn take_failure(&mut self) -> Option<ComputeError<R::Error>> {
        self.failure.take()
    }

    /// The rules.
    pub fn rules(&self) -> &R {
        &self.rules
    }

    /// The limits.
    pub fn limits(&self) -> ComputeLimits {
        self.limits
    }

    /// A heap game's values computed so far (`G(0..)`); a game on tuples' box, row-major.
    pub fn values(&self) -> &[u64] {
        match &self.memo {
            Memo::Heaps(h) => h.values(),
            Memo::Tuples(t) => t.box_values(),
        }
    }

    /// Computes a heap game's values up to `G(len − 1)` (at most `max_heap` values), or a game
    /// on tuples' whole box.
    pub fn fill(&mut self, len: u64) -> Result<(), ComputeError<R::Error>> {
        match &mut self.memo {
            Memo::Heaps(_) => self.extend(len.min(self.limits.max_heap)),
            Memo::Tuples(t) => Ok(t.fill(&self.rules)?),
        }
    }

    /// The value of `position` (`[n]` for heap `n`), computed now if need be.
    pub fn value(&mut self, position: &[u64]) -> Result<u64, ComputeError<R::Error>> {
        let shape = self.rules.shape();
        if position.len() != shape.width() {
            return Err(ComputeError::Width { position: position.to_vec(), shape });
        }
        match &mut self.memo {
            Memo::Heaps(_) => {
                let heap = position[0];
                if heap >= self.limits.max_heap {
                    return Err(ComputeError::Beyond { heap, max_heap: self.limits.max_heap });
                }
                self.extend(heap + 1)?;
                Ok(self.values()[heap as usize])
            }
            Memo::Tuples(t) => Ok(t.value(&self.rules, position)?),
        }
    }

    /// The options of `position`, as the rules give them.
    pub fn options(&self, position: &[u64]) -> Result<Options, RulesError<R::Error>> {
        let mut options = Options::new();
        self.rules
            .options(position, &mut options)
            .map_err(|error| RulesError::Rules { position: position.to_vec(), error })?;
        Ok(options)
    }

    /// Keeps `error` for [`take_failure`](Computed::take_failure) and returns its message.
    pub(super) fn fail(&mut self, error: ComputeError<R::Error>) -> String
    where
        R::Error: std::fmt::Display + Clone,
    {
        let message = error.to_string();
        self.failure = Some(error);
        message
    }

    /// A heap game's values up to `G(len − 1)`, options asked for a batch at a time.
    fn extend(&mut self, len: u64) -> Result<(), ComputeError<R::Error>> {
        let Memo::Heaps(heaps) = &mut self.memo else { unreachable!("a heap game") };
        while heaps.len() < len {
            let batch = heaps.len()..len.min(heaps.len() + BATCH);
            for (heap, options) in batch.clone().zip(options_of(&self.rules, batch)) {
                let options = options.map_err(|error| RulesError::Rules { position: vec![heap], error })?;
                heaps.push(&options)?;
            }
        }
        Ok(())
    }
}

/// The options of each heap of `heaps`, in order: on two threads (each every other heap) with
/// the `parallel` feature, if the machine has two cores.
fn options_of<R: Rules + Sync>(rules: &R, heaps: std::ops::Range<u64>) -> Vec<Result<Options, R::Error>>
where
    R::Error: Send,
{
    let one = |heap: u64| {
        let mut options = Options::new();
        rules.options(&[heap], &mut options).map(|()| options)
    };
    #[cfg(feature = "parallel")]
    if heaps.end - heaps.start > 1 && std::thread::available_parallelism().is_ok_and(|n| n.get() >= 2) {
        let start = heaps.start;
        let odd = std::thread::scope(|s| {
            // A script's calls may nest deeply: a larger stack than the default 2 MiB.
            let other = std::thread::Builder::new()
                .stack_size(64 << 20)
                .spawn_scoped(s, || heaps.clone().skip(1).step_by(2).map(one).collect::<Vec<_>>());
            let even: Vec<_> = heaps.clone().step_by(2).map(one).collect();
            let odd = match other {
                Ok(handle) => handle.join().unwrap_or_else(|panic| std::panic::resume_unwind(panic)),
                Err(_) => heaps.clone().skip(1).step_by(2).map(one).collect(),
            };
            (even, odd)
        });
        let (even, odd) = odd;
        let mut even = even.into_iter();
        let mut odd = odd.into_iter();
        return heaps
            .map(|h| if (h - start).is_multiple_of(2) { even.next() } else { odd.next() }.expect("one per heap"))
            .collect();
    }
    heaps.map(one).collect()
}
