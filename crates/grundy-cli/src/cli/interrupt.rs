//! Signals: SIGINT (Ctrl-C), SIGTERM and SIGHUP.
//!
//! From the first `-o` file or checkpoint written, or the first heap-game computation, a thread
//! catches them: it removes the temporary files that exist (those `output` registers while it
//! writes), then ends the process as the signal would have. While an [`Interruptible`]
//! computation runs, the first of them only sets its flag (the computation looks at it and
//! stops, as for Ctrl-C: a search stopped by `timeout` or a closed terminal keeps its
//! checkpoint); a second one ends the process as above.

use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicI32, Ordering};
use std::sync::{Mutex, MutexGuard};

pub use signals::watch as watch_signals;

/// The temporary files that exist now, for the signal thread to remove.
static TEMPORARIES: Mutex<Vec<PathBuf>> = Mutex::new(Vec::new());

/// The temporary files registered now: `output` adds each before writing it and removes it
/// once renamed or deleted, under this lock, so that a signal never comes between the two.
pub fn temporaries() -> MutexGuard<'static, Vec<PathBuf>> {
    TEMPORARIES.lock().unwrap_or_else(std::sync::PoisonError::into_inner)
}

/// Set while an [`Interruptible`] lives.
static COMPUTING: AtomicBool = AtomicBool::new(false);
/// The first signal that came while [`COMPUTING`] (0: none).
static INTERRUPTED: AtomicI32 = AtomicI32::new(0);

/// While it lives, the first SIGINT (Ctrl-C), SIGTERM or SIGHUP sets a flag,
/// [`Interruptible::interrupted`], instead of ending the process (on unix; elsewhere Ctrl-C ends
/// the process as before).
pub struct Interruptible(());

impl Interruptible {
    /// Starts catching the first signal.
    pub fn new() -> Interruptible {
        signals::watch();
        COMPUTING.store(true, Ordering::SeqCst);
        Interruptible(())
    }

    /// Whether a signal came.
    pub fn interrupted(&self) -> bool {
        signalled()
    }
}

/// Whether a signal came while an [`Interruptible`] lived.
pub fn signalled() -> bool {
    INTERRUPTED.load(Ordering::SeqCst) != 0
}

/// What stopped a computation, as messages name it: `Ctrl-C`, `SIGTERM` or `SIGHUP`.
pub fn stopped_by() -> &'static str {
    signals::name(INTERRUPTED.load(Ordering::SeqCst))
}

impl Drop for Interruptible {
    fn drop(&mut self) {
        COMPUTING.store(false, Ordering::SeqCst);
    }
}

#[cfg(unix)]
mod signals {
    use signal_hook::consts::{SIGHUP, SIGINT, SIGTERM};
    use signal_hook::iterator::Signals;

    use std::sync::atomic::Ordering;

    /// From the first call on, SIGINT, SIGTERM and SIGHUP remove the temporary files, then end
    /// the process as they would have (by the signal's default action); but the first of them
    /// while a computation is [`Interruptible`](super::Interruptible) only sets its flag. A
    /// signal the process ignores (SIGHUP under `nohup`) stays ignored.
    pub fn watch() {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            let ignored = ignored();
            let caught: Vec<i32> =
                [SIGINT, SIGTERM, SIGHUP].into_iter().filter(|&s| ignored >> (s - 1) & 1 == 0).collect();
            let Ok(mut signals) = Signals::new(caught) else { return };
            let _ = std::thread::Builder::new().name("signals".into()).spawn(move || {
                for signal in signals.forever() {
                    if super::COMPUTING.load(Ordering::SeqCst)
                        && super::INTERRUPTED.compare_exchange(0, signal, Ordering::SeqCst, Ordering::SeqCst).is_ok()
                    {
                        continue;
                    }
                    // Held till the process ends, so that no new temporary file appears.
                    let mut temporaries = super::temporaries();
                    for tmp in temporaries.drain(..) {
                        let _ = std::fs::remove_file(tmp);
                    }
                    let _ = signal_hook::low_level::emulate_default_handler(signal);
                    std::process::exit(128 + signal);
                }
            });
        });
    }

    /// A signal's name in messages.
    pub fn name(signal: i32) -> &'static str {
        match signal {
            SIGTERM => "SIGTERM",
            SIGHUP => "SIGHUP",
            _ => "Ctrl-C",
        }
    }

    /// The signals this process ignores, bit `n - 1` for signal `n` (Linux: from
    /// `/proc/self/status`; elsewhere none are taken to be).
    fn ignored() -> u64 {
        let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
        let mask = status.lines().find_map(|l| l.strip_prefix("SigIgn:")).map(str::trim);
        mask.and_then(|m| u64::from_str_radix(m, 16).ok()).unwrap_or(0)
    }
}

#[cfg(not(unix))]
mod signals {
    pub fn watch() {}

    pub fn name(_: i32) -> &'static str {
        "Ctrl-C"
    }
}
