//! grundy: precomputed Sprague–Grundy tables and exact solvers for impartial games.
//!
//! Every game answers the same three questions: the **value** of a position (its nimber), the
//! **outcome** (who wins with perfect play) and a **winning move**. Each family of games is one
//! module, holding its table, its solver and its judge:
//!
//! - [`knight`]: Hyper Knights, any cell up to 2^63 - 1 (the embedded table, then a proven
//!   closed form); [`leaper`]: the table of any leaper's move set.
//! - [`misere`]: misère Nim, any `u64` piles.
//! - [`mine`]: Mine boards, exactly, including boards that break the statement's promise.
//! - [`heap`]: sums of heaps of one heap game (octal and hexadecimal codes, subtraction sets,
//!   Grundy's game), from a blob's table of its values or computed in a session
//!   ([`heap::session`]: limits, checkpoints, values as a judge needs them, the proof of a blob's
//!   periods).
//! - [`heap_misere`]: sums of heaps of one heap game in misère play, from its misère
//!   quotient (computed and proven by [`grundy_core::heap_misere`]).
//! - [`table`]: the blobs behind them: embedded at build time, or a blob file read, mapped or
//!   embedded by another crate.
//! - [`judge`]: the judge problems' exact input and output, fast and strict, or explained.
//! - `picture` (feature `pictures`): each family's values drawn as PNG or SVG.
//!
//! ```
//! use grundy::{Nimber, Outcome, knight, mine, misere};
//!
//! assert_eq!(knight::value(5, 8).unwrap(), Nimber(6));
//! assert_eq!(knight::outcome([(2, 5), (3, 5)]).unwrap(), Outcome::FirstPlayerWins);
//! assert_eq!(misere::outcome([1, 1]), Outcome::FirstPlayerWins);
//! assert_eq!(misere::winning_move(&[1, 1, 2, 4, 10]).unwrap().to, 6);
//!
//! // Mine values boards that break the statement's promise exactly (or refuses, never guesses).
//! let board = mine::Board::with_mines(3, 5, [(0, 0), (0, 1), (2, 3)]).unwrap();
//! let analysis = mine::Solver::new().solve(&board).unwrap();
//! assert!(!analysis.keeps_promise());
//! assert_eq!(analysis.outcome(), Outcome::SecondPlayerWins); // Fanglaoshi
//! ```
//!
//! The tables are computed by `build.rs` with [`grundy_core`], which a downstream build script
//! can use too, to tabulate its own games into a blob that [`table::TableFile::from_static`]
//! reads without copying.
//!
//! # Features
//!
//! - `knight-square` (default): embed the 500 x 500 hyper knight square (250 KB, one index per
//!   query) and its 7 KB of distinct 8 x 8 blocks, which the knights judge reads. Without it the
//!   proven closed form answers every cell (a few nanoseconds instead of one) and a one-cell
//!   square is embedded.
//! - `parallel` (default): use two threads. A large last knights or misère Nim case is read in two
//!   halves at once, and Mine cases are solved on a second thread while they are read
//!   (crossbeam-channel). Without it everything runs on the calling thread.
//! - `pictures`: pictures of a leaper's table, a heap game's values, its misère quotient's images
//!   and a Mine board (the `png` crate), which the CLI's `draw` writes.
//! - `json`: the JSON Lines reports (the `Json` [`judge::Style`], with serde_json) that the CLI's
//!   `--json` prints.
//!
//! A build script of a dependent crate that runs [`grundy_core`] (and grundy's own, which proves
//! the hyper knight's form) is compiled without optimisation unless the dependent sets
//! `opt-level = 3` for `grundy-core` in `[profile.dev.package.grundy-core]` and
//! `[profile.release.package.grundy-core]`.

#![warn(missing_docs, missing_debug_implementations)]

pub mod heap;
pub mod heap_misere;
pub mod judge;
pub mod leaper;
pub mod mine;
pub mod misere;
#[cfg(feature = "pictures")]
pub mod picture;
pub mod rules;
pub mod table;

// The game math and the blob format, for the modules here.
use grundy_core::format;

pub use grundy_core::{Nimber, Outcome};
pub use leaper::knight;

/// The README's Rust examples run as doctests.
#[cfg(doctest)]
#[doc = include_str!("../README.md")]
struct ReadmeDoctests;
