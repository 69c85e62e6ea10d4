//! How a board's value is made up, and a winning click: [`Solver::explain`].
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

use serde::Serialize;
use serde::ser::{SerializeStruct, Serializer};

use super::cluster::{Cluster, ClusterMove};
use super::{Analysis, Board, SolveError, Solver, dilate};
use crate::nimber::Nimber;

/// A click on the cell at (`row`, `col`), 0-based. Serialises as `{"click": [row, col]}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Click {
    pub row: u64,
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
/// "value": v}`, `{"cluster": [r, c], "regions": k, "shared_groups": g, "value": v}` or
/// `{"lone_numbers": l, "value": v}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(untagged)]
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
    /// shared numbers (with the same regions) whose count is odd.
    Cluster {
        #[serde(rename = "cluster")]
        cell: (u64, u64),
        regions: usize,
        shared_groups: usize,
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
pub struct Explanation {
    /// What [`Solver::solve`] finds; `analysis.value` is the XOR of the components' values.
    pub analysis: Analysis,
    /// Regions outside clusters (in the row-major order of their first cells), then clusters
    /// (likewise), then the lone numbers (when there are any).
    pub components: Vec<Component>,
    /// A click after which the player to move (Xiemao first) wins, or `None` when every click
    /// loses (value 0, including a board with nothing left to click).
    pub winning_move: Option<Click>,
}

/// A cluster's regions (root runs) and a shared number (row, column) per group.
pub(super) type ClusterCells = (Vec<u32>, Vec<(u32, u32)>);

/// A cluster kept by [`Solver::value_clusters`] for an explanation.
#[derive(Debug, Clone)]
pub(super) struct Recorded {
    pub cluster: Cluster,
    /// Root run of each region, in the cluster's numbering (ascending).
    pub regions: Vec<u32>,
    /// A shared number (row, column) of each group, in the cluster's numbering.
    pub shared: Vec<(u32, u32)>,
    pub value: u8,
}

impl Solver {
    /// Solves `board` like [`Solver::solve`] and says how its value is made up and how to win.
    /// This is the slower path (it records every region and looks for cells); [`Solver::solve`]
    /// does none of this work.
    ///
    /// ```
    /// use grundy::mine::{Board, Click, Solver};
    /// let board = Board::with_mines(3, 5, [(0, 0), (0, 1), (2, 3)]).unwrap();
    /// let e = Solver::new().explain(&board).unwrap();
    /// assert_eq!((e.analysis.value.0, e.winning_move), (0, None)); // Fanglaoshi wins
    /// let board = Board::with_mines(1, 3, [(0, 0)]).unwrap(); // a number, then a blank
    /// let e = Solver::new().explain(&board).unwrap();
    /// assert_eq!(e.winning_move, Some(Click { row: 0, col: 2 })); // open the region: *2 -> 0
    /// ```
    pub fn explain(&mut self, board: &Board) -> Result<Explanation, SolveError> {
        self.record = true;
        self.recorded.clear();
        let solved = self.solve(board);
        self.record = false;
        let analysis = solved?;
        let mut explanation = Explanation { analysis, components: Vec::new(), winning_move: None };
        if board.rows() == 0 || board.cols() == 0 {
            return Ok(explanation);
        }
        self.recorded.sort_by_key(|r| r.regions[0]);
        let mut clustered: Vec<u32> = self.recorded.iter().flat_map(|r| r.regions.iter().copied()).collect();
        clustered.sort_unstable();
        let components = &mut explanation.components;
        for (x, (&p, &n)) in self.parent.iter().zip(&self.count).enumerate() {
            if p as usize == x && clustered.binary_search(&p).is_err() {
                let value = Nimber::from(self.table.region(u64::from(n)));
                components.push(Component::Region { cell: self.run_cell(p), numbers: u64::from(n), value });
            }
        }
        for r in &self.recorded {
            components.push(Component::Cluster {
                cell: self.run_cell(r.regions[0]),
                regions: r.cluster.regions,
                shared_groups: r.cluster.groups.len(),
                value: Nimber::from(r.value),
            });
        }
        let lone = explanation.analysis.lone_numbers;
        if lone > 0 {
            components.push(Component::LoneNumbers { count: lone, value: Nimber::from(self.lone_value(lone)) });
        }
        debug_assert_eq!(components.iter().map(Component::value).sum::<Nimber>(), explanation.analysis.value);
        explanation.winning_move = self.winning_click(board, &explanation)?;
        Ok(explanation)
    }

    /// The value of `count` lone numbers.
    fn lone_value(&self, count: u64) -> u8 {
        if count % 2 == 1 { self.table.number() } else { 0 }
    }

    /// A click moving one component of value `c` to `c ^ v`.
    fn winning_click(&mut self, board: &Board, e: &Explanation) -> Result<Option<Click>, SolveError> {
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
                    if numbers > 0 && self.table.region(numbers - 1) == target {
                        let root = self.region_of(cell.0 as usize, cell.1).expect("a blank cell");
                        return Ok(Some(self.private_number(board, root)));
                    }
                }
                Component::LoneNumbers { count, .. } => {
                    if self.lone_value(count - 1) == target {
                        return Ok(Some(self.lone_number(board)));
                    }
                }
                Component::Cluster { .. } => {}
            }
        }
        // No region or lone number does it: then a cluster has c ^ v < c, so a move to c ^ v.
        let singles = [self.table.region(0), self.table.region(1)];
        for k in 0..self.recorded.len() {
            let (c, target) = (self.recorded[k].value, self.recorded[k].value ^ v);
            if target >= c {
                continue;
            }
            let r = &self.recorded[k];
            let found = self.search.move_to(&r.cluster, singles, self.max_states, target)?;
            let r = &self.recorded[k];
            return Ok(Some(match found.expect("a cluster has an option of every smaller value") {
                ClusterMove::Open(i) => click(self.run_cell(r.regions[i])),
                ClusterMove::Private(i) => self.private_number(board, r.regions[i]),
                ClusterMove::Shared(g) => click((u64::from(r.shared[g].0), u64::from(r.shared[g].1))),
            }));
        }
        unreachable!("a board of value {v} has a component with c ^ {v} < c")
    }

    /// The row of run `j`.
    fn run_row(&self, j: u32) -> usize {
        self.row_start.partition_point(|&s| s <= j) - 1
    }

    /// The first cell of run `j`.
    fn run_cell(&self, j: u32) -> (u64, u64) {
        (self.run_row(j) as u64, u64::from(self.runs[j as usize].start))
    }

    /// The region (root run) of the blank cell (`r`, `c`), if it is blank.
    fn region_of(&self, r: usize, c: u64) -> Option<u32> {
        let (first, end) = self.span(r);
        let runs = &self.runs[first..end];
        let k = runs.partition_point(|run| u64::from(run.end) < c);
        (k < runs.len() && u64::from(runs[k].start) <= c).then(|| self.parent[first + k])
    }

    /// A face-down number touching region `root` and no other region (the region has one).
    fn private_number(&self, board: &Board, root: u32) -> Click {
        let (rows, cols) = (board.rows(), board.cols() as u64);
        for r in 0..rows {
            let (first, end) = self.span(r);
            for j in first..end {
                if self.parent[j] != root {
                    continue;
                }
                let run = self.runs[j];
                let (lo, hi) = (u64::from(run.start).saturating_sub(1), (u64::from(run.end) + 1).min(cols - 1));
                for rr in r.saturating_sub(1)..=(r + 1).min(rows - 1) {
                    for c in lo..=hi {
                        if self.region_of(rr, c).is_none()
                            && !board.is_mine(rr as u64, c)
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
                if let Some(id) = self.region_of(rr, cc) {
                    if id != root {
                        return false;
                    }
                }
            }
        }
        true
    }

    /// A number touching no blank cell (the board has one).
    fn lone_number(&self, board: &Board) -> Click {
        let (rows, w) = (board.rows(), board.words());
        let blank = &self.blank;
        let zeros = &self.zeros[..];
        for r in 0..rows {
            let above = if r > 0 { &blank[(r - 1) * w..r * w] } else { zeros };
            let here = &blank[r * w..(r + 1) * w];
            let below = if r + 1 < rows { &blank[(r + 1) * w..(r + 2) * w] } else { zeros };
            let mines = board.row(r);
            for (i, &mine) in mines.iter().enumerate() {
                let valid = if i + 1 == w { self.last } else { u64::MAX };
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
