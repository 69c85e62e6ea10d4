//! What a heap game's search shows on standard error, and Ctrl-C: the [`Watch`] of its
//! session.
//!
//! Nothing is shown for the first [`QUIET`]. Then, when standard error is a terminal, a bar
//! (indicatif) redrawn in place and cleared at the end, however the run ends (Ctrl-C too: see
//! [`EchoRoom`]); otherwise a plain line every [`EVERY`]. Never anything on standard output.

use std::io::IsTerminal;
use std::path::Path;
use std::time::{Duration, Instant};

use grundy::heap::session::{SessionError, Watch};
use grundy_core::heap::{HeapControl, HeapGame, HeapProgress};
use indicatif::{ProgressBar, ProgressDrawTarget, ProgressStyle, TermLike};

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
            let bar =
                self.bar.get_or_insert_with(|| new_bar(&self.game, p.limit, elapsed, console::Term::buffered_stderr()));
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

/// A bar that has been running `elapsed`, drawn on `term` (less [`EchoRoom`]'s columns); its
/// rate and times are the meter's (indicatif's own estimate would start at the bar, not at the
/// computation).
fn new_bar(game: &str, limit: u64, elapsed: Duration, term: impl TermLike + 'static) -> ProgressBar {
    // `wide_msg`: the message is cut to the line, which never wraps.
    let bar = new_line("{prefix} [{elapsed_precise}] {bar:20} {pos}/{len} {wide_msg}", game, elapsed, term);
    bar.set_length(limit);
    bar
}

/// A progress line drawn with indicatif's `template` (`{prefix}` is `heap game GAME`), as
/// [`new_bar`] draws it.
pub fn new_line(template: &str, game: &str, elapsed: Duration, term: impl TermLike + 'static) -> ProgressBar {
    let target = ProgressDrawTarget::term_like_with_hz(Box::new(EchoRoom(term)), 20);
    let bar = ProgressBar::with_draw_target(None, target).with_elapsed(elapsed);
    bar.set_style(ProgressStyle::with_template(template).unwrap_or_else(|_| ProgressStyle::default_bar()));
    bar.set_prefix(format!("heap game {game}"));
    bar
}

/// A terminal two columns narrower than it is, for the `^C` it echoes on Ctrl-C. indicatif pads
/// the bar's line to the terminal's width, which leaves the cursor past the last column: the
/// echo would then start a new line, and clearing the bar (one line up from the cursor's) would
/// clear the echo's line and leave the bar on the screen. With two columns to spare the echo stays
/// on the bar's line and is cleared with it, as when `--max-time` stops the run.
#[derive(Debug)]
struct EchoRoom<T>(T);

impl<T: TermLike> TermLike for EchoRoom<T> {
    fn width(&self) -> u16 {
        self.0.width().saturating_sub(2).max(1)
    }

    fn height(&self) -> u16 {
        self.0.height()
    }

    fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_up(n)
    }

    fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_down(n)
    }

    fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_right(n)
    }

    fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
        self.0.move_cursor_left(n)
    }

    fn write_line(&self, s: &str) -> std::io::Result<()> {
        self.0.write_line(s)
    }

    fn write_str(&self, s: &str) -> std::io::Result<()> {
        self.0.write_str(s)
    }

    fn clear_line(&self) -> std::io::Result<()> {
        self.0.clear_line()
    }

    fn flush(&self) -> std::io::Result<()> {
        self.0.flush()
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A terminal's screen, as far as a bar uses it: rows of characters, and a cursor that
    /// wraps to the next row when a character is written past the last column (as terminals do).
    #[derive(Debug, Default)]
    struct Screen {
        rows: Vec<Vec<char>>,
        row: usize,
        column: usize,
    }

    impl Screen {
        fn put(&mut self, text: &str) {
            for c in text.chars() {
                if c == '\n' {
                    (self.row, self.column) = (self.row + 1, 0);
                    continue;
                }
                if self.column == usize::from(WIDTH) {
                    (self.row, self.column) = (self.row + 1, 0);
                }
                self.rows.resize(self.rows.len().max(self.row + 1), Vec::new());
                let line = &mut self.rows[self.row];
                line.resize(line.len().max(self.column + 1), ' ');
                line[self.column] = c;
                self.column += 1;
            }
        }

        /// What is on the screen, trailing blanks left out.
        fn shown(&self) -> String {
            let lines = self.rows.iter().map(|r| r.iter().collect::<String>().trim_end().to_string());
            lines.collect::<Vec<_>>().join("\n").trim_end().to_string()
        }
    }

    const WIDTH: u16 = 60;

    #[derive(Debug, Clone, Default)]
    struct Terminal(Arc<Mutex<Screen>>);

    impl Terminal {
        fn screen(&self) -> std::sync::MutexGuard<'_, Screen> {
            self.0.lock().unwrap()
        }
    }

    impl TermLike for Terminal {
        fn width(&self) -> u16 {
            WIDTH
        }

        fn move_cursor_up(&self, n: usize) -> std::io::Result<()> {
            let mut s = self.screen();
            s.row = s.row.saturating_sub(n);
            s.column = s.column.min(usize::from(WIDTH) - 1);
            Ok(())
        }

        fn move_cursor_down(&self, n: usize) -> std::io::Result<()> {
            self.screen().row += n;
            Ok(())
        }

        fn move_cursor_right(&self, n: usize) -> std::io::Result<()> {
            let mut s = self.screen();
            s.column = (s.column + n).min(usize::from(WIDTH) - 1);
            Ok(())
        }

        fn move_cursor_left(&self, n: usize) -> std::io::Result<()> {
            let mut s = self.screen();
            s.column = s.column.saturating_sub(n);
            Ok(())
        }

        fn write_line(&self, s: &str) -> std::io::Result<()> {
            self.screen().put(&format!("{s}\n"));
            Ok(())
        }

        fn write_str(&self, s: &str) -> std::io::Result<()> {
            let mut screen = self.screen();
            if let Some(rest) = s.strip_prefix('\r') {
                screen.column = 0;
                screen.put(rest);
            } else {
                screen.put(s);
            }
            Ok(())
        }

        fn clear_line(&self) -> std::io::Result<()> {
            let mut s = self.screen();
            let row = s.row;
            if let Some(line) = s.rows.get_mut(row) {
                line.clear();
            }
            s.column = 0;
            Ok(())
        }

        fn flush(&self) -> std::io::Result<()> {
            Ok(())
        }
    }

    /// The bar is cleared at the end of a run stopped by Ctrl-C, whose `^C` the terminal echoes
    /// where the cursor is, as it is at the end of any other run.
    #[test]
    fn the_bar_is_cleared_after_an_echoed_ctrl_c() {
        for echo in ["", "^C"] {
            let terminal = Terminal::default();
            terminal.screen().put("$ grundy analyze --heap 0.6\n");
            let bar = new_bar("0.6", 1 << 22, Duration::from_secs(3), terminal.clone());
            bar.set_position(123_456);
            bar.set_message("400000/s, ETA 10 s to 4194304 (10 s to 4194304); 20 rare, the last at heap 20627");
            bar.tick();
            assert!(terminal.screen().shown().contains("heap game 0.6 ["), "{}", terminal.screen().shown());
            terminal.screen().put(echo);
            bar.finish_and_clear();
            assert_eq!(terminal.screen().shown(), "$ grundy analyze --heap 0.6", "echo {echo:?}");
        }
    }
}
