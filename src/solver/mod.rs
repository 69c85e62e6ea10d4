//! The library API: values, winners and (later) winning moves, answered from the runtime tables.

pub mod knight;
pub mod mine;
pub mod misere;
