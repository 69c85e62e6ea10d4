//! Pure game math, `std` only. Compiled into `build.rs` (via `#[path]`) and into the library.

pub mod knight;
