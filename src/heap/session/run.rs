//! A session: one game under its limits, its search started, resumed and run, watched.

use std::path::Path;
use std::time::{Duration, Instant};

use grundy_core::heap::{
    HeapAnalysis, HeapControl, HeapGame, HeapLimits, HeapProgress, HeapSearch, HeapStatus, PeriodRule, StopReason,
    analyze_heap_from,
};

use super::{Checkpoints, Saved, SessionError, SessionLimits, checkpoints, values_file};

/// The values a temporary file has room for at first (256 KiB): it doubles as the search needs
/// more, so that a search proven early (Kayles, after 1,024 values) never writes the room of its
/// `max_heap`, and a full disk stops the search when it happens, the values computed kept.
pub const FIRST_ROOM: usize = 1 << 17;

/// What a program shows of a session, and how it asks it to stop. Every method but
/// [`progress`](Watch::progress) is told of an event; the defaults do nothing.
pub trait Watch {
    /// A temporary file for the values takes `bytes` of disk in `dir` now, before the search
    /// starts; it grows as the search goes.
    fn values_file(&mut self, dir: &Path, bytes: u64) {
        let _ = (dir, bytes);
    }

    /// The search of `game` goes on from the checkpoint `path`, `G(0..computed)` read.
    fn resumed(&mut self, game: &HeapGame, path: &Path, computed: u64) {
        let _ = (game, path, computed);
    }

    /// A run of `game`'s search starts, `resumed` values computed before it.
    fn start(&mut self, game: &HeapGame, resumed: u64) {
        let _ = (game, resumed);
    }

    /// How the run is going, every few milliseconds: [`HeapControl::Interrupt`] stops it.
    fn progress(&mut self, progress: &HeapProgress) -> HeapControl {
        let _ = progress;
        HeapControl::Continue
    }

    /// A periodic checkpoint could not be written; the run goes on.
    fn checkpoint_failed(&mut self, error: &SessionError) {
        let _ = error;
    }

    /// The run ended (after its last checkpoint).
    fn finish(&mut self) {}
}

/// A watch that shows nothing and never stops a run.
impl Watch for () {}

/// One game's search under its [`SessionLimits`].
#[derive(Debug, Clone)]
pub struct Session {
    game: HeapGame,
    limits: SessionLimits,
}

/// A run of [`Session::run`].
#[derive(Debug)]
pub struct Run {
    /// Its result.
    pub analysis: HeapAnalysis,
    /// How long it took, in seconds.
    pub seconds: f64,
    /// The values it computed (not read from a checkpoint).
    pub new_values: u64,
    /// The checkpoint at its end, when it was given checkpoints.
    pub saved: Option<Result<Saved, SessionError>>,
}

impl Run {
    /// The values computed when an [`HeapControl::Interrupt`] stopped the run.
    pub fn interrupted(&self) -> Option<u64> {
        match &self.analysis.status {
            HeapStatus::NotFound(e) if e.stopped == StopReason::Interrupted => Some(e.computed),
            _ => None,
        }
    }
}

impl Session {
    /// `game` within `limits`.
    pub fn new(game: HeapGame, limits: SessionLimits) -> Session {
        Session { game, limits }
    }

    /// The game.
    pub fn game(&self) -> &HeapGame {
        &self.game
    }

    /// The limits.
    pub fn limits(&self) -> &SessionLimits {
        &self.limits
    }

    /// A search not started, its values where the limits put them (memory, or a temporary
    /// file with room for [`FIRST_ROOM`] values at first).
    pub fn new_search(&self, limits: &HeapLimits, watch: &mut dyn Watch) -> Result<HeapSearch, SessionError> {
        let search = HeapSearch::new(&self.game);
        let Some(dir) = self.limits.values_dir(limits) else { return Ok(search) };
        watch.values_file(&dir, 2 * FIRST_ROOM as u64);
        #[cfg(unix)]
        return search
            .into_file(values_file::unnamed(&dir, FIRST_ROOM)?, FIRST_ROOM)
            .map_err(|e| values_file::failure(&dir, FIRST_ROOM, e));
        #[cfg(not(unix))]
        Err(values_file::unsupported(&dir, FIRST_ROOM))
    }

    /// The search saved in the checkpoint `path`. A run resumed computes at least the values it
    /// holds: `limits` that compute fewer are raised to them, and a checkpoint holding more than
    /// the session's `max_heap` is refused (by its fields, before its values are read).
    pub fn resume(
        &self,
        path: &Path,
        limits: &mut HeapLimits,
        watch: &mut dyn Watch,
    ) -> Result<HeapSearch, SessionError> {
        let dir = self.limits.values_dir(limits);
        let file = dir.as_deref().map(|dir| (dir, FIRST_ROOM));
        let search = checkpoints::read(path, &self.game, self.limits.max_heap(), file, watch)?;
        let have = search.values().len();
        limits.max_heap = limits.max_heap.max(have);
        if PeriodRule::of(&self.game) == PeriodRule::None {
            limits.first = limits.first.max(have);
        }
        watch.resumed(&self.game, path, have as u64);
        Ok(search)
    }

    /// The search within `limits`, from the checkpoint `resume` when given, checkpointed when
    /// given `checkpoints`.
    pub fn compute(
        &self,
        mut limits: HeapLimits,
        resume: Option<&Path>,
        checkpoints: Option<&mut Checkpoints>,
        watch: &mut dyn Watch,
    ) -> Result<Run, SessionError> {
        let search = match resume {
            Some(path) => self.resume(path, &mut limits, watch)?,
            None => self.new_search(&limits, watch)?,
        };
        Ok(self.run(search, &limits, Duration::ZERO, checkpoints, watch))
    }

    /// `search` run on within `limits`, `spent` of the session's `max_time` used already;
    /// checkpointed when given `checkpoints`, then written at its end unless the period was
    /// proven.
    pub fn run(
        &self,
        search: HeapSearch,
        limits: &HeapLimits,
        spent: Duration,
        mut checkpoints: Option<&mut Checkpoints>,
        watch: &mut dyn Watch,
    ) -> Run {
        let resumed = search.values().len() as u64;
        let start = Instant::now();
        let max_time = self.limits.max_time;
        watch.start(&self.game, resumed);
        let analysis = analyze_heap_from(search, limits, &mut |p, values| {
            let control = watch.progress(&p);
            if control != HeapControl::Continue {
                return control;
            }
            if let Some(t) = max_time.filter(|&t| spent + start.elapsed() >= t) {
                return HeapControl::TimeLimit(t);
            }
            if let Some(c) = &mut checkpoints
                && let Err(e) = c.due(&self.game, values, p.step)
            {
                watch.checkpoint_failed(&e);
            }
            HeapControl::Continue
        });
        let seconds = start.elapsed().as_secs_f64();
        let saved = checkpoints.map(|c| c.save(&analysis));
        watch.finish();
        Run { new_values: analysis.computed().saturating_sub(resumed), analysis, seconds, saved }
    }
}
