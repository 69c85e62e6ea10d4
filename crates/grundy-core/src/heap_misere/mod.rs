//! Misère play of heap games: the misère quotient of the sums of heaps, computed heap by heap,
//! and the periodicity theorem that extends it to every heap.
//!
//! In misère play the player who cannot move *wins* (whoever makes the last move loses). Two
//! sums of heaps `G`, `H` are *indistinguishable* over a set `A` of sums when `G + X` and `H + X`
//! have the same misère outcome for every `X ∈ A`; the classes form a commutative monoid, the
//! *misère quotient* `Q(A)`, with the image `Φ` (a homomorphism, `Φ(empty) = 1`) and the
//! *P-portion* `P = Φ(P-positions)`: `G` is a misère P-position iff `Φ(G) ∈ P`. Restricted to
//! single heaps, `Φ` plays the part the nim sequence plays in normal play.
//!
//! - [`analyze_misere`]: `Q_n = Q(A_n)`, `A_n` the sums of heaps `<= n`, for `n = 1, 2, …`, each
//!   step proven exactly (`verify.rs`): either heap `n` fits the current quotient (a *conservative
//!   extension*: one element, found by trial, passes the check), or the quotient grows (a trial
//!   quotient built by `expand.rs` passes it); then the periodicity theorem on `Φ`.
//! - [`Quotient`]: the monoid, its table and `P`; [`Presentation`]: generators, normal forms,
//!   relations.
//!
//! Why a verified trial is the quotient: if a commutative monoid `M` with `P ⊆ M` and a map `Φ`
//! onto `M` predict every outcome of `A_n`, equal images are indistinguishable (the outcome of
//! `G + X` is read from `Φ(G)·Φ(X)`), and if `(M, P)` is *reduced* (for `x ≠ y` some `z` has
//! exactly one of `xz`, `yz` in `P`) distinct images are distinguished by a position of image
//! `z`. So `M = Q_n`. The trials are reduced as they are built, and a conservative extension
//! keeps a reduced quotient with `Φ` onto.
//!
//! # The periodicity theorem
//!
//! Let the game's moves remove at most `t` tokens ([`HeapGame::max_take`]) and leave at most
//! `k` heaps ([`HeapGame::max_heaps`]), and let `Φ_N` be the image of heaps `0..N` in `Q_{N−1}`
//! (the quotient of *the last step*: earlier images are renamed when the quotient grows). If
//! `Φ_N(i + p) = Φ_N(i)` for `n0 <= i < N − p` and `N >= k·max(n0, 1) + k·p + t − k + 1` and
//! `N >= p + t + 1` (pure subtraction games: `N >= n0 + p + t`), then `Q_m = Q_{N−1}` for every
//! `m >= N` and `Φ(i + p) = Φ(i)` for every `i >= n0`: the bounds of normal play's theorem
//! ([`PeriodRule`](crate::heap::PeriodRule)), with `Φ` in place of `G`.
//!
//! *Proof.* Induction on `m >= N`. The options of heap `m` and of heap `m − p` correspond as in
//! normal play (the largest part of a split is at least `max(n0, 1) + p`, and moving `p` tokens
//! from it to the other heap's split keeps every part's image; single heaps left are `>= n0`;
//! neither heap can be taken whole), so their option images `T(m)`, `T(m − p)` are equal sets.
//! Give heap `m` the image `Φ(m − p)`: its kind (image, option images) is that of heap `m − p`,
//! so the check of `verify.rs` meets no state it has not met, and the extended `Φ` predicts
//! every outcome with the same reduced quotient. Grundy's game (unequal splits) has no theorem.
//!
//! Without a proof, the quotient and images computed are reported for the heaps computed, with
//! why the run stopped ([`MisereStop`]): nothing is extrapolated.

mod expand;
mod monoid;
mod options;
mod presentation;
pub mod table;
mod verify;

pub use monoid::Quotient;
pub use presentation::Presentation;
pub use table::MisereTable;

use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt;
use core::time::Duration;

