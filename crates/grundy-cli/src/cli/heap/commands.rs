//! What each subcommand does with a heap game: `analyze`, `sg`, `generate`, `verify` (of a
//! game, or of a blob's heap tables), `emit`'s table, and the `heaps` judge.

use std::path::Path;

use grundy::heap::session::{OnDemand, OnDemandError, verify_period};
use grundy::heap::{HeapLookup, Heaps};
use grundy::judge::{Input, JudgeError, Report, Style};
use grundy::table::TableFile;
use grundy_core::generate::heap_blob;
use grundy_core::heap::{Beyond, HeapAnalysis, HeapGame, HeapStatus, Period, PeriodRule, StopReason, check_period};
use serde_json::{Value, json};

use super::args::{CheckpointArgs, HeapArgs, HeapsArgs};
use super::failure::{failure, interrupted_after, stopped};
use super::meter::Meter;
use super::session::{Computed, analysis_for, analysis_to, compute, not_found_reason, session};
use crate::cli::draw::{self, TableArgs};
use crate::cli::exit::{Failure, print};
use crate::cli::output;

/// `grundy analyze --heap SPEC [--json]`. Stopped by Ctrl-C, it prints the evidence as well,
/// then ends with exit code 130 (1 when the values' file could not grow). A checkpoint that
/// could not be written fails the command after the report (exit code 1).
pub fn analyze(args: &HeapArgs, saves: &CheckpointArgs, game: &HeapGame, as_json: bool) -> Result<(), Failure> {
    let Computed { analysis, seconds, new_values, saved } =
        compute(args, saves, game, args.limits().search(game, None))?;
    // The values this run computed: a resumed run's earlier ones took no time here.
    let rate = new_values as f64 / seconds.max(1e-9);
    if as_json {
        print(format_args!("{}\n", analysis_json(&analysis, seconds, rate)))?;
    } else {
        print(format_args!("{analysis}\ntime: {seconds:.3} s ({:.0} values/s)\n", rate))?;
    }
    saved?;
    stopped(&analysis).map_or(Ok(()), Err)
}

/// The `--json` report: one object, `periodicity.status` `"certified"` or `"not_found"`.
fn analysis_json(a: &HeapAnalysis, seconds: f64, rate: f64) -> Value {
    let periodicity = match &a.status {
        HeapStatus::Certified(Period { period, preperiod }) => json!({
            "status": "certified",
            "period": period,
            "preperiod": preperiod,
            "last_exception": preperiod.checked_sub(1),
        }),
        HeapStatus::NotFound(e) => json!({
            "status": "not_found",
            "reason": e.stopped.to_string(),
            "rare_values": e.rare_count,
            "last_rare": e.last_rare,
        }),
    };
    json!({
        "game": a.game.to_string(),
        "periodicity": periodicity,
        "computed": a.computed(),
        "largest_value": a.max_value(),
        "seconds": seconds,
        "values_per_second": rate,
    })
}

/// `grundy sg --heap SPEC N...`: one value per heap, one per line.
pub fn sg(args: &HeapArgs, saves: &CheckpointArgs, game: &HeapGame, heaps: &[u64]) -> Result<(), Failure> {
    let largest = heaps.iter().max().copied();
    // Without a theorem only computed values answer: refuse a heap past the bound before the work.
    let max_heap = args.limits().max_heap();
    if let (PeriodRule::None, Some(h)) = (PeriodRule::of(game), largest.filter(|&h| h >= max_heap)) {
        return Err(Failure::invalid(beyond_unprovable(game, h, max_heap)));
    }
    let analysis = match largest {
        Some(h) => analysis_to(args, saves, game, h.saturating_add(1))?,
        None => analysis_for(args, saves, game, None)?,
    };
    let mut out = String::new();
    for &h in heaps {
        let v = analysis.value(h).map_err(|beyond| Failure::invalid(beyond_message(&analysis, beyond)))?;
        out += &format!("{v}\n");
    }
    print(out)
}

/// Why `heap`, at or past `--max-heap` (`max_heap`), has no value for a game no theorem covers.
fn beyond_unprovable(game: &HeapGame, heap: u64, max_heap: u64) -> String {
    format!("game {game}: heap {heap} is beyond --max-heap {max_heap}, and no periodicity theorem covers this game")
}

/// Why `beyond` has no value: what stopped the computation, and the option that goes further.
fn beyond_message(analysis: &HeapAnalysis, beyond: Beyond) -> String {
    let further = match &analysis.status {
        HeapStatus::NotFound(e) if matches!(e.stopped, StopReason::TimeLimit { .. }) => "a larger --max-time",
        _ => "a larger --max-heap",
    };
    format!("game {}: {beyond} ({}; {further} computes more values)", analysis.game, not_found_reason(analysis))
}

/// `grundy generate --heap SPEC -o FILE`: the values and, when proven, the period.
pub fn generate(
    args: &HeapArgs,
    saves: &CheckpointArgs,
    game: &HeapGame,
    path: &Path,
    force: bool,
) -> Result<(), Failure> {
    // Checked before the work, so a refused target costs nothing.
    output::check_game_blob(path, force, "--heap")?;
    saves.check_output(path)?;
    let analysis = analysis_for(args, saves, game, None)?;
    let blob = heap_blob(&analysis).map_err(Failure::invalid)?;
    match analysis.period() {
        Some(p) => eprintln!(
            "grundy: heap game {game}: period {} from heap {}, proven; {} values stored",
            p.period,
            p.preperiod,
            p.span()
        ),
        None => eprintln!(
            "grundy: heap game {game}: no period proven ({}); {} values stored, larger heaps are refused",
            not_found_reason(&analysis),
            analysis.computed(),
        ),
    }
    output::write(path, &blob, force)?;
    eprintln!("grundy: wrote {} ({} bytes)", path.display(), blob.len());
    Ok(())
}

