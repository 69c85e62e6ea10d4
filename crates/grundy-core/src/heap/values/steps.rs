//! Steps 1 to 3 of the sparse path for one heap (see the parent module): the candidate and the
//! proof's to-do list, then the proof. The sequential engine runs them one after the other; the
//! pipeline runs them on different threads, a block of heaps apart.

use alloc::boxed::Box;
use alloc::vec;
use alloc::vec::Vec;

use super::splits::Splits;
use super::wide::{Avx512, MAX_CANDIDATE, WIDE_FROM, WIDE_LIST};
use super::{HeapValues, Sparse};

/// Per-value marks: `stamp[v] == tick` marks `v` as an option of the heap being computed. Indexed
/// by a `u16`, so the hot loops need no bounds checks; a fresh tick per step of a heap, so nothing is
/// cleared between heaps (and no mark is ever mistaken for one of a heap computed again).
#[derive(Debug, Clone)]
pub(super) struct Marks {
    pub(super) stamp: Box<[u32; 1 << 16]>,
    tick: u32,
}

/// 2^16 stamps, all 0.
fn zeroed_stamps() -> Box<[u32; 1 << 16]> {
    vec![0; 1 << 16].into_boxed_slice().try_into().expect("2^16 stamps")
}

impl Marks {
    fn new() -> Marks {
        Marks { stamp: zeroed_stamps(), tick: 0 }
    }

    /// The tick of the next heap (the stamps are cleared when the ticks wrap around).
    pub(super) fn next(&mut self) -> u32 {
        if self.tick == u32::MAX {
            self.stamp.fill(0);
            self.tick = 0;
        }
        self.tick += 1;
        self.tick
    }
}

/// Marks `values[j] ^ G(m - rare[j])` for each `j`, but for `2 * rare[j] == m` when `unequal`: the
/// splits of `m` with a rare part, the other parts' values `G(x) = g[x - base]`. Not inlined, so
/// that its loop keeps everything in registers.
#[inline(never)]
fn pairs(
    rare: &[u32],
    values: &[u16],
    (g, base): (&[u16], usize),
    m: usize,
    unequal: bool,
    (stamp, cur): (&mut [u32; 1 << 16], u32),
) {
    if unequal {
        for (&r, &v) in rare.iter().zip(values) {
            if 2 * r as usize != m {
                stamp[usize::from(v ^ g[m - base - r as usize])] = cur;
            }
        }
    } else {
        for (&r, &v) in rare.iter().zip(values) {
            stamp[usize::from(v ^ g[m - base - r as usize])] = cur;
        }
    }
}

/// Heaps whose far splits [`View::mark_far_group`] marks together.
#[cfg(feature = "std")]
pub(super) const GROUP: usize = 4;

/// [`pairs`] for the heaps `m..m + GROUP` at once, heap `m + j` into `stamp[j]` with `cur[j]`,
/// every other part in `g` (`m + GROUP - 1 - rare[j] < g.len()`) and none equal to its rare part
/// required: the four values of a rare part's other parts are adjacent, read at once, and the rare
/// list is read once for the four heaps.
#[cfg(feature = "std")]
#[inline(never)]
fn pairs_group(
    rare: &[u32],
    values: &[u16],
    g: &[u16],
    m: usize,
    [s0, s1, s2, s3]: [&mut [u32; 1 << 16]; GROUP],
    [c0, c1, c2, c3]: [u32; GROUP],
) {
    for (&r, &v) in rare.iter().zip(values) {
        let at = m - r as usize;
        let &[x0, x1, x2, x3]: &[u16; GROUP] = g[at..at + GROUP].try_into().expect("GROUP values");
        s0[usize::from(x0 ^ v)] = c0;
        s1[usize::from(x1 ^ v)] = c1;
        s2[usize::from(x2 ^ v)] = c2;
        s3[usize::from(x3 ^ v)] = c3;
    }
}

/// Which splits with a rare part [`View::mark`] marks, by where their other part lies: in
/// `Known::block` (the heaps being computed, with the moves to one heap), before it, or both.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[cfg_attr(not(feature = "std"), allow(dead_code, reason = "only the pipeline marks a part"))]
pub(super) enum Reach {
    Near,
    Far,
    All,
}

/// What one thread keeps between heaps: its marks, the proof's to-do list and the families of
/// splits [`View::candidate`] reuses.
#[derive(Debug, Clone)]
pub(super) struct Worker {
    pub(super) marks: Marks,
    pub(super) free: Vec<u16>,
    pub(super) families: Families,
    /// The marks of a group of heaps ([`View::mark_far_group`]), made when the pipeline first
    /// marks one.
    #[cfg(feature = "std")]
    group: Option<Box<[Marks; GROUP]>>,
}

