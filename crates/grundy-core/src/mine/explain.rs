//! How a board's value is made up, and a winning click: [`Solver::explain`](super::Solver::explain).
//!
//! A pass of its own after the board is solved: it reads what the solving steps left (the
//! runs, regions and counts in [`Buffers`], the clusters and their values) and asks the exact
//! search for a cluster's move through a callback.
//!
//! The board is a sum of independent pieces ([`Component`]): blank regions outside clusters,
//! clusters of regions linked by shared numbers, and the numbers touching no blank. A winning
//! click moves one piece of value `c` to an option of value `c ^ v` (`v` the board's value):
//! - a region of value `c` with `n` face-down numbers: clicking one of its blank cells opens it
//!   with all its numbers (value 0); clicking one of its numbers leaves `n - 1` (the table value
//!   of `n - 1`);
//! - the lone numbers, `L` of them: clicking one leaves `L - 1`, whose value is its parity;
//! - a cluster: a move of the abstract model ([`ClusterMove`]), found by the same exact
//!   search that valued it, mapped back to a cell: the first blank cell of the region opened, a
//!   number touching only the region whose private numbers are taken, or a number of the group
//!   of shared numbers taken.
//!
//! A board whose value is not 0 has a piece with `c ^ v < c`, and by the mex definition that
//! piece has an option of value `c ^ v`: the search below always finds a move.

use alloc::vec::Vec;
use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::MineTable;
use super::analysis::{Analysis, SolveError};
use super::board::Board;
use super::buffers::{Buffers, reserve};
use super::clusters::BoardCluster;
use super::sort::sort;
use super::sweep::dilate;
use crate::nimber::Nimber;

/// A move in a cluster's abstract game, by the cluster's own numbering of regions and groups.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ClusterMove {
    /// Open region `i` (click one of its blank cells): it turns over with every face-down number
    /// around it, which ends every group it belongs to.
    Open(usize),
    /// Turn over one private number of region `i` (one touching no other region); offered when
    /// the region has an odd number of them.
    Private(usize),
    /// Turn over one shared number of group `g` (the cluster's groups, in order).
    Shared(usize),
}

/// A click on the cell at (`row`, `col`), 0-based. Serialises as `{"click": [row, col]}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Click {
    /// The cell's row.
    pub row: u64,
    /// The cell's column.
    pub col: u64,
}

impl Serialize for Click {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut s = serializer.serialize_struct("Click", 1)?;
        s.serialize_field("click", &(self.row, self.col))?;
        s.end()
    }
}

/// An independent piece of a board. Serialises (untagged) as `{"region": [r, c], "numbers": n,
/// "value": v}`, `{"cluster": [r, c], "regions": k, "shared_groups": g, "cycles": y, "value": v}`
/// or `{"lone_numbers": l, "value": v}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
#[allow(missing_docs)] // Each variant's documentation says what its fields hold.
pub enum Component {
    /// A blank region outside any cluster: `cell` is its first blank cell (row-major order),
    /// `numbers` the face-down numbers around it (all of them touch this region only).
    Region {
        #[serde(rename = "region")]
        cell: (u64, u64),
        numbers: u64,
        value: Nimber,
    },
    /// Regions linked by numbers touching two or more of them, valued as one game by the exact
    /// search: `cell` is the first blank cell of its first region, `shared_groups` the groups of
    /// shared numbers (with the same regions) whose count is odd, `cycles` the independent
    /// cycles they close (`shared_groups - regions + 1`).
    Cluster {
        #[serde(rename = "cluster")]
        cell: (u64, u64),
        regions: usize,
        shared_groups: usize,
        cycles: usize,
        value: Nimber,
    },
    /// Every number that touches no blank cell, as one piece: each is worth *1, so together they
    /// are worth their count's parity.
    LoneNumbers {
        #[serde(rename = "lone_numbers")]
        count: u64,
        value: Nimber,
    },
}

impl Component {
    /// The piece's Grundy value.
    pub fn value(&self) -> Nimber {
        match *self {
            Component::Region { value, .. }
            | Component::Cluster { value, .. }
            | Component::LoneNumbers { value, .. } => value,
        }
    }
}

/// A board's value, its pieces and a winning click.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct Explanation {
    /// What [`Solver::solve`](super::Solver::solve) finds; `analysis.value` is the XOR of the components' values.
    pub analysis: Analysis,
    /// Regions outside clusters (in the row-major order of their first cells), then clusters
    /// (likewise), then the lone numbers (when there are any).
    pub components: Vec<Component>,
    /// A click after which the player to move (Xiemao first) wins, or `None` when every click
    /// loses (value 0, including a board with nothing left to click).
    pub winning_move: Option<Click>,
}

/// The blank regions and clusters of a board as the solver finds them, to draw them
/// ([`Solver::region_map`](super::Solver::region_map)). Regions are numbered from 0 in the
/// row-major order of their first cells, clusters from 0 in the order of their first regions. A
/// cluster is what [`Component::Cluster`] values: regions linked by groups of shared numbers (with
/// the same regions) of odd count; a group of even count links nothing.
#[derive(Debug)]
pub struct RegionMap<'a> {
    buffers: &'a Buffers,
    /// The region of each run.
    region: Vec<u32>,
    /// The cluster of each region (`u32::MAX` for none).
    cluster: Vec<u32>,
    clusters: usize,
}

