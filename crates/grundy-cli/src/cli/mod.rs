//! The command line's registry: the subcommands, their arguments, and the family each is
//! dispatched to. A subcommand that takes either family has one game argument
//! ([`game::GameArgs`]); each family's glue lives in its folder ([`leaper`], [`heap`], and
//! [`heap_misere`] for `--misere`).
//!
//! Exit codes ([`Exit`](crate::process::Exit)): 0 success, 1 I/O failure, 2 invalid input
//! (judge data, arguments or a table blob), 3 a well-formed case the solver refuses to answer
//! rather than guess (`mine`: a promise-breaking cluster beyond the exact search's budget; the
//! output of the cases before it has been written, and with `--keep-going` of every case, the
//! refused ones as `unknown`), 4 a verification that found an error, 130 a heap-game
//! computation stopped by Ctrl-C (SIGINT; `analyze --heap` prints how far it got first).

mod draw;
mod emit;
mod exit;
mod game;
mod generate;
mod heap;
mod heap_misere;
mod inspect;
mod interrupt;
mod judge;
mod lazy;
mod leaper;
mod output;
mod parse;
mod rules;
mod serve;

use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use exit::{Failure, finish, print};
use game::{GameArgs, GameChoice};
use judge::Report;
use lazy::Lazy;
use parse::{max_states, parse_bound, seconds};

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
    /// problem: the certified closed form of a leaper, or its table, misère Nim's rule, Mine's
    /// values on boards that keep the promise, or with --heap a heap game's values and period.
    Emit(Lazy<emit::EmitArgs>),
    /// Re-run the closed form's certificate (exit 4 if it is not proven): the embedded hyper
    /// knight's, a blob's (--table), or one discovered now for --moves; with --heap, find a heap
    /// game's period and re-check it independently.
    Verify(Lazy<VerifyArgs>),
    /// Serve the explorer page on this machine (http://127.0.0.1:7878/ by default): see a game's
    /// values, play against grundy, run the judges.
    Serve(Lazy<serve::ServeArgs>),
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
    game: leaper::LeaperArgs,
    /// With --moves (and no --table): side of the square computed at start-up.
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = grundy_core::generate::DEFAULT_BOUND, value_parser = parse_bound,
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
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = grundy::mine::DEFAULT_MAX_STATES, value_parser = max_states)]
    max_states: usize,
    /// Time bound per case on the exact search, in seconds (e.g. 2 or 0.5): a case whose search
    /// takes longer is refused as one past --max-states is. No time bound without it.
    #[arg(long, allow_negative_numbers = true, value_name = "SECONDS", value_parser = seconds)]
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
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = grundy_core::generate::DEFAULT_BOUND,
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
    /// A blob for this leaper alone (its square and, when certified, its closed form), or this
    /// heap game (its values and, when proven, its period).
    #[command(flatten)]
    game: GameArgs,
    /// With --heap: the game's certified misère quotient (docs/misere-quotients.md), refused
    /// when no period is proven. Takes --max-heap N (images of heaps 0..N) and --max-time.
    #[arg(long, requires = "heap", conflicts_with_all = ["threads", "values_dir", "checkpoint", "checkpoint_every", "resume"])]
    misere: bool,
    #[command(flatten)]
    quotient: heap_misere::args::QuotientArgs,
}

#[derive(Args)]
struct AnalyzeArgs {
    /// A leaper, or a heap game: its values and its period, found and proven.
    #[command(flatten)]
    game: GameArgs,
    /// One JSON object; `closed_form.status` is "certified" (with the whole form) or "not_found"
    /// (docs/analyze.md explains both outputs); with --heap, `periodicity.status`; with
    /// --misere, `misere.status`.
    #[arg(long)]
    json: bool,
    /// With --heap: misère play (the player who cannot move wins): the game's misère quotient,
    /// computed heap by heap and proven by the periodicity theorem on its pretending function
    /// (docs/misere-quotients.md). Takes --max-heap N (images of heaps 0..N) and --max-time.
    #[arg(long, requires = "heap", conflicts_with_all = ["threads", "values_dir", "checkpoint", "checkpoint_every", "resume"])]
    misere: bool,
    #[command(flatten)]
    quotient: heap_misere::args::QuotientArgs,
}

