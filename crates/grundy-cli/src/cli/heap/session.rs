//! A heap game's search run for a command: the library's [`Session`] with the options' limits,
//! [`Meter`] watching it, and `--checkpoint` files written as `-o` files are.

use grundy::heap::session::{Checkpoints, Replace, Run, Saved, Session};
use grundy_core::heap::{HeapAnalysis, HeapGame, HeapLimits, HeapStatus, StopReason};

use super::args::{CheckpointArgs, HeapArgs};
use super::failure::{failure, stopped};
use super::meter::Meter;
use crate::cli::exit::Failure;
use crate::cli::output::{Staged, Target, same_file};

/// A computation of [`compute`]: the library's run, its checkpoint's outcome said on standard
/// error and made a [`Failure`] when it could not be written.
pub struct Computed {
    pub analysis: HeapAnalysis,
    pub seconds: f64,
    /// Values computed by this run (not read from `--resume`).
    pub new_values: u64,
    /// The last checkpoint, written or failed.
    pub saved: Result<(), Failure>,
}

/// The session of `game` under `args`.
pub fn session(args: &HeapArgs, game: &HeapGame) -> Session {
    Session::new(game.clone(), args.limits())
}

/// The values and, when proven, the period of `game` within `limits`, with the time it took:
/// `--resume` starts from a checkpoint and `--checkpoint` writes them; progress on standard
/// error, Ctrl-C and `--max-time` stop the computation.
pub fn compute(
    args: &HeapArgs,
    saves: &CheckpointArgs,
    game: &HeapGame,
    limits: HeapLimits,
) -> Result<Computed, Failure> {
    // FILE is checked first: refusing it costs nothing, reading a large --resume does.
    let mut checkpoints = open_checkpoints(saves)?;
    let run = session(args, game)
        .compute(limits, saves.resume.as_deref(), checkpoints.as_mut(), &mut Meter::default())
        .map_err(|e| failure(&e))?;
    let Run { analysis, seconds, new_values, saved } = run;
    let saved = match (saved, &checkpoints) {
        (Some(saved), Some(c)) => saved.map_err(|e| failure(&e)).map(|saved| say_saved(saved, c, &analysis)),
        _ => Ok(()),
    };
    Ok(Computed { analysis, seconds, new_values, saved })
}

/// The analysis of `game` within the limits of `args` ([`compute`]); `wanted`, the values
/// needed when no period can be proven. A checkpoint that could not be written, Ctrl-C (exit
/// code 130) and a values' file that could not grow are errors.
pub fn analysis_for(
    args: &HeapArgs,
    saves: &CheckpointArgs,
    game: &HeapGame,
    wanted: Option<u64>,
) -> Result<HeapAnalysis, Failure> {
    within(args, saves, game, args.limits().search(game, wanted))
}

/// [`analysis_for`] for `G(0..n)`: up to `--max-heap`, the search stops at `n`, a period being
/// needed only past the values computed (`sg`).
pub fn analysis_to(args: &HeapArgs, saves: &CheckpointArgs, game: &HeapGame, n: u64) -> Result<HeapAnalysis, Failure> {
    within(args, saves, game, args.limits().search_to(game, n))
}

fn within(
    args: &HeapArgs,
    saves: &CheckpointArgs,
    game: &HeapGame,
    limits: HeapLimits,
) -> Result<HeapAnalysis, Failure> {
    let computed = compute(args, saves, game, limits)?;
    computed.saved?;
    stopped(&computed.analysis).map_or(Ok(computed.analysis), Err)
}

/// The `--checkpoint` file, checked before any work: refused when it is there but not a
/// regular file, when it exists and is not the `--resume` file, or when it could not be written
/// (`-o`'s rules: a directory that exists and takes a new file). Each checkpoint is written as
/// `-o` writes a file: through a temporary file and a rename.
fn open_checkpoints(saves: &CheckpointArgs) -> Result<Option<Checkpoints>, Failure> {
    let Some(path) = &saves.checkpoint else { return Ok(None) };
    let resumed =
        saves.resume.as_deref().is_some_and(|r| std::fs::symlink_metadata(path).is_ok() && same_file(path, r));
    let file = path.clone();
    let replace: Replace = Box::new(move |write| {
        let written = Target::check(&file, false).and_then(|t| t.stage_with(|out| write(out)).and_then(Staged::commit));
        written.map_err(|f| std::io::Error::other(f.message))
    });
    let checkpoints = Checkpoints::open(path, saves.checkpoint_every, resumed, replace).map_err(|e| failure(&e))?;
    // A temporary file made and removed: a directory that takes no new file fails now, not at
    // the end of the run.
    drop(Target::check(path, false)?.stage_with(|_| Ok(()))?);
    Ok(Some(checkpoints))
}

/// Says on standard error what the end of a run left in the checkpoint file.
fn say_saved(saved: Saved, c: &Checkpoints, a: &HeapAnalysis) {
    let path = c.path().display();
    match saved {
        Saved::Proven(Some(n)) => {
            eprintln!("grundy: period proven; {path} keeps the checkpoint of G(0..{n}) written on the way")
        }
        Saved::Proven(None) => eprintln!("grundy: period proven; no checkpoint written to {path}"),
        Saved::Written(n) => {
            let larger = match &a.status {
                HeapStatus::NotFound(e) if matches!(e.stopped, StopReason::Bound { .. } | StopReason::NoTheorem) => {
                    " and a larger --max-heap"
                }
                _ => "",
            };
            eprintln!("grundy: checkpoint {path}: G(0..{n}) of {}; go on with --resume {path}{larger}", a.game);
        }
    }
}

/// Why `a` has no period ("" when it has one).
pub fn not_found_reason(a: &HeapAnalysis) -> String {
    match &a.status {
        HeapStatus::NotFound(e) => e.stopped.to_string(),
        HeapStatus::Certified(_) => String::new(),
    }
}