use crate::heap::{Beyond, HeapControl, HeapGame, HeapMove, Period, find_period, move_where};
use crate::{Outcome, Seconds};
use expand::{Freed, Trial, trial};
use options::{is_terminal, option_images};
use verify::{HeapKind, Search, Unproven, kinds, verify};

/// Limits of [`analyze_misere`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MisereLimits {
    /// The largest heap whose step is computed.
    pub max_heap: u64,
    /// The largest quotient order accepted (at most 65,535).
    pub max_quotient: usize,
    /// The largest trial monoid built while the quotient grows (elements before reduction).
    pub max_trial: usize,
    /// The states and options the checks may look at in all.
    pub max_work: u64,
    /// The periodicity theorem is first tried once heaps `0..prove_from` are computed (to
    /// compute further than a proof needs, as a cross-check).
    pub prove_from: u64,
}

impl Default for MisereLimits {
    /// `max_heap` 20,000, `max_quotient` 1,024, `max_trial` 2^16, `max_work` 2^34: Kayles is
    /// proven with heaps up to 170 in a fraction of a second.
    fn default() -> Self {
        MisereLimits { max_heap: 20_000, max_quotient: 1024, max_trial: 1 << 16, max_work: 1 << 34, prove_from: 0 }
    }
}

/// Why [`analyze_misere`] stopped without a proven period.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum MisereStop {
    /// Every heap up to `max_heap` was computed.
    MaxHeap {
        /// The limit.
        max_heap: u64,
    },
    /// The quotient grows at heap `heap`, no trial of at most `max_quotient` elements was
    /// proven, and a larger one was given up.
    MaxQuotient {
        /// The heap.
        heap: u64,
        /// The limit.
        max_quotient: usize,
    },
    /// The quotient grows at heap `heap`, and no trial within `max_trial` elements was proven.
    NoTrialProven {
        /// The heap.
        heap: u64,
    },
    /// The work limit ran out at heap `heap`.
    Work {
        /// The heap.
        heap: u64,
        /// The limit.
        max_work: u64,
    },
    /// No periodicity theorem covers the game (Grundy's game).
    NoTheorem {
        /// Heaps computed.
        max_heap: u64,
    },
    /// The hook said [`HeapControl::TimeLimit`].
    TimeLimit {
        /// The bound.
        max_time: Duration,
    },
    /// The hook said [`HeapControl::Interrupt`].
    Interrupted,
}

impl fmt::Display for MisereStop {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Self::MaxHeap { max_heap } => write!(f, "every heap up to {max_heap} was computed without a proven period"),
            Self::MaxQuotient { heap, max_quotient } => write!(
                f,
                "the quotient grows at heap {heap} and no trial within the limit of {max_quotient} elements was \
                 proven, larger ones being given up"
            ),
            Self::NoTrialProven { heap } => {
                write!(f, "the quotient grows at heap {heap} and no trial quotient within the size limit was proven")
            }
            Self::Work { heap, max_work } => write!(f, "the work limit of {max_work} ran out at heap {heap}"),
            Self::NoTheorem { max_heap } => {
                write!(f, "no periodicity theorem covers this game (heaps up to {max_heap} computed)")
            }
            Self::TimeLimit { max_time } => write!(f, "the time bound of {} s was reached", Seconds(max_time)),
            Self::Interrupted => write!(f, "interrupted"),
        }
    }
}

/// The result of [`analyze_misere`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MisereStatus {
    /// `Φ(n + period) = Φ(n)` for every `n >= preperiod`, and the quotient is the whole game's:
    /// proven by the periodicity theorem with the images of heaps `0..proven_with`.
    Certified {
        /// The least period of `Φ` and its start.
        period: Period,
        /// The number of heaps (`0..proven_with`) the proof used.
        proven_with: u64,
    },
    /// No period was proven: the quotient is that of the heaps computed.
    NotFound(MisereStop),
}