/// `grundy verify --heap SPEC`: find the period, then re-check it with the independent checker.
pub fn verify(args: &HeapArgs, saves: &CheckpointArgs, game: &HeapGame) -> Result<(), Failure> {
    let analysis = analysis_for(args, saves, game, None)?;
    let Some(p) = analysis.period() else {
        return Err(Failure::refuted(format!("verify: NOT proven: {game}: {}", not_found_reason(&analysis))));
    };
    check_period(game, analysis.values(), p)
        .map_err(|e| Failure::refuted(format!("verify: NOT proven: {game}: {e}")))?;
    print(format_args!(
        "{game}: period {} from heap {} proven ({} values checked)\n",
        p.period,
        p.preperiod,
        analysis.computed()
    ))
}

/// `grundy verify --table BLOB` for the blob's heap games: each table's values recomputed and its
/// period re-proven by the independent checker on as many values as the theorem needs. Returns
/// whether the blob held any.
pub fn verify_blob(path: &Path) -> Result<bool, Failure> {
    let file = TableFile::read(path)?;
    let source = path.display();
    for table in file.heaps() {
        let proven =
            verify_period(&table).map_err(|e| Failure::refuted(format!("verify: NOT proven: {source}: {e}")))?;
        let (game, p) = (proven.game, proven.period);
        print(format_args!(
            "{source}: {game}: period {} from heap {} proven ({} values checked)\n",
            p.period, p.preperiod, proven.checked
        ))?;
    }
    Ok(file.heaps().next().is_some())
}

/// The table `emit --heap` embeds: the analysis and its payload (`heap::table`); a game without
/// a proven period is noted on standard error, with the heap from which on cases are refused.
pub fn judge_table(
    args: &HeapArgs,
    saves: &CheckpointArgs,
    game: &HeapGame,
) -> Result<(HeapAnalysis, Vec<u8>), Failure> {
    let analysis = analysis_for(args, saves, game, None)?;
    note_refused(&analysis);
    let payload = grundy_core::heap::table::encode(&analysis).map_err(Failure::invalid)?;
    Ok((analysis, payload))
}

/// Notes on standard error that `analysis` has no proven period, and from which heap on cases
/// are refused.
fn note_refused(analysis: &HeapAnalysis) {
    if analysis.period().is_none() {
        eprintln!(
            "grundy: note: game {}: no period proven ({}); heaps from {} on are refused",
            analysis.game,
            not_found_reason(analysis),
            analysis.computed()
        );
    }
}

/// `grundy heaps`: sums of heaps of one game, `Case k: Alice|Bob`.
pub fn heaps(args: &HeapsArgs) -> Result<(), Failure> {
    let style = args.report.style();
    let Some(path) = &args.table else {
        let game = args.game.heap.as_ref().expect("clap requires --heap without --table");
        let input = crate::cli::judge::open_input(args.file.as_deref())?;
        let mut values = OnDemand::new(session(&args.game, game), Meter::default());
        let result = judge_heaps(&mut values, style, input);
        if let Some(analysis) = values.unproven() {
            note_refused(analysis);
        }
        return match values.take_error() {
            Some(OnDemandError::Interrupted { game, computed }) => Err(interrupted_after(&game, computed)),
            Some(OnDemandError::Unprovable { case, game, heap, max_heap }) => {
                Err(Failure::from(JudgeError::Refused { case, reason: beyond_unprovable(&game, heap, max_heap) }))
            }
            Some(OnDemandError::Session(e)) => Err(failure(&e)),
            Some(e) => Err(Failure::io(e)),
            None => result.map_err(Failure::from),
        };
    };
    let file = TableFile::read(path)?;
    if args.game.heap.is_none()
        && file.heaps().next().is_none()
        && let Some(rules) = file.rules().next()
    {
        return crate::cli::rules::heaps_table(rules, args);
    }
    let table = file.heap(args.game.heap.as_ref()).map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))?;
    let input = crate::cli::judge::open_input(args.file.as_deref())?;
    judge_heaps(table, style, input).map_err(Failure::from)
}

/// The heap judge in `style` (`None`: the judge's own output) on `input`, answering from `table`.
fn judge_heaps(table: impl HeapLookup, style: Option<Style>, input: Input) -> Result<(), JudgeError> {
    match style {
        None => crate::cli::judge::run_to_stdout(&mut Heaps { table }, input),
        Some(style) => crate::cli::judge::run_to_stdout(&mut Report::new(Heaps { table }, style), input),
    }
}

/// `grundy draw --heap`: the values, the preperiod and one period.
pub fn draw(table: &TableArgs, args: &HeapArgs, saves: &CheckpointArgs, game: &HeapGame) -> Result<(), Failure> {
    if table.no_overlay {
        return Err(Failure::invalid("--no-overlay is for a leaper's table, not --heap"));
    }
    let target = table.target()?;
    grundy::heap::check_picture(table.size).map_err(draw::refused)?;
    let analysis = analysis_for(args, saves, game, table.size)?;
    let picture = grundy::heap::picture(game, &analysis, table.size, table.scale).map_err(draw::refused)?;
    draw::write(&target, &picture)
}
