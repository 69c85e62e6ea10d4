//! Mine (HDU 4678): the Grundy value of a board and its winner, exact on every board.
//!
//! # How a board is solved
//! 1. Per row, from the mine bitmap: the blank cells (no mine among the 8 neighbours) as a
//!    bitmap, 64 cells per word, and the first cells of their maximal runs. Runs of consecutive
//!    rows that touch (8-connectivity) are merged by union-find over the runs: these are the
//!    blank regions (module `sweep`). Work and memory are proportional to `cells / 64 + runs`, never
//!    to a region's size, and nothing recurses.
//! 2. The promise (no number touches two regions) is checked word-parallel: only numbers whose
//!    blank neighbours fall into two groups around them need a look at their regions.
//! 3. On a board that keeps it, with region values of period 2 (the rules give 1 for an even
//!    count of numbers, 2 for an odd one), the value follows from three parities: of the
//!    regions, of the numbers next to a blank (each counts for exactly one region, so this is
//!    the parity of the regions with an odd count) and of the lone numbers.
//! 4. Otherwise (a promise-breaking board, another table, or an explanation asked for), the
//!    numbers next to a blank are given to the regions around them, one by one: a number seeing
//!    one region adds one to its count, a number seeing two or more is kept aside with its
//!    regions. The value is the XOR of the table values, and regions linked by shared numbers
//!    form clusters, valued exactly by the search in [`cluster`] and XORed in instead of their
//!    regions' table values.
//!
//! All buffers live in a [`Solver`] and are reused from board to board.

mod board;
pub mod cluster;
mod explain;
mod sweep;

pub use board::{Board, BoardError, MAX_CELLS, MAX_WORKING_BYTES, working_bytes};
pub use cluster::{Cluster, ClusterTooLarge, DEFAULT_MAX_STATES};
pub use explain::{Click, Component, Explanation};

use std::fmt;

use crate::nimber::{Nimber, Outcome};
use crate::table::{MineTable, embedded};
use board::zeroed;
use sweep::dilate;

/// What solving a board found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Analysis {
    /// The Grundy value of the board; non-zero means Xiemao (the first player) wins.
    pub value: Nimber,
    /// Blank regions.
    pub regions: u64,
    /// Number cells (safe cells next to a mine).
    pub numbers: u64,
    /// Numbers next to no blank cell.
    pub lone_numbers: u64,
    /// Numbers next to two or more blank regions: the board breaks the promise iff this is > 0.
    pub shared_numbers: u64,
    /// Clusters valued by the exact search.
    pub clusters: usize,
    /// Regions in the largest searched cluster.
    pub largest_cluster: usize,
    /// Search states memoised, over all clusters.
    pub states: usize,
}

impl Analysis {
    /// Whether the board keeps the statement's promise (no number touches two blank regions).
    pub fn keeps_promise(&self) -> bool {
        self.shared_numbers == 0
    }

    /// Who wins: the first player is Xiemao.
    pub fn outcome(&self) -> Outcome {
        self.value.outcome()
    }
}

/// Why a board could not be solved.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SolveError {
    /// A cluster beyond the search bound: no answer rather than a guess.
    ClusterTooLarge(ClusterTooLarge),
    /// The working memory for the board could not be allocated.
    OutOfMemory { bytes: usize },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::ClusterTooLarge(e) => e.fmt(f),
            SolveError::OutOfMemory { bytes } => write!(f, "out of memory ({bytes} bytes could not be allocated)"),
        }
    }
}

impl std::error::Error for SolveError {}

impl From<ClusterTooLarge> for SolveError {
    fn from(e: ClusterTooLarge) -> Self {
        SolveError::ClusterTooLarge(e)
    }
}

/// A maximal run of blank cells in one row, columns `start..=end`.
#[derive(Debug, Clone, Copy, Default)]
struct Run {
    start: u32,
    end: u32,
}