/// How [`analyze_misere_with`] is going, after each heap.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub struct MisereProgress {
    /// The heap just computed.
    pub heap: u64,
    /// `|Q|` now.
    pub order: usize,
    /// The heaps at which the quotient grew so far.
    pub growths: usize,
    /// The trial quotients built so far (each a candidate for a grown quotient).
    pub trials: u64,
}

/// The misère analysis of a heap game: the quotient of the heaps computed (of every heap when
/// certified), the image of each heap, and the status.
#[derive(Debug, Clone)]
pub struct MisereAnalysis {
    /// The game.
    pub game: HeapGame,
    /// Certified, or why not.
    pub status: MisereStatus,
    quotient: Quotient,
    images: Vec<u32>,
    growths: Vec<u64>,
    presentation: Presentation,
}

impl MisereAnalysis {
    /// The quotient: of every heap when certified, else of the heaps `0..computed()`.
    pub fn quotient(&self) -> &Quotient {
        &self.quotient
    }

    /// The heaps whose images are known: `0..computed()`.
    pub fn computed(&self) -> u64 {
        self.images.len() as u64
    }

    /// `Φ(0..computed())`.
    pub fn images(&self) -> &[u32] {
        &self.images
    }

    /// The heaps at which the quotient grew (an expansion step).
    pub fn growth_heaps(&self) -> &[u64] {
        &self.growths
    }

    /// The quotient's presentation.
    pub fn presentation(&self) -> &Presentation {
        &self.presentation
    }

    /// The proven period of `Φ`, if any.
    pub fn period(&self) -> Option<Period> {
        match self.status {
            MisereStatus::Certified { period, .. } => Some(period),
            MisereStatus::NotFound(_) => None,
        }
    }

    /// Whether the quotient is tame: isomorphic, with its P-portion, to misère Nim's quotient on
    /// the heaps below some `2^k` (trivial, `Z2`, or `T_k` of order `2^k + 2`), checked on its
    /// structure (the kernel, its exponent, the two elements outside it).
    pub fn is_tame(&self) -> bool {
        presentation::is_tame(&self.quotient)
    }

    /// `Φ(heap)`: from the images computed, or through the proven period.
    pub fn image(&self, heap: u64) -> Result<u32, Beyond> {
        if let Some(&x) = usize::try_from(heap).ok().and_then(|i| self.images.get(i)) {
            return Ok(x);
        }
        match self.status {
            MisereStatus::Certified { period, .. } => Ok(self.images[period.reduce(heap) as usize]),
            MisereStatus::NotFound(_) => Err(Beyond { heap, computed: self.computed() }),
        }
    }

    /// A winning move of the sum of `heaps` in misère play: which heap (0-based) and the move on
    /// it, to a sum whose image is in `P`; `None` when every move loses, and for a sum without any
    /// move, which the player to move wins by having none. Split parts are searched
    /// up to `n0 + p` of `Φ`'s period (a part beyond gives `p` tokens to the largest, images
    /// unchanged), or up to the heap without a period.
    pub fn winning_move(&self, heaps: &[u64]) -> Result<Option<(usize, HeapMove)>, Beyond> {
        let q = &self.quotient;
        let images = heaps.iter().map(|&h| self.image(h)).collect::<Result<Vec<u32>, Beyond>>()?;
        // The product of the heaps after `i`, for each `i`.
        let mut after = alloc::vec![q.identity(); images.len() + 1];
        for i in (0..images.len()).rev() {
            after[i] = q.product(images[i], after[i + 1]);
        }
        let mut before = q.identity();
        for (i, &heap) in heaps.iter().enumerate() {
            let rest = q.product(before, after[i + 1]);
            let reach = self.period().map_or(heap, |p| p.span());
            let accepts = |left: &[u64]| {
                let mut x = rest;
                for &h in left {
                    x = q.product(x, self.image(h)?);
                }
                Ok(q.in_p(x))
            };
            if let Some(m) = move_where(&self.game, heap, reach, accepts)? {
                return Ok(Some((i, m)));
            }
            before = q.product(before, images[i]);
        }
        Ok(None)
    }

