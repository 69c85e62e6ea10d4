//! Heap games on the command line: `--heap SPEC` on `analyze`, `sg`, `generate` and `verify`, and
//! the `heaps` judge.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use clap::Args;
use grundy::judge::{HeapLookup, Heaps, Input, JudgeError, Report, Style};
use grundy::table::TableFile;
use grundy_core::heap::table as heap;
use grundy_core::{
    generate::heap_blob, heap::HeapAnalysis, heap::HeapControl, heap::HeapGame, heap::HeapLimits, heap::HeapSearch,
    heap::HeapStatus, heap::HeapValues, heap::Period, heap::PeriodRule, heap::StopReason, heap::analyze_heap_from,
    heap::check_period,
};
use serde_json::{Value, json};

use super::checkpoint::Checkpoints;
use super::on_demand::OnDemand;
use super::{Failure, print};

/// The default of `--max-heap`: enough to prove 0.16 and 0.56 (about 2^20 values) in seconds.
const DEFAULT_MAX_HEAP: u64 = 1 << 21;

/// The values computed by default of a game no periodicity theorem covers (Grundy's game).
const DEFAULT_UNPROVABLE: u64 = 1 << 16;

/// Option values looked at per heap of `--max-heap`, on average: the work bound of a search
/// (games without a sparse space cost `Θ(N²)` and stop there).
const WORK_PER_HEAP: u64 = 1 << 14;

/// The game: `--heap`, and how far to look for its period.
#[derive(Args, Clone, Debug)]
pub struct Heap {
    /// A heap game: a take-and-break code (`0.77` Kayles, `.07`, `4.07`, `·07`, hexadecimal
    /// digits 8-f for three-heap splits), a subtraction set (`{1,3,4}`) or `grundy` (Grundy's
    /// game).
    #[arg(long, value_name = "SPEC", value_parser = parse_heap, conflicts_with = "moves")]
    pub heap: Option<HeapGame>,
    /// With --heap: compute at most G(0..N) looking for a proven period (default 2097152; two
    /// bytes per value, in memory up to 2^30 values and past it on disk, see --values-dir; at
    /// most 16384 option values looked at per heap on average). Games no periodicity theorem
    /// covers (Grundy's game) get N values (65536 without --max-heap). `sg` and `heaps` compute
    /// as far as their largest heap when that is below N (a period is needed only past it), for
    /// Grundy's game too.
    #[arg(long, value_name = "N", requires = "heap", conflicts_with = "moves", value_parser = max_heap)]
    pub max_heap: Option<u64>,
    /// With --heap: stop computing values after SECONDS (e.g. 60 or 0.5) and go on with those
    /// computed, as when --max-heap is reached. Ctrl-C stops too (exit code 130). Progress is
    /// shown on standard error after 2 s.
    #[arg(long, value_name = "SECONDS", requires = "heap", conflicts_with = "moves", value_parser = super::seconds)]
    pub max_time: Option<Duration>,
    /// With --heap: save the search to FILE when it stops without a proven period (--max-heap,
    /// --max-time, Ctrl-C, the work bound) and every --checkpoint-every seconds while it runs,
    /// through a temporary file and a rename (two bytes per value). An existing FILE is refused
    /// before any work unless it is the --resume file: remove it to start afresh.
    #[arg(long, value_name = "FILE", requires = "heap", conflicts_with = "moves")]
    pub checkpoint: Option<PathBuf>,
    /// With --checkpoint: save a running search every SECONDS (default 300: five minutes of
    /// work lost at most to a crash, for writes that take well under 1 % of the time).
    #[arg(long, value_name = "SECONDS", requires = "checkpoint", value_parser = super::seconds)]
    pub checkpoint_every: Option<Duration>,
    /// With --heap: go on from FILE, a --checkpoint of the same game, with the result a run
    /// never stopped would give (the output differs in its time only); --max-heap and
    /// --max-time apply to the run resumed. A damaged or truncated FILE, or one of another game,
    /// is refused.
    #[arg(long, value_name = "FILE", requires = "heap", conflicts_with = "moves")]
    pub resume: Option<PathBuf>,
    /// With --heap: compute on N threads (1 or 2; default: 2 where the machine has two cores or
    /// more). The values and the result do not depend on it.
    #[arg(long, value_name = "N", requires = "heap", conflicts_with = "moves", value_parser = threads)]
    pub threads: Option<usize>,
    /// With --heap: keep the values in a temporary file in DIR (deleted when the run ends)
    /// rather than in memory: two bytes per value of --max-heap on disk, written before any
    /// work (and before --max-time counts; said on standard error from 1 GB on), and memory
    /// for the values being read (the first and the last million or so, and what a period
    /// search reads). The default past 2^30 values, in the system's temporary
    /// directory (choose a directory on a disk if that one is in memory, as tmpfs is).
    #[arg(long, value_name = "DIR", requires = "heap", conflicts_with = "moves")]
    pub values_dir: Option<PathBuf>,
}