/// A number touching several regions: their (root run) ids, sorted, distinct, and where it is.
/// Ordered by its regions first, so that numbers with the same regions sort together.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Shared {
    len: u8,
    ids: [u32; 8],
    row: u32,
    col: u32,
}

impl Shared {
    fn ids(&self) -> &[u32] {
        &self.ids[..usize::from(self.len)]
    }

    fn same_regions(&self, other: &Shared) -> bool {
        self.len == other.len && self.ids == other.ids
    }
}

/// Solves boards, reusing its buffers.
pub struct Solver {
    table: MineTable<'static>,
    max_states: usize,
    /// The columns of a row's last word that lie on the board.
    last: u64,
    zeros: Vec<u64>,
    /// Blank bitmap, `rows * words`.
    blank: Vec<u64>,
    /// The first cells of runs, `rows * words`.
    starts: Vec<u64>,
    /// The id of the first run starting in each word of `starts`.
    base: Vec<u32>,
    runs: Vec<Run>,
    /// Runs of row `r` are `runs[row_start[r]..row_start[r + 1]]`.
    row_start: Vec<u32>,
    /// Union-find over runs; `parent[x] <= x`, and after the sweep `parent[x]` is x's root.
    parent: Vec<u32>,
    /// Numbers given to each root run (region).
    count: Vec<u32>,
    shared: Vec<Shared>,
    /// Three row masks for the word-parallel count.
    scratch: Vec<u64>,
    search: cluster::Search,
    /// Whether [`Solver::explain`] asked [`Solver::value_clusters`] to keep its clusters.
    record: bool,
    /// The clusters of the last board, when recorded.
    recorded: Vec<explain::Recorded>,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

fn oom(bytes: usize) -> SolveError {
    SolveError::OutOfMemory { bytes }
}

/// Grows `v` so that `extra` more elements fit, without aborting on allocation failure.
#[inline]
fn reserve<T>(v: &mut Vec<T>, extra: usize) -> Result<(), SolveError> {
    if v.capacity() - v.len() < extra {
        v.try_reserve(extra).map_err(|_| oom(extra.saturating_mul(size_of::<T>())))?;
    }
    Ok(())
}

/// Joins the sets of `a` and `b` in a union-find forest where `parent[x] <= x` (roots are the
/// smallest members); returns whether they were apart. Rem's algorithm: both paths are climbed
/// together, the one with the larger parent first, splicing it onto the other's parent.
#[inline]
fn union(parent: &mut [u32], a: u32, b: u32) -> bool {
    let (mut x, mut y) = (a as usize, b as usize);
    loop {
        let (px, py) = (parent[x], parent[y]);
        if px == py {
            return false;
        }
        let (from, to) = if px > py { (x, py) } else { (y, px) };
        // `from` climbs; its parent becomes the smaller one (still <= from).
        let up = parent[from];
        parent[from] = to;
        if up as usize == from {
            return true;
        }
        if px > py {
            x = up as usize;
        } else {
            y = up as usize;
        }
    }
}

impl Solver {
    /// A solver using the embedded tables and [`DEFAULT_MAX_STATES`].
    pub fn new() -> Solver {
        Solver::with_table(embedded::mine())
    }

    /// A solver using `table`.
    pub fn with_table(table: MineTable<'static>) -> Solver {
        Solver {
            table,
            max_states: DEFAULT_MAX_STATES,
            last: u64::MAX,
            zeros: Vec::new(),
            blank: Vec::new(),
            starts: Vec::new(),
            base: Vec::new(),
            runs: Vec::new(),
            row_start: Vec::new(),
            parent: Vec::new(),
            count: Vec::new(),
            shared: Vec::new(),
            scratch: Vec::new(),
            search: cluster::Search::default(),
            record: false,
            recorded: Vec::new(),
        }
    }

    /// Where the numbers touching two or more blank regions were on the last board solved
    /// (row, column), in no particular order. Empty when it kept the promise.
    pub fn shared_cells(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.shared.iter().map(|s| (u64::from(s.row), u64::from(s.col)))
    }

