//! Exact values of clusters as *graph Chomp*, with no bound on their size.
//!
//! # The game
//! A cluster of blank regions linked by shared numbers is played on a graph: the regions are
//! the vertices, a region with an odd number of private numbers (numbers touching it alone)
//! carries a *loop*, and a group of shared numbers touching the same two regions, of odd count,
//! is an *edge*. A move deletes a loop (clicks a private number), deletes an edge (clicks a
//! shared number) or deletes a vertex with its loop and edges (opens the region, which turns
//! over every number around it). Only parities matter: a set of numbers whose only moves are
//! "take one" and which vanish together is worth its parity (the mex of its options repeats
//! with period 2), so even groups are no edge and an even private count is no loop.
//!
//! # How a graph is valued
//! Every position met, the start and each option, is *normalised*:
//! 1. It is split into connected components; their values XOR (Sprague–Grundy).
//! 2. Each component's pendant trees are peeled off, leaves first, round by round, and
//!    given AHU codes bottom-up: a vertex's code is the interned pair (its loop, the sorted
//!    codes of its children). *Identical pendant branches cancel*: two pendant trees with equal
//!    codes hanging from the same vertex can both be deleted without changing the value (the
//!    second player mirrors every move in one branch in the other, and when their vertex is
//!    deleted they become equal independent games), so a vertex keeps one child of each code
//!    that appears an odd number of times. This runs bottom-up, so it applies at every level.
//! 3. What is left is the 2-core (the vertices on or between cycles) with each core vertex
//!    labelled by the code of its reduced pendant tree, or, for a tree, one code rooted at its
//!    centre (for two centres, the smaller code of the two rootings).
//! 4. Closed forms end the work where they apply: a lone vertex is worth 1, or 2 with a loop;
//!    a component without loops whose graph is bipartite (every tree without loops among them)
//!    is worth `(vertices mod 2) + 2 (edges mod 2)`, the Khandhawit–Ye rule (no option keeps both
//!    parities, and bipartiteness provides options with each needed pair).
//! 5. Any other component is a memo key: a tree's code, or the core's size, its labels in an
//!    order refined by the labels of neighbours (colour refinement, ties by position) and its
//!    edges. Codes are shared by every component of a board, so equal subtrees anywhere are
//!    one code and equal components one memo entry.
//!
//! A key is a complete description of its component, so the search needs no other state: it
//! decodes a key, normalises each option and takes the mex, with an explicit stack (no
//! recursion), memoising components only. A cycle is treated like any other structure: each
//! edge deletion is an option, and the cycles of the core disappear one by one along every line
//! of play, after which the rest is tree work (codes and cancellation).
//!
//! # Budget
//! The search stops with [`Exceeded`] once its *cost* reaches the budget. The cost counts
//! memory and work: one unit per memoised component, one per 64 words (of 4 bytes) of keys and
//! interned codes, and one per 64 vertices and edges scanned by normalisations (a core's
//! refinement counts four times its size). Memory (about 24 bytes of table per state plus the
//! keys) stays proportional to the budget however large the components are, and so does time:
//! a normalisation costs a roughly constant time per vertex and edge, so a search that cannot
//! finish is refused after a time proportional to the budget, not to the number of states.
//!
//! With the `std` feature, a clock (`Engine::set_clock`) is looked at as the cost grows: past its
//! time bound the search stops with [`Exceeded`] too, and it makes the progress reports.
//!
//! # Memory
//! However large the budget, running out of memory stops the search with [`Exceeded`] rather than
//! aborting the process. What grows with the search (the memo, the codes, the stack) grows by
//! fallible reservations, doubling; and at each doubling, room for the keys and children lists
//! of the entries it makes space for is allocated and freed at once, so that those small
//! allocations, which cannot fail gracefully, find room until the next doubling.

use alloc::boxed::Box;
use alloc::vec::Vec;
use core::time::Duration;

use super::hash::FxMap;
#[cfg(feature = "std")]
use super::progress::Clock;
use super::sort::{sort, sort_by_key};

/// Vertices and edges scanned per budget unit (see the module's docs).
const EFFORT_UNIT: u64 = 64;

/// A cluster as a graph: vertices `0..vertices()` with their loops, and edges.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Graph {
    loops: Vec<bool>,
    edges: Vec<(u32, u32)>,
}

/// An edge naming a vertex beyond the graph.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BadEdge {
    pub edge: (u32, u32),
    pub vertices: usize,
}

impl core::fmt::Display for BadEdge {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "edge {:?} names a vertex outside 0..{}", self.edge, self.vertices)
    }
}

impl core::error::Error for BadEdge {}

impl Graph {
    /// A graph with `loops.len()` vertices, a loop where `loops` is true, and these edges. Only
    /// parities matter: a pair of equal edges is no edge, and an edge `(v, v)` toggles the loop
    /// of `v`. The edges kept are listed by [`Graph::edges`], in the order of their first
    /// occurrence.
    pub fn new(mut loops: Vec<bool>, edges: impl IntoIterator<Item = (u32, u32)>) -> Result<Graph, BadEdge> {
        let n = loops.len();
        // Each edge's parity, keyed by the pair as one word: a map of the type of
        // `Codes::small`, whose code the binary already holds.
        let key = |(a, b): (u32, u32)| u64::from(a) << 32 | u64::from(b);
        let mut odd: FxMap<u64, u32> = FxMap::default();
        let mut first = Vec::new();
        for (a, b) in edges {
            if a as usize >= n || b as usize >= n {
                return Err(BadEdge { edge: (a, b), vertices: n });
            }
            if a == b {
                loops[a as usize] ^= true;
                continue;
            }
            let e = (a.min(b), a.max(b));
            match odd.get_mut(&key(e)) {
                Some(parity) => *parity ^= 1,
                None => {
                    odd.insert(key(e), 1);
                    first.push(e);
                }
            }
        }
        first.retain(|&e| odd[&key(e)] == 1);
        Ok(Graph { loops, edges: first })
    }

