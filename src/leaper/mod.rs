//! Leapers (Hyper Knights and other move sets): a leaper's table (its Grundy square, and its
//! certified closed form beyond it), the hyper knight's values and winning moves
//! ([`knight`], also at the crate root), and the Hyper Knights judge ([`Knights`]).
//!
//! Inside the square a lookup is one index into bytes (the knights judge makes two, into the
//! embedded square's blocked form, `grundy_core::leaper::blocks`, which a level-1 cache holds);
//! outside it, a leaper table falls back to its certified closed form ([`ClosedForm`], a few
//! table reads) when the blob holds one (or, for the hyper knight, the embedded blob does).

pub(crate) mod form_eval;
pub(crate) mod forms;
pub(crate) mod judge;
pub mod knight;
#[cfg(feature = "pictures")]
mod picture;
mod regions;
mod report;
mod table;

pub use grundy_core::leaper::{ClosedForm, MoveSetError};
pub use judge::Knights;
#[cfg(feature = "pictures")]
pub use picture::{MAX_PICTURE_SIZE, check_picture, picture};
pub use regions::{Regions, SectorLabel, Segment, regions};
pub use report::KnightsCase;
pub use table::{KnightError, KnightMove, LeaperTable};
