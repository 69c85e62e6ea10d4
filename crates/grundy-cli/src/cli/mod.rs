//! Argument parsing and dispatch. Exit codes: 0 success, 1 I/O failure, 2 invalid input
//! (judge data, arguments or a table blob), 3 a well-formed case the solver refuses to answer
//! rather than guess (`mine`: a promise-breaking cluster beyond the exact search's budget; the
//! output of the cases before it has been written, and with `--keep-going` of every case, the
//! refused ones as `unknown`), 4 a verification that found an error, 130 a heap-game
//! computation stopped by Ctrl-C (SIGINT; `analyze --heap` prints how far it got first).

mod checkpoint;
mod draw;
mod emit;
mod generate;
mod heap;
mod inspect;
mod judge;
mod lazy;
mod leaper;
mod meter;
mod on_demand;
mod output;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use grundy::judge::Style;
use lazy::Lazy;

/// Precomputed Sprague–Grundy tables and exact judge solvers.
#[derive(Parser)]
#[command(name = "grundy", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Solve LightOJ 1315 (Game of Hyper Knights) input from FILE or standard input.
    Knights(Lazy<KnightsArgs>),
    /// Solve LightOJ 1253 (Misère Nim) input from FILE or standard input.
    MisereNim(Lazy<MisereNimArgs>),
    /// Solve HDU 4678 (Mine) input from FILE or standard input, exactly even on boards that break
    /// the promise (named on standard error).
    Mine(Lazy<MineArgs>),
    /// Solve sums of heaps of one heap game (--heap: an octal or hexadecimal code, a subtraction
    /// set or Grundy's game) from FILE or standard input: T cases, each k then k heap sizes;
    /// `Case k: Alice` when the first player wins.
    Heaps(Lazy<heap::HeapsArgs>),
    /// Write the table blob to -o FILE, or the blob and its manifest into -o DIR/; with --moves a
    /// leaper's blob, with --heap a heap game's.
    Generate(Lazy<GenerateArgs>),
    /// Find a leaper's closed form and prove it: potential, symmetry, the triangle computed, the
    /// largest value, and the form (core, sectors, strips, certificate) or why none was found;
    /// with --heap, a heap game's values and its period, proven, or the evidence.
    Analyze(Lazy<AnalyzeArgs>),
    /// Validate a table blob and print its header.
    Inspect(Lazy<InspectArgs>),
    /// Print g(X, Y) for each pair, one per line: the hyper knight (any X, Y up to 2^63 - 1), or
    /// with --moves any leaper (beyond its square only when its closed form is certified); with
    /// --heap, G(N) for each heap size N.
    Sg(Lazy<SgArgs>),
    /// Draw a leaper's table (with its closed form's regions), with --heap a heap game's values,
    /// or with `mine` a Mine board, as FILE.png or FILE.svg.
    Draw(Lazy<draw::DrawArgs>),
    /// Write a standalone solver (C, C++, Python or Rust source, standard library only) for a judge
    /// problem: the certified closed form of a leaper, or its table, misère Nim's rule, or with
    /// --heap a heap game's values and period.
    Emit(Lazy<emit::EmitArgs>),
    /// Re-run the closed form's certificate (exit 4 if it is not proven): the embedded hyper
    /// knight's, a blob's (--table), or one discovered now for --moves; with --heap, find a heap
    /// game's period and re-check it independently.
    Verify(Lazy<VerifyArgs>),
}

// The arguments of each subcommand; its description is its variant's doc comment.

#[derive(Args)]
struct KnightsArgs {
    /// Judge input; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// Use the knight table of this blob (read and checked) instead of the embedded one.
    #[arg(long, value_name = "BLOB")]
    table: Option<PathBuf>,
    #[command(flatten)]
    game: leaper::Game,
    /// With --moves (and no --table): side of the square computed at start-up.
    #[arg(long, value_name = "N", default_value_t = grundy_core::generate::DEFAULT_BOUND, value_parser = parse_bound,
          conflicts_with = "table")]
    bound: usize,
    #[command(flatten)]
    report: Report,
}

#[derive(Args)]
struct MisereNimArgs {
    /// Judge input; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    #[command(flatten)]
    report: Report,
}