impl Worker {
    pub(super) fn new() -> Worker {
        Worker {
            marks: Marks::new(),
            free: Vec::new(),
            families: Families { stamp: zeroed_stamps(), next: 0 },
            #[cfg(feature = "std")]
            group: None,
        }
    }

    /// The marks of a group of heaps.
    #[cfg(feature = "std")]
    pub(super) fn group(&mut self) -> &mut [Marks; GROUP] {
        self.group.get_or_insert_with(|| Box::new(core::array::from_fn(|_| Marks::new())))
    }
}

/// The marks of step 1's splits with a rare part, by the heap `m` split, kept from heap to heap
/// for the run of consecutive split digits `i0, i0 + 1, ..., i0 + k - 1` ([`Moves::run`]): heap
/// `n` splits `m = n - i0 - j` under digit `i0 + j`, which heap `n - 1` split under `i0 + j - 1`,
/// so each heap marks only `m = n - i0` and reads the `k - 1` others from the heaps before it.
/// `stamp[v] = m + 1` marks `v` for `m`; as `m` only grows, a value is an option of heap `n`'s
/// families when `stamp[v] >= n - i0 - k + 2`.
#[derive(Debug, Clone)]
pub(super) struct Families {
    stamp: Box<[u32; 1 << 16]>,
    /// The heap whose older families `stamp` holds (any other: none, and it is cleared).
    pub(super) next: usize,
}

/// The values below a heap: those of `done` (heaps `0..done.len()`), then those of `block` (the
/// heaps after it).
#[derive(Clone, Copy)]
pub(super) struct Known<'a> {
    pub(super) done: &'a [u16],
    pub(super) block: &'a [u16],
}

impl Known<'_> {
    fn get(&self, x: usize) -> u16 {
        match x.checked_sub(self.done.len()) {
            None => self.done[x],
            Some(i) => self.block[i],
        }
    }
}

/// The moves of a game, by kind: the indices `i` of its digits with bit 1 (take the whole heap),
/// 2 (take from it, leaving one heap), 4 (split it in two), 8 (split it in three).
#[derive(Debug, Clone)]
pub(super) struct Moves {
    pub(super) take_all: Vec<usize>,
    pub(super) take_one: Vec<usize>,
    pub(super) split2: Vec<usize>,
    pub(super) split3: Vec<usize>,
    /// The two parts of a split must differ (Grundy's game).
    pub(super) unequal: bool,
    /// The parity of the split digits' indices when they all agree (the position-parity split).
    pub(super) split_parity: Option<usize>,
    /// How many of the first split digits are consecutive (`split2[..run]` is `i0, i0 + 1, ...`)
    /// when two or more are, else 0 (see [`Families`]).
    pub(super) run: usize,
}

/// What the steps read of an engine: its moves, the split of values and the rare positions.
#[derive(Clone, Copy)]
pub(super) struct View<'a> {
    pub(super) moves: &'a Moves,
    pub(super) sparse: Sparse,
    pub(super) rare: &'a [u32],
    pub(super) rare_values: &'a [u16],
    pub(super) class_values: &'a [Vec<u16>; 2],
    /// Where proofs run on AVX-512 (module `wide`).
    pub(super) wide: Option<Avx512>,
}

impl<'a> View<'a> {
    pub(super) fn of(e: &'a HeapValues) -> View<'a> {
        View {
            moves: &e.moves,
            sparse: e.sparse,
            rare: &e.rare,
            rare_values: &e.rare_values,
            class_values: &e.class_values,
            wide: e.wide,
        }
    }

    /// The target class at heap `n`.
    pub(super) fn target(&self, n: usize) -> usize {
        match (self.sparse.parity, self.moves.split_parity) {
            (true, Some(q)) => 1 ^ ((n ^ q) & 1),
            _ => 1,
        }
    }

    /// The splits of this game's heaps.
    pub(super) fn splits(&self) -> Splits<'a> {
        Splits { split2: &self.moves.split2, unequal: self.moves.unequal }
    }

