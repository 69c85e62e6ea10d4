//! Heap games (an octal or hexadecimal code, a subtraction set, Grundy's game): one game's values
//! ([`HeapTable`], or any [`HeapLookup`]) and the judge of sums of heaps
//! ([`Heaps`](crate::judge::Heaps)).

pub(crate) mod judge;
mod lookup;
mod report;

pub use grundy_core::heap::HeapTable;
pub use lookup::HeapLookup;
pub use report::{HeapMove, HeapsCase};
