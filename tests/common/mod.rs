//! Oracles shared by the integration tests. They do not use the crate's table or solver code.

#![allow(dead_code, unused_imports)]

mod cli;
mod knight;
mod mine;

pub use cli::*;
pub use knight::*;
pub use mine::*;
