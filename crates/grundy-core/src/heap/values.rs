//! The Grundy values `G(0..N)` of a heap game by the rare-value ("sparse space") method, every
//! value proven.
//!
//! # Classes of values
//!
//! Pick a non-zero bit mask `m` and call the *class* of a value `v` the parity of
//! `popcount(v & m)`. The class of `a ^ b` is the sum (mod 2) of the classes of `a` and `b`.
//!
//! - **Linear split.** A position `x >= 1` is *common* when `class(G(x)) = 1`, *rare* otherwise.
//!   A split into two common heaps has a value of class 0: at every heap, the values of class 1
//!   (the *target class*) come only from moves to one heap and from splits with a rare part.
//! - **Position-parity split.** When every split removes a number of tokens of the same parity
//!   `q` (all split digits at even indices, or all at odd ones), call `x` common when
//!   `class(G(x)) = 1 ^ ((x ^ q) & 1)`. The two parts `a + b = n - i` of a split of heap `n` have
//!   `(a ^ b) & 1 = (n ^ q) & 1`, so a split into two common heaps has class `(n ^ q) & 1`, and the
//!   target class at heap `n` is `1 ^ ((n ^ q) & 1)`.
//!
//! Either way: rare positions are those whose value is not in the target class at their own
//! position, and a value of the target class at heap `n` is an option of `n` only through a move
//! to one heap or a split with at least one rare part. Any mask is correct; a good one makes
//! rare positions few (they usually stop appearing early), and then:
//!
//! # One heap
//!
//! 1. Mark the values of the moves to zero or one heap, and of every split with a rare part
//!    (`O(#rare)` per split digit).
//! 2. The **candidate** is the smallest unmarked value of the target class. Every option of the
//!    target class is marked, so the candidate is not an option and `G(n) <= candidate`.
//! 3. **Proof.** The values below the candidate still unmarked (all of the other class) might be
//!    options through splits of two common heaps. The splits are scanned, smallest part first
//!    (part 1 for every split digit, then part 2, …), until all of them are marked: then
//!    `G(n) = candidate`. If the scan ends with some still unmarked, every option has been seen
//!    and `G(n)` is the smallest of them: a new rare value, and `n` joins the rare positions.
//!    Nothing is assumed.
//!
//! # The inner loops
//!
//! The steps live in module `steps`. Step 1 walks the rare positions and their values side by
//! side (two arrays read in order); step 3 reads the values of the small parts forwards and of
//! the large parts backwards, two runs of `u16`. Every option value met is stamped (`stamp[v] =
//! tick`, one store, no branch, a new tick per step; the stamp array has 2^16 entries, so a
//! `u16` index needs no bounds check), and the to-do list of the proof is checked only after
//! each block of parts per split digit (blocks of `PROOF_BLOCK` parts, doubling: most proofs end
//! within a few parts, some take thousands). The candidate and the to-do list come from the
//! values of each class in increasing order, listed when the mask is chosen. Where the CPU has
//! AVX-512, a proof still running after its first blocks, or with a long to-do list from its
//! first part, goes on 32 splits at a time (module `wide`), with the same blocks, value and work.
//!
//! Consecutive split digits share step 1's work: heap `n` splits `m = n - i - 1` under digit
//! `i + 1`, as heap `n - 1` did under digit `i`, and the splits of `m` with a rare part are the
//! same (the rare positions below `m` do not change). So for a run of `k` consecutive split
//! digits the engine keeps each `m`'s marks (stamped `m + 1`) and marks one `m` a heap instead
//! of `k`: 0.354 (digits 2 and 3) takes 30% less time. The work counted is unchanged.
//!
//! # Two threads
//!
//! With the `std` feature, heaps on the sparse path from heap 2^14 on, while every value is below
//! 1024, are computed by a pipeline (module `pipeline`): steps 1 and 2 of a block of heaps run
//! ahead, each heap given its candidate, while the heaps of the block before are proven; a proof
//! that fails throws away what was computed after it. The part of step 1 that does not depend on
//! the block runs on both threads before it, and the thread done first joins the proofs, so
//! both cores stay busy: on Officers, step 1 is about 35% of the time and the proofs about 50%
//! (`perf`, BENCHMARKS.md). [`HeapValues::set_threads`] turns it off; the sequential engine is
//! the tests' oracle for it.
//!
//! Three-heap splits (bit 8) defeat the argument (three common heaps again give the target
//! class), and a game whose rare positions stay many gains nothing: those heaps take the
//! **plain path**, every option marked and the mex taken (`Θ(N²)` in all). The plain path is
//! used while a quarter or more of the heaps are rare: 0.04, 0.06 and 0.007 have no sparse
//! space, and neither have 0.07 and 0.137 (their periods repeat values at heaps of both parities,
//! so about a third of the heaps stay rare under every mask; they are proven periodic from a
//! thousand values anyway).
//!
//! # The mask
//!
//! At powers of two (and when rare positions pile up) the mask is chosen again: for the counts
//! `c(v, parity)` of the values so far, the Walsh–Hadamard transform gives for every mask at once
//! the number of positions it makes rare (`(N + H[m]) / 2`, with `H` the transform of
//! `c(v, even) + c(v, odd)` for the linear split and of `c(v, even) - c(v, odd)` for the
//! position-parity one); the mask with the fewest is taken and the rare list rebuilt.
//!
//! Values are stored in 16 bits (two bytes per heap); a value above `u16::MAX` is an error, never
//! wrapped. Marks are stamps, so nothing is cleared between heaps.

