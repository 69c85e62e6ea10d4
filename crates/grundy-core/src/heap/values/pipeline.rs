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
//! Step 1 is most of a speculation, and only a little of it depends on the block itself: of the
//! splits of heap `n` with a rare part `r`, the other part `n - i - r` lies before the block
//! unless `r` is smaller than `n`'s offset in the block (rare positions are mostly large: on
//! Officers, 1583 of them up to heap 20627, 450 below 2048). So before a block is speculated,
//! both threads mark the splits whose other part lies before it (the *far* part), half of the
//! heaps each, four consecutive heaps at a time (a rare part's other parts in the four are
//! adjacent: one read of the rare list and of the values for four heaps, 5% less time on
//! Officers), and keep each heap's marks as bits ([`BITS`] of them); the speculating thread
//! adds the *near* part and takes the candidate and the to-do list from the bits. The pipeline
//! runs while every value is below [`BITS`]: a candidate at or beyond it is left to the
//! sequential path.
//!
//! Every value kept is proven, by induction over the heaps: the proof of heap `n` reads only the
//! values below `n`, proven before it. A proof that fails finds a new rare value (the smallest
//! value of its to-do list that no split gives): it becomes `G(n)` and everything after heap `n`
//! is thrown away, to be computed again after the rare list has grown: up to two blocks of
//! speculation. So the pipeline waits until the last rare position is [`QUIET`] heaps behind
//! (the sequential path finds the rare values before then): in a game with a sparse space, new
//! rare values are few and stop appearing early; where they keep appearing (0.371, about one
//! heap in five up to 10^5), the speculation thrown away is at most half as many heaps as the
//! sequential path computes. (Without the wait, 0.371 to 5·10^4 took 44 s on two threads
//! against 0.46 s on one.)

use alloc::vec::Vec;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::thread;

use super::HeapValues;
use super::steps::{GROUP, Known, Marks, Reach, View, Worker};
use super::wide::Avx512;

/// The heaps of a block: speculated in one piece, then proven while the next is speculated
/// (small, so that few rare parts are near).
pub(super) const BLOCK: usize = 1 << 11;
/// The first heap the pipeline computes (the sequential path does the ones below).
pub(super) const FROM: usize = 1 << 14;
/// The heaps past the last rare position from which the pipeline runs: a failed proof throws
/// away at most two blocks of speculation, and is followed by this many heaps on one thread.
pub(super) const QUIET: usize = 4 * BLOCK;
/// The option values per heap from which the pipeline pays: Officers (0.6) looks at about 4500
/// per heap; 0.354 (a few hundred, its rare parts nearly all near) took 5.6 to 6.5 s on two
/// threads against 5.2 s on one.
pub(super) const HEAVY: u64 = 1024;

/// The values below [`BITS`] as bits: value `v` is bit `v % 64` of word `v / 64`.
type Bits = [u64; BITS / 64];

/// The pipeline runs while every value is below this: a heap's marked values and its proof's
/// to-do list are then [`Bits`].
pub(super) const BITS: usize = 1 << 10;

/// The values below `64 * words` marked with `cur`, as bits (the other words 0).
fn bits(marks: &Marks, cur: u32, words: usize, wide: Option<Avx512>) -> Bits {
    let mut bits = [0; BITS / 64];
    match wide {
        Some(avx512) => avx512.bits(&marks.stamp, cur, &mut bits[..words]),
        None => {
            for (word, stamps) in bits[..words].iter_mut().zip(marks.stamp.chunks_exact(64)) {
                *word = stamps.iter().enumerate().fold(0, |acc, (j, &s)| acc | (u64::from(s == cur) << j));
            }
        }
    }
    bits
}

/// The values of `bits`, increasing, appended to `list`.
fn list(bits: &Bits, list: &mut Vec<u16>) {
    for (w, &word) in bits.iter().enumerate() {
        let mut rest = word;
        while rest != 0 {
            list.push((64 * w) as u16 + rest.trailing_zeros() as u16);
            rest &= rest - 1;
        }
    }
}

/// What step 2 reads besides a heap's marks: the words of bits in use (a power of two above every
/// value, in bits), the values of each class as bits, and the largest candidate speculated.
#[derive(Clone, Copy)]
struct Classes<'a> {
    words: usize,
    bits: &'a [Bits; 2],
    limit: u32,
}

