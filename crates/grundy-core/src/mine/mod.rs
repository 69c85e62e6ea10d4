//! Mine (HDU 4678): the Grundy value of a board and its winner, exact on every board.
//!
//! # The rules' values
//! Under the statement's promise (no number touches two blank regions) a board is a sum of
//! blank regions and lone numbers, valued by the recurrence of module `recurrence`
//! ([`region_table`], [`number_value`]); [`MineTable`] holds them as a solver reads them.
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
//!    regions (module `numbers`). The value is the XOR of the table values, and regions linked
//!    by shared numbers form clusters (module `clusters`), valued exactly by graph Chomp
//!    ([`chomp`]) and XORed in instead of their regions' table values.
//! 5. An explanation is a separate pass over what the steps left (module `explain`): the
//!    pieces of the board, and a winning click found by the same exact search.
//!
//! The buffers of steps 1 and 2 have one owner (module `buffers`), reused from board to board;
//! the steps are functions of it, and the [`Solver`] only holds it, the table, the search and
//! its budget. With the `std` feature it also has a time bound and progress reports (module
//! `progress`), and runs steps 1 to 4 with POPCNT where the CPU has it.

mod analysis;
mod board;
mod buffers;
#[doc(hidden)] // The engine itself, for the tests and the measuring tools.
pub mod chomp;
mod clusters;
mod explain;
mod hash;
mod numbers;
#[cfg(feature = "std")]
mod progress;
mod recurrence;
mod sort;
mod sweep;
mod table;

pub use analysis::{Analysis, ClusterTooLarge, SolveError};
pub use board::{Board, BoardError, MAX_CELLS, MAX_WORKING_BYTES, beyond_either_way, working_bytes};
#[doc(hidden)]
pub use explain::{Click, ClusterMove, Component, Explanation, RegionMap};
#[doc(hidden)]
#[cfg(feature = "std")]
pub use progress::Clock;
#[cfg(feature = "std")]
pub use progress::{Progress, ProgressHook};
pub use recurrence::{SEARCH_LIMIT, mex, number_value, period, region_table, region_values};
pub use table::MineTable;

use alloc::vec::Vec;
use core::time::Duration;

use crate::nimber::{Nimber, Outcome};
use buffers::Buffers;
use clusters::BoardCluster;

/// The default budget per board: 2^18 units of the exact search, one per memoised component and
/// one per 64 vertices and edges its normalisations scan (plus one per 64 words of long keys;
/// see [`chomp`]): tens of MB at most, and a refusal after 1-2 s (release build, measured
/// on random 1000 x 1000 boards at 8-13% mines; BENCHMARKS.md has what it answers by density).
pub const DEFAULT_MAX_STATES: usize = 1 << 18;

/// Which pass a board is solved for.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// The value only: a board that keeps the promise is valued from three parities.
    Value,
    /// The value and what an explanation needs: counts per region and the clusters.
    Record,
}

/// A board's clusters and their values, as the solving pass leaves them for an explanation.
struct Clusters {
    clusters: Vec<BoardCluster>,
    values: Vec<u8>,
}

/// Solves boards, reusing its buffers.
#[derive(Debug)]
pub struct Solver {
    table: MineTable<'static>,
    max_states: usize,
    #[cfg(feature = "std")]
    max_time: Option<Duration>,
    #[cfg(feature = "std")]
    deadline: Option<std::time::Instant>,
    #[cfg(feature = "std")]
    progress: Option<ProgressHook>,
    /// The case progress reports name.
    #[cfg(feature = "std")]
    case: Option<u64>,
    buffers: Buffers,
    /// Graph Chomp, which values every cluster of a board.
    engine: chomp::Engine,
}

impl Default for Solver {
    fn default() -> Self {
        Solver::new()
    }
}

impl Solver {
    /// A solver using the rules' values ([`MineTable::RULES`]) and [`DEFAULT_MAX_STATES`].
    pub fn new() -> Solver {
        Solver::with_table(MineTable::RULES)
    }

    /// A solver using `table`. With values other than the rules', answers follow the table, and
    /// [`explain`](Self::explain) fails with [`SolveError::Inconsistent`] where the table leaves a
    /// board of non-zero value without a winning click.
    pub fn with_table(table: MineTable<'static>) -> Solver {
        Solver {
            table,
            max_states: DEFAULT_MAX_STATES,
            #[cfg(feature = "std")]
            max_time: None,
            #[cfg(feature = "std")]
            deadline: None,
            #[cfg(feature = "std")]
            progress: None,
            #[cfg(feature = "std")]
            case: None,
            buffers: Buffers::default(),
            engine: chomp::Engine::default(),
        }
    }