#[cfg(feature = "std")]
mod pipeline;
mod splits;
mod steps;
pub(crate) mod store;
mod wide;

use alloc::string::String;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use super::spec::HeapGame;
use steps::{Known, Moves, View, Worker};
use store::Store;
use wide::Avx512;

/// The most heaps [`HeapValues`] computes (`G(0..MAX_HEAPS)`): positions are stored in 32 bits.
pub const MAX_HEAPS: usize = (u32::MAX - 1) as usize;

/// Parts scanned per split digit before the first look at the proof's to-do list; the blocks
/// double from there up to `PROOF_BLOCK_MAX`.
const PROOF_BLOCK: usize = 4;
/// The longest block of parts between two looks at the to-do list.
const PROOF_BLOCK_MAX: usize = 256;

/// Heaps computed between two looks of [`HeapValues::extend_with`]'s check, at most.
pub(crate) const CHECK_HEAPS: usize = 1 << 16;
/// Option values looked at between two looks of the check, at most (heaps of a game without a
/// sparse space cost `Θ(N)` each).
pub(crate) const CHECK_WORK: u64 = 1 << 24;

/// Values kept in memory at each end when the values are in a file ([`HeapValues::release`]), and
/// behind a scan (fewer in the tests, so that their short runs drop pages too).
pub(crate) const KEEP: usize = if cfg!(test) { 1 << 11 } else { 1 << 20 };

/// The largest value stored.
pub const MAX_HEAP_VALUE: u32 = u16::MAX as u32;

/// Why values could not be computed further.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ValuesError {
    /// `G(heap)` exceeds [`MAX_HEAP_VALUE`].
    ValueTooLarge {
        /// The heap.
        heap: u64,
    },
    /// The work budget (option values looked at) ran out before `heap` was computed.
    WorkExhausted {
        /// The first heap not computed.
        heap: u64,
        /// The budget.
        budget: u64,
    },
    /// More than [`MAX_HEAPS`] heaps were asked for.
    TooManyHeaps {
        /// The number asked for.
        requested: u64,
    },
    /// The check of [`HeapValues::extend_with`] asked to stop before `heap` was computed.
    Stopped {
        /// The first heap not computed.
        heap: u64,
    },
    /// The file holding the values (`HeapSearch::into_file`, with the `std` feature)
    /// could not grow to hold `heap`.
    Storage {
        /// The first heap not computed.
        heap: u64,
        /// What the system said.
        message: String,
    },
}

impl fmt::Display for ValuesError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ValueTooLarge { heap } => write!(f, "the value of heap {heap} exceeds {MAX_HEAP_VALUE}"),
            Self::WorkExhausted { heap, budget } => {
                write!(f, "the work budget of {budget} option values ran out at heap {heap}")
            }
            Self::TooManyHeaps { requested } => {
                write!(f, "{requested} heaps asked for: at most {MAX_HEAPS} are computed")
            }
            Self::Stopped { heap } => write!(f, "stopped before heap {heap}"),
            Self::Storage { heap, message } => write!(f, "the values' file could not grow to heap {heap}: {message}"),
        }
    }
}

impl core::error::Error for ValuesError {}

/// The current split of values into common and rare classes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Sparse {
    /// The mask (0: no split yet, every heap takes the plain path).
    pub mask: u32,
    /// Whether the position-parity split is used (else the linear one).
    pub parity: bool,
}

