//! Both cores on the sparse path: a block of heaps is *speculated* while the block before it is
//! proven.
//!
//! Steps 1 and 2 of a heap (its candidate and the proof's to-do list) read the values of the
//! heaps below it; step 3, the proof, reads them too, and nothing else. So the values of block
//! `k + 1` are speculated — each heap is given its candidate, as if its proof will pass — while
//! the heaps of block `k` are proven on the other core; the thread that speculates joins the
//! proofs when it is done (the heaps of a block are proven in any order, each independently of
//! the others). A speculated value is of its heap's target class, so it never adds a rare
//! position, and the rare list steps 1 and 2 read stays the one a sequential run would have.
//!
//! Every value kept is proven, by induction over the heaps: the proof of heap `n` reads only the
//! values below `n`, proven before it. A proof that fails finds a new rare value (the smallest
//! value of its to-do list that no split gives): it becomes `G(n)` and everything after heap `n`
//! is thrown away, to be computed again after the rare list has grown. In a game with a sparse
//! space, new rare values are few and stop appearing early, so this costs little.

use alloc::vec::Vec;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use super::HeapValues;
use super::steps::{Known, View, Worker};

/// The heaps of a block: speculated in one piece, then proven while the next is speculated.
pub(super) const BLOCK: usize = 1 << 12;
/// The first heap the pipeline computes (the sequential path does the ones below).
pub(super) const FROM: usize = 1 << 14;
/// The option values per heap from which the pipeline pays: Officers (0.6) looks at about 4500
/// per heap and runs 1.75 times faster on two threads; 0.354 (a few hundred) ran slower.
pub(super) const HEAVY: u64 = 1024;

/// A block of speculated heaps waiting for their proofs: `start..start + ends.len()`, the to-do
/// list of heap `start + k` being `todo[ends[k - 1]..ends[k]]`, and `work[k]` the work of its
/// steps 1 and 2.
struct Speculated {
    start: usize,
    todo: Vec<u16>,
    ends: Vec<usize>,
    work: Vec<u64>,
}

impl Speculated {
    fn todo(&self, k: usize) -> &[u16] {
        let lo = if k == 0 { 0 } else { self.ends[k - 1] };
        &self.todo[lo..self.ends[k]]
    }
}

/// A heap whose proof failed, and its value (a new rare value).
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Failure {
    heap: usize,
    value: u16,
}

impl HeapValues {
    /// Computes heaps from `len()` towards `end` on both cores, in blocks of [`BLOCK`] heaps: until
    /// `end`, until [`work`](Self::work) reaches `work_until`, or until a proof fails or a value
    /// exceeds the limit (the sequential path then takes that heap; when it is the first, nothing
    /// is computed). Every block started is proven before this returns. The caller has checked
    /// that the heaps from `len()` take the sparse path with the current mask, and that no new
    /// mask is due before `end`.
    pub(super) fn extend_pipelined(&mut self, end: usize, work_until: u64) {
        let mut helper = self.helper.take().unwrap_or_else(Worker::new);
        let mut pending: Option<Speculated> = None;
        let mut more = true;
        loop {
            let start = self.values.len();
            more &= start < end && self.work < work_until;
            if !more && pending.is_none() {
                break;
            }
            let block_end = if more { (start + self.block).min(end) } else { start };
            self.values.resize(block_end, 0);
            let block_len = block_end - start;
            let Self { values, moves, sparse, rare, rare_values, class_values, wide, worker, value_limit, .. } = self;
            let view = View { moves, sparse: *sparse, rare, rare_values, class_values, wide: *wide };
            let (done, block) = values.split_at_mut(start);
            let done = &*done;
            let next = AtomicUsize::new(0);
            let (speculated, proofs) = thread::scope(|scope| {
                let helping = pending.as_ref().map(|p| {
                    let (next, helper) = (&next, &mut helper);
                    scope.spawn(move || prove_block(view, done, p, next, helper))
                });
                let speculated = speculate(view, done, block, start, *value_limit, worker);
                let mine = pending.as_ref().map(|p| prove_block(view, done, p, &next, worker));
                let theirs = helping.map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
                (speculated, [mine, theirs])
            });
            if speculated.ends.len() < block_len {
                // A candidate beyond the limit: the sequential path takes that heap.
                self.values.truncate(start + speculated.ends.len());
                more = false;
            }
            let Some(p) = pending.take() else {
                pending = Some(speculated);
                continue;
            };
            let failure = proofs.iter().flatten().filter_map(|(_, f)| *f).min();
            let proven = failure.map_or(start, |f| f.heap);
            for n in p.start..proven {
                self.record(n, self.values[n]);
            }
            // The work of the heaps kept (and of the one whose proof failed), as the sequential
            // engine counts it: what was thrown away is not counted.
            let kept = failure.map_or(start, |f| f.heap + 1) - p.start;
            self.work += p.work[..kept].iter().sum::<u64>();
            for (works, _) in proofs.iter().flatten() {
                self.work += works.iter().filter(|&&(k, _)| k < kept).map(|&(_, w)| w).sum::<u64>();
            }
            if let Some(Failure { heap, value }) = failure {
                // A value beyond the limit is left to the sequential path, which refuses it.
                self.values.truncate(heap);
                if u32::from(value) <= self.value_limit {
                    self.push(heap, value);
                }
                break;
            }
            pending = (!speculated.ends.is_empty()).then_some(speculated);
        }
        self.helper = Some(helper);
    }
}

/// Steps 1 and 2 for the heaps of `block` (heaps `start..`), each given its candidate; stops
/// before a heap whose candidate exceeds `limit`.
fn speculate(
    view: View<'_>,
    done: &[u16],
    block: &mut [u16],
    start: usize,
    limit: u32,
    worker: &mut Worker,
) -> Speculated {
    let mut speculated =
        Speculated { start, todo: Vec::new(), ends: Vec::with_capacity(block.len()), work: Vec::new() };
    for k in 0..block.len() {
        let mut work = 0;
        let (known, rest) = block.split_at_mut(k);
        let g = Known { done, block: known };
        let cand = view.candidate(g, start + k, worker, &mut work);
        if cand > limit {
            break;
        }
        rest[0] = cand as u16;
        speculated.todo.extend_from_slice(&worker.free);
        speculated.ends.push(speculated.todo.len());
        speculated.work.push(work);
    }
    speculated
}

/// Proves heaps of `p` (whose values are in `done`) until none is left: each thread takes the
/// next heap from `next`. Returns the work of each heap it proved (by its index in `p`) and the
/// first heap (of those this thread proved) whose proof failed.
fn prove_block(
    view: View<'_>,
    done: &[u16],
    p: &Speculated,
    next: &AtomicUsize,
    worker: &mut Worker,
) -> (Vec<(usize, u64)>, Option<Failure>) {
    let (mut works, mut failure) = (Vec::new(), None::<Failure>);
    loop {
        let k = next.fetch_add(1, Ordering::Relaxed);
        if k >= p.ends.len() {
            break;
        }
        let n = p.start + k;
        if failure.is_some_and(|f| f.heap < n) {
            continue; // thrown away anyway
        }
        worker.free.clear();
        worker.free.extend_from_slice(p.todo(k));
        let cand = u32::from(done[n]);
        let mut work = 0;
        let v = view.prove(&done[..n], n, cand, worker, &mut work);
        works.push((k, work));
        if v != cand {
            failure = Some(Failure { heap: n, value: v as u16 });
        }
    }
    (works, failure)
}