    /// Where the numbers touching two or more blank regions were on the last board solved
    /// (row, column), in no particular order. Empty when it kept the promise.
    pub fn shared_cells(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.buffers.shared.iter().map(|s| (u64::from(s.row), u64::from(s.col)))
    }

    /// A solver with this one's table, bounds and progress reports (and no buffers yet), for
    /// another thread.
    pub fn new_like(&self) -> Solver {
        let mut solver = Solver::with_table(self.table);
        solver.max_states = self.max_states;
        #[cfg(feature = "std")]
        {
            solver.max_time = self.max_time;
            solver.deadline = self.deadline;
            solver.progress = self.progress.clone();
        }
        solver
    }

    /// Sets the budget per board: units of the exact search's memory and work (see [`chomp`]),
    /// over all the board's clusters. 0 refuses every cluster.
    pub fn set_max_states(&mut self, max_states: usize) {
        self.max_states = max_states;
    }

    /// The budget per board (see [`Solver::set_max_states`]).
    pub fn max_states(&self) -> usize {
        self.max_states
    }

    #[cfg(feature = "std")]
    /// Sets a time bound per board on the exact search (`None`: none, the default): a board
    /// whose clusters take longer is refused as one past the budget is, with
    /// [`ClusterTooLarge::out_of_time`] set. The clock is looked at as the search's cost grows
    /// (every few dozen units), so the bound is kept within a fraction of a millisecond of
    /// search. Both bounds apply together.
    pub fn set_max_time(&mut self, max_time: Option<Duration>) {
        self.max_time = max_time;
    }

    #[cfg(feature = "std")]
    /// The time bound per board (see [`Solver::set_max_time`]).
    pub fn max_time(&self) -> Option<Duration> {
        self.max_time
    }

    #[cfg(feature = "std")]
    /// Sets an instant past which every search stops, whichever board it is on (`None`: none,
    /// the default): the bound of a whole run of boards, as [`Solver::set_max_time`] is of one.
    /// A board searched past it is refused as one past the time bound is; a board then solved
    /// without a search still is. Both apply together.
    pub fn set_deadline(&mut self, deadline: Option<std::time::Instant>) {
        self.deadline = deadline;
    }

    #[cfg(feature = "std")]
    /// The instant every search stops by (see [`Solver::set_deadline`]).
    pub fn deadline(&self) -> Option<std::time::Instant> {
        self.deadline
    }

    #[cfg(feature = "std")]
    /// Sets progress reports for boards whose search runs long (`None`: none, the default).
    /// Reports come from the thread solving the board, while it searches.
    pub fn set_progress(&mut self, progress: Option<ProgressHook>) {
        self.progress = progress;
    }

    #[cfg(feature = "std")]
    /// Sets the case number progress reports name ([`Progress::case`]); the judges set it.
    pub fn set_case(&mut self, case: Option<u64>) {
        self.case = case;
    }

    /// Solves `board` exactly, or refuses (a cluster beyond the budget, or memory).
    pub fn solve(&mut self, board: &Board) -> Result<Analysis, SolveError> {
        self.run(board, Mode::Value).map(|(analysis, _)| analysis)
    }

    /// Solves `board` like [`Solver::solve`] and says how its value is made up and how to win.
    /// This is the slower path (it counts the numbers of every region and looks for cells);
    /// [`Solver::solve`] does none of this work.
    ///
    /// ```
    /// use grundy_core::mine::{Board, Click, Solver};
    /// let board = Board::with_mines(3, 5, [(0, 0), (0, 1), (2, 3)]).unwrap();
    /// let e = Solver::new().explain(&board).unwrap();
    /// assert_eq!((e.analysis.value.0, e.winning_move), (0, None)); // Fanglaoshi wins
    /// let board = Board::with_mines(1, 3, [(0, 0)]).unwrap(); // a number, then a blank
    /// let e = Solver::new().explain(&board).unwrap();
    /// assert_eq!(e.winning_move, Some(Click { row: 0, col: 2 })); // open the region: *2 -> 0
    /// ```
    pub fn explain(&mut self, board: &Board) -> Result<Explanation, SolveError> {
        let (analysis, clusters) = self.run(board, Mode::Record)?;
        // The move search has a budget and a clock of its own, on top of what valuing spent.
        self.start_clock();
        let (table, max_states, max_time) = (self.table, self.max_states, self.time_bound());
        let Solver { buffers, engine, .. } = self;
        let budget = engine.cost().saturating_add(max_states);
        let Clusters { clusters, values } = clusters;
        let mut cluster_move = |k: usize, target: u8| {
            let c = &clusters[k];
            searching(engine, c);
            cluster_move(engine, table, budget, c, target).map_err(|e| refusal(c, e, max_states, max_time))
        };
        let result = explain::explanation(buffers, board, table, analysis, &clusters, &values, &mut cluster_move);
        self.stop_clock();
        result
    }

