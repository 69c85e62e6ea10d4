//! Heap games (an octal or hexadecimal code, a subtraction set, Grundy's game): one game's values
//! ([`HeapTable`], or any [`HeapLookup`]), the judge of sums of heaps ([`Heaps`]), and long
//! computations run as sessions ([`session`]).

pub(crate) mod judge;
mod lookup;
#[cfg(feature = "pictures")]
pub(crate) mod picture;
pub(crate) mod report;
pub mod session;

pub use grundy_core::heap::HeapTable;
pub use judge::Heaps;
pub use lookup::HeapLookup;
#[cfg(feature = "pictures")]
pub use picture::{MAX_PICTURE_HEAPS, check_picture, picture};
pub use report::{HeapMove, HeapsCase};