/// From this --max-heap on, the values are kept in a file (`--values-dir`, by default the
/// system's temporary directory) rather than memory.
const VALUES_IN_FILE_FROM: u64 = 1 << 30;

/// A computation of [`Heap::compute`].
struct Run {
    analysis: HeapAnalysis,
    seconds: f64,
    /// Values computed by this run (not read from `--resume`).
    new_values: u64,
    /// The last checkpoint, written or failed.
    saved: Result<(), Failure>,
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

/// The threads a heap computation uses: `--threads`, else 2 where the machine has two cores.
fn threads_or_default(threads: Option<usize>) -> usize {
    threads.unwrap_or_else(|| std::thread::available_parallelism().map_or(1, |n| n.get().min(2)))
}

fn max_heap(text: &str) -> Result<u64, String> {
    let most = grundy_core::heap::MAX_HEAPS as u64;
    match super::count(text) {
        Ok(n) if (1..=most).contains(&n) => Ok(n),
        _ => Err(format!("not a whole number in 1..={most} (digits, 2^K, or 1e6 written exactly)")),
    }
}

impl Heap {
    /// Refuses `-o` naming the `--checkpoint` or `--resume` file (by any path or link), before
    /// any work: the output would replace the search's state.
    pub fn check_output(&self, output: &Path) -> Result<(), Failure> {
        for (option, file) in [("--checkpoint", &self.checkpoint), ("--resume", &self.resume)] {
            if file.as_deref().is_some_and(|file| super::output::same_file(file, output)) {
                return Err(Failure::invalid(format!(
                    "-o {}: is the {option} file; refusing to write over it (give -o another file)",
                    output.display()
                )));
            }
        }
        Ok(())
    }

    /// The search's limits. A game no theorem covers has no period to look for: its values
    /// are the result, `G(0..wanted)` (by default [`DEFAULT_UNPROVABLE`]), at most `--max-heap`.
    pub(super) fn limits(&self, game: &HeapGame, wanted: Option<u64>) -> HeapLimits {
        let max_heap = self.max_heap_or_default();
        let first = match PeriodRule::of(game) {
            PeriodRule::None => wanted.or(self.max_heap).unwrap_or(DEFAULT_UNPROVABLE).min(max_heap),
            // Not bounded by --max-heap here (the search bounds each step): a checkpoint then
            // holds the first step's target, which a larger --max-heap resumes with.
            _ => HeapLimits::default().first as u64,
        } as usize;
        HeapLimits {
            first,
            max_heap: max_heap as usize,
            max_work: max_heap.saturating_mul(WORK_PER_HEAP),
            threads: threads_or_default(self.threads),
        }
    }

