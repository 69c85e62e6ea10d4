//! Any leaper on the command line: `--moves`, `grundy analyze`, `grundy sg` with many pairs,
//! `grundy generate --moves`, `grundy verify` (the closed form's certificate), and the knights
//! judge.
//!
//! - [`args`]: `--moves` and the closed form's search bounds, and the search itself;
//! - [`holder`]: the table a run answers from (embedded, a blob, or computed);
//! - [`commands`]: what each subcommand does with a leaper;
//! - [`emit`]: the knights program `emit` writes for a leaper;
//! - [`judge`]: the knights judge;
//! - [`json`]: the `--json` report of an analysis.

mod args;
mod commands;
mod emit;
mod holder;
mod json;
mod judge;

pub use args::LeaperArgs;
pub use commands::{analyze, check_moves, draw, generate, sg, verify, verify_blob};
pub use emit::emit;
pub use holder::holder;
pub use judge::knights;
