//! `grundy emit`: one self-contained source file (C, C++, Python or Rust, standard library only)
//! that reads a judge input and prints exactly grundy's judge output.
//!
//! Each family builds its [`Program`] (the template sections it needs and their placeholders'
//! values): `knights` for any leaper in `cli/leaper/emit.rs`, `heaps` for a heap game in
//! `cli/heap/emit.rs` (in misère play in `cli/heap_misere/emit.rs`), and here `misere-nim` (Bouton's rule with the all-ones exception, piles up
//! to 2^64 - 1) and `mine` (the textbook values, exact on boards that keep the statement's
//! promise, refusing the others). The four languages share one structure, so each is one template
//! (`templates/solver.*.in`, sections `prelude`, `unpack`, `form`, `table`, `knights`, `misere`,
//! `heaps`, `heap_misere`, `mine` with `@@NAME@@` placeholders) and [`source`] assembles them; the per-language syntax
//! (comments, literals) is a few lines there rather than a module per language.

mod source;

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::exit::Failure;
use super::game::{GameArgs, GameChoice};
use super::heap_misere::args::QuotientArgs;
use super::output;
pub use source::{Fill, Lang, Program};

/// The judge problems an emitted program answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Problem {
    /// LightOJ 1315's format (T cases, each n then n pairs x y), for any leaper (`--moves`).
    Knights,
    /// LightOJ 1253.
    MisereNim,
    /// `grundy heaps` for the game of --heap (which implies it): T cases, each k then k heaps.
    Heaps,
    /// HDU 4678, on boards that keep the statement's promise (no number next to two blank
    /// regions); a board that breaks it is refused with exit code 3.
    Mine,
}

/// The default `--limit`: the common judges' source-size limit.
pub const DEFAULT_LIMIT: u64 = 65536;
/// The largest `--bound` accepted.
pub const MAX_BOUND: u64 = 4096;

/// `grundy emit`'s arguments.
#[derive(Args, Debug)]
pub struct EmitArgs {
    /// The language of the emitted source.
    #[arg(long, value_enum)]
    lang: Lang,
    /// The judge problem it solves (`heaps` may be left out when --heap or --rules is given).
    #[arg(value_enum, value_name = "GAME", required_unless_present_any = ["heap", "rules"])]
    problem: Option<Problem>,
    /// For `knights`, the leaper (`--moves`); for `heaps`, the heap game (`--heap`) and how far
    /// to look for its period.
    #[command(flatten)]
    pub game: GameArgs,
    /// With --heap: the heaps judge in misère play (the player who cannot move wins), from the
    /// game's misère quotient, which must be certified (docs/misere-quotients.md).
    #[arg(long, requires = "heap", conflicts_with_all = ["threads", "values_dir", "checkpoint", "checkpoint_every", "resume"])]
    pub misere: bool,
    #[command(flatten)]
    pub quotient: QuotientArgs,
    /// Fail unless the emitted file is at most this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_LIMIT)]
    limit: u64,
    /// Side of the embedded table (coordinates 0 <= x, y < N), used when no closed form is
    /// certified or with --table [default: 500].
    #[arg(long, value_name = "N")]
    pub bound: Option<u64>,
    /// Embed the table even when a closed form is certified.
    #[arg(long)]
    pub table: bool,
    /// Write the source here instead of standard output (replaces a regular file only); `-` is
    /// standard output.
    #[arg(short, long, value_name = "FILE")]
    output: Option<PathBuf>,
    /// With -o: replace a write-protected FILE, or the file a symbolic link FILE names (the
    /// link stays); without it both are refused.
    #[arg(long)]
    force: bool,
}

impl EmitArgs {
    /// The file `-o` names; none for standard output (no `-o`, or `-o -`).
    fn output_file(&self) -> Option<&Path> {
        self.output.as_deref().filter(|path| *path != Path::new("-"))
    }
}