    /// The number of vertices.
    pub fn vertices(&self) -> usize {
        self.loops.len()
    }

    /// Whether each vertex has a loop.
    pub fn loops(&self) -> &[bool] {
        &self.loops
    }

    /// The edges, each `(a, b)` with `a < b`, no two equal.
    pub fn edges(&self) -> &[(u32, u32)] {
        &self.edges
    }

    /// Independent cycles: edges - vertices + connected components.
    pub fn cycles(&self) -> usize {
        let mut parent: Vec<u32> = (0..self.loops.len() as u32).collect();
        self.edges.iter().filter(|&&(a, b)| !super::sweep::union(&mut parent, a, b)).count()
    }
}

/// A move of graph Chomp.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum GraphMove {
    /// Delete vertex `v` with its loop and edges (open the region).
    Vertex(usize),
    /// Delete the loop of vertex `v` (click one of its private numbers).
    Loop(usize),
    /// Delete edge `i` of [`Graph::edges`] (click a number of the group).
    Edge(usize),
}

/// The search stopped: it reached its budget or its time bound, or memory ran out; `states`
/// components were memoised.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Exceeded {
    pub states: usize,
    /// Memory ran out: an allocation of about this many bytes failed (`None`: not memory).
    pub out_of_memory: Option<usize>,
    /// The clock's time bound was passed: the time the search had run (`None`: not time).
    pub out_of_time: Option<Duration>,
}

/// One deletion applied to a graph, or none.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Cut {
    None,
    Vertex(u32),
    Loop(u32),
    Edge(u32),
}

/// An interned rooted tree: its root's loop, its children's codes (sorted), and totals.
#[derive(Debug)]
struct Node {
    looped: bool,
    children: Box<[u32]>,
    vertices: u32,
    loops: u32,
}

/// Rooted trees by code (AHU): equal trees get equal codes.
#[derive(Debug, Default)]
struct Codes {
    nodes: Vec<Node>,
    /// Roots with no child or one, by `child << 1 | looped` (`u32::MAX` for no child): most
    /// vertices a normalisation codes are of these, and they need no slice hashed.
    small: FxMap<u64, u32>,
    ids: FxMap<Box<[u32]>, u32>,
    /// Words held by `ids` keys.
    words: usize,
}

impl Codes {
    /// The code of a root with this loop and these children (sorted, each code at most once).
    /// `Err`: memory ran out, an allocation of that many bytes failed.
    fn intern(&mut self, looped: bool, children: &[u32], key: &mut Vec<u32>) -> Result<u32, usize> {
        if children.len() <= 1 {
            let child = children.first().map_or(u64::from(u32::MAX), |&c| u64::from(c));
            let small = child << 1 | u64::from(looped);
            if let Some(&id) = self.small.get(&small) {
                return Ok(id);
            }
            room_in_map(&mut self.small, boxed(1))?;
            let id = self.push(looped, children)?;
            self.words += 4;
            self.small.insert(small, id);
            return Ok(id);
        }
        key.clear();
        key.push(u32::from(looped));
        key.extend_from_slice(children);
        if let Some(&id) = self.ids.get(key.as_slice()) {
            return Ok(id);
        }
        // The key here, the children in the node.
        room_in_map(&mut self.ids, 2 * boxed(key.len()))?;
        let id = self.push(looped, children)?;
        self.words += key.len() + 4;
        self.ids.insert(key.as_slice().into(), id);
        Ok(id)
    }

    /// A new code.
    fn push(&mut self, looped: bool, children: &[u32]) -> Result<u32, usize> {
        let id = self.nodes.len() as u32;
        let (mut vertices, mut loops) = (1u32, u32::from(looped));
        for &c in children {
            let child = &self.nodes[c as usize];
            vertices = vertices.saturating_add(child.vertices);
            loops = loops.saturating_add(child.loops);
        }
        // A node's children list, one word or none here; the long ones are counted with `ids`.
        room_in_vec(&mut self.nodes, boxed(1))?;
        self.nodes.push(Node { looped, children: children.into(), vertices, loops });
        Ok(id)
    }

    fn clear(&mut self) {
        self.nodes.clear();
        self.small.clear();
        self.ids.clear();
        self.words = 0;
    }
}

/// Keeps each code of a sorted list once if it appears an odd number of times.
fn cancel(codes: &mut Vec<u32>) {
    sort(codes);
    let mut out = 0;
    let mut i = 0;
    while i < codes.len() {
        let mut j = i;
        while j < codes.len() && codes[j] == codes[i] {
            j += 1;
        }
        if (j - i) % 2 == 1 {
            codes[out] = codes[i];
            out += 1;
        }
        i = j;
    }
    codes.truncate(out);
}

/// Mixes a colour with another value (for colour refinement).
#[inline]
fn mix(a: u64, b: u64) -> u64 {
    (a.rotate_left(5) ^ b).wrapping_mul(0x9e37_79b9_7f4a_7c15)
}