    /// The values and, when proven, the period of `game` within `limits`, with the time it
    /// took. Progress on standard error after 2 s; `--max-time` and Ctrl-C stop the computation
    /// (see [`super::meter`]); `--resume` starts from a checkpoint and `--checkpoint` writes them
    /// (see [`super::checkpoint`]).
    fn compute(&self, game: &HeapGame, mut limits: HeapLimits) -> Result<Run, Failure> {
        // FILE is checked first: refusing it costs nothing, reading a large --resume does.
        let mut checkpoints = match &self.checkpoint {
            Some(path) => Some(Checkpoints::open(path, self.resume.as_deref(), self.checkpoint_every)?),
            None => None,
        };
        let dir = self.values_dir(&limits);
        let file = dir.as_deref().map(|dir| (dir, limits.max_heap));
        let search = match &self.resume {
            Some(path) => resumed(path, game, &mut limits, self.max_heap_or_default(), file)?,
            None => self.new_search(game, &limits, limits.max_heap)?,
        };
        Ok(self.go_on(search, &limits, Duration::ZERO, checkpoints.as_mut()))
    }

    /// [`compute`](Self::compute) from `search`, `spent` of `--max-time` used already, writing
    /// checkpoints when given them.
    fn go_on(
        &self,
        search: HeapSearch,
        limits: &HeapLimits,
        spent: Duration,
        mut checkpoints: Option<&mut Checkpoints>,
    ) -> Run {
        let game = search.game().clone();
        let resumed = search.values().len() as u64;
        let start = Instant::now();
        let mut meter = super::meter::Meter::start(&game, self.max_time, spent, resumed);
        let analysis = analyze_heap_from(search, limits, &mut |p, values| {
            let control = meter.check(p);
            if let (Some(c), HeapControl::Continue) = (&mut checkpoints, control) {
                c.due(&game, values, p.step);
            }
            control
        });
        meter.finish();
        let seconds = start.elapsed().as_secs_f64();
        let saved = match checkpoints {
            Some(c) => save(c, &analysis),
            None => Ok(()),
        };
        Run { new_values: analysis.computed().saturating_sub(resumed), analysis, seconds, saved }
    }

    /// Where the values go: a temporary file in this directory (`--values-dir`, or the system's
    /// temporary directory from a `--max-heap` of 2^30 on), or memory.
    fn values_dir(&self, limits: &HeapLimits) -> Option<PathBuf> {
        match &self.values_dir {
            Some(dir) => Some(dir.clone()),
            None if limits.max_heap as u64 >= VALUES_IN_FILE_FROM => Some(std::env::temp_dir()),
            None => None,
        }
    }

    /// `--max-heap`, or its default.
    pub(super) fn max_heap_or_default(&self) -> u64 {
        self.max_heap.unwrap_or(DEFAULT_MAX_HEAP)
    }

    /// A search of `game` not started, its values where `--values-dir` (or a `limits.max_heap`
    /// of 2^30 or more) puts them, with room for `room` values at first.
    pub(super) fn new_search(&self, game: &HeapGame, limits: &HeapLimits, room: usize) -> Result<HeapSearch, Failure> {
        match self.values_dir(limits) {
            Some(dir) => in_file(HeapSearch::new(game), &dir, room),
            None => Ok(HeapSearch::new(game)),
        }
    }

    /// `search` run on as [`analyze_to`](Self::analyze_to)`(n)` runs (the whole search when `n`
    /// is `--max-heap`), with progress, `--max-time` (of which `spent` is used) and Ctrl-C (an
    /// error, exit code 130).
    pub(super) fn run_on(&self, search: HeapSearch, n: u64, spent: Duration) -> Result<HeapAnalysis, Failure> {
        let limits = self.limits_to(search.game(), n);
        let run = self.go_on(search, &limits, spent, None);
        interrupted(&run.analysis).map_or(Ok(run.analysis), Err)
    }

    /// The limits of [`analyze_to`](Self::analyze_to)`(n)`.
    fn limits_to(&self, game: &HeapGame, n: u64) -> HeapLimits {
        let mut limits = self.limits(game, Some(n));
        limits.max_heap = limits.max_heap.min(usize::try_from(n).unwrap_or(usize::MAX));
        limits
    }

