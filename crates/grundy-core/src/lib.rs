//! The game math and the table blob format behind `grundy`, usable from a build script.
//!
//! - **Leapers**: any finite move set that some positive potential lowers ([`MoveSet`]); the
//!   Grundy values of a potential triangle, computed iteratively ([`Triangle`]); closed forms
//!   ([`ClosedForm`]) found by [`discover`] and proven by [`prove`], both run by [`analyze`].
//! - **Heap games**: take-and-break codes, subtraction sets and Grundy's game ([`HeapGame`]);
//!   their values by the rare-value method ([`HeapValues`]), periods found and proven by the
//!   periodicity theorems ([`find_period`], re-checked by [`check_period`]), both run by
//!   [`analyze_heap`], whose search can be checkpointed and resumed ([`HeapSearch`],
//!   [`format::checkpoint`], [`analyze_heap_from`]).
//! - **Misère Nim and Mine**: the parity recurrences behind their tables ([`misere`], [`mine`],
//!   [`ParityTables`]), and Mine's exact solver, on any board ([`mine::Solver`]).
//! - **Nimbers**: [`Nimber`], the value sums add up to, and the [`Outcome`] it decides.
//! - **Blobs**: the `.sgt` format ([`format`]: a bincode header and 64-byte aligned payloads,
//!   all checksummed), grundy's default blob ([`default_blob`]) and one for any leaper
//!   ([`leaper_blob`]); [`blocks`], a square as its distinct 8 x 8 blocks, the form the knights
//!   judge reads.
//!
//! `no_std` with `alloc` (the `std` feature adds the Mine solver's time bound, progress reports
//! and run-time POPCNT detection): a `build.rs` (grundy's own, or a downstream crate's) computes tables
//! with it and writes the blob to `OUT_DIR`; the `grundy` crate reads such a blob at run time.
//!
//! ```
//! use grundy_core::{default_blob, format};
//! let blob = default_blob(8).unwrap();
//! let header = format::validate(&blob).unwrap();
//! assert_eq!(header.tables.len(), 5); // hyper knight square, 3 parity tables, closed form
//! ```

#![no_std]
#![warn(missing_docs, missing_debug_implementations)]

extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod blocks;
pub mod format;
mod generate;
mod math;
pub mod nimber;
mod rules;
mod seconds;
#[cfg(test)]
mod test_rng;

pub use generate::{
    BOUND_ENV, BoundError, DEFAULT_BOUND, GENERATOR, LeaperBlobError, MAX_BOUND, default_blob, heap_blob,
    hyper_knight_form, leaper_blob, leaper_blob_with, parse_bound,
};
pub use nimber::{Nimber, Outcome};
pub use rules::heap::check::{CheckFailure, check_period};
pub use rules::heap::moves::{HeapMove, move_to_value};
pub use rules::heap::naive::{mex_by_definition, value_by_definition};
pub use rules::heap::period::{Period, PeriodRule, find_period, values_to_prove};
pub use rules::heap::spec::{HeapGame, HeapGameError, MAX_TAKE};
pub use rules::heap::values::{HeapValues, MAX_HEAP_VALUE, MAX_HEAPS, Sparse, ValuesError, heap_values};
pub use rules::heap::{
    Beyond, Evidence, HeapAnalysis, HeapControl, HeapLimits, HeapProgress, HeapSearch, HeapStatus, HeapStep,
    StopReason, analyze_heap, analyze_heap_from, analyze_heap_with,
};
pub use rules::leaper::certify::{LemmaFailure, Proof, Refutation, prove};
pub use rules::leaper::discover::{Cause, Limits, Miss, NotFound, Windows, discover};
pub use rules::leaper::form::{ClosedForm, FormError, Forms, MAX_INTERIOR, Sector, Strip};
pub use rules::leaper::moves::{
    HYPER_KNIGHT_MOVES, MAX_COORDINATE, MAX_MOVES, MAX_STEP, Move, MoveSet, MoveSetError, MovesText, same_set,
};
pub use rules::leaper::sweep::{Triangle, leaper_square};
pub use rules::leaper::tables::{EvalTables, TableStrip};
pub use rules::leaper::{Analysis, MAX_PROOF_CELLS, Stage, Verdict, analyze, analyze_with};
pub use rules::parity::ParityTables;
pub use rules::{mine, misere};
pub use seconds::Seconds;
