//! Oracles shared by the integration tests. They do not use the crate's table or solver code.

mod cluster_search;
mod knight;
mod mine;

pub use cluster_search::*;
pub use knight::*;
pub use mine::*;
