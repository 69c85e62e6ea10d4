//! The exact check of a pretension: a monoid `Q` with `P`, and an image `Φ(h)` for every heap
//! `h <= n`, predict the misère outcome of every sum of heaps `<= n` (`Φ(G) ∈ P` iff `G` is a
//! P-position).
//!
//! A heap enters the check as its *kind*: its image and the set `T(h)` of its options' images.
//! A position `W` has the state `(Φ(W), T(W))`, `T(W)` the images of its options, and adding a
//! position gives `T(W + V) = T(W)·Φ(V) ∪ Φ(W)·T(V)`, so the state decides everything about `W`'s
//! extensions. By induction on positions the prediction is exact iff every position `W` has
//! `Φ(W) ∈ P ⟺ (W has an option and none of them is in P)`:
//!
//! - **P side** (`Φ(W) ∈ P` ⟹ no option in `P`, and `W` has one): every `W ≠ 0` with a heap `h`
//!   that has options is `W' + h`, its options through `h` are `Φ(W')·T(h)`; as `Φ` is onto, it
//!   suffices that for every element `x` and kind `h`, `x·Φ(h) ∈ P` implies `x·T(h) ∩ P = ∅`,
//!   and that the identity (the empty position, which has no option) is not in `P`.
//! - **N side** (`Φ(W) ∉ P` and `W` has an option ⟹ some option in `P`): a search over the
//!   reachable states, from the empty position, one heap kind at a time. A state `(x, T)`
//!   *dominated* by a state `(x, T₀)` already met (`T₀ ⊆ T`, `T₀ ≠ ∅`) is not searched further:
//!   adding a position keeps the domination, so its extensions have at least the options of
//!   `(x, T₀)`'s and pass wherever those do. Finitely many states exist, so the search ends.
//!
//! The search's record ([`Search`]) is kept between heaps while the quotient stays: it is
//! *closed* for the kinds searched (each recorded state plus any of them is dominated by a
//! recorded state), hence every sum of those kinds is dominated by a recorded state. A new kind
//! then needs only the states through it: each recorded state plus the new kind, and what those
//! reach ([`Search::add`]). And a heap of image `x` whose `T(h)` contains the option set of a
//! recorded state `V` of element `x` needs no search at all ([`Search::covers`]): `W + h` is
//! dominated by `W + V`, a sum of kinds already searched.

use alloc::collections::VecDeque;
use alloc::vec::Vec;

use super::monoid::Quotient;

/// A heap as the check sees it: the least heap with this image and option images.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord)]
pub(crate) struct HeapKind {
    /// `Φ(h)`.
    pub image: u32,
    /// `T(h)`: the images of `h`'s options, sorted, without repeats, not empty.
    pub options: Vec<u32>,
    /// The least heap of this kind.
    pub heap: usize,
}

/// Why a check does not hold.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Unproven {
    /// The position (heaps, with repeats) whose outcome is mispredicted, or whose option is.
    Fails(Vec<usize>),
    /// The work budget ran out first.
    OutOfWork,
    /// `poll` asked to stop.
    Stopped,
}

/// The most 64-bit words of option sets the N-side search stores (128 MiB).
const MAX_STORED_WORDS: usize = 1 << 24;

/// How often (in units of work) the N-side search calls `poll`.
const POLL_EVERY: u64 = 1 << 20;

/// The kinds of the heaps `1..images.len()` with options, each once (its least heap).
pub(crate) fn kinds(images: &[u32], options: &[Vec<u32>]) -> Vec<HeapKind> {
    let mut all: Vec<HeapKind> = (1..images.len())
        .filter(|&h| !options[h].is_empty())
        .map(|h| HeapKind { image: images[h], options: options[h].clone(), heap: h })
        .collect();
    all.sort();
    all.dedup_by(|b, a| a.image == b.image && a.options == b.options);
    all
}