    /// The blank regions and clusters of `board`, as [`Solver::explain`] finds them, to draw
    /// them: the board's regions and numbers are worked out and nothing is valued, so the budget
    /// does not apply (only memory can fail). The map borrows the solver's buffers.
    ///
    /// ```
    /// use grundy_core::mine::{Board, Solver};
    /// // The smallest board that breaks the promise: (1, 2) touches two regions, which it links.
    /// let board = Board::with_mines(3, 5, [(0, 0), (0, 1), (2, 3)]).unwrap();
    /// let mut solver = Solver::new();
    /// let map = solver.region_map(&board).unwrap();
    /// assert_eq!((map.regions(), map.clusters()), (2, 1));
    /// assert_eq!(map.runs().collect::<Vec<_>>(), [(0, 3, 4, 0), (2, 0, 1, 1)]);
    /// assert_eq!((map.cluster_of(0), map.cluster_of(1)), (Some(0), Some(0)));
    /// assert_eq!(map.shared_numbers().collect::<Vec<_>>(), [(1, 2)]);
    /// ```
    pub fn region_map(&mut self, board: &Board) -> Result<RegionMap<'_>, SolveError> {
        let buffers = &mut self.buffers;
        if board.rows() == 0 || board.cols() == 0 {
            buffers.runs.clear();
            buffers.parent.clear();
            buffers.row_start.clear();
            buffers.shared.clear();
            return explain::region_map(buffers, &[]);
        }
        sweep::sweep(buffers, board)?;
        sweep::extract_runs(buffers)?;
        numbers::attribute_numbers(buffers)?;
        let clusters = clusters::clusters(buffers);
        explain::region_map(buffers, &clusters)
    }

    /// The clusters of `board` as graphs (for measurements): solves the board's regions and
    /// numbers, but values nothing. Clusters with a group linking three or more regions are
    /// left out.
    #[doc(hidden)]
    pub fn cluster_graphs(&mut self, board: &Board) -> Result<Vec<chomp::Graph>, SolveError> {
        let max_states = core::mem::replace(&mut self.max_states, 0);
        let result = self.run(board, Mode::Record);
        self.max_states = max_states;
        let found = match result {
            Ok((_, found)) => found.clusters,
            Err(SolveError::ClusterTooLarge(_)) => clusters::clusters(&mut self.buffers),
            Err(e) => return Err(e),
        };
        Ok(found.iter().filter_map(|c| as_graph(MineTable::RULES, c)).collect())
    }

    /// Steps 1 to 4 (see the module's docs), with POPCNT where the CPU has it.
    ///
    /// The sweep counts bits on every word of a board and ranks run starts by popcount; without
    /// the POPCNT instruction each `count_ones` is a dozen instructions. Baseline x86-64 (what a
    /// dependent crate or `cargo install` builds for) lacks it, so the steps are compiled twice,
    /// once with POPCNT enabled, and the CPU is asked once per board (std caches the answer: one
    /// atomic load). Measured on 1000 x 1000 boards, CPU time against an `x86-64-v2` build:
    /// 8-16% more without POPCNT, 1-11% more with this dispatch, on a loaded machine
    /// (BENCHMARKS.md, "Run-time POPCNT detection").
    fn run(&mut self, board: &Board, mode: Mode) -> Result<(Analysis, Clusters), SolveError> {
        #[cfg(all(feature = "std", any(target_arch = "x86", target_arch = "x86_64")))]
        if std::arch::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU has POPCNT (detected just above), the one feature `run_popcnt`
            // enables.
            return unsafe { self.run_popcnt(board, mode) };
        }
        self.steps(board, mode)
    }

    /// [`Solver::steps`] compiled with POPCNT (the steps' hot functions are `inline(always)`).
    ///
    /// # Safety
    /// The CPU must have POPCNT.
    #[cfg(all(feature = "std", any(target_arch = "x86", target_arch = "x86_64")))]
    #[target_feature(enable = "popcnt")]
    unsafe fn run_popcnt(&mut self, board: &Board, mode: Mode) -> Result<(Analysis, Clusters), SolveError> {
        self.steps(board, mode)
    }

    /// The body of [`Solver::run`], inlined into both of its versions.
    #[inline(always)]
    fn steps(&mut self, board: &Board, mode: Mode) -> Result<(Analysis, Clusters), SolveError> {
        let none = || Clusters { clusters: Vec::new(), values: Vec::new() };
        let (rows, cols) = (board.rows(), board.cols());
        if rows == 0 || cols == 0 {
            self.buffers.shared.clear();
            return Ok((Analysis::default(), none()));
        }
        let sweep = sweep::sweep(&mut self.buffers, board)?;
        let numbers = rows as u64 * cols as u64 - sweep.blanks - board.mine_count();
        let kept = sweep::promise_kept(&self.buffers);
        match kept {
            Some(adjacent) if mode == Mode::Value && self.table.period() <= 2 => {
                let analysis = Analysis {
                    regions: sweep.regions,
                    numbers,
                    lone_numbers: numbers - adjacent,
                    ..Analysis::default()
                };
                return Ok((Analysis { value: self.value_by_parity(&analysis, adjacent), ..analysis }, none()));
            }
            _ => sweep::extract_runs(&mut self.buffers)?,
        }
        let attributed = if kept.is_some() {
            numbers::count_numbers(&mut self.buffers)?
        } else {
            numbers::attribute_numbers(&mut self.buffers)?
        };
        let mut analysis = Analysis {
            numbers,
            lone_numbers: numbers - attributed.adjacent,
            shared_numbers: attributed.shared_numbers,
            ..Analysis::default()
        };
        let mut value = 0u8;
        for (x, (&p, &n)) in self.buffers.parent.iter().zip(&self.buffers.count).enumerate() {
            if p as usize == x {
                analysis.regions += 1;
                value ^= self.table.region(u64::from(n));
            }
        }
        if analysis.lone_numbers % 2 == 1 {
            value ^= self.table.number();
        }
        let mut found = none();
        if !self.buffers.shared.is_empty() {
            found.clusters = clusters::clusters(&mut self.buffers);
            value ^= self.value_clusters(&found.clusters, &mut found.values, &mut analysis)?;
        }
        analysis.value = Nimber::from(value);
        Ok((analysis, found))
    }

    /// Starts the clock of a search: its time bound and progress reports (none without `std`).
    fn start_clock(&mut self) {
        #[cfg(feature = "std")]
        self.engine.set_clock(Some(Clock::start(self.max_time, self.deadline, self.progress.clone(), self.case)));
    }

    /// Stops the clock [`Solver::start_clock`] started.
    fn stop_clock(&mut self) {
        #[cfg(feature = "std")]
        self.engine.set_clock(None);
    }

    /// The time bound per board (none without `std`).
    fn time_bound(&self) -> Option<Duration> {
        #[cfg(feature = "std")]
        return self.max_time;
        #[cfg(not(feature = "std"))]
        None
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

    /// Values the clusters (into `values`, in their order). Returns the correction to XOR into
    /// the value: the clusters' values, and the table values of their regions again (which
    /// cancels them). Smallest clusters first, so that cheap ones are valued before one that
    /// may exceed the budget; the memo is shared by all of them.
    fn value_clusters(
        &mut self,
        clusters: &[BoardCluster],
        values: &mut Vec<u8>,
        analysis: &mut Analysis,
    ) -> Result<u8, SolveError> {
        let mut correction = 0u8;
        for c in clusters {
            for &root in &c.regions {
                correction ^= self.table.region(u64::from(self.buffers.count[root as usize]));
            }
        }
        let mut order: Vec<usize> = (0..clusters.len()).collect();
        sort::sort_by_key(&mut order, |&k| (clusters[k].regions.len(), clusters[k].groups.len(), k));
        values.clear();
        values.resize(clusters.len(), 0);
        self.engine.reset();
        self.start_clock();
        let result = self.value_in_order(clusters, &order, values, analysis, &mut correction);
        self.stop_clock();
        result?;
        analysis.states = self.engine.states();
        Ok(correction)
    }

    /// [`Solver::value_clusters`]' search, cluster by cluster in `order`, under the clock.
    fn value_in_order(
        &mut self,
        clusters: &[BoardCluster],
        order: &[usize],
        values: &mut [u8],
        analysis: &mut Analysis,
        correction: &mut u8,
    ) -> Result<(), SolveError> {
        let (budget, max_time) = (self.max_states, self.time_bound());
        for &k in order {
            let c = &clusters[k];
            searching(&mut self.engine, c);
            let value =
                value_cluster(&mut self.engine, self.table, budget, c).map_err(|e| refusal(c, e, budget, max_time))?;
            values[k] = value;
            *correction ^= value;
            analysis.clusters += 1;
            analysis.largest_cluster = analysis.largest_cluster.max(c.regions.len());
            analysis.most_cycles = analysis.most_cycles.max(c.cycles());
        }
        Ok(())
    }
}

