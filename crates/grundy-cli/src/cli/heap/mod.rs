//! Heap games on the command line: `--heap SPEC` on `analyze`, `sg`, `generate`, `verify`,
//! `draw` and `emit`, and the `heaps` judge.
//!
//! - [`args`]: `--heap` and its options, and the `heaps` judge's arguments;
//! - [`session`]: a heap game's search run for a command (the library's session, its
//!   checkpoints);
//! - [`meter`]: the progress on standard error, and Ctrl-C;
//! - [`failure`]: a session's failures as messages and exit codes;
//! - [`commands`]: what each subcommand does with a heap game;
//! - [`emit`]: the program `emit` writes for a heap game.

mod args;
mod commands;
mod emit;
mod failure;
mod meter;
mod session;

pub use args::{CheckpointArgs, HeapArgs, HeapsArgs};
pub use commands::{analyze, draw, generate, heaps, sg, verify, verify_blob};
pub use emit::emit;
pub use meter::new_line;
