//! `grundy emit`: one self-contained source file (C, C++, Python or Rust, standard library only)
//! that reads a judge input and prints exactly grundy's judge output.
//!
//! - `knights` for any leaper: the certified closed form when there is one (core and pattern
//!   tables packed into a string literal, its evaluation re-implemented in the target language,
//!   mirroring `ClosedForm::eval`), else the table of `0 <= x, y < --bound` (a coordinate beyond
//!   it is an error of the emitted program);
//! - `misere-nim`: Bouton's rule with the all-ones exception, piles up to 2^64 - 1;
//! - `heaps` (`--heap SPEC`): the heaps judge for one heap game, from the table `grundy heaps`
//!   answers from (the `n0 + p` values and the proven period, or the values computed, a larger
//!   heap refused with exit code 3).
//!
//! The four programs share one structure, so each language is one template
//! (`templates/solver.*.in`, sections `prelude`, `unpack`, `form`, `table`, `knights`, `misere`,
//! `heaps` with `@@NAME@@` placeholders) and [`source`] assembles them; the per-language syntax (comments,
//! literals) is a few lines there rather than a module per language.

mod source;

use std::io::Write;
use std::path::{Path, PathBuf};

use clap::{Args, ValueEnum};

use super::exit::Failure;
use super::game::{GameArgs, GameChoice};
use super::heap::{CheckpointArgs, HeapArgs};
use super::output;
use grundy_core::heap::{HeapGame, HeapStatus};
use grundy_core::leaper::ClosedForm;
use grundy_core::leaper::MoveSet;
use grundy_core::leaper::Triangle;
use grundy_core::leaper::Verdict;
pub use source::Lang;
use source::{Piece, Program};

/// The judge problems an emitted program answers.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Problem {
    /// LightOJ 1315's format (T cases, each n then n pairs x y), for any leaper (`--moves`).
    Knights,
    /// LightOJ 1253.
    MisereNim,
    /// `grundy heaps` for the game of --heap (which implies it): T cases, each k then k heaps.
    Heaps,
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
    /// The judge problem it solves (`heaps` may be left out when --heap is given).
    #[arg(value_enum, value_name = "GAME", required_unless_present = "heap")]
    problem: Option<Problem>,
    /// For `knights`, the leaper (`--moves`); for `heaps`, the heap game (`--heap`) and how far
    /// to look for its period.
    #[command(flatten)]
    game: GameArgs,
    /// Fail unless the emitted file is at most this many bytes.
    #[arg(long, value_name = "BYTES", default_value_t = DEFAULT_LIMIT)]
    limit: u64,
    /// Side of the embedded table (coordinates 0 <= x, y < N), used when no closed form is
    /// certified or with --table [default: 500].
    #[arg(long, value_name = "N")]
    bound: Option<u64>,
    /// Embed the table even when a closed form is certified.
    #[arg(long)]
    table: bool,
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

