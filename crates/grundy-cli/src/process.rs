//! Process policy shared by both binaries: exit codes, standard output, notices.
//!
//! The library reports what happened ([`JudgeError`]); what a process does with it lives here.

use std::io::{BufWriter, ErrorKind, Write};

use grundy::judge::JudgeError;
use grundy::mine::Analysis;

/// The process exit code that reports a judge error: 1 for I/O, 2 for invalid input, 3 for a
/// refused case.
pub fn exit_code(e: &JudgeError) -> u8 {
    match e {
        JudgeError::Read(_) | JudgeError::Output(_) => 1,
        JudgeError::Input(_) | JudgeError::BadTable { .. } => 2,
        _ => 3,
    }
}

/// Buffered standard output, as the judges write it.
pub type Stdout = BufWriter<std::io::StdoutLock<'static>>;

/// Runs `solve` against buffered standard output, flushing what was solved even when a later
/// case fails. The rule for output, as for every `grundy` subcommand: a closed pipe
/// (`grundy knights | head -1`) ends the run quietly, as a success; any other write error (a full
/// disk) is an [`JudgeError::Output`], and it is not hidden by an input error that came first:
/// the write error is returned, its message naming the input error too.
pub fn with_stdout(solve: impl FnOnce(&mut Stdout) -> Result<(), JudgeError>) -> Result<(), JudgeError> {
    let mut out = BufWriter::with_capacity(1 << 16, std::io::stdout().lock());
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
