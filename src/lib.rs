//! grundy: precomputed Sprague–Grundy tables and exact solvers for impartial games.
//!
//! - [`rules`]: the game math, pure `std`; `build.rs` compiles the same files to build the tables.
//! - [`format`]: the `.sgt` blob (header + 64-byte aligned payloads) and its validating reader.
//! - [`table`]: zero-compute lookup in the embedded blob or in a blob file (read or mapped).
//! - [`solver`]: values, sums and winners per game.
//! - [`judge`]: the judge problems' input and output, fast and strict.
//!
//! ```
//! use grundy::{Outcome, solver::knight};
//! assert_eq!(knight::grundy(5, 8).unwrap().0, 6);
//! assert_eq!(knight::winner([(2, 5), (3, 5)]).unwrap(), Outcome::FirstPlayerWins);
//! ```

pub mod format;
pub mod generate;
pub mod judge;
mod nimber;
pub mod rules;
pub mod solver;
pub mod table;

pub use nimber::{Nimber, Outcome};

/// The README's Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