impl RegionMap<'_> {
    /// The number of blank regions.
    pub fn regions(&self) -> usize {
        self.cluster.len()
    }

    /// The number of clusters.
    pub fn clusters(&self) -> usize {
        self.clusters
    }

    /// The blank cells, as maximal runs along rows in row-major order: `(row, first column, last
    /// column, region)`.
    pub fn runs(&self) -> impl Iterator<Item = (u64, u64, u64, u32)> + '_ {
        let b = self.buffers;
        (0..b.rows()).flat_map(move |r| {
            let (first, end) = b.span(r);
            (first..end).map(move |j| (r as u64, u64::from(b.runs[j].start), u64::from(b.runs[j].end), self.region[j]))
        })
    }

    /// The cluster of region `region`, if it is in one.
    pub fn cluster_of(&self, region: u32) -> Option<u32> {
        self.cluster.get(region as usize).copied().filter(|&k| k != u32::MAX)
    }

    /// The numbers touching two or more regions, `(row, column)`, in no particular order.
    pub fn shared_numbers(&self) -> impl Iterator<Item = (u64, u64)> + '_ {
        self.buffers.shared.iter().map(|s| (u64::from(s.row), u64::from(s.col)))
    }
}

/// The region map of the board whose runs, regions and shared numbers are in `buffers`, with
/// its `clusters`.
pub(super) fn region_map<'a>(buffers: &'a Buffers, clusters: &[BoardCluster]) -> Result<RegionMap<'a>, SolveError> {
    let mut region = Vec::new();
    reserve(&mut region, buffers.parent.len())?;
    let mut regions = 0;
    // `parent[j] <= j` is `j`'s root: a root comes before the other runs of its region.
    for (j, &p) in buffers.parent.iter().enumerate() {
        if p as usize == j {
            region.push(regions);
            regions += 1;
        } else {
            region.push(region[p as usize]);
        }
    }
    let mut cluster = Vec::new();
    reserve(&mut cluster, regions as usize)?;
    cluster.resize(regions as usize, u32::MAX);
    for (k, c) in clusters.iter().enumerate() {
        for &root in &c.regions {
            cluster[region[root as usize] as usize] = k as u32;
        }
    }
    Ok(RegionMap { buffers, region, cluster, clusters: clusters.len() })
}

/// The explanation of a solved board: `analysis` and `clusters` (with their `values`) as the
/// solving pass left them in `buffers`; `cluster_move(k, target)` finds a move of cluster `k`
/// to an option of value `target`.
pub(super) fn explanation(
    buffers: &Buffers,
    board: &Board,
    table: MineTable<'_>,
    analysis: Analysis,
    clusters: &[BoardCluster],
    values: &[u8],
    cluster_move: &mut dyn FnMut(usize, u8) -> Result<Option<ClusterMove>, SolveError>,
) -> Result<Explanation, SolveError> {
    let mut explanation = Explanation { analysis, components: Vec::new(), winning_move: None };
    if board.rows() == 0 || board.cols() == 0 {
        return Ok(explanation);
    }
    let cells = Cells { buffers, board };
    let mut clustered: Vec<u32> = clusters.iter().flat_map(|c| c.regions.iter().copied()).collect();
    sort(&mut clustered);
    let components = &mut explanation.components;
    for (x, (&p, &n)) in buffers.parent.iter().zip(&buffers.count).enumerate() {
        if p as usize == x && clustered.binary_search(&p).is_err() {
            let value = Nimber::from(table.region(u64::from(n)));
            components.push(Component::Region { cell: cells.run_cell(p), numbers: u64::from(n), value });
        }
    }
    for (c, &value) in clusters.iter().zip(values) {
        components.push(Component::Cluster {
            cell: cells.run_cell(c.regions[0]),
            regions: c.regions.len(),
            shared_groups: c.groups.len(),
            cycles: c.cycles(),
            value: Nimber::from(value),
        });
    }
    let lone = explanation.analysis.lone_numbers;
    if lone > 0 {
        components.push(Component::LoneNumbers { count: lone, value: Nimber::from(lone_value(table, lone)) });
    }
    debug_assert_eq!(components.iter().map(Component::value).sum::<Nimber>(), explanation.analysis.value);
    explanation.winning_move = winning_click(&cells, table, &explanation, clusters, values, cluster_move)?;
    Ok(explanation)
}

/// The value of `count` lone numbers.
fn lone_value(table: MineTable<'_>, count: u64) -> u8 {
    if count % 2 == 1 { table.number() } else { 0 }
}