/// Buffers of one normalisation.
#[derive(Debug, Default)]
struct Scratch {
    gone: Vec<bool>,
    looped: Vec<bool>,
    deg: Vec<u32>,
    off: Vec<u32>,
    nbr: Vec<u32>,
    seen: Vec<bool>,
    members: Vec<u32>,
    removed: Vec<bool>,
    wdeg: Vec<u32>,
    kids: Vec<Vec<u32>>,
    frontier: Vec<u32>,
    next: Vec<u32>,
    /// Per peeled vertex: its parent and its code (for [`Engine::kept`]).
    parent: Vec<u32>,
    code: Vec<u32>,
    peeled: Vec<u32>,
    key: Vec<u32>,
    local: Vec<u32>,
    colour: Vec<u64>,
    colour2: Vec<u64>,
    order: Vec<u32>,
    core_edges: Vec<(u32, u32)>,
    core_off: Vec<u32>,
    core_nbr: Vec<u32>,
    side: Vec<u8>,
    queue: Vec<u32>,
    /// Vertices kept by the reduction, when asked for.
    kept: Vec<bool>,
    /// Work done: vertices and edges scanned (see [`Engine::cost`]).
    effort: u64,
}

/// A decoded position: loops per vertex and edges; degrees and leaf options for
/// [`Engine::expand`].
#[derive(Debug, Default)]
struct Work {
    loops: Vec<bool>,
    edges: Vec<(u32, u32)>,
    degree: Vec<u32>,
    leaf: Vec<Option<(u8, u32, u32)>>,
}

/// The exact search: codes, memo and buffers, reused from cluster to cluster.
#[derive(Debug, Default)]
pub struct Engine {
    codes: Codes,
    memo: FxMap<Box<[u32]>, u8>,
    /// Words held by memo keys.
    words: usize,
    scratch: Scratch,
    work: Work,
    stack: Vec<Frame>,
    keys: Vec<Box<[u32]>>,
    /// The memory estimate (see [`Engine::footprint`]) when room was last checked for as much
    /// again.
    probed: usize,
    /// Bytes the frames on the stack hold (their keys and options), estimated by [`Frame::bytes`].
    stacked: usize,
    /// The time bound and progress reports, if any (see [`Engine::set_clock`]).
    #[cfg(feature = "std")]
    clock: Option<Clock>,
}

impl Engine {
    /// Forgets every memoised component and code (a new board).
    pub fn reset(&mut self) {
        // Maps grown by a large board would make every later clear() cost their capacity.
        if self.memo.capacity() > 1 << 12 {
            self.memo = FxMap::default();
            self.codes = Codes::default();
        }
        self.memo.clear();
        self.codes.clear();
        self.words = 0;
        self.scratch.effort = 0;
        self.probed = 0;
    }

    /// Sets the clock the search looks at as its cost grows (kept across [`Engine::reset`]):
    /// past its time bound a search stops with [`Exceeded::out_of_time`].
    #[cfg(feature = "std")]
    pub fn set_clock(&mut self, clock: Option<Clock>) {
        self.clock = clock;
    }

    /// The clock, to say which cluster is searched.
    #[cfg(feature = "std")]
    pub(super) fn clock_mut(&mut self) -> Option<&mut Clock> {
        self.clock.as_mut()
    }

    /// Looks at the clock if one is set (see `Clock::tick`); without `std` there is none.
    #[inline]
    fn tick(&mut self) -> Result<(), Exceeded> {
        #[cfg(feature = "std")]
        {
            let (cost, states) = (self.cost(), self.memo.len());
            if let Some(clock) = &mut self.clock {
                return clock.tick(cost, states).map_err(|t| Exceeded {
                    states,
                    out_of_memory: None,
                    out_of_time: Some(t),
                });
            }
        }
        Ok(())
    }

    /// Components memoised since the last [`Engine::reset`].
    pub fn states(&self) -> usize {
        self.memo.len()
    }

    /// The budget units spent since the last [`Engine::reset`] (see the module's docs).
    pub fn cost(&self) -> usize {
        let effort = usize::try_from(self.scratch.effort / EFFORT_UNIT).unwrap_or(usize::MAX);
        (self.memo.len() + (self.words + self.codes.words) / 64).saturating_add(effort)
    }

    /// The Grundy value of `graph`, or [`Exceeded`] once the memo's cost reaches `budget`.
    /// What is memoised stays (and counts) until [`Engine::reset`].
    /// When memory ran out, everything memoised is forgotten, its memory freed (for the
    /// refusal's message, and the next board).
    pub fn value(&mut self, graph: &Graph, budget: usize) -> Result<u8, Exceeded> {
        let mut keys = core::mem::take(&mut self.keys);
        keys.clear();
        let result =
            normalize(&mut self.codes, &mut self.scratch, &graph.loops, &graph.edges, Cut::None, &mut keys, false)
                .map_err(|b| self.exceeded(Some(b)))
                .and_then(|value| self.solve_keys(&keys, budget).map(|v| value ^ v));
        self.keys = keys;
        self.release_if_out_of_memory(result)
    }

    /// What normalising `graph` leaves, for inspection and tests: the XOR of the values of the
    /// components valued in closed form, and the other components, reduced, as graphs (the
    /// value of `graph` is the XOR of both). Out of memory, aborts (as any allocation).
    pub fn normal_form(&mut self, graph: &Graph) -> (u8, Vec<Graph>) {
        let mut keys = Vec::new();
        let value =
            normalize(&mut self.codes, &mut self.scratch, &graph.loops, &graph.edges, Cut::None, &mut keys, false)
                .unwrap_or_else(|bytes| {
                    alloc::alloc::handle_alloc_error(core::alloc::Layout::array::<u8>(bytes).expect("a size allocated"))
                });
        let mut work = Work::default();
        let parts = keys
            .iter()
            .map(|k| {
                decode(&self.codes, k, &mut work);
                Graph {
                    loops: work.loops.clone(),
                    edges: work.edges.iter().map(|&(a, b)| (a.min(b), a.max(b))).collect(),
                }
            })
            .collect();
        (value, parts)
    }