    /// Steps 1 and 2 for heap `n`, whose smaller heaps' values are `g`: marks (with a new tick of
    /// `worker`) the values of the take moves and of the splits with a rare part, returns the
    /// candidate (2^16 if every value of the target class below it is marked) and leaves in
    /// `worker.free` the proof's to-do list (the unmarked values below the candidate, increasing).
    ///
    /// The sequential engine's heaps (`g.block` empty) take the splits of the run of consecutive
    /// digits from [`Families`]: one family marked a heap instead of `Moves::run`.
    pub(super) fn candidate(&self, g: Known<'_>, n: usize, worker: &mut Worker, work: &mut u64) -> u32 {
        let cur = worker.marks.next();
        let Worker { marks, free, families, .. } = worker;
        let stamp = &mut marks.stamp;
        let run = if g.block.is_empty() { self.moves.run } else { 0 };
        *work += self.mark_takes_and_splits(g, n, &self.moves.split2[run..], Reach::All, stamp, cur);
        // The families' stamps that mark heap `n`'s options: none without a run (no stamp reaches
        // `u32::MAX`), else those from `n - i0 - k + 2` on (at least 1: 0 is no stamp).
        let low = match run {
            0 => u32::MAX,
            _ => {
                *work += self.mark_families(g.done, n, families);
                (n + 2).saturating_sub(self.moves.split2[0] + run).max(1) as u32
            }
        };
        let fam = &families.stamp;
        let unmarked = |v: u16| stamp[usize::from(v)] != cur && fam[usize::from(v)] < low;
        // 2. The candidate: the smallest unmarked value of the target class.
        let target = self.target(n);
        let cand = self.class_values[target].iter().find(|&&v| unmarked(v)).map_or(1 << 16, |&v| u32::from(v));
        // The proof's to-do list: the values below the candidate still unmarked, all of the
        // other class.
        free.clear();
        free.extend(
            self.class_values[1 ^ target].iter().take_while(|&&v| u32::from(v) < cand).filter(|&&v| unmarked(v)),
        );
        cand
    }

    /// Step 1 of heap `n` for the run of consecutive split digits (see [`Families`]): marks the
    /// family of `n - i0`, and the older ones too when `families` does not hold them. Returns
    /// the work, as the other splits count it (every family's rare parts).
    fn mark_families(&self, g: &[u16], n: usize, families: &mut Families) -> u64 {
        let fresh = families.next != n;
        if fresh {
            families.stamp.fill(0);
        }
        families.next = n + 1;
        let mut work = 0;
        // Oldest first, so that the stamps grow.
        for &i in self.moves.split2[..self.moves.run].iter().rev() {
            if self.splits().top(n, i) == 0 {
                continue;
            }
            let m = n - i;
            let end = self.rare_below(m);
            if fresh || i == self.moves.split2[0] {
                let (rare, values) = (&self.rare[..end], &self.rare_values[..end]);
                pairs(rare, values, (g, 0), m, self.moves.unequal, (&mut families.stamp, (m + 1) as u32));
            }
            work += end as u64;
        }
        work
    }

    /// How many rare positions are below `m`.
    fn rare_below(&self, m: usize) -> usize {
        // Usually every one (the rare positions end well below `m`): no search.
        match self.rare.last() {
            Some(&r) if (r as usize) < m => self.rare.len(),
            _ => self.rare.partition_point(|&r| (r as usize) < m),
        }
    }

    /// Step 1 for heap `n`, whose smaller heaps' values are `g`, as far as `reach` goes: marks
    /// (`stamp[v] = cur`) the values of the take moves and of the splits with a rare part. Returns
    /// the work (rare parts looked at). The pipeline's step 1 (the sequential engine's is in
    /// [`View::candidate`]).
    #[cfg(feature = "std")]
    pub(super) fn mark(&self, g: Known<'_>, n: usize, reach: Reach, stamp: &mut [u32; 1 << 16], cur: u32) -> u64 {
        self.mark_takes_and_splits(g, n, &self.moves.split2, reach, stamp, cur)
    }

    /// [`View::mark`] with [`Reach::Far`] for the heaps `n..n + GROUP`, whose smaller heaps'
    /// values up to heap `n` are `done`: heap `n + j` into `stamp[j]` with `cur[j]`. The rare
    /// parts far for all of them (every one but a few at the edges) are read once for the group
    /// ([`pairs_group`]). Returns each heap's work.
    #[cfg(feature = "std")]
    pub(super) fn mark_far_group(
        &self,
        done: &[u16],
        n: usize,
        mut stamp: [&mut [u32; 1 << 16]; GROUP],
        cur: [u32; GROUP],
    ) -> [u64; GROUP] {
        let mut work = [0; GROUP];
        let g = Known { done, block: &[] };
        if self.moves.unequal || self.moves.split2.iter().any(|&i| self.splits().top(n, i) == 0) {
            for (j, (stamp, work)) in stamp.iter_mut().zip(&mut work).enumerate() {
                *work = self.mark(g, n + j, Reach::Far, stamp, cur[j]);
            }
            return work;
        }
        let start = done.len();
        for &i in &self.moves.split2 {
            // Heap `n + j` splits `m + j`; its far parts are `rare[near[j]..end[j]]`.
            let m = n - i;
            let end: [usize; GROUP] = core::array::from_fn(|j| self.rare_below(m + j));
            let near: [usize; GROUP] = core::array::from_fn(|j| {
                if start > m + j { 0 } else { self.rare[..end[j]].partition_point(|&r| r as usize + start <= m + j) }
            });
            // Far for every heap of the group: from the last heap's near end to the first's end.
            let (lo, hi) = (near[GROUP - 1], end[0]);
            let (rare, values) = (self.rare, self.rare_values);
            if lo < hi {
                pairs_group(&rare[lo..hi], &values[lo..hi], done, m, stamp.each_mut().map(|s| &mut **s), cur);
            }
            for j in 0..GROUP {
                let (stamp, m) = (&mut *stamp[j], m + j);
                // The parts far for some heaps only, or all of them when no part is far for every one.
                let (a, b) = if lo < hi { (lo, hi) } else { (end[j], end[j]) };
                pairs(&rare[near[j]..a], &values[near[j]..a], (done, 0), m, false, (stamp, cur[j]));
                pairs(&rare[b..end[j]], &values[b..end[j]], (done, 0), m, false, (stamp, cur[j]));
                work[j] += (end[j] - near[j]) as u64;
            }
        }
        work
    }

