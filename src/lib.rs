//! grundy: precomputed Sprague–Grundy tables and exact solvers for impartial games.
//!
//! - [`rules`]: the game math, pure `std`; `build.rs` compiles the same files to build the tables.
//! - [`format`](mod@format): the `.sgt` blob (header + 64-byte aligned payloads) and its validating reader.
//! - [`table`]: zero-compute lookup in the embedded blob or in a blob file (read or mapped).
//! - [`solver`]: values, sums, winners and winning moves per game.
//! - [`judge`]: the judge problems' input and output, fast and strict; explained and JSON reports
//!   ([`judge::report`]).
//!
//! ```
//! use grundy::{Outcome, solver::knight};
//! assert_eq!(knight::grundy(5, 8).unwrap().0, 6);
//! assert_eq!(knight::winner([(2, 5), (3, 5)]).unwrap(), Outcome::FirstPlayerWins);
//! ```
//!
//! Misère Nim and Mine answer from parity tables `build.rs` derived by their recurrences; Mine
//! values boards that break the statement's promise exactly (or refuses, never guesses):
//!
//! ```
//! use grundy::Outcome;
//! use grundy::solver::{mine, misere};
//! assert_eq!(misere::outcome([1]), Outcome::SecondPlayerWins);
//! assert_eq!(misere::outcome([1, 1]), Outcome::FirstPlayerWins);
//! let board = mine::Board::with_mines(3, 5, [(0, 0), (0, 1), (2, 3)]).unwrap();
//! let analysis = mine::Solver::new().solve(&board).unwrap();
//! assert!(!analysis.keeps_promise());
//! assert_eq!(analysis.outcome(), Outcome::SecondPlayerWins); // Fanglaoshi
//! ```

pub use grundy_core::{format, generate, rules};
pub mod judge;
mod nimber;
pub mod solver;
pub mod table;

pub use nimber::{Nimber, Outcome};

/// The README's Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