#[derive(Args)]
struct InspectArgs {
    /// The blob file.
    file: PathBuf,
}

#[derive(Args)]
struct SgArgs {
    /// Pairs X Y: row, then column, each 0 ..= 2^63 - 1; with --heap, heap sizes 0 ..= 2^64 - 1;
    /// with --rules, positions: heap sizes, or tuples `x,y,…` for a game on tuples.
    #[arg(allow_negative_numbers = true, value_parser = parse::position, required = true, num_args = 1.., value_name = "X")]
    numbers: Vec<Vec<u64>>,
    /// A leaper, or a heap game: G(N) for each heap size N.
    #[command(flatten)]
    game: GameArgs,
    /// With --moves: side of the square computed (cells beyond it need a certified form).
    #[arg(long, allow_negative_numbers = true, value_name = "N", default_value_t = grundy_core::generate::DEFAULT_BOUND, value_parser = parse_bound,
          conflicts_with = "heap")]
    bound: usize,
    /// With --heap: misère play (the player who cannot move wins): each heap's element of the game's misère
    /// quotient, written in the generators `analyze --heap SPEC --misere` prints. Takes --max-heap N (images of heaps 0..N) and --max-time.
    #[arg(long, requires = "heap", conflicts_with_all = ["threads", "values_dir", "checkpoint", "checkpoint_every", "resume"])]
    misere: bool,
    #[command(flatten)]
    quotient: heap_misere::args::QuotientArgs,
}

#[derive(Args)]
struct VerifyArgs {
    /// `knight`: the hyper knight (the same as no argument).
    #[command(subcommand)]
    what: Option<Verify>,
    /// A leaper, or a heap game: find its period and re-check it independently.
    #[command(flatten)]
    game: GameArgs,
    /// Prove the closed form stored in this blob (and the period of each heap game it holds, and
    /// each misère quotient, recomputed).
    #[arg(long, value_name = "BLOB", conflicts_with = "heap")]
    table: Option<PathBuf>,
}

