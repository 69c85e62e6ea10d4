//! `--heap` and its search options, `--checkpoint` and `--resume`, and the arguments of the
//! `heaps` judge.

use std::path::{Path, PathBuf};
use std::time::Duration;

use clap::Args;
use grundy::heap::session::SessionLimits;
use grundy_core::heap::HeapGame;

use crate::cli::exit::Failure;

/// The heap game and how far to look for its period (`--heap` and its search options), or a
/// game defined by rules (`--rules`), which shares `--max-heap` and `--max-time`.
#[derive(Args, Clone, Debug, Default)]
#[command(group(clap::ArgGroup::new("heap_game").args(["heap", "rules"])))]
pub struct HeapArgs {
    /// A heap game: a take-and-break code (`0.77` Kayles, `.07`, `4.07`, `·07`, hexadecimal
    /// digits 8-f for three-heap splits), a subtraction set (`{1,3,4}`) or `grundy` (Grundy's
    /// game).
    #[arg(long, allow_negative_numbers = true, value_name = "SPEC", value_parser = parse_heap)]
    pub heap: Option<HeapGame>,
    /// A game defined by its rules: a Rhai script whose `fn options(p)` lists a position's
    /// options (docs/rules.md). Its values are computed from the definition; what regularity
    /// `analyze` reports is observed, not proven. With --max-heap N: heaps 0..N (default 1024
    /// for a whole table, 2^20 as `sg` and `heaps` need them), or a game on tuples' box
    /// [0, N)^d (default 32); --max-time bounds the script's time in all.
    #[arg(long, value_name = "FILE")]
    pub rules: Option<PathBuf>,
    /// With --heap: compute at most G(0..N) looking for a proven period (default 2097152; two
    /// bytes per value, in memory up to 2^30 values and past it on disk, see --values-dir; at
    /// most 16384 option values looked at per heap on average). Games no periodicity theorem
    /// covers (Grundy's game) get N values (65536 without --max-heap). `sg` and `heaps` compute
    /// as far as their largest heap when that is below N (a period is needed only past it), for
    /// Grundy's game too; `heaps` refuses a heap at or past N without a period.
    #[arg(long, allow_negative_numbers = true, value_name = "N", requires = "heap_game", value_parser = max_heap)]
    pub max_heap: Option<u64>,
    /// With --heap: stop computing values after SECONDS (e.g. 60 or 0.5) and go on with those
    /// computed, as when --max-heap is reached. Ctrl-C stops too (exit code 130). Progress is
    /// shown on standard error after 2 s.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", requires = "heap_game", value_parser = crate::cli::parse::seconds)]
    pub max_time: Option<Duration>,
    /// With --heap: compute on N threads (1 or 2; default: 2 where the machine has two cores or
    /// more). The values and the result do not depend on it.
    #[arg(long, allow_negative_numbers = true, value_name = "N", requires = "heap", value_parser = threads)]
    pub threads: Option<usize>,
    /// With --heap: keep the values in a temporary file in DIR (deleted when the run ends)
    /// rather than in memory: two bytes per value computed on disk, the file growing as the
    /// search goes (a full disk stops it then, the values computed reported and checkpointed,
    /// exit code 1), and memory for the values being read (the first and the last million or
    /// so, and what a period search reads). The default past 2^30 values, in the system's
    /// temporary directory (choose a directory on a disk if that one is in memory, as tmpfs is).
    #[arg(long, value_name = "DIR", requires = "heap")]
    pub values_dir: Option<PathBuf>,
}

/// `--checkpoint`, `--checkpoint-every` and `--resume`: the search's state saved and read back.
#[derive(Args, Clone, Debug, Default)]
pub struct CheckpointArgs {
    /// With --heap: save the search to FILE when it stops without a proven period (--max-heap,
    /// --max-time, Ctrl-C, the work bound) and every --checkpoint-every seconds while it runs,
    /// through a temporary file and a rename (two bytes per value). An existing FILE is refused
    /// before any work unless it is the --resume file: remove it to start afresh.
    #[arg(long, value_name = "FILE", requires = "heap")]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: save a running search every SECONDS (default 300: five minutes of
    /// work lost at most to a crash, for writes that take well under 1 % of the time).
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", requires = "checkpoint", value_parser = crate::cli::parse::seconds)]
    pub checkpoint_every: Option<Duration>,
    /// With --heap: go on from FILE, a --checkpoint of the same game, with the result a run
    /// never stopped would give (the output differs in its time only); --max-heap and
    /// --max-time apply to the run resumed. A damaged or truncated FILE, or one of another game,
    /// is refused.
    #[arg(long, value_name = "FILE", requires = "heap")]
    pub resume: Option<PathBuf>,
}

/// Arguments of `grundy heaps`: the game from `--heap`, `--table` or both.
#[derive(Args)]
#[command(group(clap::ArgGroup::new("source").args(["heap", "rules", "table"]).required(true).multiple(true)))]
pub struct HeapsArgs {
    /// Judge input; `-` or nothing reads standard input.
    pub file: Option<PathBuf>,
    /// The game's table from this blob (`grundy generate --heap`, with --misere its misère
    /// quotient) instead of computing it at start-up; with --heap, the blob's table of that game.
    #[arg(long, value_name = "BLOB", conflicts_with_all = ["rules", "max_heap", "max_time", "threads", "values_dir"])]
    pub table: Option<PathBuf>,
    #[command(flatten)]
    pub game: HeapArgs,
    #[command(flatten)]
    pub report: crate::cli::judge::Report,
    /// Misère play (the player who cannot move wins), answered from the game's misère quotient
    /// (docs/misere-quotients.md): computed for --heap (takes --max-heap N, images of heaps
    /// 0..N, and --max-time), or with --table the blob's (`generate --heap SPEC --misere`).
    #[arg(long, conflicts_with_all = ["threads", "values_dir"])]
    pub misere: bool,
    #[command(flatten)]
    pub quotient: crate::cli::heap_misere::args::QuotientArgs,
}

impl HeapArgs {
    /// The session's limits.
    pub fn limits(&self) -> SessionLimits {
        SessionLimits {
            max_heap: self.max_heap,
            max_time: self.max_time,
            threads: self.threads,
            values_dir: self.values_dir.clone(),
        }
    }
}

impl CheckpointArgs {
    /// Refuses `-o` naming the `--checkpoint` or `--resume` file (by any path or link), before
    /// any work: the output would replace the search's state.
    pub fn check_output(&self, output: &Path) -> Result<(), Failure> {
        for (option, file) in [("--checkpoint", &self.checkpoint), ("--resume", &self.resume)] {
            if file.as_deref().is_some_and(|file| crate::cli::output::same_file(file, output)) {
                return Err(Failure::invalid(format!(
                    "-o {}: is the {option} file; refusing to write over it (give -o another file)",
                    output.display()
                )));
            }
        }
        Ok(())
    }
}

fn parse_heap(text: &str) -> Result<HeapGame, String> {
    HeapGame::parse(text).map_err(|e| e.to_string())
}

fn threads(text: &str) -> Result<usize, String> {
    match text.parse::<usize>() {
        Ok(n @ 1..=2) => Ok(n),
        _ => Err("not 1 or 2 (the engine uses at most two threads)".into()),
    }
}

fn max_heap(text: &str) -> Result<u64, String> {
    let most = grundy_core::heap::MAX_HEAPS as u64;
    match crate::cli::parse::count(text) {
        Ok(n) if (1..=most).contains(&n) => Ok(n),
        _ => Err(format!("not a whole number in 1..={most} (digits, 2^K, or 1e6 written exactly)")),
    }
}