/// `G(0..len)` of one game, extended on demand by the rare-value method.
///
/// Values are split into two classes by a bit mask (the parity of `popcount(v & mask)`, with the
/// heap's parity folded in when all splits remove tokens of one parity) so that a split into two
/// *common* heaps never has a value of the heap's target class. A heap's options of that class
/// then come only from moves to one heap and splits with a *rare* part, which gives a candidate;
/// the splits are scanned until every smaller value is seen as an option (the candidate is
/// proven) or the scan ends (the smallest unseen value is a new rare value). Heaps with
/// three-heap moves, and games whose rare positions stay many, take the plain mex over all
/// options. The mask is re-chosen by a Walsh–Hadamard transform of the value counts at powers of
/// two.
#[derive(Debug, Clone)]
pub struct HeapValues {
    game: HeapGame,
    values: Store,
    /// The moves, by kind.
    moves: Moves,
    sparse: Sparse,
    /// Rare positions (>= 1), increasing, and their values (the step 1 loop reads both in order).
    rare: Vec<u32>,
    rare_values: Vec<u16>,
    /// Every value below 2^16 of class 0 and of class 1 under the current mask, increasing.
    class_values: [Vec<u16>; 2],
    /// Count of each value at odd (`[1]`) and even (`[0]`) positions >= 1.
    counts: [Vec<u64>; 2],
    /// Where proofs run on AVX-512 (module `wide`): where the CPU has it.
    wide: Option<Avx512>,
    /// The marks and to-do list of the calling thread.
    worker: Worker,
    /// Those of the pipeline's second thread, made when it first runs.
    #[cfg(feature = "std")]
    helper: Option<Worker>,
    /// Heaps per block of the pipeline (0: the sequential engine only), and the first heap it
    /// computes.
    #[cfg(feature = "std")]
    block: usize,
    #[cfg(feature = "std")]
    pipeline_from: usize,
    /// The heaps past the last rare position from which the pipeline runs (`pipeline::QUIET`).
    #[cfg(feature = "std")]
    pipeline_quiet: usize,
    /// The option values per heap (on average since the last check) from which the pipeline
    /// runs: below, its overhead outweighs what the second thread gives.
    #[cfg(feature = "std")]
    pipeline_work: u64,
    /// A power of two above every value so far.
    cap: usize,
    max_value: u16,
    /// Option values looked at so far.
    work: u64,
    next_rebuild: usize,
    rare_after_rebuild: usize,
    /// [`MAX_HEAP_VALUE`], lowered by the tests to reach the error.
    value_limit: u32,
    /// The values a file holds from `KEEP` to here are dropped from memory ([`HeapValues::release`]).
    released: usize,
    /// Speculated heaps the pipeline threw away after failed proofs.
    #[cfg(all(test, feature = "std"))]
    thrown_away: usize,
}

impl HeapValues {
    /// No values yet (`len() == 0`).
    pub fn new(game: &HeapGame) -> HeapValues {
        let digits = game.digits();
        let with = |bit: u8| -> Vec<usize> { (0..digits.len()).filter(|&i| digits[i] & bit != 0).collect() };
        let split2 = with(4);
        let split3 = with(8);
        let consecutive = split2.windows(2).take_while(|w| w[1] == w[0] + 1).count();
        let run = if consecutive > 0 { consecutive + 1 } else { 0 };
        let split_parity = match split2.first() {
            Some(&i) if split2.iter().all(|&j| (j ^ i) & 1 == 0) => Some(i & 1),
            Some(_) => None,
            None => Some(0),
        };
        HeapValues {
            game: game.clone(),
            values: Store::default(),
            moves: Moves {
                take_all: with(1),
                take_one: with(2),
                split2,
                split3,
                unequal: game.is_grundy(),
                split_parity,
                run,
            },
            sparse: Sparse { mask: 0, parity: false },
            rare: Vec::new(),
            rare_values: Vec::new(),
            class_values: [Vec::new(), Vec::new()],
            counts: [vec![0; 2], vec![0; 2]],
            wide: Avx512::detect(),
            worker: Worker::new(),
            #[cfg(feature = "std")]
            helper: None,
            #[cfg(feature = "std")]
            block: pipeline::BLOCK,
            #[cfg(feature = "std")]
            pipeline_from: pipeline::FROM,
            #[cfg(feature = "std")]
            pipeline_quiet: pipeline::QUIET,
            #[cfg(feature = "std")]
            pipeline_work: pipeline::HEAVY,
            cap: 2,
            max_value: 0,
            work: 0,
            next_rebuild: 16,
            rare_after_rebuild: 0,
            value_limit: MAX_HEAP_VALUE,
            released: 0,
            #[cfg(all(test, feature = "std"))]
            thrown_away: 0,
        }
    }

    /// Sets the threads that compute values: 2 (the default with the `std` feature) runs the
    /// heaps of the sparse path in a pipeline, one block of heaps speculated while the block
    /// before it is proven (module `pipeline`); 1 (or 0) computes every heap on the calling
    /// thread. The values are the same; more than 2 is 2. Without `std`, one thread only.
    pub fn set_threads(&mut self, threads: usize) {
        #[cfg(feature = "std")]
        {
            self.block = if threads >= 2 { pipeline::BLOCK } else { 0 };
        }
        #[cfg(not(feature = "std"))]
        let _ = threads;
    }

    /// An engine holding `values` as `G(0..values.len())` of `game`, to extend: the counts, the
    /// largest value and the split are rebuilt from them (the values are taken as given, not
    /// recomputed). The split is chosen again where [`extend_with`](Self::extend_with) chooses it,
    /// so it is the one the engine that computed the values had; any split would give the same
    /// values (every split is correct), but the rare positions, which the evidence of an
    /// analysis reports, depend on it. [`work`](Self::work) starts at 0.
    pub fn from_values(game: &HeapGame, values: Vec<u16>) -> Result<HeapValues, ValuesError> {
        HeapValues::from_store(game, Store::Memory(values))
    }

