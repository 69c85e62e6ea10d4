//! The game math and the table blob format behind `grundy`, usable from a build script. One
//! module per game family, each with its rules, its tables and their wire format:
//!
//! - [`leaper`]: any finite move set that some positive potential lowers ([`leaper::MoveSet`]);
//!   the Grundy values of a potential triangle, computed iteratively ([`leaper::Triangle`]);
//!   closed forms ([`leaper::ClosedForm`]) found by [`leaper::discover`] and proven by
//!   [`leaper::prove`], both run by [`leaper::analyze`]; [`leaper::blocks`], a square as its
//!   distinct 8 x 8 blocks, the form the knights judge reads.
//! - [`heap`]: take-and-break codes, subtraction sets and Grundy's game ([`heap::HeapGame`]);
//!   their values by the rare-value method ([`heap::HeapValues`]), periods found and proven by
//!   the periodicity theorems ([`heap::find_period`], re-checked by [`heap::check_period`]),
//!   both run by [`heap::analyze_heap`], whose search can be checkpointed and resumed
//!   ([`heap::HeapSearch`], [`heap::checkpoint`]).
//! - [`misere`] and [`mine`]: the recurrences behind misère Nim's and Mine's tables
//!   ([`parity::ParityTables`]), and Mine's exact solver, on any board ([`mine::Solver`]).
//! - [`Nimber`], the value sums add up to, and the [`Outcome`] it decides.
//! - [`format`]: the `.sgt` container (a bincode header and 64-byte aligned payloads, all
//!   checksummed); [`generate`]: grundy's default blob and one for any leaper or heap game.
//!
//! `no_std` with `alloc` (the `std` feature adds the Mine solver's time bound, progress reports
//! and run-time POPCNT detection, and heap values in a mapped file): a `build.rs` (grundy's own,
//! or a downstream crate's) computes tables with it and writes the blob to `OUT_DIR`; the
//! `grundy` crate reads such a blob at run time.
//!
//! ```
//! use grundy_core::{format, generate};
//! let blob = generate::default_blob(8).unwrap();
//! let header = format::validate(&blob).unwrap();
//! assert_eq!(header.tables.len(), 5); // hyper knight square, 3 parity tables, closed form
//! ```

#![no_std]
#![warn(missing_docs, missing_debug_implementations)]

extern crate alloc;
#[cfg(any(test, feature = "std"))]
extern crate std;

pub mod format;
pub mod generate;
pub mod heap;
pub mod heap_misere;
pub mod leaper;
mod math;
pub mod mine;
pub mod misere;
mod nimber;
pub mod parity;
pub mod rules;
mod seconds;

pub use nimber::{Nimber, Outcome};
pub use seconds::Seconds;
