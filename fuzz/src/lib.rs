//! Shared code of the fuzz targets. The properties themselves live in `checks.rs`, which
//! the library's integration tests also compile (`tests/it/main.rs`), so every committed
//! corpus file and every crash input is replayed by a plain `cargo test` on stable.

pub mod checks;