    /// Step 1 as `View::mark` takes it, with the splits of the digits `split2` only.
    fn mark_takes_and_splits(
        &self,
        g: Known<'_>,
        n: usize,
        split2: &[usize],
        reach: Reach,
        stamp: &mut [u32; 1 << 16],
        cur: u32,
    ) -> u64 {
        if reach != Reach::Far {
            for &i in self.moves.take_all.iter() {
                if i == n {
                    stamp[0] = cur;
                }
            }
            for &i in self.moves.take_one.iter() {
                if i < n {
                    stamp[usize::from(g.get(n - i))] = cur;
                }
            }
        }
        // Splits with a rare part `r` (the other part `m - r` may be rare too: marked twice).
        // The other part is in `g.block` for the rare parts up to `m - done.len()` (near), in
        // `g.done` for the others (far): two loops without a branch.
        let start = g.done.len();
        let mut work = 0;
        for &i in split2 {
            if self.splits().top(n, i) == 0 {
                continue;
            }
            let m = n - i;
            // No near part outside the pipeline's speculation (`g.block` is empty): no search.
            let end = self.rare_below(m);
            let near = if start > m { 0 } else { self.rare[..end].partition_point(|&r| r as usize + start <= m) };
            let unequal = self.moves.unequal;
            if reach != Reach::Far {
                pairs(&self.rare[..near], &self.rare_values[..near], (g.block, start), m, unequal, (stamp, cur));
                work += near as u64;
            }
            if reach != Reach::Near {
                pairs(&self.rare[near..end], &self.rare_values[near..end], (g.done, 0), m, unequal, (stamp, cur));
                work += (end - near) as u64;
            }
        }
        work
    }

    /// Step 3 for heap `n`, whose smaller heaps' values are `g`: scans the splits of two common
    /// heaps, marking with a new tick of `worker`, until every value of its to-do list
    /// (`worker.free`) is marked. Returns `cand` if they all are (it is `G(n)`), else the smallest
    /// left (every option was seen: a new rare value).
    pub(super) fn prove(&self, g: &[u16], n: usize, cand: u32, worker: &mut Worker, work: &mut u64) -> u32 {
        let cur = worker.marks.next();
        let Worker { marks, free, .. } = worker;
        let stamp = &mut marks.stamp;
        // In the order of `Scan` (a value missing from one digit's splits is usually found early in
        // another's): every option value is marked without a branch.
        let wide = self.wide.filter(|_| cand <= MAX_CANDIDATE);
        let mut scan = self.splits().scan(n);
        while !free.is_empty() {
            if let Some(avx512) = wide.filter(|_| scan.a >= WIDE_FROM || free.len() >= WIDE_LIST) {
                return avx512.prove(self.splits(), g, n, cand, scan, free, work);
            }
            let Some((a, end)) = scan.next_block() else { break };
            for (m, hi) in self.splits().of(n, a, end) {
                // The pairs (a, m - a), ..., (hi - 1, m - hi + 1).
                let (xs, ys) = (&g[a..hi], &g[m + 1 - hi..=m - a]);
                let mut xc = xs.chunks_exact(4);
                let mut yc = ys.rchunks_exact(4);
                for (x, y) in (&mut xc).zip(&mut yc) {
                    stamp[usize::from(x[0] ^ y[3])] = cur;
                    stamp[usize::from(x[1] ^ y[2])] = cur;
                    stamp[usize::from(x[2] ^ y[1])] = cur;
                    stamp[usize::from(x[3] ^ y[0])] = cur;
                }
                for (&x, &y) in xc.remainder().iter().zip(yc.remainder().iter().rev()) {
                    stamp[usize::from(x ^ y)] = cur;
                }
                *work += (hi - a) as u64;
            }
            free.retain(|&v| stamp[usize::from(v)] != cur);
        }
        free.first().map_or(cand, |&v| u32::from(v))
    }
}