    /// The misère outcome of the sum of `heaps`: the product of their images, in `P` or not.
    pub fn outcome(&self, heaps: &[u64]) -> Result<Outcome, Beyond> {
        let mut x = self.quotient.identity();
        for &h in heaps {
            x = self.quotient.product(x, self.image(h)?);
        }
        Ok(if self.quotient.in_p(x) { Outcome::SecondPlayerWins } else { Outcome::FirstPlayerWins })
    }
}

impl fmt::Display for MisereAnalysis {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let q = &self.quotient;
        let pres = &self.presentation;
        writeln!(f, "game: {} (misère play)", self.game)?;
        match self.status {
            MisereStatus::Certified { period, proven_with } => writeln!(
                f,
                "quotient of every heap (proven with heaps 0..{proven_with}): Φ has period {} from heap {}",
                period.period, period.preperiod
            )?,
            MisereStatus::NotFound(stop) => {
                writeln!(f, "quotient of heaps 0..{} only, no period proven: {stop}", self.computed())?
            }
        }
        writeln!(
            f,
            "|Q| = {}, |P| = {}, {}",
            q.order(),
            q.p_portion_size(),
            if self.is_tame() { "tame" } else { "wild" }
        )?;
        writeln!(f, "Q = {}", pres.text())?;
        let p: Vec<_> = q.p_portion().iter().map(|&x| pres.element(x)).collect();
        writeln!(f, "P = {{{}}}", p.join(", "))?;
        let heaps: Vec<_> = pres.generator_heaps.iter().map(u64::to_string).collect();
        writeln!(f, "generator heaps: {}", heaps.join(", "))?;
        let shown = match self.period() {
            Some(p) => p.span().min(self.computed()),
            None => self.computed(),
        } as usize;
        let phi: Vec<_> = self.images[..shown.min(200)].iter().map(|&x| pres.element(x)).collect();
        write!(f, "Φ(0..{}) = {}", shown.min(200), phi.join(" "))?;
        if shown > 200 {
            write!(f, " …")?;
        }
        Ok(())
    }
}

/// [`analyze_misere_with`] without a hook.
///
/// ```
/// use grundy_core::heap::HeapGame;
/// use grundy_core::heap_misere::{MisereLimits, analyze_misere};
/// let kayles = analyze_misere(&HeapGame::parse("0.77").unwrap(), &MisereLimits::default());
/// assert_eq!((kayles.quotient().order(), kayles.quotient().p_portion_size()), (40, 9));
/// let period = kayles.period().unwrap(); // Φ: period 12 from heap 71, proven
/// assert_eq!((period.period, period.preperiod), (12, 71));
/// // 1 + 2 + 3 is a misère P-position; any heap below 2^64 is answered through the period.
/// assert_eq!(kayles.outcome(&[1, 2, 3]).unwrap(), grundy_core::Outcome::SecondPlayerWins);
/// assert!(kayles.image(u64::MAX).is_ok());
/// ```
pub fn analyze_misere(game: &HeapGame, limits: &MisereLimits) -> MisereAnalysis {
    analyze_misere_with(game, limits, &mut |_| HeapControl::Continue)
}

/// Computes `Q_n` for `n = 1, 2, …` until the periodicity theorem proves `Φ`'s period or a
/// limit stops it; `hook` is called after each heap and may stop the run (a time bound, an
/// interrupt). The quotient returned is always the last one proven.
pub fn analyze_misere_with<F>(game: &HeapGame, limits: &MisereLimits, hook: &mut F) -> MisereAnalysis
where
    F: FnMut(MisereProgress) -> HeapControl,
{
    let mut engine = Engine::new(game, limits, hook);
    let status = engine.run();
    let presentation = Presentation::of(&engine.q, &engine.images);
    MisereAnalysis {
        game: game.clone(),
        status,
        quotient: engine.q,
        images: engine.images,
        growths: engine.growths,
        presentation,
    }
}