/// The problem `grundy emit` is asked for, once its arguments and the output file are checked
/// (before any work).
pub fn problem(args: &EmitArgs) -> Result<Problem, Failure> {
    if let Some(path) = args.output_file() {
        output::check(path, args.force)?;
        args.game.saves.check_output(path)?;
    }
    let problem = match (args.problem, args.game.choice()) {
        (None | Some(Problem::Heaps), GameChoice::Heap(..) | GameChoice::Rules(..)) => Problem::Heaps,
        (Some(Problem::Heaps) | None, GameChoice::Leaper(_)) => {
            return Err(Failure::invalid("heaps needs --heap SPEC (the heap game) or --rules FILE"));
        }
        (Some(problem), GameChoice::Leaper(_)) => problem,
        (Some(_), GameChoice::Heap(..) | GameChoice::Rules(..)) => {
            return Err(Failure::invalid(
                "--heap (or --rules) emits the heaps judge; it does not go with knights, misere-nim or mine",
            ));
        }
    };
    if problem != Problem::Knights && (args.game.leaper.moves.is_some() || args.bound.is_some() || args.table) {
        return Err(Failure::invalid("--moves, --bound and --table apply to knights only"));
    }
    Ok(problem)
}

/// Writes `program`, unless over `--limit`.
pub fn write(args: &EmitArgs, program: &Program) -> Result<(), Failure> {
    let text = source::render(args.lang, program, &header(args, program));
    let size = text.len() as u64;
    if size > args.limit {
        let hint = program.smaller;
        return Err(Failure::invalid(format!(
            "the emitted {} source is {size} bytes, {} over the limit of {} bytes{hint}",
            args.lang.name(),
            size - args.limit,
            args.limit
        )));
    }
    match args.output_file() {
        Some(path) => {
            output::write(path, text.as_bytes(), args.force)?;
            eprintln!("grundy: wrote {} ({size} bytes)", path.display());
            Ok(())
        }
        None => {
            let mut out = crate::process::stdout();
            match out.write_all(text.as_bytes()).and_then(|()| out.flush()) {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => {
                    Err(Failure::io(format!("standard output: {e}")))
                }
                _ => Ok(()),
            }
        }
    }
}

/// `text` on one line of at most `max` characters (`...` when cut), for a comment.
pub fn one_line(text: &str, max: usize) -> String {
    let text = text.replace(['\n', '\r'], " ").replace('\\', "/");
    if text.chars().count() <= max { text } else { text.chars().take(max).collect::<String>() + "..." }
}

/// Mine's program: the textbook values, on boards that keep the statement's promise.
pub fn mine() -> Program {
    Program {
        game: None,
        about: vec![
            "Values: per blank region 1 for an even count of numbers next to it, 2 for an odd one; 1 per".into(),
            "  number next to no region; their XOR. Exact on boards that keep the statement's promise.".into(),
            "A board where a number touches two blank regions (the promise broken), or of more than".into(),
            "  2^24 cells with a border around it, is refused: exit code 3, after the answers before it".into(),
            "  (grundy mine solves both).".into(),
        ],
        input: "Mine (HDU 4678). Input: T, then per case N M K and K lines X Y. Output: Case #k: Xiemao|Fanglaoshi.",
        sections: vec!["mine"],
        fills: Vec::new(),
        command: "mine".into(),
        smaller: " (a larger --limit)",
    }
}

/// Misère Nim's program: Bouton's rule, no values.
pub fn misere_nim() -> Program {
    Program {
        game: None,
        about: vec!["Values: Bouton's rule with the all-ones exception.".into()],
        input: "Misere Nim (LightOJ 1253). Input: T, then per case k and k piles. Output: Case k: Alice|Bob.",
        sections: vec!["misere"],
        fills: Vec::new(),
        command: "misere-nim".into(),
        smaller: " (a larger --limit)",
    }
}

/// The comment at the top: what generated the file, for which game, how to regenerate it.
fn header(args: &EmitArgs, program: &Program) -> Vec<String> {
    let mut command = format!("grundy emit --lang {} {}", args.lang.name(), program.command);
    if args.limit != DEFAULT_LIMIT {
        command += &format!(" --limit {}", args.limit);
    }
    if let Some(bound) = args.bound {
        command += &format!(" --bound {bound}");
    }
    if args.table {
        command += " --table";
    }
    if let Some(path) = args.output_file() {
        command += &format!(" -o {}", shell_quote(&path.to_string_lossy()));
    }
    let mut lines =
        vec![format!("Generated by grundy {} (grundy emit); standard library only.", env!("CARGO_PKG_VERSION"))];
    lines.extend(program.game.iter().cloned());
    lines.push(program.input.to_string());
    lines.extend(program.about.iter().cloned());
    lines.push("Bad input: a message on standard error and exit code 2, after the answers of the cases".into());
    lines.push("  before it.".into());
    lines.push(format!("Regenerate: {command}"));
    lines
}

/// `text` quoted for a POSIX shell when it needs to be.
pub fn shell_quote(text: &str) -> String {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"._/-+=:,".contains(&b)) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}