/// Tells the clock which cluster is searched, for progress reports.
fn searching(engine: &mut chomp::Engine, c: &BoardCluster) {
    #[cfg(feature = "std")]
    if let Some(clock) = engine.clock_mut() {
        clock.regions = c.regions.len();
    }
    #[cfg(not(feature = "std"))]
    let _ = (engine, c);
}

/// The values of a lone region with an even and an odd number of numbers.
fn singles(table: MineTable<'_>) -> [u8; 2] {
    [table.region(0), table.region(1)]
}

/// A cluster as graph Chomp's input: every group links two regions (always so on a board: a
/// number's neighbourhood cannot hold three blank cells pairwise apart), and a lone region is
/// worth what the game says (1, or 2 with an odd count: the rules' values). `None`
/// otherwise, and the cluster is refused rather than guessed.
fn as_graph(table: MineTable<'_>, c: &BoardCluster) -> Option<chomp::Graph> {
    if !c.is_graph() || singles(table) != [1, 2] {
        return None;
    }
    let edges = c.groups.iter().map(|g| (g.members[0], g.members[1]));
    Some(chomp::Graph::new(c.odd.clone(), edges).expect("group members are the cluster's regions"))
}

/// Why a cluster was not valued: the states memoised for the board when the search stopped,
/// the bytes that could not be allocated if memory ran out, the time run if past the bound.
struct Stopped(chomp::Exceeded);