/// The state between heaps: `Q_{n−1}`, `Φ` and `T` of heaps `0..n`.
struct Engine<'g> {
    game: &'g HeapGame,
    hook: &'g mut dyn FnMut(MisereProgress) -> HeapControl,
    limits: MisereLimits,
    q: Quotient,
    images: Vec<u32>,
    /// The heap kinds the record was searched with: those it did not cover when they came.
    kinds: Vec<HeapKind>,
    /// The check's record for `q`, closed for `kinds` (and covering every other heap's kind).
    search: Search,
    terminal: Vec<bool>,
    growths: Vec<u64>,
    work: u64,
    /// The trial quotients built so far.
    trials: u64,
    /// Whether a trial of the current growth step had more than `max_quotient` elements.
    over_quotient: bool,
}

impl<'g> Engine<'g> {
    fn new(game: &'g HeapGame, limits: &MisereLimits, hook: &'g mut dyn FnMut(MisereProgress) -> HeapControl) -> Self {
        Engine {
            game,
            hook,
            limits: *limits,
            q: Quotient::trivial(),
            images: alloc::vec![0],
            kinds: Vec::new(),
            search: Search::new(&Quotient::trivial()),
            terminal: alloc::vec![true],
            growths: Vec::new(),
            work: limits.max_work,
            trials: 0,
            over_quotient: false,
        }
    }

    fn run(&mut self) -> MisereStatus {
        let max_quotient = self.limits.max_quotient.min(u16::MAX as usize);
        let mut next_check = 1usize;
        let mut n = 1usize;
        loop {
            if n as u64 > self.limits.max_heap {
                let max_heap = self.limits.max_heap;
                return MisereStatus::NotFound(if self.game.is_grundy() {
                    MisereStop::NoTheorem { max_heap }
                } else {
                    MisereStop::MaxHeap { max_heap }
                });
            }
            if let Err(stop) = self.step(n, max_quotient) {
                return MisereStatus::NotFound(stop);
            }
            n += 1;
            if n >= next_check && n as u64 >= self.limits.prove_from {
                let phi: Vec<u16> = self.images.iter().map(|&x| x as u16).collect();
                if let Some(period) = find_period(self.game, &phi) {
                    return MisereStatus::Certified { period, proven_with: n as u64 };
                }
                next_check = n + (n / 32).max(1);
            }
            if let Some(stop) = self.poll(n as u64 - 1) {
                return MisereStatus::NotFound(stop);
            }
        }
    }

    /// Asks the hook whether to go on, at heap `heap`.
    fn poll(&mut self, heap: u64) -> Option<MisereStop> {
        let progress = MisereProgress { heap, order: self.q.order(), growths: self.growths.len(), trials: self.trials };
        match (self.hook)(progress) {
            HeapControl::Continue => None,
            HeapControl::Interrupt => Some(MisereStop::Interrupted),
            HeapControl::TimeLimit(max_time) => Some(MisereStop::TimeLimit { max_time }),
        }
    }

    /// Runs `check` with the hook polled: a stop is an error, a check that does not hold the
    /// failing position.
    fn checked<T>(
        &mut self,
        n: usize,
        check: impl FnOnce(&mut u64, &mut dyn FnMut() -> bool) -> Result<T, Unproven>,
    ) -> Result<Result<T, Vec<usize>>, MisereStop> {
        let mut work = self.work;
        let mut stopped = None;
        let verdict = {
            let mut poll = || {
                stopped = self.poll(n as u64);
                stopped.is_some()
            };
            check(&mut work, &mut poll)
        };
        self.work = work;
        match verdict {
            Ok(done) => Ok(Ok(done)),
            Err(Unproven::Fails(word)) => Ok(Err(word)),
            Err(Unproven::OutOfWork) => Err(self.out_of_work(n)),
            Err(Unproven::Stopped) => Err(stopped.unwrap_or(MisereStop::Interrupted)),
        }
    }