    /// [`HeapValues::from_values`] with the values where they are.
    pub(crate) fn from_store(game: &HeapGame, values: Store) -> Result<HeapValues, ValuesError> {
        if values.len() > MAX_HEAPS {
            return Err(ValuesError::TooManyHeaps { requested: values.len() as u64 });
        }
        let mut engine = HeapValues::new(game);
        engine.values = values;
        for heap in 1..engine.values.len() {
            if engine.rebuild_due(heap) {
                engine.rebuild(heap);
            }
            engine.record(heap, engine.values[heap]);
            release_behind(&engine.values, heap);
        }
        Ok(engine)
    }

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// `G(0..len())`.
    pub fn values(&self) -> &[u16] {
        &self.values
    }

    /// `G(0..len())`, owned.
    pub fn into_values(self) -> Vec<u16> {
        self.values.into_vec()
    }

    /// `G(0..len())` where they are kept.
    pub(crate) fn into_store(self) -> Store {
        self.values
    }

    /// Where the values are kept.
    pub(crate) fn store(&self) -> &Store {
        &self.values
    }

    /// Drops from memory the values a file holds that the next heaps are unlikely to read (see
    /// [`Store::release`]): all but the early ones, the small parts of the proofs, and the recent
    /// ones, the large parts and the rare parts' partners.
    fn release(&mut self) {
        let (from, to) = (self.released.max(KEEP), self.values.len().saturating_sub(KEEP + self.last_rare()));
        if to > from {
            self.values.release(from, to);
            self.released = to;
        }
    }

    /// The last rare position (0 before the first).
    fn last_rare(&self) -> usize {
        self.rare.last().map_or(0, |&r| r as usize)
    }

    /// The number of heaps computed.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    /// Whether nothing is computed yet.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The largest value computed.
    pub fn max_value(&self) -> u32 {
        u32::from(self.max_value)
    }

    /// The rare positions under the current split (increasing).
    pub fn rare_positions(&self) -> &[u32] {
        &self.rare
    }

    /// The current split of values.
    pub fn sparse(&self) -> Sparse {
        self.sparse
    }

    /// Option values looked at so far (the work measure of [`HeapValues::extend_to`]).
    pub fn work(&self) -> u64 {
        self.work
    }

    /// Computes `G(len()..n)`. Stops with an error (keeping what was computed) when a value
    /// exceeds [`MAX_HEAP_VALUE`] or when [`work`](Self::work) would pass `max_work`.
    pub fn extend_to(&mut self, n: usize, max_work: u64) -> Result<(), ValuesError> {
        self.extend_with(n, max_work, &mut |_| false)
    }

    /// [`extend_to`](Self::extend_to), calling `stop` every 2^16 heaps or 2^24 option
    /// values, whichever comes first (on two threads, every 2^16 heaps): when it returns `true`, the
    /// extension ends with [`ValuesError::Stopped`], keeping the values computed.
    pub fn extend_with<F>(&mut self, n: usize, max_work: u64, stop: &mut F) -> Result<(), ValuesError>
    where
        F: FnMut(&HeapValues) -> bool,
    {
        if n > MAX_HEAPS {
            return Err(ValuesError::TooManyHeaps { requested: n as u64 });
        }
        if self.values.is_empty() && n > 0 {
            self.values.push(0);
        }
        let heap = self.values.len();
        self.values
            .reserve(n.saturating_sub(heap))
            .map_err(|message| ValuesError::Storage { heap: heap as u64, message })?;
        let mut next_heap = (self.values.len() | (CHECK_HEAPS - 1)) + 1;
        let mut next_work = self.work.saturating_add(CHECK_WORK);
        #[cfg(feature = "std")]
        let mut since = (self.values.len(), self.work);
        while self.values.len() < n {
            let heap = self.values.len();
            if self.work > max_work {
                return Err(ValuesError::WorkExhausted { heap: heap as u64, budget: max_work });
            }
            if heap >= next_heap || self.work >= next_work {
                self.release();
                if stop(self) {
                    return Err(ValuesError::Stopped { heap: heap as u64 });
                }
                next_heap = (heap | (CHECK_HEAPS - 1)) + 1;
                next_work = self.work.saturating_add(CHECK_WORK);
                #[cfg(feature = "std")]
                {
                    since = (heap, self.work);
                }
            }
            if self.rebuild_due(heap) {
                self.rebuild(heap);
            }
            #[cfg(feature = "std")]
            {
                // Up to the next point where the mask may be chosen again (`rebuild_due`), so it is
                // chosen where the sequential engine chooses it.
                let half = self.next_rebuild / 2;
                let end = n.min(next_heap).min(if heap < half { half } else { self.next_rebuild });
                let heavy = heap > since.0 && self.work - since.1 >= self.pipeline_work * (heap - since.0) as u64;
                if self.block > 0
                    && self.cap <= pipeline::BITS
                    && heavy
                    && heap >= self.pipeline_from
                    && heap >= self.last_rare() + self.pipeline_quiet
                    && end >= heap + 2 * self.block
                    && self.sparse_path(heap)
                {
                    self.extend_pipelined(end, max_work.saturating_add(1));
                    if self.values.len() > heap {
                        continue;
                    }
                    // Nothing computed: the first heap's value is beyond the limit.
                }
            }
            let v = self.compute(heap);
            if v > self.value_limit {
                return Err(ValuesError::ValueTooLarge { heap: heap as u64 });
            }
            self.push(heap, v as u16);
        }
        Ok(())
    }