    /// The analysis within [`limits`](Self::limits)`(game, wanted)`
    /// ([`analyze_within`](Self::analyze_within)); `wanted`, the values needed when no period can
    /// be proven.
    pub(super) fn analyze(&self, game: &HeapGame, wanted: Option<u64>) -> Result<(HeapAnalysis, f64), Failure> {
        self.analyze_within(game, self.limits(game, wanted))
    }

    /// [`analyze`](Self::analyze) for `G(0..n)`: up to `--max-heap`, the search stops at `n`, a
    /// period being needed only past the values computed (`sg`).
    fn analyze_to(&self, game: &HeapGame, n: u64) -> Result<(HeapAnalysis, f64), Failure> {
        self.analyze_within(game, self.limits_to(game, n))
    }

    /// [`compute`](Self::compute), with a checkpoint that could not be written an error, and
    /// Ctrl-C an error (exit code 130).
    fn analyze_within(&self, game: &HeapGame, limits: HeapLimits) -> Result<(HeapAnalysis, f64), Failure> {
        let run = self.compute(game, limits)?;
        run.saved?;
        match interrupted(&run.analysis) {
            Some(failure) => Err(failure),
            None => Ok((run.analysis, run.seconds)),
        }
    }
}

/// `search` with its values in a temporary file in `dir`, with room for `room` values.
fn in_file(search: HeapSearch, dir: &Path, room: usize) -> Result<HeapSearch, Failure> {
    let room = room.max(search.values().len());
    announce_room(dir, room);
    let fail = |e| values_file_failure(dir, room, e);
    #[cfg(unix)]
    return search.into_file(tempfile::tempfile_in(dir).map_err(fail)?, room).map_err(fail);
    #[cfg(not(unix))]
    Err(fail(std::io::Error::other("values in a file need a Unix system")))
}

/// Says on standard error that the values' file takes its room now, when that takes a while (a
/// gigabyte or more): the disk space is written before the search starts, outside `--max-time`.
pub(super) fn announce_room(dir: &Path, room: usize) {
    let bytes = 2 * room as u64;
    if bytes >= 1 << 30 {
        eprintln!(
            "grundy: writing the values' room in {} first ({bytes} bytes, two per value of --max-heap)",
            dir.display()
        );
    }
}

/// A temporary file for `room` values in `dir` that could not be made.
pub(super) fn values_file_failure(dir: &Path, room: usize, e: std::io::Error) -> Failure {
    Failure::io(format!("--values-dir {}: a file of {} bytes for the values: {e}", dir.display(), 2 * room as u64))
}

/// The search saved in `path` (its values into a temporary file in the directory of `file`, with
/// the room it says, when given). A run resumed computes at least the values it holds: `limits`
/// that compute fewer (`sg`'s, which stop at its largest heap) are raised to them, and a
/// checkpoint holding more than `max_heap` (`--max-heap` or its default) is refused.
fn resumed(
    path: &Path,
    game: &HeapGame,
    limits: &mut HeapLimits,
    max_heap: u64,
    file: Option<(&Path, usize)>,
) -> Result<HeapSearch, Failure> {
    let search = super::checkpoint::resume(path, game, file)?;
    let have = search.values().len();
    if have as u64 > max_heap {
        return Err(Failure::invalid(format!(
            "--resume {}: it holds G(0..{have}), more than the {max_heap} values of --max-heap (a run resumed \
             computes at least the values it holds)",
            path.display()
        )));
    }
    limits.max_heap = limits.max_heap.max(have);
    if PeriodRule::of(game) == PeriodRule::None {
        limits.first = limits.first.max(have);
    }
    eprintln!("grundy: heap game {game}: resuming from {} (G(0..{have}) computed)", path.display());
    Ok(search)
}

/// The checkpoint at the end of a run: written unless the period was proven.
fn save(c: &mut Checkpoints, a: &HeapAnalysis) -> Result<(), Failure> {
    let path = c.path().display().to_string();
    if a.period().is_some() {
        match c.written() {
            Some(n) => eprintln!("grundy: period proven; {path} keeps the checkpoint of G(0..{n}) written on the way"),
            None => eprintln!("grundy: period proven; no checkpoint written to {path}"),
        }
        return Ok(());
    }
    c.write(&a.game, a.values(), a.step())?;
    let larger = match &a.status {
        HeapStatus::NotFound(e) if matches!(e.stopped, StopReason::Bound { .. } | StopReason::NoTheorem) => {
            " and a larger --max-heap"
        }
        _ => "",
    };
    eprintln!("grundy: checkpoint {path}: G(0..{}) of {}; go on with --resume {path}{larger}", a.computed(), a.game);
    Ok(())
}

/// Exit code 130 with how far the values got, when Ctrl-C stopped them.
fn interrupted(a: &HeapAnalysis) -> Option<Failure> {
    match &a.status {
        HeapStatus::NotFound(e) if e.stopped == StopReason::Interrupted => Some(Failure::interrupted(format!(
            "game {}: interrupted (Ctrl-C) after G(0..{}) was computed",
            a.game, e.computed
        ))),
        _ => None,
    }
}

/// `grundy analyze --heap SPEC [--json]`. Stopped by Ctrl-C, it prints the evidence as well,
/// then ends with exit code 130.
/// A checkpoint that could not be written fails the command after the report (exit code 1).
pub fn analyze(args: &Heap, game: &HeapGame, as_json: bool) -> Result<(), Failure> {
    let Run { analysis, seconds, new_values, saved } = args.compute(game, args.limits(game, None))?;
    // The values this run computed: a resumed run's earlier ones took no time here.
    let rate = new_values as f64 / seconds.max(1e-9);
    if as_json {
        print(format_args!("{}\n", analysis_json(&analysis, seconds, rate)))?;
    } else {
        print(format_args!("{analysis}\ntime: {seconds:.3} s ({:.0} values/s)\n", rate))?;
    }
    saved?;
    interrupted(&analysis).map_or(Ok(()), Err)
}

/// The `--json` report: one object, `periodicity.status` `"certified"` or `"not_found"`.
fn analysis_json(a: &HeapAnalysis, seconds: f64, rate: f64) -> Value {
    let largest = a.max_value();
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
        "largest_value": largest,
        "seconds": seconds,
        "values_per_second": rate,
    })
}

