//! The game of a subcommand that takes any family: a leaper (`--moves`, by default the hyper
//! knight), a heap game (`--heap`) or a game defined by rules (`--rules`), each with its own
//! options; clap refuses the options of one beside the other.

use std::path::Path;

use clap::{ArgGroup, Args};
use grundy_core::heap::HeapGame;

use super::heap::{CheckpointArgs, HeapArgs};
use super::leaper::LeaperArgs;

/// `--moves` or `--heap`, and the options of each.
#[derive(Args, Debug)]
#[command(group(ArgGroup::new("family").args(["moves", "heap", "rules"])))]
#[command(group(
    ArgGroup::new("closed_form_search").args(["max_cells", "max_proof_cells"]).multiple(true).conflicts_with("heap")
))]
#[command(group(
    ArgGroup::new("heap_search")
        .args(["rules", "max_heap", "max_time", "threads", "values_dir", "checkpoint", "checkpoint_every", "resume"])
        .multiple(true)
        .conflicts_with("moves")
))]
pub struct GameArgs {
    #[command(flatten)]
    pub leaper: LeaperArgs,
    #[command(flatten)]
    pub heap: HeapArgs,
    #[command(flatten)]
    pub saves: CheckpointArgs,
}

/// The game given.
pub enum GameChoice<'a> {
    /// A leaper (the hyper knight without `--moves`).
    Leaper(&'a LeaperArgs),
    /// A heap game, its search options and its checkpoints.
    Heap(&'a HeapGame, &'a HeapArgs, &'a CheckpointArgs),
    /// A game defined by the rules in a file, and `--max-heap`, `--max-time`.
    Rules(&'a Path, &'a HeapArgs),
}

impl GameArgs {
    /// The game given: `--heap`'s, `--rules`', else the leaper.
    pub fn choice(&self) -> GameChoice<'_> {
        match (&self.heap.heap, &self.heap.rules) {
            (Some(game), _) => GameChoice::Heap(game, &self.heap, &self.saves),
            (None, Some(path)) => GameChoice::Rules(path, &self.heap),
            (None, None) => GameChoice::Leaper(&self.leaper),
        }
    }
}
