//! The exact check of a pretension: a monoid `Q` with `P`, and an image `Φ(h)` for every heap
//! `h <= n`, predict the misère outcome of every sum of heaps `<= n` (`Φ(G) ∈ P` iff `G` is a
//! P-position).
//!
//! A heap enters the check as its *kind*: its image and the set `T(h)` of its options' images.
//! A position `W` has the state `(Φ(W), T(W))`, `T(W)` the images of its options, and adding a
//! heap gives `T(W + h) = T(W)·Φ(h) ∪ Φ(W)·T(h)`, so the state decides everything about `W`'s
//! extensions. By induction on positions the prediction is exact iff every position `W` has
//! `Φ(W) ∈ P ⟺ (W has an option and none of them is in P)`:
//!
//! - **P side** (`Φ(W) ∈ P` ⟹ no option in `P`, and `W` has one): every `W ≠ 0` with a heap `h`
//!   that has options is `W' + h`, its options through `h` are `Φ(W')·T(h)`; as `Φ` is onto, it
//!   suffices that for every element `x` and kind `h`, `x·Φ(h) ∈ P` implies `x·T(h) ∩ P = ∅`,
//!   and that the identity (the empty position, which has no option) is not in `P`.
//! - **N side** (`Φ(W) ∉ P` and `W` has an option ⟹ some option in `P`): a search over the
//!   reachable states, from the empty position, one heap kind at a time. A state `(x, T)` with
//!   `T ⊇ T₀` for a state `(x, T₀)` already seen (`T₀ ≠ ∅`) is skipped: its extensions have at
//!   least the options of `(x, T₀)`'s, so they pass wherever those do. Finitely many states
//!   exist, so the search ends.

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

/// The result of [`verify`].
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum Verdict {
    /// Every outcome is predicted.
    Holds,
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

/// Checks the P side for one heap kind: `x·image ∈ P` implies `x·options ∩ P = ∅` for every `x`.
/// Returns a failing `x`.
pub(crate) fn p_side_fails(q: &Quotient, image: u32, options: &[u32]) -> Option<u32> {
    (0..q.order() as u32).find(|&x| q.in_p(q.product(x, image)) && options.iter().any(|&o| q.in_p(q.product(x, o))))
}

/// Whether `(q, Φ)` predicts every outcome of sums of the heaps of `kinds`; `work` is decreased
/// by the states and options looked at, and the check gives up when it would go below zero.
/// `poll` is called now and then, and stops the check when it returns `true`. The search also
/// counts as out of work when its states would take more than [`MAX_STORED_WORDS`] words.
pub(crate) fn verify(q: &Quotient, kinds: &[HeapKind], work: &mut u64, poll: &mut dyn FnMut() -> bool) -> Verdict {
    if q.in_p(q.identity()) {
        return Verdict::Fails(Vec::new());
    }
    for kind in kinds {
        if let Some(x) = p_side_fails(q, kind.image, &kind.options) {
            let mut word = representative(q, kinds, x);
            word.push(kind.heap);
            return Verdict::Fails(word);
        }
    }
    n_side(q, kinds, work, poll)
}

/// A position whose image is `x` (breadth first from the empty position), as its heaps.
pub(crate) fn representative(q: &Quotient, kinds: &[HeapKind], x: u32) -> Vec<usize> {
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

/// One state of the N-side search (its option set is the state's slice of the bit store).
struct State {
    element: u32,
    /// The state it was reached from by adding `heap` (`u32::MAX` for the empty position).
    parent: u32,
    heap: usize,
}

fn n_side(q: &Quotient, kinds: &[HeapKind], work: &mut u64, poll: &mut dyn FnMut() -> bool) -> Verdict {
    let order = q.order();
    let words = order.div_ceil(64);
    let mut p_mask = alloc::vec![0u64; words];
    for x in 0..order {
        if q.in_p(x as u32) {
            p_mask[x / 64] |= 1 << (x % 64);
        }
    }
    let mut states: Vec<State> = alloc::vec![State { element: 0, parent: u32::MAX, heap: 0 }];
    let mut bits: Vec<u64> = alloc::vec![0; words];
    // The non-dominated states of each element (the empty position's is never a dominator).
    let mut minimal: Vec<Vec<u32>> = alloc::vec![Vec::new(); order];
    let mut stack: Vec<u32> = alloc::vec![0];
    let mut next = alloc::vec![0u64; words];
    let mut until_poll = POLL_EVERY;
    while let Some(s) = stack.pop() {
        if bits.len() > MAX_STORED_WORDS {
            return Verdict::OutOfWork;
        }
        let x = states[s as usize].element;
        for kind in kinds {
            // The option set, the products, and the scan of the element's minimal states.
            let cost = (words + kind.options.len() + words * minimal[q.product(x, kind.image) as usize].len()) as u64;
            if *work < cost {
                return Verdict::OutOfWork;
            }
            *work -= cost;
            if until_poll <= cost {
                until_poll = POLL_EVERY;
                if poll() {
                    return Verdict::Stopped;
                }
            }
            until_poll -= cost;
            let y = q.product(x, kind.image);
            next.iter_mut().for_each(|w| *w = 0);
            let from = &bits[s as usize * words..(s as usize + 1) * words];
            for (i, &w) in from.iter().enumerate() {
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
            let meets_p = next.iter().zip(&p_mask).any(|(a, b)| a & b != 0);
            if q.in_p(y) == meets_p {
                let mut word = word_of(&states, s);
                word.push(kind.heap);
                return Verdict::Fails(word);
            }
            let list = &mut minimal[y as usize];
            let subset = |idx: u32, of: &[u64]| {
                bits[idx as usize * words..(idx as usize + 1) * words].iter().zip(of).all(|(a, b)| a & !b == 0)
            };
            if list.iter().any(|&idx| subset(idx, &next)) {
                continue;
            }
            list.retain(|&idx| {
                !next.iter().zip(&bits[idx as usize * words..(idx as usize + 1) * words]).all(|(a, b)| a & !b == 0)
            });
            let idx = states.len() as u32;
            states.push(State { element: y, parent: s, heap: kind.heap });
            bits.extend_from_slice(&next);
            minimal[y as usize].push(idx);
            stack.push(idx);
        }
    }
    Verdict::Holds
}

/// The heaps of the position of state `s`.
fn word_of(states: &[State], mut s: u32) -> Vec<usize> {
    let mut word = Vec::new();
    while states[s as usize].parent != u32::MAX {
        word.push(states[s as usize].heap);
        s = states[s as usize].parent;
    }
    word
}