/// `grundy sg --heap SPEC N...`: one value per heap, one per line.
pub fn sg(args: &Heap, game: &HeapGame, heaps: &[u64]) -> Result<(), Failure> {
    let largest = heaps.iter().max().copied();
    let wanted = largest.map(|h| h.saturating_add(1));
    // Without a theorem only computed values answer: refuse a heap past the bound before the work.
    let max_heap = args.max_heap_or_default();
    if let (PeriodRule::None, Some(h)) = (PeriodRule::of(game), largest.filter(|&h| h >= max_heap)) {
        return Err(Failure::invalid(beyond_unprovable(game, h, max_heap)));
    }
    let (analysis, _) = match wanted {
        Some(n) => args.analyze_to(game, n)?,
        None => args.analyze(game, None)?,
    };
    let mut out = String::new();
    for &h in heaps {
        let v = analysis.value(h).map_err(|beyond| Failure::invalid(beyond_message(&analysis, beyond)))?;
        out += &format!("{v}\n");
    }
    print(out)
}

/// Why `heap`, at or past `--max-heap` (`max_heap`), has no value for a game no theorem covers.
pub(super) fn beyond_unprovable(game: &HeapGame, heap: u64, max_heap: u64) -> String {
    format!("game {game}: heap {heap} is beyond --max-heap {max_heap}, and no periodicity theorem covers this game")
}

/// Why `beyond` has no value: what stopped the computation, and the option that goes further.
fn beyond_message(analysis: &HeapAnalysis, beyond: grundy_core::heap::Beyond) -> String {
    let further = match &analysis.status {
        HeapStatus::NotFound(e) if matches!(e.stopped, StopReason::TimeLimit { .. }) => "a larger --max-time",
        _ => "a larger --max-heap",
    };
    format!("game {}: {beyond} ({}; {further} computes more values)", analysis.game, not_found_reason(analysis))
}

