//! Pure game math, `std` only. Compiled into `build.rs` (via `#[path]`) and into the library.

pub mod certificate;
pub mod closed_form;
pub mod knight;
pub mod leaper;
pub mod mine;
pub mod misere;
