//! Shared code of the fuzz targets. The properties themselves live in `checks.rs`, which
//! `tests/fuzz_corpus.rs` of the main crate also compiles (with `#[path]`), so every committed
//! corpus file and every crash input is replayed by a plain `cargo test` on stable.

pub mod checks;