#[derive(Args)]
struct MineArgs {
    /// Judge input; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// Budget per case: units of the exact search (one per memoised cluster position and per
    /// 64 vertices and edges it scans, over all the case's clusters; the default, 262144 = 2^18,
    /// takes about 1-2 s); a case needing more is refused, which stops the run with exit code 3,
    /// and so is one whose search runs out of memory first (whatever N). 0 refuses every case
    /// with a cluster. N: a whole number, 2^K, or 1e6-style when exact.
    #[arg(long, value_name = "N", default_value_t = grundy::mine::DEFAULT_MAX_STATES, value_parser = max_states)]
    max_states: usize,
    /// Time bound per case on the exact search, in seconds (e.g. 2 or 0.5): a case whose search
    /// takes longer is refused as one past --max-states is. No time bound without it.
    #[arg(long, value_name = "SECONDS", value_parser = seconds)]
    max_time: Option<Duration>,
    /// Answer a refused case `Case #k: unknown` (with a notice on standard error) and go on;
    /// the exit code is still 3 if any case was refused.
    #[arg(long)]
    keep_going: bool,
    #[command(flatten)]
    report: Report,
}

#[derive(Args)]
struct GenerateArgs {
    /// Side of the knight square: coordinates 0 <= x, y < N.
    #[arg(long, value_name = "N", default_value_t = grundy_core::generate::DEFAULT_BOUND,
          value_parser = parse_bound, conflicts_with = "heap")]
    bound: usize,
    /// FILE: the blob. DIR/ (ending in /, an existing directory): the blob and its manifest,
    /// DIR/tables.sgt and DIR/MANIFEST.md (the repository's: -o generated/).
    #[arg(short, long, value_name = "PATH", required = true)]
    output: PathBuf,
    /// Replace a write-protected file, or the file a symbolic link names (the link stays);
    /// without it both are refused.
    #[arg(long)]
    force: bool,
    /// A blob for this leaper alone: its square and, when certified, its closed form.
    #[command(flatten)]
    game: leaper::Game,
    /// A blob for this heap game: its values and, when proven, its period.
    #[command(flatten)]
    heap: heap::Heap,
}

#[derive(Args)]
struct AnalyzeArgs {
    #[command(flatten)]
    game: leaper::Game,
    /// Instead of a leaper, a heap game: its values and its period, found and proven.
    #[command(flatten)]
    heap: heap::Heap,
    /// One JSON object; `closed_form.status` is "certified" (with the whole form) or "not_found"
    /// (docs/analyze.md explains both outputs); with --heap, `periodicity.status`.
    #[arg(long)]
    json: bool,
}

#[derive(Args)]
struct InspectArgs {
    /// The blob file.
    file: PathBuf,
}

#[derive(Args)]
struct SgArgs {
    /// Pairs X Y: row, then column, each 0 ..= 2^63 - 1; with --heap, heap sizes 0 ..= 2^64 - 1.
    #[arg(value_parser = whole_number, required = true, num_args = 1.., value_name = "X")]
    numbers: Vec<u64>,
    #[command(flatten)]
    game: leaper::Game,
    /// Instead of a leaper, a heap game: G(N) for each heap size N.
    #[command(flatten)]
    heap: heap::Heap,
    /// With --moves: side of the square computed (cells beyond it need a certified form).
    #[arg(long, value_name = "N", default_value_t = grundy_core::generate::DEFAULT_BOUND, value_parser = parse_bound,
          conflicts_with = "heap")]
    bound: usize,
}

#[derive(Args)]
struct VerifyArgs {
    /// `knight`: the hyper knight (the same as no argument).
    #[command(subcommand)]
    what: Option<Verify>,
    #[command(flatten)]
    game: leaper::Game,
    /// Prove the closed form stored in this blob (and the period of each heap game it holds).
    #[arg(long, value_name = "BLOB")]
    table: Option<PathBuf>,
    /// Instead of a leaper, a heap game: find its period and re-check it independently.
    #[command(flatten)]
    heap: heap::Heap,
}

/// Instead of the judge output: explained or JSON output (docs/cli.md, "Explained and JSON output").
#[derive(Args)]
struct Report {
    /// Per case: each component's value, the XOR, the winner and a winning move, in one line.
    #[arg(long, conflicts_with = "json")]
    explain: bool,
    /// Per case: one JSON object per line (case, winner, nimber, components, winning_move).
    #[arg(long)]
    json: bool,
}

impl Report {
    /// `None` for the plain judge output.
    fn style(&self) -> Option<Style> {
        match (self.explain, self.json) {
            (true, _) => Some(Style::Explain),
            (_, true) => Some(Style::Json),
            _ => None,
        }
    }
}

#[derive(Subcommand)]
enum Verify {
    /// Prove that the embedded hyper-knight closed form is the Grundy function on all of N^2.
    Knight,
}