/// `grundy emit`.
pub fn run(args: &EmitArgs) -> Result<(), Failure> {
    if let Some(path) = args.output_file() {
        output::check(path, args.force)?;
        args.game.saves.check_output(path)?;
    }
    let problem = match (args.problem, args.game.choice()) {
        (None | Some(Problem::Heaps), GameChoice::Heap(..)) => Problem::Heaps,
        (Some(Problem::Heaps) | None, GameChoice::Leaper(_)) => {
            return Err(Failure::invalid("heaps needs --heap SPEC, the heap game"));
        }
        (Some(problem), GameChoice::Leaper(_)) => problem,
        (Some(_), GameChoice::Heap(..)) => {
            return Err(Failure::invalid("--heap emits the heaps judge; it does not go with knights or misere-nim"));
        }
    };
    if problem != Problem::Knights && (args.game.leaper.moves.is_some() || args.bound.is_some() || args.table) {
        return Err(Failure::invalid("--moves, --bound and --table apply to knights only"));
    }
    let program = match args.game.choice() {
        GameChoice::Heap(game, heap, saves) => heaps(heap, saves, game)?,
        GameChoice::Leaper(_) if problem == Problem::MisereNim => {
            Program { about: vec!["Values: Bouton's rule with the all-ones exception.".into()], piece: Piece::Misere }
        }
        GameChoice::Leaper(_) => knights(args)?,
    };
    let text = source::render(args.lang, &program, &header(args, problem, &program));
    let size = text.len() as u64;
    if size > args.limit {
        let hint = match program.piece {
            Piece::Table { .. } => " (a smaller --bound, or a larger --limit)",
            Piece::Heaps { period: None, .. } => " (a smaller --max-heap, or a larger --limit)",
            _ => " (a larger --limit)",
        };
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

/// The knights program: the certified closed form, or the cropped table.
fn knights(args: &EmitArgs) -> Result<Program, Failure> {
    let set = args.game.leaper.set();
    let bound = args.bound.unwrap_or(grundy_core::generate::DEFAULT_BOUND as u64);
    if !(1..=MAX_BOUND).contains(&bound) {
        return Err(Failure::invalid(format!("--bound {bound}: must be 1 to {MAX_BOUND}")));
    }
    let mut about = vec![format!("Game: the knights judge format for the leaper with moves {set}.")];
    if !args.table {
        match args.game.leaper.analyze().verdict {
            Verdict::Certified { form, proof } => {
                about.push(format!(
                    "Values: the closed form (core {c} x {c}, {} strips, {} sectors, modulus {}), proven equal",
                    form.features().len(),
                    form.sectors().len(),
                    form.modulus(),
                    c = form.core_size()
                ));
                about.push(format!(
                    "  to the Grundy function on all of N^2 (recurrence checked on {} cells, translations do the rest);",
                    proof.cells
                ));
                about.push("  coordinates up to 2^63 - 1.".into());
                return Ok(Program { about, piece: form_piece(&form) });
            }
            Verdict::NotFound(why) => {
                let reason = why.to_string();
                eprintln!(
                    "grundy: note: no certified closed form ({reason}); embedding the table of 0 <= x, y < {bound}"
                );
                about.push(format!("No certified closed form: {}", one_line(&reason, 90)));
            }
        }
    }
    about.push(format!("Values: a table of g for 0 <= x, y < {bound}; a larger coordinate is an error."));
    Ok(Program { about, piece: table_piece(&set, bound) })
}

/// The heaps program: the table `grundy heaps --heap SPEC` answers from (the same analysis,
/// stored and read back as the judge reads it).
fn heaps(args: &HeapArgs, saves: &CheckpointArgs, game: &HeapGame) -> Result<Program, Failure> {
    let (analysis, payload) = super::heap::judge_table(args, saves, game)?;
    let table = grundy_core::heap::table::decode(&payload).expect("encode writes a valid payload");
    let values: Vec<u16> = table.values().collect();
    let mut about = vec![format!("Game: sums of heaps of the heap game {game} (grundy heaps --heap {game}).")];
    let period = match &analysis.status {
        HeapStatus::Certified(p) => {
            about.push(format!(
                "Values: G(0..{}) and the period {} from heap {}, proven: every heap up to 2^64 - 1.",
                values.len(),
                p.period,
                p.preperiod
            ));
            Some((p.period, p.preperiod))
        }
        HeapStatus::NotFound(e) => {
            about.push(format!(
                "Values: G(0..{}) only: no period proven ({}).",
                values.len(),
                one_line(&e.stopped.to_string(), 60)
            ));
            about.push(format!(
                "  A heap of {} or more is refused: exit code 3, after the answers before it.",
                values.len()
            ));
            None
        }
    };
    Ok(Program { about, piece: Piece::Heaps { game: game.to_string(), period, values } })
}

fn one_line(text: &str, max: usize) -> String {
    let text = text.replace(['\n', '\r'], " ").replace('\\', "/");
    if text.chars().count() <= max { text } else { text.chars().take(max).collect::<String>() + "..." }
}

/// The closed form's parameters and values (core, strip patterns, sector patterns, in order).
fn form_piece(form: &ClosedForm) -> Piece {
    let features = form.features();
    let k = features.len();
    let mut values = form.core().to_vec();
    let mut f_off = Vec::with_capacity(k);
    for f in features {
        f_off.push(values.len() as i64);
        values.extend_from_slice(&f.pattern);
    }
    let mut s_off = Vec::with_capacity(k - 1);
    for s in form.sectors() {
        s_off.push(values.len() as i64);
        values.extend_from_slice(&s.pattern);
    }
    let c = form.core_size();
    Piece::Form {
        core: c,
        modulus: form.modulus(),
        // The clamps of x and y, as ClosedForm::local_bounds.
        b0: c.max(-features[k - 1].lo + 1),
        b1: c.max(features[0].hi + 1),
        fp: features.iter().map(|f| f.dir.0).collect(),
        fq: features.iter().map(|f| f.dir.1).collect(),
        flo: features.iter().map(|f| f.lo).collect(),
        fhi: features.iter().map(|f| f.hi).collect(),
        flen: features.iter().map(|f| f.phase_len()).collect(),
        f_off,
        sa: form.sectors().iter().map(|s| s.a).collect(),
        sb: form.sectors().iter().map(|s| s.b).collect(),
        sd: form.sectors().iter().map(|s| s.d).collect(),
        s_off,
        values,
    }
}

/// The table of `0 <= x, y < bound` (the upper triangle for a symmetric set).
fn table_piece(set: &MoveSet, bound: u64) -> Piece {
    let table = Triangle::for_square(set, bound);
    let symmetric = set.is_symmetric();
    let mut values = Vec::new();
    for x in 0..bound {
        let from = if symmetric { x } else { 0 };
        values.extend((from..bound).map(|y| table.get(x, y).expect("the square lies inside the triangle")));
    }
    Piece::Table { bound, symmetric, values }
}

/// The comment at the top: what generated the file, for which game, how to regenerate it.
fn header(args: &EmitArgs, problem: Problem, program: &Program) -> Vec<String> {
    let mut command = format!("grundy emit --lang {}", args.lang.name());
    match problem {
        Problem::Knights => command += &format!(" --moves '{}' knights", args.game.leaper.set()),
        Problem::MisereNim => command += " misere-nim",
        Problem::Heaps => {
            let spec = args.game.heap.heap.as_ref().map(|g| g.to_string()).unwrap_or_default();
            command += &format!(" --heap {}", shell_quote(&spec));
            if let Some(n) = args.game.heap.max_heap {
                command += &format!(" --max-heap {n}");
            }
        }
    }
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
    let input = match problem {
        Problem::Knights => "Input: T, then per case n and n lines x y. Output per case: Case k: Alice|Bob.",
        Problem::MisereNim => {
            "Misere Nim (LightOJ 1253). Input: T, then per case k and k piles. Output: Case k: Alice|Bob."
        }
        Problem::Heaps => "Input: T, then per case k and k heap sizes (0 to 2^64 - 1). Output: Case k: Alice|Bob.",
    };
    // For knights and heaps the first line of `about` names the game.
    let (game_line, values) = program.about.split_at(usize::from(problem != Problem::MisereNim));
    let mut lines =
        vec![format!("Generated by grundy {} (grundy emit); standard library only.", env!("CARGO_PKG_VERSION"))];
    lines.extend(game_line.iter().cloned());
    lines.push(input.to_string());
    lines.extend(values.iter().cloned());
    lines.push("Bad input: a message on standard error and exit code 2, after the answers of the cases".into());
    lines.push("  before it.".into());
    lines.push(format!("Regenerate: {command}"));
    lines
}

fn shell_quote(text: &str) -> String {
    if !text.is_empty() && text.bytes().all(|b| b.is_ascii_alphanumeric() || b"._/-+=:,".contains(&b)) {
        text.to_string()
    } else {
        format!("'{}'", text.replace('\'', r"'\''"))
    }
}
