//! What the tests and benchmarks of the grundy workspace share: independent oracles, written from
//! the games' definitions, and one random generator.
//!
//! The oracles check the crates' tables and solvers, so they share no code with them: they depend
//! on no crate of the workspace, and take and return plain integers, arrays and their own types.
//! Each is the slow, obvious reading of a definition:
//!
//! - [`Definition`]: hyper-knight Grundy values by the mex recurrence; [`SumSearch`]: who wins a
//!   sum of knights, by game-tree search of the whole position (no Sprague–Grundy).
//! - [`simulate`]: a small Mine board's Grundy value, click by click; [`flood`]: a board's
//!   regions and numbers by breadth-first flood fill.
//! - [`Search`]: exact values and moves of Mine clusters (blank regions linked by shared numbers)
//!   in the general model; [`Whole`]: Graph Chomp (what a cluster is) by whole-state search.
//! - [`LeaperMex`]: any leaper's values by the mex recurrence.
//! - [`octal`] and [`subtraction`]: a heap game's values by the mex over every move.
//! - [`MisereSums`]: who wins a sum of heaps in misère play, by exhaustive search.
//! - [`Rng`]: SplitMix64, for reproducible random inputs.

#![warn(missing_docs)]

mod chomp;
mod cluster_search;
mod heap;
mod knight;
mod leaper;
mod mine;
mod misere_heap;
mod rng;
mod rules;

pub use chomp::{Multi, Whole};
pub use cluster_search::*;
pub use heap::*;
pub use knight::*;
pub use leaper::LeaperMex;
pub use mine::*;
pub use misere_heap::{MisereSums, heap_sums};
pub use rng::Rng;
pub use rules::{floor_division, lasker, sum_wins, wythoff};