/// A count: a whole number (`1048576`), a power `B^K` (`2^20`), or `M`e`E` (`1e6`, `2.5e6`) when
/// it is a whole number. `Err` says which is wrong: not such a number, or beyond 2^64 - 1.
fn count(text: &str) -> Result<u64, String> {
    const TOO_LARGE: &str = "larger than 2^64 - 1";
    const SYNTAX: &str = "not a whole number (digits, 2^K, or 1e6 written exactly)";
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let number =
        |s: &str| if digits(s) { s.parse::<u64>().map_err(|_| TOO_LARGE.to_string()) } else { Err(SYNTAX.into()) };
    if let Some((base, exponent)) = text.split_once('^') {
        let (base, exponent) = (number(base)?, number(exponent)?);
        let exponent = u32::try_from(exponent).map_err(|_| TOO_LARGE.to_string())?;
        return base.checked_pow(exponent).ok_or_else(|| TOO_LARGE.into());
    }
    if let Some((mantissa, exponent)) = text.split_once(['e', 'E']) {
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if !digits(whole) || !(fraction.is_empty() || digits(fraction)) || !digits(exponent) {
            return Err(SYNTAX.into());
        }
        // All the mantissa's digits as one number, then shifted by the exponent less the
        // fraction's digits; a shift right must drop only zeros.
        let all = format!("{whole}{fraction}");
        let all = all.trim_start_matches('0');
        let shift = exponent.parse::<i64>().unwrap_or(i64::MAX).saturating_sub(fraction.len() as i64);
        let kept = if shift >= 0 {
            if all.is_empty() {
                return Ok(0);
            }
            if all.len() as i64 + shift > 20 {
                return Err(TOO_LARGE.into());
            }
            format!("{all}{}", "0".repeat(shift as usize))
        } else {
            let drop = shift.unsigned_abs() as usize;
            let cut = all.len().saturating_sub(drop);
            if all[cut..].bytes().any(|b| b != b'0') {
                return Err(format!("{text} is not a whole number"));
            }
            all[..cut].to_string()
        };
        return if kept.is_empty() { Ok(0) } else { kept.parse::<u64>().map_err(|_| TOO_LARGE.to_string()) };
    }
    number(text)
}

/// `--max-states`: a [`count`] that fits a `usize`.
fn max_states(text: &str) -> Result<usize, String> {
    count(text).and_then(|n| usize::try_from(n).map_err(|_| format!("larger than {}", usize::MAX)))
}

/// `--max-time`: a positive, finite number of seconds (`2`, `0.5`, `1e-1`).
fn seconds(text: &str) -> Result<Duration, String> {
    let wrong = || format!("not a positive number of seconds (such as 2 or 0.5): {text:?}");
    let s: f64 = text.trim().parse().map_err(|_| wrong())?;
    if s.is_nan() || s <= 0.0 || s.is_infinite() {
        return Err(wrong());
    }
    Duration::try_from_secs_f64(s).map_err(|_| format!("{text} seconds is more than this program can wait"))
}

fn whole_number(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|_| "not a whole number (a coordinate is at most 2^63 - 1, a heap at most 2^64 - 1)".to_string())
}

fn parse_bound(text: &str) -> Result<usize, String> {
    let max = grundy_core::generate::MAX_BOUND;
    grundy_core::generate::parse_bound(text).map_err(|_| {
        format!("the side of the knight square (coordinates 0 <= x, y < N) must be a whole number from 1 to {max}")
    })
}

/// Writes `text` to standard output under the one rule for output of every subcommand (the
/// judges' too, `process::with_stdout`): a closed pipe ends the command quietly, as a
/// success; any other write error (a full disk) is an I/O failure.
fn print(text: impl std::fmt::Display) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = crate::process::stdout();
    match write!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure { code: 0, message: String::new() }),
        Err(e) => Err(Failure::io(format!("writing output: {e}"))),
    }
}

/// A failed command: the message for stderr and the exit code.
pub struct Failure {
    code: u8,
    message: String,
}

impl From<grundy::judge::JudgeError> for Failure {
    fn from(e: grundy::judge::JudgeError) -> Failure {
        Failure { code: crate::process::exit_code(&e), message: e.to_string() }
    }
}

/// A blob that cannot be read is an I/O failure; one that is not a valid blob, invalid input.
impl From<grundy::table::OpenError> for Failure {
    fn from(e: grundy::table::OpenError) -> Failure {
        match e {
            grundy::table::OpenError::Io { .. } => Failure::io(e),
            _ => Failure::invalid(e),
        }
    }
}

impl Failure {
    /// Invalid input of any kind: exit code 2.
    fn invalid(message: impl std::fmt::Display) -> Failure {
        Failure { code: 2, message: message.to_string() }
    }

    /// An I/O failure: exit code 1.
    fn io(message: impl std::fmt::Display) -> Failure {
        Failure { code: 1, message: message.to_string() }
    }

    /// A computation stopped by Ctrl-C: exit code 130 (128 + SIGINT, as the shell reports it).
    fn interrupted(message: impl std::fmt::Display) -> Failure {
        Failure { code: 130, message: message.to_string() }
    }