    /// A move of `graph` to an option of Grundy value `target`, or `None` when there is none
    /// (there is one for every `target` below the value). Moves inside the part the reduction
    /// keeps are tried first (vertices, loops, edges, in that order), then the others. Out of
    /// memory, forgets everything as [`Engine::value`] does.
    pub fn move_to(&mut self, graph: &Graph, target: u8, budget: usize) -> Result<Option<GraphMove>, Exceeded> {
        let result = self.search_move(graph, target, budget);
        self.release_if_out_of_memory(result)
    }

    /// [`Engine::move_to`], before the memory is released.
    fn search_move(&mut self, graph: &Graph, target: u8, budget: usize) -> Result<Option<GraphMove>, Exceeded> {
        let mut keys = Vec::new();
        normalize(&mut self.codes, &mut self.scratch, &graph.loops, &graph.edges, Cut::None, &mut keys, true)
            .map_err(|b| self.exceeded(Some(b)))?;
        let kept = core::mem::take(&mut self.scratch.kept);
        let n = graph.vertices();
        let mut moves: Vec<(bool, GraphMove)> = Vec::new();
        moves.extend(kept[..n].iter().enumerate().map(|(v, &k)| (k, GraphMove::Vertex(v))));
        for v in (0..n).filter(|&v| graph.loops[v]) {
            moves.push((kept[v], GraphMove::Loop(v)));
        }
        for (i, &(a, b)) in graph.edges.iter().enumerate() {
            moves.push((kept[a as usize] && kept[b as usize], GraphMove::Edge(i)));
        }
        self.scratch.kept = kept;
        moves.sort_by_key(|&(k, _)| !k); // stable: kept moves first, each kind in order
        for (_, m) in moves {
            let cut = match m {
                GraphMove::Vertex(v) => Cut::Vertex(v as u32),
                GraphMove::Loop(v) => Cut::Loop(v as u32),
                GraphMove::Edge(i) => Cut::Edge(i as u32),
            };
            keys.clear();
            let mut value =
                normalize(&mut self.codes, &mut self.scratch, &graph.loops, &graph.edges, cut, &mut keys, false)
                    .map_err(|b| self.exceeded(Some(b)))?;
            self.solve_keys(&keys, budget)?;
            for k in &keys {
                value ^= self.memo[k];
            }
            if value == target {
                return Ok(Some(m));
            }
        }
        Ok(None)
    }

    /// `result`, after freeing everything the engine holds if it is a stop for memory.
    fn release_if_out_of_memory<T>(&mut self, result: Result<T, Exceeded>) -> Result<T, Exceeded> {
        if matches!(result, Err(Exceeded { out_of_memory: Some(_), .. })) {
            #[cfg(feature = "std")]
            let clock = self.clock.take();
            *self = Engine::default();
            #[cfg(feature = "std")]
            self.set_clock(clock);
        }
        result
    }

    /// The search stops here, `out_of_memory` saying why (see [`Exceeded`]).
    fn exceeded(&self, out_of_memory: Option<usize>) -> Exceeded {
        Exceeded { states: self.memo.len(), out_of_memory, out_of_time: None }
    }

    /// Solves every key of `keys`; returns the XOR of their values.
    fn solve_keys(&mut self, keys: &[Box<[u32]>], budget: usize) -> Result<u8, Exceeded> {
        let mut value = 0;
        for root in keys {
            if !self.memo.contains_key(root) {
                self.stack.clear();
                self.stacked = 0;
                self.push(Frame { key: root.clone(), options: None })?;
                while let Some(frame) = self.stack.pop() {
                    self.stacked -= frame.bytes();
                    if self.memo.contains_key(&frame.key) {
                        continue;
                    }
                    if self.cost() >= budget {
                        return Err(self.exceeded(None));
                    }
                    self.tick()?;
                    match frame.options {
                        None => self.expand(frame.key)?,
                        Some(options) => self.settle(frame.key, options)?,
                    }
                }
            }
            value ^= self.memo[root];
        }
        Ok(value)
    }