/// A position whose image is `x` (breadth first from the empty position), as its heaps.
pub(crate) fn representative(q: &Quotient, kinds: &[&HeapKind], x: u32) -> Vec<usize> {
    let none = u32::MAX;
    let mut parent: Vec<(u32, u32)> = alloc::vec![(none, none); q.order()];
    let mut seen = alloc::vec![false; q.order()];
    seen[0] = true;
    let mut queue = VecDeque::from([0u32]);
    while let Some(y) = queue.pop_front() {
        if y == x {
            break;
        }
        for (k, kind) in kinds.iter().enumerate() {
            let z = q.product(y, kind.image);
            if !seen[z as usize] {
                seen[z as usize] = true;
                parent[z as usize] = (y, k as u32);
                queue.push_back(z);
            }
        }
    }
    let mut word = Vec::new();
    let mut at = x;
    while parent[at as usize].0 != none {
        let (up, k) = parent[at as usize];
        word.push(kinds[k as usize].heap);
        at = up;
    }
    word
}

/// The whole check of a pretension whose heaps have the kinds `kinds`: the identity not in
/// `P`, the P side of each kind, then the N side, the kinds added to a new record in order of
/// heap, each unless the record covers it. Returns the record and the kinds it searched; `work`
/// and `poll` as for [`Search::add`].
pub(crate) fn verify(
    q: &Quotient,
    kinds: &[HeapKind],
    work: &mut u64,
    poll: &mut dyn FnMut() -> bool,
) -> Result<(Search, Vec<HeapKind>), Unproven> {
    if q.in_p(q.identity()) {
        return Err(Unproven::Fails(Vec::new()));
    }
    let mut search = Search::new(q);
    let all: Vec<&HeapKind> = kinds.iter().collect();
    for kind in kinds {
        if let Some(x) = search.p_side_fails(kind.image, &kind.options) {
            let mut word = representative(q, &all, x);
            word.push(kind.heap);
            return Err(Unproven::Fails(word));
        }
    }
    let mut by_heap = all;
    by_heap.sort_by_key(|k| k.heap);
    let mut searched = Vec::new();
    for kind in by_heap {
        if !search.covers(kind.image, &kind.options) {
            search.add(q, &searched, kind, work, poll)?;
            searched.push(kind.clone());
        }
    }
    Ok((search, searched))
}

/// One state of the N-side search (its option set is the state's slice of the bit store).
#[derive(Debug)]
struct State {
    element: u32,
    /// The state it was reached from by adding `heap` (`u32::MAX` for the empty position).
    parent: u32,
    heap: usize,
}

/// The work budget and the poll of one check.
struct Budget<'a> {
    work: &'a mut u64,
    until_poll: u64,
    poll: &'a mut dyn FnMut() -> bool,
}

impl Budget<'_> {
    /// Spends `cost`: `Err` when the work runs out or `poll` says stop.
    fn spend(&mut self, cost: u64) -> Result<(), Unproven> {
        if *self.work < cost {
            return Err(Unproven::OutOfWork);
        }
        *self.work -= cost;
        if self.until_poll <= cost {
            self.until_poll = POLL_EVERY;
            if (self.poll)() {
                return Err(Unproven::Stopped);
            }
        }
        self.until_poll -= cost;
        Ok(())
    }
}

/// The check's record for one quotient: the N-side search's states met (state 0 the empty
/// position) and, for each element, its states not dominated by another (the *minimal* ones);
/// with the quotient's P side as bit sets.
#[derive(Debug)]
pub(crate) struct Search {
    words: usize,
    p_mask: Vec<u64>,
    /// For each element `t`, the elements `y` with `y·t ∈ P`.
    p_factors: Vec<u64>,
    states: Vec<State>,
    /// The option sets, `words` words per state.
    bits: Vec<u64>,
    minimal: Vec<Vec<u32>>,
}

