//! Runtime lookup: the tables embedded at build time, and blob files read or memory-mapped.
//! Inside a table a lookup is one index into bytes (the knights judge makes two, into the embedded
//! square's blocked form, `grundy_core::leaper::blocks`, which a level-1 cache holds); outside it, a
//! leaper table falls back to its certified closed form ([`ClosedForm`], a few table reads) when
//! the blob holds one (or, for the hyper knight, the embedded blob does).
//!
//! What opening a blob guarantees, and what only [`TableFile::verify_contents`] and a proof
//! (`grundy verify`) do, is listed on [`TableFile`].

pub mod embedded;
mod error;
mod file;
mod form_eval;
mod forms;
mod leaper;
mod parity;

pub use crate::format::BlobError;
pub use crate::format::{Header, TableEntry, TableKind};
pub use error::TableError;
pub use file::{FileKind, MAX_READ_LEN, OpenError, TableFile};
pub use grundy_core::heap::HeapTable;
pub use grundy_core::{leaper::ClosedForm, leaper::MoveSetError};
pub use leaper::{KnightError, KnightMove, LeaperTable};
pub use parity::{MineTable, MisereTable};
