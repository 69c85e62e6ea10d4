//! Progress of a long heap-game computation on standard error, and its stops (`--max-time`,
//! Ctrl-C): the hook of [`analyze_heap_with`](grundy_core::heap::analyze_heap_with).
//!
//! Nothing is shown for the first [`QUIET`]. Then, when standard error is a terminal, a bar
//! (indicatif) redrawn in place and cleared at the end; otherwise a plain line every [`EVERY`].
//! Never anything on standard output.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use grundy_core::{heap::HeapControl, heap::HeapGame, heap::HeapProgress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use super::output::Interruptible;

/// No progress is shown for a computation shorter than this.
pub const QUIET: Duration = Duration::from_secs(2);
/// The least time between two plain progress lines.
const EVERY: Duration = Duration::from_secs(5);

/// The progress display and the stops of one computation.
pub struct Meter {
    game: String,
    /// Values computed before this run.
    resumed: u64,
    start: Instant,
    max_time: Option<Duration>,
    /// Of `max_time`, what was used before this computation started.
    spent: Duration,
    interrupt: Interruptible,
    terminal: bool,
    bar: Option<ProgressBar>,
    /// When the last plain line was written.
    last_line: Option<Instant>,
}

impl Meter {
    /// Starts the clock; from now on the first Ctrl-C stops the computation at the next check.
    /// `resumed`: the values computed before (`--resume`), left out of the rate; `spent`: the
    /// time of `max_time` that earlier computations used.
    pub fn start(game: &HeapGame, max_time: Option<Duration>, spent: Duration, resumed: u64) -> Meter {
        Meter {
            game: game.to_string(),
            resumed,
            start: Instant::now(),
            max_time,
            spent,
            interrupt: Interruptible::new(),
            terminal: std::io::stderr().is_terminal(),
            bar: None,
            last_line: None,
        }
    }

    /// Whether Ctrl-C came.
    pub fn interrupted(&self) -> bool {
        self.interrupt.interrupted()
    }

    /// The hook: stop on Ctrl-C or past `--max-time`, else show the progress when due.
    pub fn check(&mut self, p: HeapProgress) -> HeapControl {
        if self.interrupted() {
            return HeapControl::Interrupt;
        }
        let elapsed = self.start.elapsed();
        if let Some(t) = self.max_time.filter(|&t| self.spent + elapsed >= t) {
            return HeapControl::TimeLimit(t);
        }
        if elapsed < QUIET {
            return HeapControl::Continue;
        }
        let rate = p.computed.saturating_sub(self.resumed) as f64 / elapsed.as_secs_f64().max(1e-9);
        let left = |to: u64| to.saturating_sub(p.computed) as f64 / rate.max(1.0);
        let rare = match p.last_rare {
            Some(r) => format!("{} rare, the last at heap {r}", p.rare_count),
            None => "no rare values".to_string(),
        };
        if self.terminal {
            let bar = self.bar.get_or_insert_with(|| new_bar(&self.game, p.limit, elapsed));
            bar.set_length(p.limit);
            bar.set_position(p.computed);
            bar.set_message(format!(
                "{rate:.0}/s, ETA {:.0} s to {} ({:.0} s to {}); {rare}",
                left(p.step_target),
                p.step_target,
                left(p.limit),
                p.limit
            ));
        } else if self.last_line.is_none_or(|t| t.elapsed() >= EVERY) {
            self.last_line = Some(Instant::now());
            eprintln!(
                "grundy: heap game {}: G(0..{}) in {} s ({rate:.0} values/s), largest value {}, {rare}; \
                 about {:.0} s to {} (this step), {:.0} s to {} (the most computed)",
                self.game,
                p.computed,
                elapsed.as_secs(),
                p.max_value,
                left(p.step_target),
                p.step_target,
                left(p.limit),
                p.limit,
            );
        }
        HeapControl::Continue
    }

    /// Clears the bar, if any.
    pub fn finish(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.finish();
    }
}

/// A bar that has been running `elapsed`; its rate and times are the meter's (indicatif's own
/// estimate would start at the bar, not at the computation).
fn new_bar(game: &str, limit: u64, elapsed: Duration) -> ProgressBar {
    let bar = ProgressBar::with_draw_target(Some(limit), ProgressDrawTarget::stderr()).with_elapsed(elapsed);
    let style = ProgressStyle::with_template("{prefix} [{elapsed_precise}] {bar:20} {pos}/{len} {msg}")
        .unwrap_or_else(|_| ProgressStyle::default_bar());
    bar.set_style(style);
    bar.set_prefix(format!("heap game {game}"));
    bar
}