    /// A solver with this one's table and search bound (and no buffers yet), for another thread.
    pub fn new_like(&self) -> Solver {
        let mut solver = Solver::with_table(self.table);
        solver.max_states = self.max_states;
        solver
    }

    /// Sets the bound on memoised states per cluster.
    pub fn set_max_states(&mut self, max_states: usize) {
        self.max_states = max_states;
    }

    /// The bound on memoised states per cluster.
    pub fn max_states(&self) -> usize {
        self.max_states
    }

    /// Solves `board` exactly, or refuses (a cluster beyond the bound, or memory).
    pub fn solve(&mut self, board: &Board) -> Result<Analysis, SolveError> {
        let (rows, cols) = (board.rows(), board.cols());
        if rows == 0 || cols == 0 {
            return Ok(Analysis::default());
        }
        let sweep = self.sweep_regions(board)?;
        let numbers = rows as u64 * cols as u64 - sweep.blanks - board.mine_count();
        let kept = self.promise_kept();
        match kept {
            Some(adjacent) if !self.record && self.table.period() <= 2 => {
                self.shared.clear();
                let analysis = Analysis {
                    regions: sweep.regions,
                    numbers,
                    lone_numbers: numbers - adjacent,
                    ..Analysis::default()
                };
                return Ok(Analysis { value: self.value_by_parity(&analysis, adjacent), ..analysis });
            }
            _ => self.extract_runs()?,
        }
        let mut analysis = if kept.is_some() { self.count_numbers()? } else { self.attribute_numbers()? };
        analysis.numbers = numbers;
        analysis.lone_numbers = numbers - analysis.lone_numbers; // held the adjacent count
        let mut value = 0u8;
        for (x, (&p, &n)) in self.parent.iter().zip(&self.count).enumerate() {
            if p as usize == x {
                analysis.regions += 1;
                value ^= self.table.region(u64::from(n));
            }
        }
        if analysis.lone_numbers % 2 == 1 {
            value ^= self.table.number();
        }
        if !self.shared.is_empty() {
            value ^= self.value_clusters(&mut analysis)?;
        }
        analysis.value = Nimber::from(value);
        Ok(analysis)
    }

    /// The value of a board that keeps the promise, from parities alone, when region values
    /// repeat with period 1 or 2 (they do: 1 for an even count, 2 for an odd one). Every number
    /// next to a blank then counts for exactly one region, so the counts sum to `adjacent`, and
    /// the regions with an odd count are as many as `adjacent` modulo 2.
    fn value_by_parity(&self, analysis: &Analysis, adjacent: u64) -> Nimber {
        let odd = if self.table.period() == 2 { adjacent % 2 } else { 0 };
        let even = (analysis.regions + odd) % 2;
        let mut value = 0;
        if even == 1 {
            value ^= self.table.region(0);
        }
        if odd == 1 {
            value ^= self.table.region(1);
        }
        if analysis.lone_numbers % 2 == 1 {
            value ^= self.table.number();
        }
        Nimber::from(value)
    }

    /// The runs of row `r`, as a range of indices into `runs`.
    #[inline]
    fn span(&self, r: usize) -> (usize, usize) {
        (self.row_start[r] as usize, self.row_start[r + 1] as usize)
    }