    /// Heap `n`: a conservative extension, or a grown quotient.
    fn step(&mut self, n: usize, max_quotient: usize) -> Result<(), MisereStop> {
        if is_terminal(self.game, n) {
            self.images.push(self.q.identity());
            self.terminal.push(true);
            return Ok(());
        }
        let options = option_images(self.game, n, &self.q, &self.images);
        if let Some(x) = self.conservative(n, options)? {
            self.images.push(x);
            self.terminal.push(false);
            return Ok(());
        }
        self.grow(n, max_quotient)
    }

    /// The element heap `n` takes in the current quotient, if one passes the check. (At most
    /// one can: the smaller heaps' images generate the quotient, which fixes heap `n`'s.) A
    /// kind the record covers needs no search; one searched joins the kinds.
    fn conservative(&mut self, n: usize, options: Vec<u32>) -> Result<Option<u32>, MisereStop> {
        let q = &self.q;
        let wants_p = !options.iter().any(|&o| q.in_p(o));
        let candidates: Vec<u32> = {
            let p_side_fails = self.search.p_side_of(&options);
            (0..q.order() as u32).filter(|&x| q.in_p(x) == wants_p && p_side_fails(x).is_none()).collect()
        };
        if let Some(&x) = candidates.iter().find(|&&x| self.search.covers(x, &options)) {
            return Ok(Some(x));
        }
        let q = self.q.clone();
        let mut search = core::mem::replace(&mut self.search, Search::new(&Quotient::trivial()));
        let kinds = core::mem::take(&mut self.kinds);
        let mut kind = HeapKind { image: 0, options, heap: n };
        let mut found = Ok(None);
        for x in candidates {
            kind.image = x;
            match self.checked(n, |work, poll| search.add(&q, &kinds, &kind, work, poll)) {
                Ok(Ok(())) => {
                    found = Ok(Some(x));
                    break;
                }
                Ok(Err(_)) => {}
                Err(stop) => {
                    found = Err(stop);
                    break;
                }
            }
        }
        self.search = search;
        self.kinds = kinds;
        if let Ok(Some(_)) = found {
            self.kinds.push(kind);
        }
        found
    }

    fn out_of_work(&self, n: usize) -> MisereStop {
        MisereStop::Work { heap: n as u64, max_work: self.limits.max_work }
    }

    /// The quotient grows at heap `n`: trials until one is proven. First each trial is built on
    /// the last one, freeing the heaps its failure names (the trials stay small); then, if none
    /// is proven, on `Q_{n−1}` with every heap any failure named freed so far.
    fn grow(&mut self, n: usize, max_quotient: usize) -> Result<(), MisereStop> {
        const ON_THE_LAST: usize = 16;
        const ACCUMULATED: usize = 24;
        self.over_quotient = false;
        let mut terminal = self.terminal.clone();
        terminal.push(false);
        let (mut base_q, mut base_images) = (self.q.clone(), self.images.clone());
        let mut freed = alloc::vec![Freed { heap: n, index: 1, period: 2 }];
        for _ in 0..ON_THE_LAST {
            let Some((q, images)) = self.trial(n, &base_q, &base_images, &terminal, &freed)? else {
                break;
            };
            let Some(word) = self.try_trial(n, max_quotient, &terminal, &q, &images)? else {
                return Ok(());
            };
            // The next trial: on this one, each heap of the failing position freed with an index
            // above its count there.
            freed = distinct_counts(&word)
                .into_iter()
                .map(|(heap, count)| Freed { heap, index: count.min(15) + 1, period: 2 })
                .collect();
            (base_q, base_images) = (q, images);
        }
        let (old_q, old_images) = (self.q.clone(), self.images.clone());
        let mut freed = alloc::vec![Freed { heap: n, index: 1, period: 2 }];
        for _ in 0..ACCUMULATED {
            let Some((q, images)) = self.trial(n, &old_q, &old_images, &terminal, &freed)? else {
                break;
            };
            let Some(word) = self.try_trial(n, max_quotient, &terminal, &q, &images)? else {
                return Ok(());
            };
            if !loosen(&mut freed, &word) {
                break;
            }
        }
        let heap = n as u64;
        Err(if self.over_quotient {
            MisereStop::MaxQuotient { heap, max_quotient }
        } else {
            MisereStop::NoTrialProven { heap }
        })
    }

