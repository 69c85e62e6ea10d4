//! What solving a board finds, and why it can refuse.

use alloc::format;
use core::fmt;
use core::time::Duration;

use crate::Seconds;
use crate::nimber::{Nimber, Outcome};

/// What solving a board found.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
#[non_exhaustive]
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
    /// The most independent cycles in one cluster.
    pub most_cycles: usize,
    /// Search states memoised for this board, over all its clusters.
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
#[non_exhaustive]
pub enum SolveError {
    /// A cluster beyond the search budget, or beyond the memory its search could have: no
    /// answer rather than a guess.
    ClusterTooLarge(ClusterTooLarge),
    /// The working memory for the board could not be allocated.
    OutOfMemory {
        /// The allocation that failed.
        bytes: usize,
    },
    /// Explaining found no winning click for a board of non-zero value: the solver's
    /// [`MineTable`](super::MineTable) is not the rules' (a custom or damaged table).
    Inconsistent,
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::ClusterTooLarge(e) => e.fmt(f),
            SolveError::OutOfMemory { bytes } => write!(f, "out of memory ({bytes} bytes could not be allocated)"),
            SolveError::Inconsistent => write!(
                f,
                "the Mine table is inconsistent: no click reaches value 0 from a non-zero value (`grundy inspect` \
                 recomputes the tables)"
            ),
        }
    }
}

impl core::error::Error for SolveError {}

impl From<ClusterTooLarge> for SolveError {
    fn from(e: ClusterTooLarge) -> Self {
        SolveError::ClusterTooLarge(e)
    }
}

/// A cluster the exact search gave up on (at the budget, past the time bound, or when memory ran
/// out): its size, and how far the search went.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub struct ClusterTooLarge {
    /// Blank regions in the cluster.
    pub regions: usize,
    /// Groups of shared numbers (with the same regions) of odd count: the live links.
    pub groups: usize,
    /// Independent cycles: `groups - regions + 1` for a cluster whose groups each link two regions.
    pub cycles: usize,
    /// States memoised for the board when the search stopped (0 when it did not start).
    pub states: usize,
    /// The budget per board: units of the exact search (memoised states and work; see
    /// [`Solver::set_max_states`](super::Solver::set_max_states)).
    pub max_states: usize,
    /// Memory ran out before the budget: an allocation of about this many bytes failed.
    pub out_of_memory: Option<usize>,
    /// The time bound per board, if any (set by `Solver::set_max_time`, which the `std` feature
    /// adds).
    pub max_time: Option<Duration>,
    /// The time bound was passed: the search had run this long when it stopped.
    pub out_of_time: Option<Duration>,
}

impl fmt::Display for ClusterTooLarge {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: usize, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
        let what = format!(
            "a cluster of {} linked by {} of shared numbers ({})",
            plural(self.regions, "blank region", "blank regions"),
            plural(self.groups, "group", "groups"),
            plural(self.cycles, "cycle", "cycles"),
        );
        match (self.out_of_memory, self.out_of_time) {
            (Some(bytes), _) => write!(
                f,
                "memory ran out solving {what} exactly, after {} search states ({bytes} more bytes could not be allocated)",
                self.states
            ),
            (None, Some(ran)) => write!(
                f,
                "the time bound of {} s was reached solving {what} exactly: stopped after {:.3} s and {} search states",
                Seconds(self.max_time.unwrap_or(ran)),
                Seconds(ran),
                self.states
            ),
            (None, None) => {
                write!(
                    f,
                    "{what} runs past the case's budget of {} units of search (shared by its clusters)",
                    self.max_states
                )
            }
        }
    }
}

impl core::error::Error for ClusterTooLarge {}