impl Search {
    /// The record of no kind: the empty position alone.
    pub(crate) fn new(q: &Quotient) -> Search {
        let order = q.order();
        let words = order.div_ceil(64);
        let p: Vec<u32> = (0..order as u32).filter(|&x| q.in_p(x)).collect();
        let p_factors = (0..order as u32)
            .flat_map(|t| bit_set(words, &(0..order as u32).filter(|&y| q.in_p(q.product(y, t))).collect::<Vec<_>>()))
            .collect();
        Search {
            words,
            p_mask: bit_set(words, &p),
            p_factors,
            states: alloc::vec![State { element: 0, parent: u32::MAX, heap: 0 }],
            bits: alloc::vec![0; words],
            minimal: alloc::vec![Vec::new(); order],
        }
    }

    /// Whether a recorded state of element `x` has its options among `options`: a heap of kind
    /// `(x, options)` then needs no search (its sums are dominated by sums already searched).
    pub(crate) fn covers(&self, x: u32, options: &[u32]) -> bool {
        let set = bit_set(self.words, options);
        self.minimal[x as usize].iter().any(|&s| is_subset(self.bits_of(s), &set))
    }

    /// The P side of a heap of image `x` and option images `options`: `y·x ∈ P` implies
    /// `y·options ∩ P = ∅` for every `y`. Returns the least failing `y`.
    pub(crate) fn p_side_fails(&self, x: u32, options: &[u32]) -> Option<u32> {
        self.p_side_of(options)(x)
    }