    /// [`trial`] with the hook polled and counted: `None` when it would be too large (a reduced
    /// trial larger than `max_quotient` could not be accepted, which is noted).
    fn trial(
        &mut self,
        n: usize,
        base: &Quotient,
        images: &[u32],
        terminal: &[bool],
        freed: &[Freed],
    ) -> Result<Option<(Quotient, Vec<u32>)>, MisereStop> {
        let (game, max) = (self.game, self.limits.max_trial);
        let max_classes = self.limits.max_quotient.min(u16::MAX as usize);
        let mut stopped = None;
        let built = {
            let mut poll = || {
                stopped = self.poll(n as u64);
                stopped.is_some()
            };
            trial(game, base, images, terminal, n, freed, max, max_classes, &mut poll)
        };
        self.trials += 1;
        match built {
            Trial::Built(q, images) => Ok(Some((q, images))),
            Trial::TooLarge => Ok(None),
            Trial::TooManyClasses => {
                self.over_quotient = true;
                Ok(None)
            }
            Trial::Stopped => Err(stopped.unwrap_or(MisereStop::Interrupted)),
        }
    }

    /// Checks a trial for heaps `0..=n`; when it holds it becomes the quotient (`None`), else the
    /// failing position.
    fn try_trial(
        &mut self,
        n: usize,
        max_quotient: usize,
        terminal: &[bool],
        q: &Quotient,
        images: &[u32],
    ) -> Result<Option<Vec<usize>>, MisereStop> {
        let option_images: Vec<Vec<u32>> = (0..=n).map(|h| option_images(self.game, h, q, images)).collect();
        let all = kinds(images, &option_images);
        let (search, searched) = match self.checked(n, |work, poll| verify(q, &all, work, poll))? {
            Ok(done) => done,
            Err(word) => return Ok(Some(word)),
        };
        if q.order() > max_quotient {
            return Err(MisereStop::MaxQuotient { heap: n as u64, max_quotient });
        }
        self.q = q.clone();
        self.images = images.to_vec();
        self.kinds = searched;
        self.search = search;
        self.terminal = terminal.to_vec();
        self.growths.push(n as u64);
        Ok(None)
    }
}

/// The distinct heaps of `word` with their counts.
fn distinct_counts(word: &[usize]) -> Vec<(usize, u32)> {
    let mut heaps = word.to_vec();
    heaps.sort_unstable();
    let mut out: Vec<(usize, u32)> = Vec::new();
    for h in heaps {
        match out.last_mut() {
            Some((last, count)) if *last == h => *count += 1,
            _ => out.push((h, 1)),
        }
    }
    out
}

/// The next trial after a failure at the position `word`: a freed heap that occurs there at
/// least `index` times gets a larger index; a heap that is not freed is freed; if neither
/// applies, every freed heap's index grows by one (and past 8, its period doubles, up to 8).
/// Returns `false` when nothing can grow any more.
fn loosen(freed: &mut Vec<Freed>, word: &[usize]) -> bool {
    let mut changed = false;
    let mut heaps: Vec<usize> = word.to_vec();
    heaps.sort_unstable();
    for (i, &h) in heaps.iter().enumerate() {
        if i > 0 && heaps[i - 1] == h {
            continue;
        }
        let count = heaps.iter().filter(|&&g| g == h).count() as u32;
        match freed.iter_mut().find(|f| f.heap == h) {
            Some(f) if count >= f.index && count < 16 => {
                f.index = count + 1;
                changed = true;
            }
            Some(_) => {}
            None => {
                freed.push(Freed { heap: h, index: count.max(1), period: 2 });
                changed = true;
            }
        }
    }
    if !changed {
        for f in freed.iter_mut() {
            if f.index < 8 {
                f.index += 1;
                changed = true;
            } else if f.period < 8 {
                f.period *= 2;
                changed = true;
            }
        }
    }
    changed
}

#[cfg(test)]
mod tests;
