//! Process policy of the `grundy` binary: exit codes, standard output, notices (`grundy-tiny`,
//! in `crates/grundy-tiny`, follows the same rules without the standard library).
//!
//! The library reports what happened ([`JudgeError`]); what a process does with it lives here.

use std::io::{BufWriter, ErrorKind, Write};
use std::time::Duration;

use grundy::judge::JudgeError;
use grundy::mine::Analysis;

/// The exit codes of `grundy` other than success (0).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Exit {
    /// 1: a file or stream could not be read or written.
    Io = 1,
    /// 2: invalid input (judge data, arguments or a table blob).
    Invalid = 2,
    /// 3: a well-formed case the solver refuses to answer rather than guess.
    Refused = 3,
    /// 4: a verification that found an error.
    Refuted = 4,
    /// 130: a heap-game computation stopped by Ctrl-C (128 + SIGINT, as the shell reports it).
    Interrupted = 130,
}

/// The exit code that reports a judge error: I/O, invalid input, or a refused case.
pub fn exit_code(e: &JudgeError) -> Exit {
    match e {
        JudgeError::Read(_) | JudgeError::Output(_) => Exit::Io,
        JudgeError::Input(_) | JudgeError::BadTable { .. } => Exit::Invalid,
        _ => Exit::Refused,
    }
}

/// A long computation says nothing of its progress on standard error before this.
pub const QUIET: Duration = Duration::from_secs(2);

/// Buffered standard output, as the judges write it.
pub type Stdout = BufWriter<Out>;

/// Standard output, locked. Its writes fail as a closed descriptor's do (EBADF) when the process
/// started with standard output closed (`grundy knights FILE >&-`): the Rust runtime puts
/// `/dev/null` in its place before `main`, and its answers would be lost without a word.
pub struct Out(std::io::StdoutLock<'static>);

/// Standard output for a command's output (see [`Out`]).
pub fn stdout() -> Out {
    Out(std::io::stdout().lock())
}

impl Write for Out {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        if closed_at_start::stdout_was_closed() {
            return Err(closed_at_start::error());
        }
        self.0.write(buf)
    }

    fn flush(&mut self) -> std::io::Result<()> {
        self.0.flush()
    }
}

/// Whether standard output was closed when the process started, found out before the Rust
/// runtime puts `/dev/null` in its place: by a function in `.init_array`, which the loader runs
/// before the runtime's start-up code (on Linux; elsewhere it is taken to be open).
#[cfg(target_os = "linux")]
mod closed_at_start {
    use std::sync::atomic::{AtomicBool, Ordering};

    static CLOSED: AtomicBool = AtomicBool::new(false);

    /// EBADF on Linux.
    const EBADF: i32 = 9;

    /// Duplicating descriptor 1 fails with EBADF when it is closed (the duplicate is closed
    /// again at once).
    extern "C" fn check() {
        use std::os::fd::AsFd;
        let closed = std::io::stdout().as_fd().try_clone_to_owned().is_err_and(|e| e.raw_os_error() == Some(EBADF));
        CLOSED.store(closed, Ordering::Relaxed);
    }

    // SAFETY: `.init_array` holds pointers to functions the loader calls, before `main`, with
    // (argc, argv, envp), which a function of no arguments may ignore under the C calling
    // convention. `check` needs nothing the Rust runtime sets up in `main`: it creates the lazily
    // initialised standard-output handle (one allocation, from the C library's allocator, which
    // is ready before `.init_array` runs, as the standard library's own entry there relies on),
    // then makes one `fcntl` and one `close`.
    #[used]
    #[unsafe(link_section = ".init_array")]
    static CHECK: extern "C" fn() = check;

    pub fn stdout_was_closed() -> bool {
        CLOSED.load(Ordering::Relaxed)
    }

    pub fn error() -> std::io::Error {
        std::io::Error::from_raw_os_error(EBADF)
    }
}

#[cfg(not(target_os = "linux"))]
mod closed_at_start {
    pub fn stdout_was_closed() -> bool {
        false
    }

    pub fn error() -> std::io::Error {
        std::io::Error::other("standard output is closed")
    }
}

/// Runs `solve` against buffered standard output, flushing what was solved even when a later
/// case fails. The rule for output, as for every `grundy` subcommand: a closed pipe
/// (`grundy knights | head -1`) ends the run quietly, as a success; any other write error (a full
/// disk, standard output closed) is an [`JudgeError::Output`], and it is not hidden by an input error that came first:
/// the write error is returned, its message naming the input error too.
pub fn with_stdout(solve: impl FnOnce(&mut Stdout) -> Result<(), JudgeError>) -> Result<(), JudgeError> {
    let mut out = BufWriter::with_capacity(1 << 16, stdout());
    let result = solve(&mut out);
    let flushed = out.flush();
    // Nothing more is written, even if the buffer still holds something (a failed flush).
    let _ = out.into_parts();
    settle(result, flushed)
}

/// The outcome of a run and of the final flush of its output, under [`with_stdout`]'s rule.
fn settle(result: Result<(), JudgeError>, flushed: std::io::Result<()>) -> Result<(), JudgeError> {
    let closed = |e: &std::io::Error| e.kind() == ErrorKind::BrokenPipe;
    match (result, flushed) {
        (Err(JudgeError::Output(e)), _) | (Ok(()), Err(e)) if closed(&e) => Ok(()),
        (Err(_), Err(e)) if closed(&e) => Ok(()),
        (result, flushed) => grundy::judge::combine(result, flushed),
    }
}

/// The notice for standard error when a case broke the statement's promise (and was solved
/// exactly); `None` for a case that kept it.
pub fn promise_notice(case: u64, analysis: &Analysis) -> Option<String> {
    if analysis.keeps_promise() {
        return None;
    }
    let plural = |n: u64, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
    Some(format!(
        "case {case} breaks the promise (a number touches two blank regions); solved exactly \
         ({} touching two or more, {} searched)",
        plural(analysis.shared_numbers, "number", "numbers"),
        plural(analysis.clusters as u64, "cluster", "clusters"),
    ))
}
