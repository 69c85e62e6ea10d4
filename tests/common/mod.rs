//! Oracles shared by the integration tests. They do not use the crate's table or solver code.

mod knight;
mod mine;

pub use knight::*;
pub use mine::*;