    /// Whether the mask is chosen again before heap `heap`: at powers of two, and when rare
    /// positions pile up.
    fn rebuild_due(&self, heap: usize) -> bool {
        heap >= self.next_rebuild
            || (heap >= 64 && self.rare.len() > 2 * self.rare_after_rebuild + 64 && heap >= self.next_rebuild / 2)
    }

    fn class(&self, v: usize) -> usize {
        ((v as u32 & self.sparse.mask).count_ones() & 1) as usize
    }

    fn is_rare(&self, n: usize, v: u16) -> bool {
        self.sparse.mask != 0 && n >= 1 && self.class(usize::from(v)) != View::of(self).target(n)
    }

    /// Whether heap `n` takes the sparse path (the plain one otherwise: no mask yet, three-heap
    /// splits, or rare positions too many).
    fn sparse_path(&self, n: usize) -> bool {
        self.sparse.mask != 0 && self.moves.split3.is_empty() && self.rare.len() * 4 < n
    }

    fn push(&mut self, n: usize, v: u16) {
        self.values.push(v);
        self.record(n, v);
    }

    /// Counts `G(n) = v` (stored at `values[n]`), and lists `n` if it is rare.
    fn record(&mut self, n: usize, v: u16) {
        if v > self.max_value {
            self.max_value = v;
            if usize::from(v) >= self.cap {
                self.cap = (usize::from(v) + 1).next_power_of_two();
                for c in &mut self.counts {
                    c.resize(self.cap, 0);
                }
            }
        }
        if n >= 1 {
            self.counts[n & 1][usize::from(v)] += 1;
        }
        if self.is_rare(n, v) {
            self.rare.push(n as u32);
            self.rare_values.push(v);
        }
    }

    /// `G(n)` for `n = values.len() >= 1`.
    fn compute(&mut self, n: usize) -> u32 {
        if self.sparse_path(n) {
            let Self { values, worker, work, moves, sparse, rare, rare_values, class_values, wide, .. } = self;
            let view = View { moves, sparse: *sparse, rare, rare_values, class_values, wide: *wide };
            let g = &values[..n];
            let cand = view.candidate(Known { done: g, block: &[] }, n, worker, work);
            return view.prove(g, n, cand, worker, work);
        }
        let cur = self.worker.marks.next();
        let Self { values: g, worker, moves, work, .. } = self;
        let Moves { take_all, take_one, split2, split3, unequal, .. } = moves;
        let (g, stamp, unequal) = (&g[..], &mut worker.marks.stamp, *unequal);
        for &i in take_all.iter() {
            if i == n {
                stamp[0] = cur;
            }
        }
        for &i in take_one.iter() {
            if i < n {
                stamp[usize::from(g[n - i])] = cur;
            }
        }
        // Plain path: every option.
        for &i in split2.iter() {
            if n < i + 2 {
                continue;
            }
            let m = n - i;
            let top = if unequal { (m - 1) / 2 } else { m / 2 };
            for a in 1..=top {
                stamp[usize::from(g[a] ^ g[m - a])] = cur;
            }
            *work += top as u64;
        }
        for &i in split3.iter() {
            if n < i + 3 {
                continue;
            }
            let m = n - i;
            for a in 1..=m / 3 {
                let ga = g[a];
                for b in a..=(m - a) / 2 {
                    stamp[usize::from(ga ^ g[b] ^ g[m - a - b])] = cur;
                }
                *work += ((m - a) / 2 + 1 - a) as u64;
            }
        }
        stamp.iter().position(|&s| s != cur).unwrap_or(stamp.len()) as u32
    }

