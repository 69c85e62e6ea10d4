//! The game math and the table blob format behind `grundy`, usable from a build script.
//!
//! - [`rules`]: move sets, the Grundy sweep, any leaper's closed form found and proven
//!   ([`rules::leaper`]); misère Nim's and Mine's parity recurrences.
//! - [`format`]: the `.sgt` blob (a bincode header and 64-byte aligned payloads, all checksummed):
//!   the writer and the validating reader.
//! - [`blocks`]: a knight square as its distinct 8 x 8 blocks and an index of them, the form the
//!   judge reads (a working set the level-1 cache holds).
//! - [`generate`]: which tables make up grundy's default blob, and a blob for any leaper
//!   ([`generate::leaper_blob`]).
//!
//! `no_std` with `alloc`: a `build.rs` (grundy's own, or a downstream crate's) computes tables
//! with it and writes the blob to `OUT_DIR`; the `grundy` crate reads such a blob at run time.
//!
//! ```
//! use grundy_core::{format, generate};
//! let blob = generate::default_blob(8);
//! let header = format::validate(&blob).unwrap();
//! assert_eq!(header.tables.len(), 5); // knight square, 3 parity tables, closed form
//! ```

#![no_std]
#![warn(missing_docs, missing_debug_implementations)]

extern crate alloc;
#[cfg(test)]
extern crate std;

pub mod blocks;
pub mod format;
pub mod generate;
pub mod rules;