    /// Step 2 on a board that keeps the promise, word-parallel: each number next to a blank is
    /// given to one run next to it (of the row above if it has a blank there, else of its own
    /// row, else of the row below), counted per run by popcounts over the run's columns.
    /// Returns an analysis whose `lone_numbers` holds, for now, the count of numbers next to a blank.
    fn count_numbers(&mut self) -> Result<Analysis, SolveError> {
        let rows = self.row_start.len() - 1;
        let w = self.zeros.len();
        let last = self.last;
        let cols = (w as u64 - 1) * 64 + if last == u64::MAX { 64 } else { u64::from(last.count_ones()) };
        zeroed(&mut self.count, self.runs.len()).map_err(oom)?;
        zeroed(&mut self.scratch, 3 * w).map_err(oom)?;
        self.shared.clear();
        let Solver { zeros, blank, runs, row_start, parent, count, scratch, .. } = self;
        let (up_mask, rest) = scratch.split_at_mut(w);
        let (mid_mask, down_mask) = rest.split_at_mut(w);
        let mut adjacent = 0u64;
        for r in 0..rows {
            let above = if r > 0 { &blank[(r - 1) * w..r * w] } else { &zeros[..] };
            let here = &blank[r * w..(r + 1) * w];
            let below = if r + 1 < rows { &blank[(r + 1) * w..(r + 2) * w] } else { &zeros[..] };
            for i in 0..w {
                let valid = if i + 1 == w { last } else { u64::MAX };
                let up = dilate(above, i);
                let side = dilate(here, i) & !here[i];
                let down = dilate(below, i);
                let numbers = (up | side | down) & !here[i] & valid;
                adjacent += u64::from(numbers.count_ones());
                up_mask[i] = numbers & up;
                mid_mask[i] = numbers & !up & side;
                down_mask[i] = numbers & !up & !side;
            }
            let span = |row: usize| row_start[row] as usize..row_start[row + 1] as usize;
            if r > 0 {
                count_near(runs, parent, count, span(r - 1), up_mask, cols);
            }
            if r + 1 < rows {
                count_near(runs, parent, count, span(r + 1), down_mask, cols);
            }
            // Numbers beside runs of row r: at end + 1, and at start - 1 unless that cell is also
            // the previous run's end + 1 (a gap of one cell).
            let mut prev_end: Option<u64> = None;
            for j in span(r) {
                let (start, end) = (u64::from(runs[j].start), u64::from(runs[j].end));
                let mut n = 0;
                if end + 1 < cols {
                    n += bit(mid_mask, end + 1);
                }
                if start >= 1 && prev_end != Some(start - 2) {
                    n += bit(mid_mask, start - 1);
                }
                count[parent[j] as usize] += n;
                prev_end = Some(end);
            }
        }
        Ok(Analysis { lone_numbers: adjacent, ..Analysis::default() })
    }

    /// Step 2 on any board, cell by cell: gives each number next to a blank to its region, or
    /// sets it aside as shared.
    /// Returns an analysis whose `lone_numbers` holds, for now, the count of numbers next to a blank.
    fn attribute_numbers(&mut self) -> Result<Analysis, SolveError> {
        let rows = self.row_start.len() - 1;
        let w = self.zeros.len();
        let last = self.last;
        zeroed(&mut self.count, self.runs.len()).map_err(oom)?;
        self.shared.clear();
        let Solver { zeros, blank, runs, row_start, parent, count, shared, .. } = self;
        let mut adjacent = 0u64;
        let mut shared_numbers = 0u64;
        for r in 0..rows {
            let above = if r > 0 { &blank[(r - 1) * w..r * w] } else { &zeros[..] };
            let here = &blank[r * w..(r + 1) * w];
            let below = if r + 1 < rows { &blank[(r + 1) * w..(r + 2) * w] } else { &zeros[..] };
            // Cursors into the run lists of rows r - 1, r, r + 1: (next run, end of the list).
            let span = |row: usize| (row_start[row] as usize, row_start[row + 1] as usize);
            let mut lists =
                [if r > 0 { span(r - 1) } else { (0, 0) }, span(r), if r + 1 < rows { span(r + 1) } else { (0, 0) }];
            let mut prev = 0u64;
            let mut v = above[0] | here[0] | below[0];
            for i in 0..w {
                let next = if i + 1 < w { above[i + 1] | here[i + 1] | below[i + 1] } else { 0 };
                let near = v | v << 1 | prev >> 63 | v >> 1 | next << 63;
                // Numbers next to a blank: near a blank, not blank themselves (never a mine).
                let mut numbers = near & !here[i] & if i + 1 == w { last } else { u64::MAX };
                (prev, v) = (v, next);
                adjacent += u64::from(numbers.count_ones());
                while numbers != 0 {
                    let c = (i * 64) as u64 + u64::from(numbers.trailing_zeros());
                    numbers &= numbers - 1;
                    let mut ids = [0u32; 8];
                    let mut n = 0;
                    for (k, end) in &mut lists {
                        while *k < *end && u64::from(runs[*k].end) + 1 < c {
                            *k += 1;
                        }
                        let mut j = *k;
                        while j < *end && u64::from(runs[j].start) <= c + 1 {
                            ids[n] = parent[j];
                            n += 1;
                            j += 1;
                        }
                    }
                    debug_assert!(n >= 1, "a number next to a blank sees a run");
                    let first = ids[0];
                    if ids[1..n].iter().all(|&id| id == first) {
                        count[first as usize] += 1;
                    } else {
                        let ids = &mut ids[..n];
                        ids.sort_unstable();
                        let mut set = Shared { len: 0, ids: [0; 8], row: r as u32, col: c as u32 };
                        for &id in ids.iter() {
                            if set.len == 0 || set.ids[usize::from(set.len) - 1] != id {
                                set.ids[usize::from(set.len)] = id;
                                set.len += 1;
                            }
                        }
                        reserve(shared, 1)?;
                        shared.push(set);
                        shared_numbers += 1;
                    }
                }
            }
        }
        Ok(Analysis { lone_numbers: adjacent, shared_numbers, ..Analysis::default() })
    }