    /// Chooses the mask (and split kind) that makes the fewest of heaps `1..n` rare, and rebuilds
    /// the rare list.
    fn rebuild(&mut self, n: usize) {
        // The families of splits hold the rare parts of the old list.
        self.worker.families.next = 0;
        self.next_rebuild = (n + 1).next_power_of_two().max(16);
        if !self.moves.split3.is_empty() || self.moves.split2.is_empty() {
            // No split useful (three-heap splits) or needed (no splits at all).
            self.rare_after_rebuild = self.rare.len();
            return;
        }
        let size = self.cap;
        let positions = (n - 1) as i64;
        let mut best: Option<(i64, Sparse)> = None;
        let q = self.moves.split_parity;
        for parity in [false, true] {
            let Some(q) = (if parity { q } else { Some(0) }) else { continue };
            // Counts at positions with (x ^ q) even minus / plus those with it odd.
            let (even, odd) = (&self.counts[q], &self.counts[1 ^ q]);
            let mut h: Vec<i64> = (0..size)
                .map(|v| if parity { even[v] as i64 - odd[v] as i64 } else { (even[v] + odd[v]) as i64 })
                .collect();
            walsh_hadamard(&mut h);
            for (m, &hm) in h.iter().enumerate().skip(1) {
                let rare = (positions + hm) / 2;
                if best.is_none_or(|(b, _)| rare < b) {
                    best = Some((rare, Sparse { mask: m as u32, parity }));
                }
            }
        }
        let Some((_, sparse)) = best else { return };
        self.sparse = sparse;
        self.rare.clear();
        self.rare_values.clear();
        for x in 1..n {
            let v = self.values[x];
            if self.is_rare(x, v) {
                self.rare.push(x as u32);
                self.rare_values.push(v);
            }
            release_behind(&self.values, x);
        }
        for c in &mut self.class_values {
            c.clear();
        }
        for v in 0..=u16::MAX {
            let c = self.class(usize::from(v));
            self.class_values[c].push(v);
        }
        self.rare_after_rebuild = self.rare.len();
    }
}

/// Drops from memory the values a file holds that a cursor at `at` has passed, every
/// `CHECK_HEAPS` of them (all but the first `KEEP`, and the last `KEEP` behind it).
fn release_behind(values: &Store, at: usize) {
    if at.is_multiple_of(CHECK_HEAPS) {
        values.release(at.saturating_sub(KEEP + CHECK_HEAPS).max(KEEP), at.saturating_sub(KEEP));
    }
}

/// In-place Walsh–Hadamard transform (length a power of two): `h[m] = Σ_v c[v]·(-1)^popcount(v & m)`.
fn walsh_hadamard(h: &mut [i64]) {
    let mut len = 1;
    while len < h.len() {
        for block in h.chunks_mut(2 * len) {
            let (lo, hi) = block.split_at_mut(len);
            for (a, b) in lo.iter_mut().zip(hi.iter_mut()) {
                let (x, y) = (*a, *b);
                *a = x + y;
                *b = x - y;
            }
        }
        len *= 2;
    }
}

/// `G(0..n)` of `game` (see [`HeapValues`]), without a work limit.
pub fn heap_values(game: &HeapGame, n: usize) -> Result<Vec<u16>, ValuesError> {
    let mut engine = HeapValues::new(game);
    engine.extend_to(n, u64::MAX)?;
    Ok(engine.into_values())
}

#[cfg(test)]
mod tests {
    use super::super::naive::mex_by_definition;
    use super::*;
    use alloc::format;
    use alloc::string::{String, ToString};
    use grundy_test_support::Rng;

    /// The sequential engine, or the pipeline from heap `from` in blocks of `block` heaps, right
    /// after a new rare position too (so that its proofs fail); its proofs on AVX-512 where the
    /// CPU has it.
    fn engine(game: &HeapGame, pipeline: Option<(usize, usize)>) -> HeapValues {
        #[cfg_attr(not(feature = "std"), allow(unused_mut))] // set below with threads only
        let mut e = HeapValues::new(game);
        #[cfg(feature = "std")]
        match pipeline {
            Some((from, block)) => {
                (e.pipeline_from, e.block, e.pipeline_work, e.pipeline_quiet) = (from, block, 0, 0);
            }
            None => e.block = 0,
        }
        #[cfg(not(feature = "std"))]
        let _ = pipeline; // no pipeline without threads
        e
    }

    /// `G(0..n)` by the sequential engine, or by the pipeline from heap `from` in blocks of
    /// `block` heaps (small ones, so that short runs cross many blocks and throw speculated ones
    /// away when a proof fails).
    fn values_by(game: &HeapGame, n: usize, pipeline: Option<(usize, usize)>) -> Vec<u32> {
        let mut e = engine(game, pipeline);
        e.extend_to(n, u64::MAX).unwrap();
        e.values.iter().map(|&v| u32::from(v)).collect()
    }