    /// Normalises every option of the component `key`. If all their components are known, values
    /// it; otherwise pushes it back with its options, and the unknown components above it.
    ///
    /// Cutting the edge of a leaf leaves what deleting the leaf leaves, and the leaf alone (worth
    /// 1, or 2 with a loop): that option reuses the other's normalisation.
    fn expand(&mut self, key: Box<[u32]>) -> Result<(), Exceeded> {
        let mut work = core::mem::take(&mut self.work);
        decode(&self.codes, &key, &mut work);
        let mut options = Options::default();
        let n = work.loops.len();
        work.degree.clear();
        work.degree.resize(n, 0);
        for &(a, b) in &work.edges {
            work.degree[a as usize] += 1;
            work.degree[b as usize] += 1;
        }
        // Per leaf, once deleted: the XOR of its option's known part and its unknown keys' range.
        work.leaf.clear();
        work.leaf.resize(n, None);
        let cuts = (0..n as u32)
            .map(Cut::Vertex)
            .chain((0..n as u32).filter(|&v| work.loops[v as usize]).map(Cut::Loop))
            .chain((0..work.edges.len() as u32).map(Cut::Edge));
        let mut keys = core::mem::take(&mut self.keys);
        for cut in cuts {
            // One expansion of a large component can take long: the clock is looked at here too.
            if let Err(e) = self.tick() {
                (self.keys, self.work) = (keys, work);
                return Err(e);
            }
            let before = options.unknown.len();
            let leaf = match cut {
                Cut::Edge(i) => {
                    let (a, b) = work.edges[i as usize];
                    let b = if work.degree[b as usize] == 1 { b } else { a };
                    work.leaf[b as usize].map(|(x, lo, hi)| (x ^ (1 + u8::from(work.loops[b as usize])), lo, hi))
                }
                _ => None,
            };
            let x = match leaf {
                Some((x, lo, hi)) => {
                    options.unknown.extend_from_within(lo as usize..hi as usize);
                    x
                }
                None => {
                    keys.clear();
                    let x =
                        normalize(&mut self.codes, &mut self.scratch, &work.loops, &work.edges, cut, &mut keys, false);
                    let mut x = match x {
                        Ok(x) => x,
                        Err(bytes) => {
                            (self.keys, self.work) = (keys, work);
                            return Err(self.exceeded(Some(bytes)));
                        }
                    };
                    for k in keys.drain(..) {
                        match self.memo.get(&k) {
                            Some(&v) => x ^= v,
                            None => options.unknown.push(k),
                        }
                    }
                    // Not a let chain: those need Rust 1.88, the crates' `rust-version` is 1.85.
                    if let Cut::Vertex(v) = cut
                        && work.degree[v as usize] == 1
                    {
                        work.leaf[v as usize] = Some((x, before as u32, options.unknown.len() as u32));
                    }
                    x
                }
            };
            if options.unknown.len() == before {
                options.seen[usize::from(x >> 6)] |= 1 << (x & 63);
            } else {
                options.pending.push((x, options.unknown.len() as u32));
            }
        }
        self.keys = keys;
        self.work = work;
        if options.pending.is_empty() {
            return self.memoise(key, &options.seen);
        }
        let mut above: Vec<Box<[u32]>> = options.unknown.clone();
        sort(&mut above);
        above.dedup();
        self.push(Frame { key, options: Some(options) })?;
        for key in above {
            self.push(Frame { key, options: None })?;
        }
        Ok(())
    }

    /// Pushes `frame` on the stack, counting what it holds; at a doubling, makes room for as many
    /// frames as those on it now hold on average.
    fn push(&mut self, frame: Frame) -> Result<(), Exceeded> {
        let bytes = frame.bytes();
        let average = self.stacked / self.stack.len().max(1);
        room_in_vec(&mut self.stack, average.max(bytes)).map_err(|b| self.exceeded(Some(b)))?;
        self.stacked += bytes;
        self.stack.push(frame);
        Ok(())
    }

    /// Values the component `key` from its options, whose components are all known now.
    fn settle(&mut self, key: Box<[u32]>, mut options: Options) -> Result<(), Exceeded> {
        let mut start = 0;
        for &(x, end) in &options.pending {
            let x = options.unknown[start..end as usize].iter().fold(x, |x, k| x ^ self.memo[k]);
            options.seen[usize::from(x >> 6)] |= 1 << (x & 63);
            start = end as usize;
        }
        self.memoise(key, &options.seen)
    }

    /// Memoises the mex of the values `seen`; refuses one of 256 or more (which needs 256
    /// options of distinct values: not representable).
    fn memoise(&mut self, key: Box<[u32]>, seen: &[u64; 4]) -> Result<(), Exceeded> {
        let mex =
            seen.iter().enumerate().find(|(_, w)| **w != u64::MAX).map(|(i, w)| 64 * i + w.trailing_ones() as usize);
        let Some(mex) = mex.filter(|&m| m < 256) else { return Err(self.exceeded(None)) };
        let per_entry = boxed(self.words / self.memo.len().max(1)).max(boxed(key.len()));
        room_in_map(&mut self.memo, per_entry).map_err(|b| self.exceeded(Some(b)))?;
        self.words += key.len() + 4;
        self.memo.insert(key, mex as u8);
        Ok(())
    }
}

/// Makes room in `map` for one more entry without aborting (see the module's docs): a full map
/// doubles, and twice `per_entry` bytes for each new slot (a margin for the search's other small
/// allocations) are allocated and freed. `Err` holds the bytes asked for when either fails.
fn room_in_map<K: Eq + core::hash::Hash, V>(map: &mut FxMap<K, V>, per_entry: usize) -> Result<(), usize> {
    let len = map.len();
    if len < map.capacity() {
        return Ok(());
    }
    let more = len.max(16);
    map.try_reserve(more).map_err(|_| (len + more).saturating_mul(size_of::<(K, V)>() + 1))?;
    probe(more.saturating_mul(per_entry).saturating_mul(2))
}

/// [`room_in_map`] for a vector.
fn room_in_vec<T>(v: &mut Vec<T>, per_entry: usize) -> Result<(), usize> {
    let len = v.len();
    if len < v.capacity() {
        return Ok(());
    }
    let more = len.max(16);
    v.try_reserve(more).map_err(|_| (len + more).saturating_mul(size_of::<T>()))?;
    probe(more.saturating_mul(per_entry).saturating_mul(2))
}

/// Allocates `bytes` and frees them: whether that much memory can be had now.
fn probe(bytes: usize) -> Result<(), usize> {
    let mut probe: Vec<u8> = Vec::new();
    probe.try_reserve_exact(bytes).map_err(|_| bytes)?;
    // Kept from being optimised away: the allocation is the point.
    core::hint::black_box(probe.as_mut_ptr());
    Ok(())
}