    /// [`p_side_fails`](Self::p_side_fails) for one `options` and any `x`.
    pub(crate) fn p_side_of(&self, options: &[u32]) -> impl Fn(u32) -> Option<u32> + '_ {
        let mut reach = alloc::vec![0u64; self.words];
        for &o in options {
            reach.iter_mut().zip(self.p_factors_of(o)).for_each(|(a, b)| *a |= b);
        }
        move |x| {
            let (i, w) =
                self.p_factors_of(x).iter().zip(&reach).map(|(a, b)| a & b).enumerate().find(|&(_, w)| w != 0)?;
            Some((i * 64) as u32 + w.trailing_zeros())
        }
    }

    fn p_factors_of(&self, t: u32) -> &[u64] {
        &self.p_factors[t as usize * self.words..(t as usize + 1) * self.words]
    }

    /// Adds the kind `kind`, whose P side holds (the caller checked it), to the record, closed
    /// for the kinds `old`: checks that `(q, Φ)` predicts every outcome of sums of `old` and
    /// `kind` by the N side of the states through `kind`. `work` is decreased by the states and
    /// options looked at, and the check gives up when it would go below zero or the record would
    /// pass [`MAX_STORED_WORDS`]; `poll` is called now and then, and stops the check when it
    /// returns `true`. When the check holds the record is closed for `old` and `kind`; otherwise
    /// it is left as it was.
    pub(crate) fn add(
        &mut self,
        q: &Quotient,
        old: &[HeapKind],
        kind: &HeapKind,
        work: &mut u64,
        poll: &mut dyn FnMut() -> bool,
    ) -> Result<(), Unproven> {
        let recorded = self.states.len();
        let mut dropped = Vec::new();
        let mut budget = Budget { work, until_poll: POLL_EVERY, poll };
        self.search(q, old, kind, &mut budget, &mut dropped).inspect_err(|_| self.forget(recorded, dropped))
    }

    /// The N side: each recorded state plus `kind`, then each state met plus each kind; the
    /// minimal states that new ones dominate are pushed on `dropped`.
    fn search(
        &mut self,
        q: &Quotient,
        old: &[HeapKind],
        kind: &HeapKind,
        budget: &mut Budget,
        dropped: &mut Vec<(u32, u32)>,
    ) -> Result<(), Unproven> {
        let mut stack: Vec<u32> = Vec::new();
        let mut next = alloc::vec![0u64; self.words];
        let recorded: Vec<u32> = core::iter::once(0).chain(self.minimal.iter().flatten().copied()).collect();
        for s in recorded {
            self.visit(q, s, kind, &mut next, budget, &mut stack, dropped)?;
        }
        while let Some(s) = stack.pop() {
            for k in old.iter().chain([kind]) {
                self.visit(q, s, k, &mut next, budget, &mut stack, dropped)?;
            }
        }
        Ok(())
    }

    /// State `s` plus `kind`: checked, and recorded (and pushed on `stack`) unless dominated.
    #[allow(clippy::too_many_arguments)]
    fn visit(
        &mut self,
        q: &Quotient,
        s: u32,
        kind: &HeapKind,
        next: &mut [u64],
        budget: &mut Budget,
        stack: &mut Vec<u32>,
        dropped: &mut Vec<(u32, u32)>,
    ) -> Result<(), Unproven> {
        if self.bits.len() > MAX_STORED_WORDS {
            return Err(Unproven::OutOfWork);
        }
        let words = self.words;
        let x = self.states[s as usize].element;
        let y = q.product(x, kind.image);
        // The option set, the products, and the scan of the element's minimal states.
        budget.spend((words + kind.options.len() + words * self.minimal[y as usize].len()) as u64)?;
        next.iter_mut().for_each(|w| *w = 0);
        for (i, &w) in self.bits_of(s).iter().enumerate() {
            let mut w = w;
            while w != 0 {
                let t = i * 64 + w.trailing_zeros() as usize;
                w &= w - 1;
                let z = q.product(t as u32, kind.image) as usize;
                next[z / 64] |= 1 << (z % 64);
            }
        }
        for &o in &kind.options {
            let z = q.product(x, o) as usize;
            next[z / 64] |= 1 << (z % 64);
        }
        let meets_p = next.iter().zip(&self.p_mask).any(|(a, b)| a & b != 0);
        if q.in_p(y) == meets_p {
            let mut word = self.word_of(s);
            word.push(kind.heap);
            return Err(Unproven::Fails(word));
        }
        let list = &self.minimal[y as usize];
        if list.iter().any(|&t| is_subset(self.bits_of(t), next)) {
            return Ok(());
        }
        let (bits, minimal) = (&self.bits, &mut self.minimal[y as usize]);
        minimal.retain(|&t| {
            let dominated = is_subset(next, &bits[t as usize * words..(t as usize + 1) * words]);
            if dominated {
                dropped.push((y, t));
            }
            !dominated
        });
        let idx = self.states.len() as u32;
        self.states.push(State { element: y, parent: s, heap: kind.heap });
        self.bits.extend_from_slice(next);
        self.minimal[y as usize].push(idx);
        stack.push(idx);
        Ok(())
    }

    /// Back to the record of `recorded` states, the minimal states `dropped` since restored.
    fn forget(&mut self, recorded: usize, dropped: Vec<(u32, u32)>) {
        self.states.truncate(recorded);
        self.bits.truncate(recorded * self.words);
        for list in &mut self.minimal {
            list.retain(|&t| (t as usize) < recorded);
        }
        for (y, t) in dropped {
            if (t as usize) < recorded {
                self.minimal[y as usize].push(t);
            }
        }
    }

    fn bits_of(&self, s: u32) -> &[u64] {
        &self.bits[s as usize * self.words..(s as usize + 1) * self.words]
    }

    /// The heaps of the position of state `s`.
    fn word_of(&self, mut s: u32) -> Vec<usize> {
        let mut word = Vec::new();
        while self.states[s as usize].parent != u32::MAX {
            word.push(self.states[s as usize].heap);
            s = self.states[s as usize].parent;
        }
        word
    }
}

/// The bit set of `elements`, in `words` words.
fn bit_set(words: usize, elements: &[u32]) -> Vec<u64> {
    let mut set = alloc::vec![0u64; words];
    for &x in elements {
        set[x as usize / 64] |= 1 << (x % 64);
    }
    set
}

/// Whether the set `a` is contained in the set `b` (bit sets of equal length).
fn is_subset(a: &[u64], b: &[u64]) -> bool {
    a.iter().zip(b).all(|(a, b)| a & !b == 0)
}