/// A block of speculated heaps waiting for their proofs: `start..start + todo.len()`, the to-do
/// list of heap `start + k` being `todo[k]`, and `work[k]` the work of its steps 1 and 2.
struct Speculated {
    start: usize,
    todo: Vec<Bits>,
    work: Vec<u64>,
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
    /// exceeds the limit or the bits (the sequential path then takes that heap; when it is the
    /// first, nothing is computed). Every block started is proven before this returns. The caller
    /// has checked that the heaps from `len()` take the sparse path with the current mask, that
    /// no new mask is due before `end`, and that every value so far is below [`BITS`].
    pub(super) fn extend_pipelined(&mut self, end: usize, work_until: u64) {
        let mut helper = self.helper.take().unwrap_or_else(Worker::new);
        let words = self.cap.max(64) / 64;
        let mut class_bits = [[0; BITS / 64]; 2];
        for (bits, values) in class_bits.iter_mut().zip(&self.class_values) {
            for &v in values.iter().take_while(|&&v| usize::from(v) < BITS) {
                bits[usize::from(v) / 64] |= 1 << (v % 64);
            }
        }
        let mut far = Vec::with_capacity(self.block);
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
            // Step 1 for the splits whose other part lies before the block, on both threads.
            far.clear();
            far.resize(block_len, ([0; BITS / 64], 0));
            if block_len > 0 {
                let half = block_len / 2;
                let (mine, theirs) = far.split_at_mut(half);
                thread::scope(|scope| {
                    let helper = &mut helper;
                    let theirs = scope.spawn(move || mark_far(view, done, start + half, words, theirs, helper));
                    mark_far(view, done, start, words, mine, worker);
                    theirs.join().unwrap_or_else(|e| std::panic::resume_unwind(e));
                });
            }
            let next = AtomicUsize::new(0);
            let (speculated, proofs) = thread::scope(|scope| {
                let helping = pending.as_ref().map(|p| {
                    let (next, helper) = (&next, &mut helper);
                    scope.spawn(move || prove_block(view, done, p, next, helper))
                });
                let classes = Classes { words, bits: &class_bits, limit: *value_limit };
                let speculated = speculate(view, done, block, start, classes, &far, worker);
                let mine = pending.as_ref().map(|p| prove_block(view, done, p, &next, worker));
                let theirs = helping.map(|h| h.join().unwrap_or_else(|e| std::panic::resume_unwind(e)));
                (speculated, [mine, theirs])
            });
            if speculated.todo.len() < block_len {
                // A candidate beyond the limit or the bits: the sequential path takes that heap.
                self.values.truncate(start + speculated.todo.len());
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
                #[cfg(test)]
                {
                    self.thrown_away += self.values.len() - heap - 1;
                }
                // A value beyond the limit is left to the sequential path, which refuses it.
                self.values.truncate(heap);
                if u32::from(value) <= self.value_limit {
                    self.push(heap, value);
                }
                break;
            }
            pending = (!speculated.todo.is_empty()).then_some(speculated);
        }
        self.helper = Some(helper);
    }
}

/// Step 1 for heaps `start..start + far.len()` (whose smaller heaps' values are `done`), for the
/// splits whose other part lies in `done`: their marked values, as bits, and the work.
/// Groups of [`GROUP`] heaps are marked together ([`View::mark_far_group`]).
fn mark_far(view: View<'_>, done: &[u16], start: usize, words: usize, far: &mut [(Bits, u64)], worker: &mut Worker) {
    let marks = worker.group();
    for (c, heaps) in far.chunks_mut(GROUP).enumerate() {
        let n = start + c * GROUP;
        let cur = marks.each_mut().map(Marks::next);
        let work = match heaps.len() {
            GROUP => view.mark_far_group(done, n, marks.each_mut().map(|m| &mut *m.stamp), cur),
            _ => core::array::from_fn(|j| match j < heaps.len() {
                true => view.mark(Known { done, block: &[] }, n + j, Reach::Far, &mut marks[j].stamp, cur[j]),
                false => 0,
            }),
        };
        for (j, (marked, w)) in heaps.iter_mut().enumerate() {
            *w = work[j];
            *marked = bits(&marks[j], cur[j], words, view.wide);
        }
    }
}

/// Steps 1 (the rest of it, after [`mark_far`]) and 2 for the heaps of `block` (heaps
/// `start..`), each given its candidate; stops before a heap whose candidate exceeds
/// `classes.limit` or the bits.
fn speculate(
    view: View<'_>,
    done: &[u16],
    block: &mut [u16],
    start: usize,
    classes: Classes<'_>,
    far: &[(Bits, u64)],
    worker: &mut Worker,
) -> Speculated {
    let mut speculated =
        Speculated { start, todo: Vec::with_capacity(block.len()), work: Vec::with_capacity(block.len()) };
    for (k, (far_marked, far_work)) in far.iter().enumerate() {
        let (known, rest) = block.split_at_mut(k);
        let cur = worker.marks.next();
        let g = Known { done, block: known };
        let work = far_work + view.mark(g, start + k, Reach::Near, &mut worker.marks.stamp, cur);
        let mut marked = bits(&worker.marks, cur, classes.words, view.wide);
        for (word, far_word) in marked.iter_mut().zip(far_marked) {
            *word |= far_word;
        }
        let mut todo = [0; BITS / 64];
        let Some(cand) = choose(view, start + k, &marked, classes, &mut todo) else { break };
        rest[0] = cand as u16;
        speculated.todo.push(todo);
        speculated.work.push(work);
    }
    speculated
}

/// Step 2 for heap `n` from its marked values (all below `64 * classes.words`): the candidate, or
/// `None` when it is not below `64 * classes.words` or exceeds `classes.limit`; sets `todo` to
/// the proof's to-do list.
fn choose(view: View<'_>, n: usize, marked: &Bits, classes: Classes<'_>, todo: &mut Bits) -> Option<u32> {
    let (target, bits) = (view.target(n), classes.bits);
    let w = (0..classes.words).find(|&w| bits[target][w] & !marked[w] != 0)?;
    let cand = 64 * w as u32 + (bits[target][w] & !marked[w]).trailing_zeros();
    if cand > classes.limit {
        return None;
    }
    for (k, word) in todo.iter_mut().enumerate() {
        let below = match k.cmp(&w) {
            core::cmp::Ordering::Less => u64::MAX,
            core::cmp::Ordering::Equal => (1 << (cand % 64)) - 1,
            core::cmp::Ordering::Greater => 0,
        };
        *word = bits[1 ^ target][k] & !marked[k] & below;
    }
    Some(cand)
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
        if k >= p.todo.len() {
            break;
        }
        let n = p.start + k;
        if failure.is_some_and(|f| f.heap < n) {
            continue; // thrown away anyway
        }
        worker.free.clear();
        list(&p.todo[k], &mut worker.free);
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