/// The bytes a boxed slice of `len` words takes from the allocator (glibc's chunks: 8 bytes of
/// header, a multiple of 16, 32 at least).
fn boxed(len: usize) -> usize {
    (4 * len + 8).next_multiple_of(16).max(32)
}

/// A component on the search's stack, with its options once normalised.
#[derive(Debug)]
struct Frame {
    key: Box<[u32]>,
    options: Option<Options>,
}

impl Frame {
    /// The bytes its key and options hold, as the allocator counts them.
    fn bytes(&self) -> usize {
        let options = self.options.as_ref().map_or(0, |o| {
            let unknown: usize = o.unknown.iter().map(|k| boxed(k.len())).sum();
            unknown
                + 32
                + o.unknown.capacity() * size_of::<Box<[u32]>>()
                + o.pending.capacity() * size_of::<(u8, u32)>()
        });
        boxed(self.key.len()) + options
    }
}

/// The options of a component: the values of those valued already, and for each of the others
/// the XOR of its known part and where its unknown components end in `unknown`.
#[derive(Debug, Default)]
struct Options {
    seen: [u64; 4],
    pending: Vec<(u8, u32)>,
    unknown: Vec<Box<[u32]>>,
}

/// Rebuilds the component a key describes.
fn decode(codes: &Codes, key: &[u32], work: &mut Work) {
    work.loops.clear();
    work.edges.clear();
    let mut stack: Vec<(u32, u32)> = Vec::new();
    if key.len() == 1 {
        work.loops.push(codes.nodes[key[0] as usize].looped);
        stack.push((key[0], 0));
    } else {
        let k = key[0] as usize;
        for i in 0..k {
            work.loops.push(codes.nodes[key[1 + i] as usize].looped);
            stack.push((key[1 + i], i as u32));
        }
        for pair in key[1 + k..].chunks_exact(2) {
            work.edges.push((pair[0], pair[1]));
        }
    }
    while let Some((id, at)) = stack.pop() {
        for &c in codes.nodes[id as usize].children.iter() {
            let w = work.loops.len() as u32;
            work.loops.push(codes.nodes[c as usize].looped);
            work.edges.push((at, w));
            stack.push((c, w));
        }
    }
}

/// Normalises the position `(loops, edges)` less `cut`: XORs the closed-form values of its
/// components into the result and appends the memo keys of the others to `keys`. With `track`,
/// `scratch.kept` marks the vertices the reduction keeps. `Err`: memory ran out (the bytes asked
/// for).
fn normalize(
    codes: &mut Codes,
    s: &mut Scratch,
    loops: &[bool],
    edges: &[(u32, u32)],
    cut: Cut,
    keys: &mut Vec<Box<[u32]>>,
    track: bool,
) -> Result<u8, usize> {
    let n = loops.len();
    s.effort += (n + edges.len()) as u64;
    s.gone.clear();
    s.gone.resize(n, false);
    s.looped.clear();
    s.looped.extend_from_slice(loops);
    match cut {
        Cut::Vertex(v) => {
            s.gone[v as usize] = true;
            s.looped[v as usize] = false;
        }
        Cut::Loop(v) => s.looped[v as usize] = false,
        Cut::None | Cut::Edge(_) => {}
    }
    let live = |i: usize, (a, b): (u32, u32), gone: &[bool]| {
        cut != Cut::Edge(i as u32) && !gone[a as usize] && !gone[b as usize]
    };
    s.deg.clear();
    s.deg.resize(n, 0);
    for (i, &e) in edges.iter().enumerate() {
        if live(i, e, &s.gone) {
            s.deg[e.0 as usize] += 1;
            s.deg[e.1 as usize] += 1;
        }
    }
    s.off.clear();
    s.off.push(0);
    for v in 0..n {
        let last = *s.off.last().expect("non-empty");
        s.off.push(last + s.deg[v]);
    }
    s.nbr.clear();
    s.nbr.resize(s.off[n] as usize, 0);
    s.wdeg.clear();
    s.wdeg.resize(n, 0); // fill cursor for now
    for (i, &e) in edges.iter().enumerate() {
        if live(i, e, &s.gone) {
            let (a, b) = (e.0 as usize, e.1 as usize);
            s.nbr[(s.off[a] + s.wdeg[a]) as usize] = e.1;
            s.wdeg[a] += 1;
            s.nbr[(s.off[b] + s.wdeg[b]) as usize] = e.0;
            s.wdeg[b] += 1;
        }
    }
    s.seen.clear();
    s.seen.resize(n, false);
    s.removed.clear();
    s.removed.resize(n, false);
    if s.kids.len() < n {
        s.kids.resize_with(n, Vec::new);
    }
    s.parent.clear();
    s.parent.resize(n, u32::MAX);
    s.code.clear();
    s.code.resize(n, u32::MAX);
    s.local.clear();
    s.local.resize(n, u32::MAX);
    if track {
        s.kept.clear();
        s.kept.resize(n, false);
    }
    let mut value = 0u8;
    for v in 0..n {
        if s.gone[v] || s.seen[v] {
            continue;
        }
        // The component of v, breadth first.
        s.members.clear();
        s.members.push(v as u32);
        s.seen[v] = true;
        let mut head = 0;
        let mut degrees = 0u64;
        while head < s.members.len() {
            let u = s.members[head] as usize;
            head += 1;
            degrees += u64::from(s.deg[u]);
            for j in s.off[u]..s.off[u + 1] {
                let w = s.nbr[j as usize] as usize;
                if !s.seen[w] {
                    s.seen[w] = true;
                    s.members.push(w as u32);
                }
            }
        }
        value ^= component(codes, s, degrees / 2, keys, track)?;
    }
    Ok(value)
}

