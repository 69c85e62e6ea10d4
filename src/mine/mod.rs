//! Mine (HDU 4678): the Grundy value of a board and its winner, exact on every board, and a
//! winning click ([`Solver::explain`]).
//!
//! The solver lives in [`grundy_core::mine`], shared with `grundy-tiny`; this module is its
//! façade, with the `std` feature on: a time bound per board ([`Solver::set_max_time`]), a
//! deadline for a run of boards ([`Solver::set_deadline`]) and progress reports
//! ([`Solver::set_progress`]). [`Solver::new`] uses the rules' values
//! ([`MineTable::RULES`](grundy_core::mine::MineTable::RULES), computed at compile time: the
//! embedded blob's Mine table holds the same); [`Solver::with_table`] takes a blob's.
//!
//! ```
//! use grundy::mine::{Board, Solver};
//! // The smallest board that breaks the statement's promise: Fanglaoshi wins.
//! let board = Board::with_mines(3, 5, [(0, 0), (0, 1), (2, 3)]).unwrap();
//! assert_eq!(Solver::new().solve(&board).unwrap().value.0, 0);
//! ```
//!
//! The judge is [`Mine`]; [`read_mine_case`] reads one of its cases.

pub(crate) mod cases;
pub(crate) mod judge;
#[cfg(feature = "pictures")]
mod picture;
mod report;
#[cfg(feature = "parallel")]
mod threads;

pub use cases::read_mine_case;
#[doc(hidden)] // The engine itself, for the tests and the measuring tools.
pub use grundy_core::mine::chomp;
pub use grundy_core::mine::{
    Analysis, Board, BoardError, ClusterTooLarge, DEFAULT_MAX_STATES, MAX_CELLS, MAX_WORKING_BYTES, MineTable,
    Progress, ProgressHook, SolveError, Solver, beyond_either_way, outcome, value, winning_move, working_bytes,
};
pub use grundy_core::mine::{Click, Component, Explanation};
#[doc(hidden)]
pub use grundy_core::mine::{Clock, ClusterMove, RegionMap};
pub use judge::Mine;
#[cfg(feature = "pictures")]
pub use picture::{MAX_PICTURE_CELLS, MAX_SIDE_CELLS, picture};
pub use report::MineCase;

use crate::table::embedded;

/// The embedded Mine values.
#[inline]
pub fn embedded_table() -> MineTable<'static> {
    MineTable::new(embedded::MINE_REGION, embedded::MINE_NUMBER)
}
