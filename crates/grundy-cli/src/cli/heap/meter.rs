//! What a heap game's search shows on standard error, and Ctrl-C: the [`Watch`] of its
//! session.
//!
//! Nothing is shown for the first [`QUIET`]. Then, when standard error is a terminal, a bar
//! (indicatif) redrawn in place and cleared at the end; otherwise a plain line every [`EVERY`].
//! Never anything on standard output.

use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, Instant};

use grundy::heap::session::{SessionError, Watch};
use grundy_core::heap::{HeapControl, HeapGame, HeapProgress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle};

use crate::cli::interrupt::Interruptible;
use crate::process::QUIET;

/// The least time between two plain progress lines.
const EVERY: Duration = Duration::from_secs(5);

/// The progress display and Ctrl-C of a session's runs.
#[derive(Default)]
pub struct Meter {
    /// The run under way, if any.
    run: Option<Shown>,
}

/// One run's display.
struct Shown {
    game: String,
    /// Values computed before this run.
    resumed: u64,
    start: Instant,
    /// While it lives, the first Ctrl-C stops the run rather than the process.
    interrupt: Interruptible,
    terminal: bool,
    bar: Option<ProgressBar>,
    /// When the last plain line was written.
    last_line: Option<Instant>,
}

impl Watch for Meter {
    fn values_file(&mut self, dir: &Path, bytes: u64) {
        if bytes >= 1 << 30 {
            eprintln!(
                "grundy: writing the values' room in {} first ({bytes} bytes, two per value of --max-heap)",
                dir.display()
            );
        }
    }

    fn resumed(&mut self, game: &HeapGame, path: &Path, computed: u64) {
        eprintln!("grundy: heap game {game}: resuming from {} (G(0..{computed}) computed)", path.display());
    }

    fn start(&mut self, game: &HeapGame, resumed: u64) {
        self.run = Some(Shown {
            game: game.to_string(),
            resumed,
            start: Instant::now(),
            interrupt: Interruptible::new(),
            terminal: std::io::stderr().is_terminal(),
            bar: None,
            last_line: None,
        });
    }

    fn progress(&mut self, p: &HeapProgress) -> HeapControl {
        match &mut self.run {
            Some(shown) if shown.interrupt.interrupted() => HeapControl::Interrupt,
            Some(shown) => {
                shown.show(p);
                HeapControl::Continue
            }
            None => HeapControl::Continue,
        }
    }

    fn checkpoint_failed(&mut self, error: &SessionError) {
        let message = super::failure::failure(error).message;
        eprintln!("grundy: warning: {message}; the search goes on");
    }

    fn finish(&mut self) {
        if let Some(bar) = self.run.take().and_then(|shown| shown.bar) {
            bar.finish_and_clear();
        }
    }
}

impl Drop for Meter {
    fn drop(&mut self) {
        self.finish();
    }
}

impl Shown {
    /// Shows the progress when due.
    fn show(&mut self, p: &HeapProgress) {
        let elapsed = self.start.elapsed();
        if elapsed < QUIET {
            return;
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