/// Reduces the component `s.members` (with `edges` edges) and returns its closed-form value,
/// or 0 after appending its key to `keys`.
fn component(
    codes: &mut Codes,
    s: &mut Scratch,
    edges: u64,
    keys: &mut Vec<Box<[u32]>>,
    track: bool,
) -> Result<u8, usize> {
    let m = s.members.len();
    if m == 1 {
        let v = s.members[0] as usize;
        if track {
            s.kept[v] = true;
        }
        return Ok(1 + u8::from(s.looped[v]));
    }
    let tree = edges + 1 == m as u64;
    s.frontier.clear();
    s.peeled.clear();
    for &u in &s.members {
        let u = u as usize;
        s.wdeg[u] = s.deg[u];
        s.kids[u].clear();
        if s.deg[u] == 1 {
            s.frontier.push(u as u32);
        }
    }
    let mut alive = m;
    let mut kids = Vec::new();
    // Peel leaves round by round; a tree stops at its centre (one vertex or two).
    while !(s.frontier.is_empty() || tree && alive <= 2) {
        s.next.clear();
        for k in 0..s.frontier.len() {
            let u = s.frontier[k] as usize;
            s.removed[u] = true;
            alive -= 1;
            core::mem::swap(&mut kids, &mut s.kids[u]);
            cancel(&mut kids);
            let code = codes.intern(s.looped[u], &kids, &mut s.key);
            core::mem::swap(&mut kids, &mut s.kids[u]);
            let code = code?;
            let p = (s.off[u]..s.off[u + 1]).map(|j| s.nbr[j as usize]).find(|&w| !s.removed[w as usize]);
            let p = p.expect("a leaf has a neighbour left") as usize;
            s.parent[u] = p as u32;
            s.code[u] = code;
            s.peeled.push(u as u32);
            s.kids[p].push(code);
            s.wdeg[p] -= 1;
            if s.wdeg[p] == 1 {
                s.next.push(p as u32);
            }
        }
        core::mem::swap(&mut s.frontier, &mut s.next);
    }
    // The vertices left: a tree's centre, or the 2-core.
    let rest: Vec<u32> = s.members.iter().copied().filter(|&u| !s.removed[u as usize]).collect();
    let mut label = |codes: &mut Codes, s: &mut Scratch, u: usize, extra: Option<u32>| {
        kids.clear();
        kids.extend_from_slice(&s.kids[u]);
        kids.extend(extra);
        cancel(&mut kids);
        codes.intern(s.looped[u], &kids, &mut s.key)
    };
    if tree {
        let (root, root_vertex) = if rest.len() == 1 {
            (label(codes, s, rest[0] as usize, None)?, rest[0])
        } else {
            let (a, b) = (rest[0] as usize, rest[1] as usize);
            let (side_a, side_b) = (label(codes, s, a, None)?, label(codes, s, b, None)?);
            let (at_a, at_b) = (label(codes, s, a, Some(side_b))?, label(codes, s, b, Some(side_a))?);
            // Rooted at the centre whose code is smaller; the other is its child.
            let (root, r, other, side) = if at_a <= at_b { (at_a, a, b, side_b) } else { (at_b, b, a, side_a) };
            s.parent[other] = r as u32;
            s.code[other] = side;
            s.peeled.push(other as u32);
            (root, r as u32)
        };
        if track {
            mark_kept(s, &[root_vertex]);
        }
        let node = &codes.nodes[root as usize];
        if node.vertices == 1 {
            return Ok(1 + u8::from(node.looped));
        }
        if node.loops == 0 {
            let v = node.vertices;
            return Ok((v % 2) as u8 + 2 * ((v - 1) % 2) as u8);
        }
        keys.push(Box::new([root]));
        return Ok(0);
    }
    // The core: labels, edges, closed form or key.
    let k = rest.len();
    let labels = rest.iter().map(|&u| label(codes, s, u as usize, None)).collect::<Result<Vec<u32>, usize>>()?;
    if track {
        mark_kept(s, &rest);
    }
    for (i, &u) in rest.iter().enumerate() {
        s.local[u as usize] = i as u32;
    }
    s.core_edges.clear();
    for (i, &u) in rest.iter().enumerate() {
        let u = u as usize;
        for j in s.off[u]..s.off[u + 1] {
            let w = s.nbr[j as usize] as usize;
            if !s.removed[w] && s.local[w] > i as u32 {
                s.core_edges.push((i as u32, s.local[w]));
            }
        }
    }
    let (mut vertices, mut loops) = (0u64, 0u64);
    for &l in &labels {
        vertices += u64::from(codes.nodes[l as usize].vertices);
        loops += u64::from(codes.nodes[l as usize].loops);
    }
    // The core's adjacency, local indices, as offsets into a neighbour list.
    s.core_off.clear();
    s.core_off.resize(k + 1, 0);
    for &(a, b) in &s.core_edges {
        s.core_off[a as usize + 1] += 1;
        s.core_off[b as usize + 1] += 1;
    }
    for i in 0..k {
        s.core_off[i + 1] += s.core_off[i];
    }
    s.core_nbr.clear();
    s.core_nbr.resize(2 * s.core_edges.len(), 0);
    s.order.clear();
    s.order.extend_from_slice(&s.core_off[..k]); // fill cursors
    for &(a, b) in &s.core_edges {
        s.core_nbr[s.order[a as usize] as usize] = b;
        s.order[a as usize] += 1;
        s.core_nbr[s.order[b as usize] as usize] = a;
        s.order[b as usize] += 1;
    }
    s.effort += 4 * (k + s.core_edges.len()) as u64;
    if loops == 0 && bipartite(s, k) {
        let edges = vertices - k as u64 + s.core_edges.len() as u64;
        return Ok((vertices % 2) as u8 + 2 * (edges % 2) as u8);
    }
    // Order the core by colour refinement from the labels (a few rounds), ties by position.
    s.colour.clear();
    s.colour.extend(labels.iter().map(|&l| mix(0x243f_6a88_85a3_08d3, u64::from(l))));
    let mut around = Vec::new();
    for _ in 0..3 {
        s.colour2.clear();
        for i in 0..k {
            around.clear();
            let near = &s.core_nbr[s.core_off[i] as usize..s.core_off[i + 1] as usize];
            around.extend(near.iter().map(|&j| s.colour[j as usize]));
            sort(&mut around);
            s.colour2.push(around.iter().fold(mix(s.colour[i], around.len() as u64), |h, &c| mix(h, c)));
        }
        core::mem::swap(&mut s.colour, &mut s.colour2);
    }
    s.order.clear();
    s.order.extend(0..k as u32);
    let colour = &s.colour;
    sort_by_key(&mut s.order, |&i| (colour[i as usize], i));
    // Ranks, in the cursors' place.
    let rank = &mut s.core_off;
    for (r, &i) in s.order.iter().enumerate() {
        rank[i as usize] = r as u32;
    }
    let mut key = Vec::with_capacity(1 + k + 2 * s.core_edges.len());
    key.push(k as u32);
    key.extend(s.order.iter().map(|&i| labels[i as usize]));
    for e in s.core_edges.iter_mut() {
        let (x, y) = (rank[e.0 as usize], rank[e.1 as usize]);
        *e = (x.min(y), x.max(y));
    }
    sort(&mut s.core_edges);
    for &(a, b) in &s.core_edges {
        key.push(a);
        key.push(b);
    }
    keys.push(key.into_boxed_slice());
    Ok(0)
}

