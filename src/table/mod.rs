//! Blobs: the tables embedded at build time ([`embedded`]), and blob files read, memory-mapped or
//! embedded by another crate ([`TableFile`]), validated once when opened. Each game family reads
//! its own table out of a blob (e.g. [`TableFile::leaper`]).
//!
//! What opening a blob guarantees, and what only [`TableFile::verify_contents`] and a proof
//! (`grundy verify`) do, is listed on [`TableFile`].

pub mod embedded;
mod error;
mod file;

pub use crate::format::BlobError;
pub use crate::format::{Header, TableEntry, TableKind};
pub use error::TableError;
pub use file::{FileKind, MAX_READ_LEN, OpenError, TableFile};