/// `grundy generate --heap SPEC -o FILE`: the values and, when proven, the period.
pub fn generate(args: &Heap, game: &HeapGame, output: &Path, force: bool) -> Result<(), Failure> {
    if super::generate::is_directory(output) {
        return Err(Failure::invalid(format!(
            "-o {}: a directory takes the default blob and its manifest; with --heap give -o FILE",
            output.display()
        )));
    }
    // Checked before the work, so a refused target costs nothing.
    super::output::check(output, force)?;
    args.check_output(output)?;
    let (analysis, _) = args.analyze(game, None)?;
    let blob = heap_blob(&analysis).map_err(Failure::invalid)?;
    match analysis.period() {
        Some(p) => eprintln!(
            "grundy: heap game {game}: period {} from heap {}, proven; {} values stored",
            p.period,
            p.preperiod,
            p.span()
        ),
        None => eprintln!(
            "grundy: heap game {game}: no period proven ({analysis_summary}); {} values stored, larger heaps are refused",
            analysis.computed(),
            analysis_summary = not_found_reason(&analysis)
        ),
    }
    super::output::write(output, &blob, force)?;
    eprintln!("grundy: wrote {} ({} bytes)", output.display(), blob.len());
    Ok(())
}

fn not_found_reason(a: &HeapAnalysis) -> String {
    match &a.status {
        HeapStatus::NotFound(e) => e.stopped.to_string(),
        HeapStatus::Certified(_) => String::new(),
    }
}