/// Whether the core (local vertices `0..k`, adjacency `s.core_off`, `s.core_nbr`) is bipartite.
fn bipartite(s: &mut Scratch, k: usize) -> bool {
    s.side.clear();
    s.side.resize(k, 2);
    for start in 0..k {
        if s.side[start] != 2 {
            continue;
        }
        s.side[start] = 0;
        s.queue.clear();
        s.queue.push(start as u32);
        while let Some(u) = s.queue.pop() {
            let u = u as usize;
            for &w in &s.core_nbr[s.core_off[u] as usize..s.core_off[u + 1] as usize] {
                let want = 1 - s.side[u];
                match s.side[w as usize] {
                    2 => {
                        s.side[w as usize] = want;
                        s.queue.push(w);
                    }
                    x if x != want => return false,
                    _ => {}
                }
            }
        }
    }
    true
}

/// Marks the vertices the reduction keeps: `roots`, and below a kept vertex one child of each
/// code that appears an odd number of times among its children.
fn mark_kept(s: &mut Scratch, roots: &[u32]) {
    for &r in roots {
        s.kept[r as usize] = true;
    }
    // Children by parent, top-down (peeled vertices in reverse order).
    let mut by_parent: Vec<(u32, u32, u32)> =
        s.peeled.iter().map(|&u| (s.parent[u as usize], s.code[u as usize], u)).collect();
    sort(&mut by_parent);
    let order: Vec<u32> = s.peeled.iter().rev().copied().collect();
    let mut visit: Vec<u32> = roots.to_vec();
    visit.extend(order);
    for p in visit {
        if !s.kept[p as usize] {
            continue;
        }
        let lo = by_parent.partition_point(|&(q, _, _)| q < p);
        let hi = by_parent.partition_point(|&(q, _, _)| q <= p);
        let mut i = lo;
        while i < hi {
            let mut j = i;
            while j < hi && by_parent[j].1 == by_parent[i].1 {
                j += 1;
            }
            if (j - i) % 2 == 1 {
                s.kept[by_parent[i].2 as usize] = true;
            }
            i = j;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::Graph;
    use alloc::vec;

    #[test]
    fn edges_are_kept_by_parity_in_order_of_first_occurrence() {
        let edges = [(1, 0), (2, 1), (0, 1), (3, 3), (1, 2), (2, 0), (0, 1), (1, 1), (2, 3), (3, 2), (3, 2)];
        let g = Graph::new(vec![false, false, true, false], edges).unwrap();
        assert_eq!(g.edges(), [(0, 1), (0, 2), (2, 3)]);
        assert_eq!(g.loops(), [false, true, true, true]);
        assert!(Graph::new(vec![false; 2], [(0, 2)]).is_err());
    }

    #[test]
    fn cycles_are_edges_minus_vertices_plus_components() {
        let cycles =
            |n: usize, edges: &[(u32, u32)]| Graph::new(vec![false; n], edges.iter().copied()).unwrap().cycles();
        assert_eq!(cycles(3, &[(0, 1), (1, 2)]), 0);
        assert_eq!(cycles(3, &[(0, 1), (1, 2), (0, 2)]), 1);
        assert_eq!(cycles(5, &[(0, 1), (1, 2), (0, 2), (2, 3), (3, 4), (2, 4)]), 2);
        assert_eq!(cycles(4, &[(0, 1), (2, 3)]), 0);
        assert_eq!(cycles(4, &[(2, 3), (0, 3), (1, 2), (0, 1)]), 1);
    }
}
