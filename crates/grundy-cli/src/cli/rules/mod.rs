//! Games defined by rules on the command line: `--rules FILE` (a Rhai script's `fn options(p)`)
//! on `sg`, `analyze`, `heaps`, `generate`, `emit` and `draw`, and `heaps --table` on a blob of
//! such a game's values. The script engine is the `script` feature's; without it `--rules` is
//! refused, and blobs are still answered from.

mod load;

use std::path::Path;
use std::time::Instant;

use grundy::judge::{Report, Style};
use grundy::rules::{
    ComputeError, PositionText, Rules, RulesError, RulesLookup, RulesSums, RulesTable, Shape, observe,
};
use serde_json::json;

use super::exit::{Failure, print};
use super::heap::{HeapArgs, HeapsArgs};
use super::interrupt::Interruptible;
use crate::process::Exit;
pub use load::{Loaded, load};

/// Heaps computed by `analyze`, `generate`, `emit` and `draw` without `--max-heap`.
const DEFAULT_HEAPS: u64 = 1024;
/// A game on tuples' box side without `--max-heap`.
const DEFAULT_SIDE: u64 = 32;

/// How a failure of the rules exits: the script's own bounds and signals as theirs, a game that
/// is not finite or a script that is wrong as invalid input (2), a value past the limits as a
/// refusal (3).
pub trait ExitOf {
    /// The exit code of this error of the rules.
    fn exit(&self) -> Exit;
}

fn failure<E: ExitOf + std::fmt::Display>(game: &str, e: ComputeError<E>) -> Failure {
    let code = match &e {
        ComputeError::Rules(RulesError::Rules { error, .. }) => error.exit(),
        ComputeError::Rules(_) | ComputeError::Width { .. } => Exit::Invalid,
        ComputeError::Beyond { .. } => Exit::Refused,
    };
    match code {
        Exit::Interrupted => Failure::new(code, format!("game {game}: {e} ({})", super::interrupt::stopped_by())),
        Exit::Refused => Failure::new(code, format!("game {game}: {e}; a larger --max-heap computes further")),
        _ => Failure::new(code, format!("game {game}: {e}")),
    }
}

/// The side or count of values a whole-table command computes: `--max-heap N`, or the default.
fn extent(args: &HeapArgs, shape: Shape) -> u64 {
    match shape {
        Shape::Heap => args.max_heap.unwrap_or(DEFAULT_HEAPS),
        Shape::Tuple(_) => args.max_heap.unwrap_or(DEFAULT_SIDE),
    }
}

/// The whole table: a heap game's `G(0..N)` or the box. A signal stops the script (exit code
/// 130) instead of the process.
fn fill(path: &Path, args: &HeapArgs) -> Result<(Loaded, f64), Failure> {
    let mut game = load(path, args, false)?;
    let _signals = Interruptible::new();
    let start = Instant::now();
    let len = extent(args, game.rules().shape());
    game.fill(len).map_err(|e| failure(game.name(), e))?;
    Ok((game, start.elapsed().as_secs_f64()))
}

/// `grundy sg --rules FILE P…`: each position's value, one per line.
pub fn sg(path: &Path, args: &HeapArgs, positions: &[Vec<u64>]) -> Result<(), Failure> {
    let mut game = load(path, args, true)?;
    let _signals = Interruptible::new();
    let mut out = String::new();
    for position in positions {
        let value = game.value(position).map_err(|e| failure(game.name(), e));
        match value {
            Ok(v) => out += &format!("{v}\n"),
            Err(e) => {
                print(&out)?;
                return Err(e);
            }
        }
    }
    print(out)
}