    /// A verification that found an error: exit code 4.
    fn refuted(message: impl std::fmt::Display) -> Failure {
        Failure { code: 4, message: message.to_string() }
    }
}

/// Help and version text (`--help`, `-V`, `help X`) on standard output, under [`print`]'s rule;
/// usage errors go to standard error as clap writes them (exit code 2).
fn help_or_version(e: &clap::Error) -> Result<(), Failure> {
    use std::io::IsTerminal;
    let colour = std::io::stdout().is_terminal()
        && std::env::var_os("NO_COLOR").is_none_or(|v| v.is_empty())
        && std::env::var_os("TERM").is_none_or(|t| t != "dumb");
    let text = e.render();
    if colour { print(text.ansi()) } else { print(text) }
}

pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => return finish(help_or_version(&e)),
        Err(e) => e.exit(),
    };
    if let Err(failure) = leaper_bounds_with_heap(&cli.command) {
        return finish(Err(failure));
    }
    let result = match cli.command {
        Command::Knights(Lazy(KnightsArgs { file, table, game, bound, report })) => {
            leaper::holder(&game, table.as_deref(), bound)
                .and_then(|h| judge::knights(file.as_deref(), &h, report.style(), game.moves.is_some()))
        }
        Command::MisereNim(Lazy(MisereNimArgs { file, report })) => judge::misere_nim(file.as_deref(), report.style()),
        Command::Mine(Lazy(MineArgs { file, max_states, max_time, keep_going, report })) => {
            judge::mine(file.as_deref(), judge::MineLimits { max_states, max_time }, keep_going, report.style())
        }
        Command::Heaps(Lazy(args)) => heap::heaps(&args),
        Command::Generate(Lazy(GenerateArgs { bound, output, force, game, heap })) => match (&heap.heap, &game.moves) {
            (Some(spec), _) => heap::generate(&heap, spec, &output, force),
            (None, Some(_)) => leaper::generate(&game, bound, &output, force),
            (None, None) => generate::run(bound, &output, force),
        },
        Command::Analyze(Lazy(AnalyzeArgs { game, heap, json })) => match &heap.heap {
            Some(spec) => heap::analyze(&heap, spec, json),
            None => leaper::analyze_command(&game, json),
        },
        Command::Inspect(Lazy(InspectArgs { file })) => inspect::run(&file),
        Command::Sg(Lazy(SgArgs { numbers, game, heap, bound })) => match &heap.heap {
            Some(spec) => heap::sg(&heap, spec, &numbers),
            None => leaper::sg(&game, bound, &numbers),
        },
        Command::Verify(Lazy(VerifyArgs { what, game, table, heap })) => match (what, &heap.heap) {
            (Some(Verify::Knight), _) if game.moves.is_some() || heap.heap.is_some() => {
                Err(Failure::invalid("verify knight takes no --moves or --heap"))
            }
            (_, Some(spec)) if table.is_none() => heap::verify(&heap, spec),
            (_, Some(_)) => Err(Failure::invalid("verify takes --heap or --table, not both")),
            _ => match table.as_deref() {
                // --moves must be the blob's leaper's, checked before any proof.
                Some(path) => {
                    (if game.moves.is_some() { leaper::holder(&game, Some(path), 1).map(drop) } else { Ok(()) })
                        .and_then(|()| heap::verify_blob(path))
                        .and_then(|leaper_too| if leaper_too { leaper::verify(&game, Some(path)) } else { Ok(()) })
                }
                None => leaper::verify(&game, None),
            },
        },
        Command::Emit(Lazy(args)) => emit::run(&args),
        Command::Draw(Lazy(args)) => draw::run(&args),
    };
    finish(result)
}

/// Refuses `--max-cells` and `--max-proof-cells` beside `--heap`
/// ([`leaper::Game::refuse_with_heap`]).
fn leaper_bounds_with_heap(command: &Command) -> Result<(), Failure> {
    let (game, heap) = match command {
        Command::Generate(Lazy(a)) => (&a.game, &a.heap),
        Command::Analyze(Lazy(a)) => (&a.game, &a.heap),
        Command::Sg(Lazy(a)) => (&a.game, &a.heap),
        Command::Verify(Lazy(a)) => (&a.game, &a.heap),
        _ => return Ok(()),
    };
    if heap.heap.is_some() { game.refuse_with_heap() } else { Ok(()) }
}

/// The exit code of a command's result, its message (if any) on standard error.
fn finish(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(failure) => {
            // A closed output ends a command quietly, with an empty message and code 0.
            if !failure.message.is_empty() {
                eprintln!("grundy: {}", failure.message);
            }
            ExitCode::from(failure.code)
        }
    }
}