#[derive(Subcommand)]
enum Verify {
    /// Prove that the embedded hyper-knight closed form is the Grundy function on all of N^2.
    Knight,
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

/// Parses the command line and runs the command.
pub fn run() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) if !e.use_stderr() => return finish(help_or_version(&e)),
        Err(e) => e.exit(),
    };
    finish(match cli.command {
        Command::Knights(Lazy(KnightsArgs { file, table, game, bound, report })) => {
            leaper::holder(&game, table.as_deref(), bound)
                .and_then(|h| leaper::knights(file.as_deref(), &h, report.style(), game.moves.is_some()))
        }
        Command::MisereNim(Lazy(MisereNimArgs { file, report })) => judge::misere_nim(file.as_deref(), report.style()),
        Command::Mine(Lazy(MineArgs { file, max_states, max_time, keep_going, report })) => {
            judge::mine(file.as_deref(), judge::MineLimits { max_states, max_time }, keep_going, report.style())
        }
        Command::Heaps(Lazy(args)) => match (&args.table, &args.game.heap, &args.game.rules) {
            (Some(path), _, _) if args.misere => heap_misere::blob::heaps(&args, path, args.report.style()),
            (None, Some(game), _) if args.misere => heap_misere::heaps(&args, game, args.report.style()),
            (None, None, Some(path)) => rules::heaps(path, &args),
            _ => heap::heaps(&args),
        },
        Command::Generate(Lazy(GenerateArgs { bound, output, force, game, misere, quotient })) => match game.choice() {
            GameChoice::Heap(game, args, _) if misere => {
                heap_misere::blob::generate(game, args, &quotient, &output, force)
            }
            GameChoice::Heap(game, args, saves) => heap::generate(args, saves, game, &output, force),
            GameChoice::Rules(path, args) => rules::generate(path, args, &output, force),
            GameChoice::Leaper(leaper) if leaper.moves.is_some() => leaper::generate(leaper, bound, &output, force),
            GameChoice::Leaper(_) => generate::run(bound, &output, force),
        },
        Command::Analyze(Lazy(AnalyzeArgs { game, json, misere, quotient })) => match game.choice() {
            GameChoice::Heap(game, args, _) if misere => heap_misere::analyze(game, args, &quotient, json),
            GameChoice::Heap(game, args, saves) => heap::analyze(args, saves, game, json),
            GameChoice::Rules(path, args) => rules::analyze(path, args, json),
            GameChoice::Leaper(leaper) => leaper::analyze(leaper, json),
        },
        Command::Inspect(Lazy(InspectArgs { file })) => inspect::run(&file),
        Command::Sg(Lazy(SgArgs { numbers, game, bound, misere, quotient })) => match game.choice() {
            GameChoice::Rules(path, args) => rules::sg(path, args, &numbers),
            choice => parse::single_numbers(&numbers).and_then(|numbers| match choice {
                GameChoice::Heap(game, args, _) if misere => heap_misere::sg(game, args, &quotient, &numbers),
                GameChoice::Heap(game, args, saves) => heap::sg(args, saves, game, &numbers),
                GameChoice::Leaper(leaper) => leaper::sg(leaper, bound, &numbers),
                GameChoice::Rules(..) => unreachable!("matched above"),
            }),
        },
        Command::Verify(Lazy(VerifyArgs { what: Some(Verify::Knight), game, .. }))
            if game.leaper.moves.is_some() || game.heap.heap.is_some() =>
        {
            Err(Failure::invalid("verify knight takes no --moves or --heap"))
        }
        Command::Verify(Lazy(VerifyArgs { game, table, .. })) => match (game.choice(), table.as_deref()) {
            (GameChoice::Heap(game, args, saves), _) => heap::verify(args, saves, game),
            (GameChoice::Rules(..), _) => Err(Failure::invalid(
                "verify checks proofs (--moves, --heap); values computed from --rules prove nothing",
            )),
            (GameChoice::Leaper(leaper), Some(path)) => leaper::check_moves(leaper, path)
                .and_then(|()| Ok(heap::verify_blob(path)? | heap_misere::blob::verify_blob(path)?))
                .and_then(|heaps_proven| leaper::verify_blob(leaper, path, heaps_proven)),
            (GameChoice::Leaper(leaper), None) => leaper::verify(leaper, None),
        },
        Command::Emit(Lazy(args)) => emit::problem(&args).and_then(|problem| {
            let program = match (problem, args.game.choice()) {
                (emit::Problem::MisereNim, _) => emit::misere_nim(),
                (emit::Problem::Mine, _) => emit::mine(),
                (_, GameChoice::Heap(game, heap, _)) if args.misere => heap_misere::emit(game, heap, &args.quotient)?,
                (_, GameChoice::Heap(game, heap, saves)) => heap::emit(heap, saves, game)?,
                (_, GameChoice::Rules(path, args)) => rules::emit(path, args)?,
                (_, GameChoice::Leaper(leaper)) => leaper::emit(leaper, args.bound, args.table)?,
            };
            emit::write(&args, &program)
        }),
        Command::Draw(Lazy(args)) => match (args.mine(), args.table.game.choice()) {
            (Some(mine), _) => draw::mine::run(mine),
            (None, GameChoice::Heap(game, heap, _)) if args.table.misere => heap_misere::draw(&args.table, game, heap),
            (None, GameChoice::Heap(game, heap, saves)) => heap::draw(&args.table, heap, saves, game),
            (None, GameChoice::Rules(path, rules)) => rules::draw(&args.table, path, rules),
            (None, GameChoice::Leaper(leaper)) => leaper::draw(&args.table, leaper),
        },
        Command::Serve(Lazy(args)) => serve::run(&args),
    })
}