    /// The sequential engine (with scalar proofs, and with AVX-512 ones where the CPU has it:
    /// the same values and work) and the pipeline (from heap 40 in blocks of 8 without AVX-512,
    /// and from 200 in blocks of 64 with it where the CPU has it) equal the definition, with the
    /// sequential engine's work.
    fn same_as_naive(game: &HeapGame, n: usize) {
        let slow = mex_by_definition(game, n);
        let mut scalar = engine(game, None);
        scalar.wide = None;
        scalar.extend_to(n, u64::MAX).unwrap();
        assert!(scalar.values.iter().map(|&v| u32::from(v)).eq(slow.iter().copied()), "{game} scalar");
        let mut wide = engine(game, None);
        wide.extend_to(n, u64::MAX).unwrap();
        assert_eq!(wide.values, scalar.values, "{game}");
        assert_eq!(wide.work, scalar.work, "{game}");
        for (pipeline, avx512) in [((40, 8), false), ((200, 64), true)] {
            let mut e = engine(game, Some(pipeline));
            if !avx512 {
                e.wide = None;
            }
            e.extend_to(n, u64::MAX).unwrap();
            assert_eq!(e.values, scalar.values, "{game} {pipeline:?}");
            assert_eq!(e.work, scalar.work, "{game} {pipeline:?}");
        }
    }

    #[test]
    fn walsh_hadamard_counts_rare_positions() {
        let mut h = vec![3i64, 1, 4, 1];
        walsh_hadamard(&mut h);
        assert_eq!(h, [9, 5, -1, -1]);
    }

    #[test]
    fn literature_prefixes() {
        same_as_naive(&HeapGame::parse("0.77").unwrap(), 400);
        same_as_naive(&HeapGame::parse("0.07").unwrap(), 400);
        same_as_naive(&HeapGame::parse("0.137").unwrap(), 400);
        same_as_naive(&HeapGame::parse("0.16").unwrap(), 400);
        same_as_naive(&HeapGame::parse("0.56").unwrap(), 400);
        same_as_naive(&HeapGame::parse("0.127").unwrap(), 400);
        same_as_naive(&HeapGame::parse("0.6").unwrap(), 400);
        same_as_naive(&HeapGame::parse("0.04").unwrap(), 300);
        same_as_naive(&HeapGame::grundy(), 600);
        same_as_naive(&HeapGame::parse("4.").unwrap(), 300);
        same_as_naive(&HeapGame::parse("0.8").unwrap(), 120);
        same_as_naive(&HeapGame::parse("8.f").unwrap(), 120);
    }

    /// The engine equals the definition on random codes (d0 = 4 and hexadecimal digits included)
    /// and subtraction sets.
    #[test]
    fn random_games_equal_the_definition() {
        let mut rng = Rng(0x2545_f491_4f6c_dd1d);
        let mut games = 0;
        while games < 300 {
            let len = 1 + (rng.next() % 4) as usize;
            let mut text = String::new();
            let d0 = [0u8, 0, 0, 4, 8, 12][(rng.next() % 6) as usize];
            // Hexadecimal digits now and then, octal ones mostly.
            let hexa = rng.next().is_multiple_of(5);
            text.push_str(&format!("{d0:x}."));
            for _ in 0..len {
                let d = if hexa { rng.next() % 16 } else { rng.next() % 8 };
                text.push_str(&format!("{d:x}"));
            }
            let Ok(game) = HeapGame::parse(&text) else { continue };
            let n = if game.max_heaps() == 3 { 90 } else { 300 };
            same_as_naive(&game, n);
            games += 1;
        }
        for _ in 0..100 {
            let set: Vec<u64> = (0..1 + rng.next() % 4).map(|_| 1 + rng.next() % 12).collect();
            same_as_naive(&HeapGame::subtraction(&set).unwrap(), 300);
        }
    }

    /// Officers past its last rare position (20627) and 0.354 (two split digits, scanned block by
    /// block together): long proofs, new rare values found at the end of a scan.
    #[test]
    fn long_proofs_equal_the_definition() {
        same_as_naive(&HeapGame::parse("0.6").unwrap(), 21_000);
        same_as_naive(&HeapGame::parse("0.354").unwrap(), 6000);
    }

    /// A game whose rare values keep appearing (0.371: about one heap in five) on two threads:
    /// the pipeline waits for a quiet stretch after a rare position, so it throws little
    /// speculation away (without the wait, most of every block: 44 s to 5·10^4, 0.46 s on one
    /// thread). The values are the sequential engine's.
    #[cfg(feature = "std")]
    #[test]
    fn frequent_rare_values_keep_the_pipeline_waiting() {
        let game = HeapGame::parse("0.371").unwrap();
        let mut e = HeapValues::new(&game);
        e.set_threads(2);
        e.extend_to(40_000, u64::MAX).unwrap();
        assert!(e.rare.len() > 5000, "{} rare positions", e.rare.len());
        assert!(e.thrown_away < pipeline::BLOCK, "{} speculated heaps thrown away", e.thrown_away);
        let sequential = values_by(&game, 40_000, None);
        assert!(e.values.iter().map(|&v| u32::from(v)).eq(sequential));
    }