impl Stopped {
    /// Not searched (no budget, or not a graph).
    fn at_start() -> Stopped {
        Stopped(chomp::Exceeded { states: 0, out_of_memory: None, out_of_time: None })
    }
}

impl From<chomp::Exceeded> for Stopped {
    fn from(e: chomp::Exceeded) -> Stopped {
        Stopped(e)
    }
}

fn refusal(c: &BoardCluster, Stopped(e): Stopped, max_states: usize, max_time: Option<Duration>) -> SolveError {
    SolveError::ClusterTooLarge(ClusterTooLarge {
        regions: c.regions.len(),
        groups: c.groups.len(),
        cycles: c.cycles(),
        states: e.states,
        max_states,
        out_of_memory: e.out_of_memory,
        max_time,
        out_of_time: e.out_of_time,
    })
}

/// The value of one cluster.
fn value_cluster(
    engine: &mut chomp::Engine,
    table: MineTable<'_>,
    budget: usize,
    c: &BoardCluster,
) -> Result<u8, Stopped> {
    if budget == 0 {
        return Err(Stopped::at_start());
    }
    let graph = as_graph(table, c).ok_or_else(Stopped::at_start)?;
    engine.value(&graph, budget).map_err(Stopped::from)
}

/// A move of one cluster to an option of value `target`, by the search that valued it.
fn cluster_move(
    engine: &mut chomp::Engine,
    table: MineTable<'_>,
    budget: usize,
    c: &BoardCluster,
    target: u8,
) -> Result<Option<ClusterMove>, Stopped> {
    let graph = as_graph(table, c).ok_or_else(Stopped::at_start)?;
    let found = engine.move_to(&graph, target, budget).map_err(Stopped::from)?;
    Ok(found.map(|m| match m {
        chomp::GraphMove::Vertex(i) => ClusterMove::Open(i),
        chomp::GraphMove::Loop(i) => ClusterMove::Private(i),
        chomp::GraphMove::Edge(g) => ClusterMove::Shared(g),
    }))
}

/// The Grundy value of a board (the rules' values, default budget).
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
