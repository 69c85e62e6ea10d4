//! Misère play of heap games on the command line: `--misere` on `analyze --heap`, `sg --heap`
//! and `heaps --heap`. A folder of its own rather than more of `heap/`: the misère engine has
//! its own limits and neither checkpoints nor a values file, so none of `heap/`'s session glue
//! applies; `--max-heap` and `--max-time` are the only options it shares.
//!
//! - [`args`]: the option `--max-quotient`;
//! - [`meter`]: the progress line, Ctrl-C and `--max-time`;
//! - [`emit`]: the program `emit --misere` writes;
//! - [`draw`]: `draw --misere`, the picture of `Φ`;
//! - [`blob`]: its blobs: `generate`, `verify`, `inspect` and `heaps --table` with --misere.

pub mod args;
pub mod blob;
mod draw;
mod emit;
mod meter;

use std::time::Instant;

use grundy::heap_misere::{MisereAnalysis, MisereHeaps, MisereLimits, MisereStatus, MisereStop, analyze_misere_with};
use grundy::judge::{Report, Style};
use grundy_core::heap::HeapGame;
use serde_json::{Value, json};

use super::exit::{Failure, print};
use super::heap::{HeapArgs, HeapsArgs};
use args::QuotientArgs;
pub use draw::draw;
pub use emit::emit;
use meter::MisereMeter;

/// The engine's limits from `--max-heap N` (images of heaps `0..N`), `--max-quotient` and the
/// defaults.
fn limits(args: &HeapArgs, quotient: &QuotientArgs) -> MisereLimits {
    let mut limits = MisereLimits::default();
    if let Some(n) = args.max_heap {
        limits.max_heap = n - 1;
    }
    if let Some(n) = quotient.max_quotient {
        limits.max_quotient = n;
    }
    limits
}

/// The analysis under `--max-heap`, `--max-quotient` and `--max-time`, stopped by Ctrl-C too,
/// its progress shown on a terminal; with the seconds it took.
fn compute(game: &HeapGame, args: &HeapArgs, quotient: &QuotientArgs) -> (MisereAnalysis, f64) {
    let start = Instant::now();
    let limits = limits(args, quotient);
    let mut meter = MisereMeter::new(game, args.max_time);
    let analysis = analyze_misere_with(game, &limits, &mut |p| meter.control(p));
    drop(meter);
    (analysis, start.elapsed().as_secs_f64())
}

/// Exit code 130 when a signal stopped the analysis, saying how far it got.
fn interrupted(a: &MisereAnalysis) -> Result<(), Failure> {
    match a.status {
        MisereStatus::NotFound(MisereStop::Interrupted) => Err(Failure::interrupted(format!(
            "game {} (misère): interrupted ({}) after heaps 0..{}, |Q| = {}",
            a.game,
            super::interrupt::stopped_by(),
            a.computed(),
            a.quotient().order()
        ))),
        _ => Ok(()),
    }
}

/// Why the analysis stopped without a period, and the option that would take it further.
fn not_found(a: &MisereAnalysis) -> String {
    let MisereStatus::NotFound(stop) = a.status else { return "certified".into() };
    let further = match stop {
        MisereStop::MaxHeap { .. } => "; a larger --max-heap computes more heaps",
        MisereStop::MaxQuotient { .. } => "; a larger --max-quotient lets it try larger quotients",
        MisereStop::TimeLimit { .. } => "; a larger --max-time computes more heaps",
        _ => "",
    };
    format!("{stop}{further}")
}

/// `grundy analyze --heap SPEC --misere [--json]`.
pub fn analyze(game: &HeapGame, args: &HeapArgs, quotient: &QuotientArgs, as_json: bool) -> Result<(), Failure> {
    let (analysis, seconds) = compute(game, args, quotient);
    if as_json {
        print(format_args!("{}\n", analysis_json(&analysis, seconds)))?;
    } else {
        print(format_args!("{analysis}\ntime: {seconds:.3} s\n"))?;
    }
    interrupted(&analysis)
}

/// The `--json` report: `{"game", "seconds", "misere": {"status": "certified" | "not_found", …}}`.
fn analysis_json(a: &MisereAnalysis, seconds: f64) -> Value {
    let q = a.quotient();
    let pres = a.presentation();
    let (status, reason, proven_with) = match a.status {
        MisereStatus::Certified { proven_with, .. } => ("certified", None, Some(proven_with)),
        MisereStatus::NotFound(stop) => ("not_found", Some(stop.to_string()), None),
    };
    let table: Vec<Vec<u32>> =
        (0..q.order() as u32).map(|x| (0..q.order() as u32).map(|y| q.product(x, y)).collect()).collect();
    let span = a.period().map_or(a.computed(), |p| p.span().min(a.computed())) as usize;
    json!({
        "game": a.game.to_string(),
        "seconds": seconds,
        "misere": {
            "status": status,
            "reason": reason,
            "computed": a.computed(),
            "proven_with": proven_with,
            "quotient_order": q.order(),
            "p_portion_size": q.p_portion_size(),
            "tame": a.is_tame(),
            "period": a.period().map(|p| p.period),
            "preperiod": a.period().map(|p| p.preperiod),
            "presentation": pres.text(),
            "generator_heaps": pres.generator_heaps,
            "growth_heaps": a.growth_heaps(),
            "elements": (0..q.order() as u32).map(|x| pres.element(x)).collect::<Vec<_>>(),
            "p_portion": q.p_portion(),
            "table": table,
            "images": &a.images()[..span],
        },
    })
}

/// Why `heap` has no image: where the analysis stopped.
fn beyond(a: &MisereAnalysis, heap: u64) -> Failure {
    Failure::invalid(format!(
        "game {} (misère): heap {heap} is beyond the heaps 0..{} computed, and no period was proven ({})",
        a.game,
        a.computed(),
        not_found(a)
    ))
}

/// `grundy sg --heap SPEC --misere N...`: each heap's element of the quotient, as its normal
/// form in the generators (`analyze --misere` prints the presentation).
pub fn sg(game: &HeapGame, args: &HeapArgs, quotient: &QuotientArgs, heaps: &[u64]) -> Result<(), Failure> {
    let (analysis, _) = compute(game, args, quotient);
    interrupted(&analysis)?;
    let mut out = String::new();
    for &h in heaps {
        let x = analysis.image(h).map_err(|_| beyond(&analysis, h))?;
        out += &analysis.presentation().element(x);
        out.push('\n');
    }
    print(out)
}

/// `grundy heaps --heap SPEC --misere [FILE]`: the misère heaps judge, `Case k: Alice|Bob`.
pub fn heaps(args: &HeapsArgs, game: &HeapGame, style: Option<Style>) -> Result<(), Failure> {
    let input = super::judge::open_input(args.file.as_deref())?;
    let (analysis, _) = compute(game, &args.game, &args.quotient);
    interrupted(&analysis)?;
    if analysis.period().is_none() {
        eprintln!(
            "grundy: note: game {game} (misère): no period proven ({}); heaps from {} on are refused",
            not_found(&analysis),
            analysis.computed()
        );
    }
    let judge = MisereHeaps { analysis };
    match style {
        None => super::judge::run_to_stdout(&mut { judge }, input),
        Some(style) => super::judge::run_to_stdout(&mut Report::new(judge, style), input),
    }
    .map_err(Failure::from)
}