/// `grundy analyze --rules FILE [--json]`: the values, the largest, and what regularity they
/// show (observed, not proven).
pub fn analyze(path: &Path, args: &HeapArgs, as_json: bool) -> Result<(), Failure> {
    let (game, seconds) = fill(path, args)?;
    let values = game.values();
    let shape = game.rules().shape();
    let (largest, at) = values.iter().enumerate().fold((0, 0), |(m, at), (i, &v)| if v > m { (v, i) } else { (m, at) });
    let side = game.limits().side;
    let position = |i: usize| -> Vec<u64> {
        let d = shape.width() as u32;
        (0..d).rev().map(|k| (i as u64 / side.pow(k)) % side).collect()
    };
    let observed = match shape {
        Shape::Heap => observe(values),
        Shape::Tuple(_) => None,
    };
    if as_json {
        let report = json!({
            "game": game.name(),
            "shape": match shape { Shape::Heap => "heap", Shape::Tuple(_) => "tuple" },
            "dimension": shape.width(),
            "side": match shape { Shape::Heap => values.len() as u64, Shape::Tuple(_) => side },
            "values": values,
            "largest": largest,
            "observed": observed.map(|r| json!({"period": r.period, "preperiod": r.preperiod, "saltus": r.saltus, "proven": false})),
            "seconds": seconds,
        });
        return print(format_args!("{report}\n"));
    }
    let mut text = String::new();
    match shape {
        Shape::Heap => {
            text += &format!("game: {} (rules: a heap game)\n", game.name());
            text += &format!("values: G(0..{}), computed in {seconds:.3} s\n", values.len());
            text += &format!("largest value: {largest} (first at heap {at})\n");
            text += &match observed {
                Some(r) if r.saltus == 0 => format!(
                    "observed: period {} from heap {} on G(0..{}) (an observation: no theorem proves it goes on)\n",
                    r.period,
                    r.preperiod,
                    values.len()
                ),
                Some(r) => format!(
                    "observed: arithmetic period {} with saltus {} from heap {} on G(0..{}): G(n + {}) = G(n) + {} (an observation: no theorem proves it goes on)\n",
                    r.period,
                    r.saltus,
                    r.preperiod,
                    values.len(),
                    r.period,
                    r.saltus
                ),
                None => format!("observed: no period on G(0..{}) (none seen twice over the last half)\n", values.len()),
            };
            let shown: Vec<String> = values.iter().take(64).map(u64::to_string).collect();
            text += &format!("G(0..{}) = {}\n", shown.len(), shown.join(" "));
        }
        Shape::Tuple(d) => {
            text += &format!("game: {} (rules: positions of {d} numbers)\n", game.name());
            text +=
                &format!("values: the box [0, {side})^{d}, {} positions, computed in {seconds:.3} s\n", values.len());
            text += &format!("largest value: {largest} (first at {})\n", PositionText(&position(at)));
            let zeros: Vec<usize> = (0..values.len()).filter(|&i| values[i] == 0).collect();
            let shown: Vec<String> = zeros.iter().take(24).map(|&i| PositionText(&position(i)).to_string()).collect();
            text += &format!("P-positions (value 0): {} in the box: {}", zeros.len(), shown.join(" "));
            text += if zeros.len() > shown.len() { " …\n" } else { "\n" };
        }
    }
    print(text)
}

/// `grundy heaps --rules FILE [INPUT]`: the sums judge, values computed as the cases need them
/// (a signal ends it as it ends the other judges, even while it waits for input).
pub fn heaps(path: &Path, args: &HeapsArgs) -> Result<(), Failure> {
    let mut game = load(path, &args.game, true)?;
    let input = crate::cli::judge::open_input(args.file.as_deref())?;
    let result = judge(&mut game, args.report.style(), input);

    match game.take_failure() {
        Some(e) => Err(failure(game.name(), e)),
        None => result,
    }
}

/// `grundy heaps --table BLOB` on a blob of a game defined by rules.
pub fn heaps_table(table: RulesTable<'_>, args: &HeapsArgs) -> Result<(), Failure> {
    let input = crate::cli::judge::open_input(args.file.as_deref())?;
    judge(table, args.report.style(), input)
}

