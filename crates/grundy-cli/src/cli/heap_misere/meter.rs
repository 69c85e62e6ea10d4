//! What a misère analysis shows on standard error, and how it stops: the engine's hook.
//!
//! Nothing is shown for the first [`QUIET`]; then, when standard error is a terminal, one line
//! redrawn in place (the heap family's bar: the heap reached, `|Q|`, the growths and the trial
//! quotients built), cleared when the run ends, Ctrl-C included. Ctrl-C (SIGTERM, SIGHUP) and
//! `--max-time` stop the run; the caller reports how far it got.

use std::io::IsTerminal;
use std::time::{Duration, Instant};

use grundy::heap_misere::MisereProgress;
use grundy_core::heap::{HeapControl, HeapGame};
use indicatif::ProgressBar;

use crate::cli::heap::new_line;
use crate::cli::interrupt::Interruptible;
use crate::process::QUIET;

/// The hook of one misère analysis: signals, the time bound, the progress line.
pub struct MisereMeter {
    game: String,
    max_time: Option<Duration>,
    start: Instant,
    /// While it lives, the first Ctrl-C stops the run rather than the process.
    interrupt: Interruptible,
    terminal: bool,
    bar: Option<ProgressBar>,
}

impl MisereMeter {
    /// The meter of a run of `game`, stopped at `max_time`.
    pub fn new(game: &HeapGame, max_time: Option<Duration>) -> MisereMeter {
        MisereMeter {
            game: format!("{game} (misère)"),
            max_time,
            start: Instant::now(),
            interrupt: Interruptible::new(),
            terminal: std::io::stderr().is_terminal(),
            bar: None,
        }
    }

    /// The engine's hook: stop on a signal or at the time bound, else show `p` when due.
    pub fn control(&mut self, p: MisereProgress) -> HeapControl {
        let elapsed = self.start.elapsed();
        if self.interrupt.interrupted() {
            return HeapControl::Interrupt;
        }
        if let Some(t) = self.max_time.filter(|&t| elapsed >= t) {
            return HeapControl::TimeLimit(t);
        }
        if self.terminal && elapsed >= QUIET {
            let bar = self.bar.get_or_insert_with(|| progress_line(&self.game, elapsed));
            bar.set_position(p.heap);
            bar.set_message(status(&p));
        }
        HeapControl::Continue
    }
}

impl Drop for MisereMeter {
    fn drop(&mut self) {
        if let Some(bar) = self.bar.take() {
            bar.finish_and_clear();
        }
    }
}

/// The heap family's bar (its terminal, its Ctrl-C handling) as a line without the bar: a run
/// stops long before its most heaps as a rule (a period proven, or a growth not), so the
/// fraction would say little.
fn progress_line(game: &str, elapsed: Duration) -> ProgressBar {
    let template = "{prefix} [{elapsed_precise}] heap {pos} {wide_msg}";
    new_line(template, game, elapsed, console::Term::buffered_stderr())
}

/// The progress line's message: `|Q|`, the growths and the trial quotients built.
fn status(p: &MisereProgress) -> String {
    let plural = |n: u64, one: &str| format!("{n} {one}{}", if n == 1 { "" } else { "s" });
    format!("|Q| = {}, {}, {}", p.order, plural(p.growths as u64, "growth"), plural(p.trials, "trial"))
}