    /// The AVX-512 proofs run in these tests where the CPU has it; say so where it has not.
    #[test]
    fn wide_proofs_run_where_the_cpu_has_them() {
        #[cfg(feature = "std")]
        if Avx512::detect().is_none() {
            std::eprintln!("no AVX-512 F, BW and VBMI2 on this CPU: the tests compare the scalar steps only");
        }
        let mut e = engine(&HeapGame::parse("0.6").unwrap(), None);
        e.extend_to(1 << 15, u64::MAX).unwrap();
        assert!(u32::from(e.max_value) < wide::MAX_CANDIDATE);
    }

    /// The AVX-512 proof (where the CPU has it) gives the scalar one's answer and work on random
    /// values below 1024, with to-do lists in both halves of its bitmap: candidates up to
    /// `MAX_CANDIDATE`, lists some of whose values no split gives.
    #[test]
    fn wide_proofs_equal_scalar_ones() {
        let Some(avx512) = Avx512::detect() else { return };
        let e = HeapValues::new(&HeapGame::parse("0.6").unwrap());
        let mut rng = Rng(0x5eed_0fa1);
        let (mut proven, mut failed) = (0, 0);
        for _ in 0..3000 {
            let n = 64 + (rng.next() % 3000) as usize;
            let g: Vec<u16> = (0..n).map(|_| (rng.next() % 1024) as u16).collect();
            let cand = 1 + (rng.next() % u64::from(wide::MAX_CANDIDATE)) as u32;
            let mut free: Vec<u16> = (0..rng.next() % 40).map(|_| (rng.next() % u64::from(cand)) as u16).collect();
            free.sort_unstable();
            free.dedup();
            let [scalar, wide] = [None, Some(avx512)].map(|wide| {
                let view = View { wide, ..View::of(&e) };
                let (mut worker, mut work) = (Worker::new(), 0);
                worker.free.clone_from(&free);
                (view.prove(&g, n, cand, &mut worker, &mut work), work)
            });
            assert_eq!(scalar, wide, "n {n}, candidate {cand}, to-do list {free:?}");
            if scalar.0 == cand { proven += 1 } else { failed += 1 }
        }
        assert!(proven > 100 && failed > 100, "{proven} proven, {failed} failed");
    }

    #[test]
    fn values_too_large_are_refused() {
        // 0.8's values grow: G(0..5) = 0,0,0,0,1, then larger.
        let mut e = HeapValues::new(&HeapGame::parse("0.8").unwrap());
        e.value_limit = 1;
        let err = e.extend_to(200, u64::MAX).unwrap_err();
        let slow = mex_by_definition(e.game(), 200);
        let first = slow.iter().position(|&v| v > 1).unwrap();
        assert_eq!(err, ValuesError::ValueTooLarge { heap: first as u64 });
        assert_eq!(e.len(), first);
        assert!(err.to_string().contains(&format!("heap {first}")));
        // On the sparse path, in the pipeline too (the sequential engine as the oracle): Officers
        // past the largest of its first 2^15 values, whether the value beyond is a candidate or
        // a new rare value.
        let officers = HeapGame::parse("0.6").unwrap();
        let slow: Vec<u32> = values_by(&officers, 1 << 17, None);
        for below in [1 << 15, 3000] {
            let limit = *slow[..below].iter().max().unwrap();
            let first = slow.iter().position(|&v| v > limit).unwrap();
            for pipeline in [None, Some((200, 64))] {
                let mut e = engine(&officers, pipeline);
                e.value_limit = limit;
                let err = e.extend_to(1 << 17, u64::MAX).unwrap_err();
                assert_eq!(err, ValuesError::ValueTooLarge { heap: first as u64 }, "{pipeline:?}");
                assert_eq!(e.values().len(), first);
                assert!(e.values().iter().zip(&slow).all(|(&x, &y)| u32::from(x) == y));
            }
        }
    }

    #[test]
    fn extension_is_incremental_and_budgeted() {
        let game = HeapGame::parse("0.16").unwrap();
        let mut e = HeapValues::new(&game);
        e.extend_to(100, u64::MAX).unwrap();
        e.extend_to(5000, u64::MAX).unwrap();
        assert_eq!(e.values(), &heap_values(&game, 5000).unwrap()[..]);
        assert!(e.sparse().mask != 0);
        let slow = HeapGame::parse("0.04").unwrap();
        let mut e = HeapValues::new(&slow);
        let err = e.extend_to(100_000, 1_000_000).unwrap_err();
        assert!(matches!(err, ValuesError::WorkExhausted { budget: 1_000_000, .. }));
        let done = e.len();
        assert!(done > 1000 && done < 100_000, "{done}");
        assert_eq!(e.values(), &heap_values(&slow, done).unwrap()[..]);
        assert!(matches!(e.extend_to(MAX_HEAPS + 1, 0), Err(ValuesError::TooManyHeaps { .. })));
    }
}