/// `grundy verify --heap SPEC`: find the period, then re-check it with the independent checker.
pub fn verify(args: &Heap, game: &HeapGame) -> Result<(), Failure> {
    let (analysis, _) = args.analyze(game, None)?;
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
/// whether the leaper part of `verify` has something to do (the blob holds a leaper square, or
/// no heap game).
pub fn verify_blob(path: &Path) -> Result<bool, Failure> {
    let file = TableFile::read(path)?;
    let source = path.display().to_string();
    let leaper = file.header().tables.iter().any(|t| t.game == grundy::table::TableKind::LeaperSquare);
    if file.heaps().next().is_none() {
        return Ok(true);
    }
    for table in file.heaps() {
        let game = table.game();
        let Some(p) = table.period() else {
            return Err(Failure::refuted(format!(
                "verify: NOT proven: {source}: {game} has no period, its {} values only",
                table.stored()
            )));
        };
        let needed = PeriodRule::of(game).values_needed(p.period, p.preperiod);
        let needed = needed.ok_or_else(|| {
            Failure::refuted(format!("verify: NOT proven: {source}: no periodicity theorem covers {game}"))
        })?;
        let needed = usize::try_from(needed).ok().filter(|&n| n <= grundy_core::heap::MAX_HEAPS).ok_or_else(|| {
            Failure::refuted(format!("verify: NOT proven: {source}: {game} needs {needed} values, too many"))
        })?;
        let mut values = HeapValues::new(game);
        values
            .extend_to(needed, u64::MAX)
            .map_err(|e| Failure::refuted(format!("verify: NOT proven: {source}: {game}: {e}")))?;
        if let Some(heap) = table.values().zip(values.values()).position(|(s, c)| s != *c) {
            return Err(Failure::refuted(format!(
                "verify: NOT proven: {source}: {game}: G({heap}) is stored as {}, the rules give {}",
                table.values().nth(heap).unwrap_or_default(),
                values.values()[heap]
            )));
        }
        check_period(game, values.values(), p)
            .map_err(|e| Failure::refuted(format!("verify: NOT proven: {source}: {game}: {e}")))?;
        print(format_args!(
            "{source}: {game}: period {} from heap {} proven ({needed} values checked)\n",
            p.period, p.preperiod
        ))?;
    }
    Ok(leaper)
}

/// Arguments of `grundy heaps`: the game from `--heap`, `--table` or both.
#[derive(Args)]
#[command(group(clap::ArgGroup::new("source").args(["heap", "table"]).required(true).multiple(true)))]
pub struct HeapsArgs {
    /// Judge input; `-` or nothing reads standard input.
    file: Option<std::path::PathBuf>,
    /// The game's table from this blob (`grundy generate --heap`) instead of computing it at
    /// start-up; with --heap, the blob's table of that game.
    #[arg(long, value_name = "BLOB")]
    table: Option<std::path::PathBuf>,
    #[command(flatten)]
    game: HeapGameArgs,
    #[command(flatten)]
    report: super::Report,
}

/// `--heap` and `--max-heap` of `grundy heaps` (`--heap` is needed unless `--table` is given).
#[derive(Args)]
struct HeapGameArgs {
    /// The heap game: a take-and-break code (`0.77`), a subtraction set (`{1,3,4}`) or `grundy`.
    #[arg(long, value_name = "SPEC", value_parser = parse_heap)]
    heap: Option<HeapGame>,
    /// Compute values as far as the largest heap read, at most G(0..N) (default 2097152); a
    /// heap at or past N needs the period, looked for within G(0..N) (a game no periodicity
    /// theorem covers, such as Grundy's game, has none: such a heap is refused).
    #[arg(long, value_name = "N", value_parser = max_heap, conflicts_with = "table")]
    max_heap: Option<u64>,
    /// Stop computing values SECONDS after the start and answer from those computed, as when
    /// --max-heap is reached. Ctrl-C stops too (exit code 130).
    #[arg(long, value_name = "SECONDS", value_parser = super::seconds, conflicts_with = "table")]
    max_time: Option<Duration>,
    /// Compute on N threads (1 or 2; default: 2 where the machine has two cores or more).
    #[arg(long, value_name = "N", value_parser = threads, conflicts_with = "table")]
    threads: Option<usize>,
    /// Keep the values in a temporary file in DIR rather than in memory (the default past 2^30
    /// values, in the system's temporary directory; see `grundy analyze --help`).
    #[arg(long, value_name = "DIR", conflicts_with = "table")]
    values_dir: Option<PathBuf>,
}

/// The table `emit --heap` embeds: the analysis and its payload (`heap::table`); a game without
/// a proven period is noted on standard error, with the heap from which on cases are refused.
pub fn judge_table(args: &Heap, game: &HeapGame) -> Result<(HeapAnalysis, Vec<u8>), Failure> {
    let (analysis, _) = args.analyze(game, None)?;
    note_refused(&analysis);
    let payload = heap::encode(&analysis).map_err(Failure::invalid)?;
    Ok((analysis, payload))
}

/// Notes on standard error that `analysis` has no proven period, and from which heap on cases
/// are refused.
pub(super) fn note_refused(analysis: &HeapAnalysis) {
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
    let game = args.game.heap.as_ref();
    let style = args.report.style();
    let Some(path) = &args.table else {
        let game = game.expect("clap requires --heap without --table");
        let heap = Heap {
            heap: Some(game.clone()),
            max_heap: args.game.max_heap,
            max_time: args.game.max_time,
            checkpoint: None,
            checkpoint_every: None,
            resume: None,
            threads: args.game.threads,
            values_dir: args.game.values_dir.clone(),
        };
        let input = super::judge::open_input(args.file.as_deref())?;
        let mut values = OnDemand::new(heap, game.clone());
        let result = judge_heaps(&mut values, style, input);
        return values.take_failure().map_or(result.map_err(Failure::from), Err);
    };
    let file = TableFile::read(path)?;
    let table = file.heap(game).map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))?;
    let input = super::judge::open_input(args.file.as_deref())?;
    judge_heaps(table, style, input).map_err(Failure::from)
}

/// The heap judge in `style` (`None`: the judge's own output) on `input`, answering from `table`.
fn judge_heaps(table: impl HeapLookup, style: Option<Style>, input: Input) -> Result<(), JudgeError> {
    match style {
        None => super::judge::run_to_stdout(&mut Heaps { table }, input),
        Some(style) => super::judge::run_to_stdout(&mut Report::new(Heaps { table }, style), input),
    }
}