    /// Step 3: values the clusters of regions linked by shared numbers. Returns the correction
    /// to XOR into the value: the clusters' values, and the table values of their regions again
    /// (which cancels them).
    fn value_clusters(&mut self, analysis: &mut Analysis) -> Result<u8, SolveError> {
        // Groups: shared numbers with the same regions; only an odd count matters.
        self.shared.sort_unstable();
        let mut groups: Vec<Shared> = Vec::new();
        for chunk in self.shared.chunk_by(Shared::same_regions) {
            if chunk.len() % 2 == 1 {
                groups.push(chunk[0]);
            }
        }
        // The regions of the groups, numbered locally, and clusters by union-find over them.
        let mut regions: Vec<u32> = groups.iter().flat_map(|g| g.ids().iter().copied()).collect();
        regions.sort_unstable();
        regions.dedup();
        let local = |id: u32| regions.binary_search(&id).expect("a region of a group") as u32;
        let mut link: Vec<u32> = (0..regions.len() as u32).collect();
        for g in &groups {
            let first = local(g.ids[0]);
            for &id in &g.ids()[1..] {
                union(&mut link, first, local(id));
            }
        }
        for x in 0..link.len() {
            link[x] = link[link[x] as usize];
        }
        // Regions and groups sorted by cluster (the root of their first region), then walked
        // cluster by cluster.
        let mut order: Vec<u32> = (0..regions.len() as u32).collect();
        order.sort_by_key(|&x| (link[x as usize], x));
        let mut by_cluster: Vec<(u32, Shared)> = groups.iter().map(|g| (link[local(g.ids[0]) as usize], *g)).collect();
        by_cluster.sort_unstable();
        let mut group_chunks = by_cluster.chunk_by(|a, b| a.0 == b.0);
        let mut clusters = Vec::new();
        // Per cluster, when recording: its regions (root runs) and a shared number per group.
        let mut cells: Vec<explain::ClusterCells> = Vec::new();
        let mut correction = 0u8;
        for members in order.chunk_by(|&a, &b| link[a as usize] == link[b as usize]) {
            let cluster_groups = group_chunks.next().expect("every cluster has a group");
            debug_assert_eq!(cluster_groups[0].0, link[members[0] as usize]);
            let mut cluster = Cluster { regions: members.len(), private: 0, groups: Vec::new() };
            for (i, &m) in members.iter().enumerate() {
                let n = self.count[regions[m as usize] as usize];
                correction ^= self.table.region(u64::from(n)); // cancels the region's table value
                if n % 2 == 1 {
                    cluster.private |= 1u64.checked_shl(i as u32).unwrap_or(0);
                }
            }
            for (_, g) in cluster_groups {
                let mut mask = 0u64;
                for &id in g.ids() {
                    let i = members.binary_search(&local(id)).expect("a member");
                    mask |= 1u64.checked_shl(i as u32).unwrap_or(0);
                }
                cluster.groups.push(mask);
            }
            // Beyond 64 regions the masks are incomplete, but the search refuses such clusters:
            // before any search, so that a hopeless board is refused at once.
            if cluster.regions > cluster::MAX_REGIONS || cluster.groups.len() > cluster::MAX_GROUPS {
                return Err(ClusterTooLarge {
                    regions: cluster.regions,
                    groups: cluster.groups.len(),
                    states: 0,
                    max_states: self.max_states,
                }
                .into());
            }
            if self.record {
                let members = members.iter().map(|&m| regions[m as usize]).collect();
                cells.push((members, cluster_groups.iter().map(|(_, g)| (g.row, g.col)).collect()));
            }
            clusters.push((cluster, clusters.len()));
        }
        // Smallest first: cheap clusters are valued before one that may exceed the bound.
        clusters.sort_by_key(|(c, _)| (c.regions, c.groups.len()));
        let singles = [self.table.region(0), self.table.region(1)];
        for (cluster, index) in clusters {
            let (value, states) = self.search.value(&cluster, singles, self.max_states)?;
            correction ^= value;
            analysis.clusters += 1;
            analysis.largest_cluster = analysis.largest_cluster.max(cluster.regions);
            analysis.states += states;
            if self.record {
                let (regions, shared) = std::mem::take(&mut cells[index]);
                self.recorded.push(explain::Recorded { cluster, regions, shared, value });
            }
        }
        Ok(correction)
    }
}

/// Bit `c` of a row mask.
#[inline]
fn bit(mask: &[u64], c: u64) -> u32 {
    (mask[(c / 64) as usize] >> (c % 64)) as u32 & 1
}

/// Set bits of `mask` in columns `lo..=hi`.
#[inline]
fn ones(mask: &[u64], lo: u64, hi: u64) -> u32 {
    let (a, b) = ((lo / 64) as usize, (hi / 64) as usize);
    let low = u64::MAX << (lo % 64);
    let high = u64::MAX >> (63 - hi % 64);
    if a == b {
        return (mask[a] & low & high).count_ones();
    }
    let mut n = (mask[a] & low).count_ones() + (mask[b] & high).count_ones();
    for &word in &mask[a + 1..b] {
        n += word.count_ones();
    }
    n
}

/// Gives the numbers of `mask` (one row) to the runs of an adjacent row: to each run those in its
/// columns widened by one, less the cell it shares with the previous run across a one-cell gap.
#[inline]
fn count_near(runs: &[Run], parent: &[u32], count: &mut [u32], span: std::ops::Range<usize>, mask: &[u64], cols: u64) {
    let mut prev_end: Option<u64> = None;
    for j in span {
        let (start, end) = (u64::from(runs[j].start), u64::from(runs[j].end));
        let (lo, hi) = (start.saturating_sub(1), (end + 1).min(cols - 1));
        let mut n = ones(mask, lo, hi);
        if start >= 1 && prev_end == Some(start - 2) {
            n -= bit(mask, start - 1);
        }
        count[parent[j] as usize] += n;
        prev_end = Some(end);
    }
}

/// The Grundy value of a board (embedded tables, default search bound).
pub fn value(board: &Board) -> Result<Nimber, SolveError> {
    Solver::new().solve(board).map(|a| a.value)
}

/// Who wins a board: the first player is Xiemao.
pub fn outcome(board: &Board) -> Result<Outcome, SolveError> {
    value(board).map(Nimber::outcome)
}

/// A click after which the player to move wins, or `None` when every click loses
/// ([`Solver::explain`] says more: every component's value).
pub fn winning_move(board: &Board) -> Result<Option<Click>, SolveError> {
    Solver::new().explain(board).map(|e| e.winning_move)
}