/// A click moving one component of value `c` to `c ^ v`.
fn winning_click(
    cells: &Cells<'_>,
    table: MineTable<'_>,
    e: &Explanation,
    clusters: &[BoardCluster],
    values: &[u8],
    cluster_move: &mut dyn FnMut(usize, u8) -> Result<Option<ClusterMove>, SolveError>,
) -> Result<Option<Click>, SolveError> {
    let v = e.analysis.value.0 as u8;
    if v == 0 {
        return Ok(None);
    }
    for component in &e.components {
        let c = component.value().0 as u8;
        let target = c ^ v;
        match *component {
            Component::Region { cell, numbers, .. } => {
                if target == 0 {
                    return Ok(Some(click(cell)));
                }
                if numbers > 0 && table.region(numbers - 1) == target {
                    let root = cells.region_of(cell.0 as usize, cell.1).expect("a blank cell");
                    return Ok(Some(cells.private_number(root)));
                }
            }
            Component::LoneNumbers { count, .. } => {
                if lone_value(table, count - 1) == target {
                    return Ok(Some(cells.lone_number()));
                }
            }
            Component::Cluster { .. } => {}
        }
    }
    // No region or lone number does it: then a cluster has c ^ v < c, so a move to c ^ v.
    for (k, (cluster, &c)) in clusters.iter().zip(values).enumerate() {
        let target = c ^ v;
        if target >= c {
            continue;
        }
        let Some(found) = cluster_move(k, target)? else {
            return Err(SolveError::Inconsistent);
        };
        return Ok(Some(match found {
            ClusterMove::Open(i) => click(cells.run_cell(cluster.regions[i])),
            ClusterMove::Private(i) => cells.private_number(cluster.regions[i]),
            ClusterMove::Shared(g) => {
                let (row, col) = cluster.groups[g].cell;
                click((u64::from(row), u64::from(col)))
            }
        }));
    }
    // The mex rule gives every component of value c a move to each smaller value, and some
    // component has c ^ v < c: a table that breaks the rule is the only way here.
    Err(SolveError::Inconsistent)
}

/// Cells of the board, found from the runs and regions the sweep left.
struct Cells<'a> {
    buffers: &'a Buffers,
    board: &'a Board,
}

impl Cells<'_> {
    /// The row of run `j`.
    fn run_row(&self, j: u32) -> usize {
        self.buffers.row_start.partition_point(|&s| s <= j) - 1
    }

    /// The first cell of run `j`.
    fn run_cell(&self, j: u32) -> (u64, u64) {
        (self.run_row(j) as u64, u64::from(self.buffers.runs[j as usize].start))
    }

    /// The region (root run) of the blank cell (`r`, `c`), if it is blank.
    fn region_of(&self, r: usize, c: u64) -> Option<u32> {
        let (first, end) = self.buffers.span(r);
        let runs = &self.buffers.runs[first..end];
        let k = runs.partition_point(|run| u64::from(run.end) < c);
        (k < runs.len() && u64::from(runs[k].start) <= c).then(|| self.buffers.parent[first + k])
    }

    /// A face-down number touching region `root` and no other region (the region has one).
    fn private_number(&self, root: u32) -> Click {
        let (rows, cols) = (self.board.rows(), self.board.cols() as u64);
        for r in 0..rows {
            let (first, end) = self.buffers.span(r);
            for j in first..end {
                if self.buffers.parent[j] != root {
                    continue;
                }
                let run = self.buffers.runs[j];
                let (lo, hi) = (u64::from(run.start).saturating_sub(1), (u64::from(run.end) + 1).min(cols - 1));
                for rr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
                    for c in lo..=hi {
                        if self.region_of(rr, c).is_none()
                            && !self.board.is_mine(rr as u64, c)
                            && self.touches_only(rr, c, root, rows, cols)
                        {
                            return click((rr as u64, c));
                        }
                    }
                }
            }
        }
        unreachable!("region {root} has a private number")
    }

    /// Whether every blank neighbour of (`r`, `c`) lies in region `root`.
    fn touches_only(&self, r: usize, c: u64, root: u32, rows: usize, cols: u64) -> bool {
        for rr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
            for cc in c.saturating_sub(1)..=(c + 1).min(cols - 1) {
                if let Some(id) = self.region_of(rr, cc)
                    && id != root
                {
                    return false;
                }
            }
        }
        true
    }

    /// A number touching no blank cell (the board has one).
    fn lone_number(&self) -> Click {
        let (rows, w) = (self.board.rows(), self.board.words());
        let blank = &self.buffers.blank;
        let zeros = &self.buffers.zeros[..];
        for r in 0..rows {
            let above = if r > 0 { &blank[(r - 1) * w..r * w] } else { zeros };
            let here = &blank[r * w..(r + 1) * w];
            let below = if r + 1 < rows { &blank[(r + 1) * w..(r + 2) * w] } else { zeros };
            let mines = self.board.row(r);
            for (i, &mine) in mines.iter().enumerate() {
                let valid = if i + 1 == w { self.buffers.last } else { u64::MAX };
                let near = dilate(above, i) | dilate(here, i) | dilate(below, i);
                let lone = !near & !mine & valid;
                if lone != 0 {
                    return click((r as u64, (i * 64) as u64 + u64::from(lone.trailing_zeros())));
                }
            }
        }
        unreachable!("the board has a lone number")
    }
}

fn click((row, col): (u64, u64)) -> Click {
    Click { row, col }
}