fn judge(table: impl RulesLookup, style: Option<Style>, input: grundy::judge::Input) -> Result<(), Failure> {
    let result = match style {
        None => crate::cli::judge::run_to_stdout(&mut RulesSums { table }, input),
        Some(style) => crate::cli::judge::run_to_stdout(&mut Report::new(RulesSums { table }, style), input),
    };
    result.map_err(Failure::from)
}

/// `grundy generate --rules FILE -o BLOB`: the table as a blob `heaps --table` answers from.
pub fn generate(path: &Path, args: &HeapArgs, output: &Path, force: bool) -> Result<(), Failure> {
    crate::cli::output::check(output, force)?;
    let (game, _) = fill(path, args)?;
    let shape = game.rules().shape();
    let side = match shape {
        Shape::Heap => game.values().len() as u64,
        Shape::Tuple(_) => game.limits().side,
    };
    let blob = grundy_core::generate::rules_blob(game.name(), shape, side, game.values())
        .map_err(|e| Failure::invalid(format!("game {}: {e}", game.name())))?;
    crate::cli::output::write(output, &blob, force)
}

/// `grundy emit --rules FILE`: the heaps program on the values computed, a larger heap refused.
pub fn emit(path: &Path, args: &HeapArgs) -> Result<crate::cli::emit::Program, Failure> {
    use crate::cli::emit::{Fill, Program, shell_quote};
    let (game, _) = fill(path, args)?;
    if let Shape::Tuple(d) = game.rules().shape() {
        return Err(Failure::invalid(format!(
            "game {}: emit writes a judge of sums of heaps; this game's positions are tuples of {d} numbers",
            game.name()
        )));
    }
    let values: Vec<u16> = game.values().iter().map(|&v| u16::try_from(v)).collect::<Result<_, _>>().map_err(|_| {
        Failure::invalid(format!("game {}: a value past 65535, more than an emitted table holds", game.name()))
    })?;
    let name = game.name().to_string();
    let mut command = format!("--rules {}", shell_quote(&path.display().to_string()));
    if let Some(n) = args.max_heap {
        command += &format!(" --max-heap {n}");
    }
    Ok(Program {
        game: Some(format!("Game: sums of heaps of {name}, a game defined by rules (grundy heaps --rules).")),
        about: vec![
            format!("Values: G(0..{}), computed from the rules; no period is proven for rules.", values.len()),
            format!("  A heap of {} or more is refused: exit code 3, after the answers before it.", values.len()),
        ],
        input: "Input: T, then per case k and k heap sizes (0 to 2^64 - 1). Output: Case k: Alice|Bob.",
        sections: vec!["heaps"],
        fills: vec![
            ("GAME", Fill::Text(name)),
            ("PERIODIC", Fill::Bool(false)),
            ("PERIOD", Fill::Text("1".into())),
            ("PREPERIOD", Fill::Text("0".into())),
            ("DATA", Fill::Values(values)),
        ],
        command,
        smaller: " (a smaller --max-heap, or a larger --limit)",
    })
}

/// `grundy draw --rules FILE -o FILE.png|.svg`: the values computed (`--size N` as `--max-heap`).
pub fn draw(table: &crate::cli::draw::TableArgs, path: &Path, args: &HeapArgs) -> Result<(), Failure> {
    if table.no_overlay {
        return Err(Failure::invalid("--no-overlay is for a leaper's table, not --rules"));
    }
    let target = table.target()?;
    let mut args = args.clone();
    args.max_heap = table.size.or(args.max_heap);
    let (game, _) = fill(path, &args)?;
    let shape = game.rules().shape();
    let side = game.limits().side;
    let picture = grundy::rules::picture(game.name(), shape, side, game.values(), table.scale)
        .map_err(crate::cli::draw::refused)?;
    crate::cli::draw::write(&target, &picture)
}
