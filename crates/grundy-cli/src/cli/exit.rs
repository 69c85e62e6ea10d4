//! How a command ends: its output under the one rule ([`print`]), and when it does not
//! succeed, its exit code ([`Exit`]) and its message on standard error ([`Failure`]).

use std::process::ExitCode;

use crate::process::Exit;

/// A command that did not succeed: the exit code, and the message for standard error (`None`:
/// the output was closed, which ends a command quietly, as a success).
pub struct Failure {
    pub code: Option<Exit>,
    pub message: String,
}

impl Failure {
    /// A failure with exit code `code`.
    pub fn new(code: Exit, message: impl std::fmt::Display) -> Failure {
        Failure { code: Some(code), message: message.to_string() }
    }

    /// Standard output closed by its reader: the command ends quietly, as a success.
    pub fn closed_output() -> Failure {
        Failure { code: None, message: String::new() }
    }

    /// Invalid input of any kind: exit code 2.
    pub fn invalid(message: impl std::fmt::Display) -> Failure {
        Failure::new(Exit::Invalid, message)
    }

    /// An I/O failure: exit code 1.
    pub fn io(message: impl std::fmt::Display) -> Failure {
        Failure::new(Exit::Io, message)
    }

    /// A computation stopped by Ctrl-C: exit code 130.
    pub fn interrupted(message: impl std::fmt::Display) -> Failure {
        Failure::new(Exit::Interrupted, message)
    }

    /// A verification that found an error: exit code 4.
    pub fn refuted(message: impl std::fmt::Display) -> Failure {
        Failure::new(Exit::Refuted, message)
    }
}

impl From<grundy::judge::JudgeError> for Failure {
    fn from(e: grundy::judge::JudgeError) -> Failure {
        Failure::new(crate::process::exit_code(&e), e.to_string())
    }
}

/// A blob that cannot be read is an I/O failure; one that is not a valid blob, invalid input.
impl From<grundy::table::OpenError> for Failure {
    fn from(e: grundy::table::OpenError) -> Failure {
        match e {
            grundy::table::OpenError::Io { .. } => Failure::io(e),
            _ => Failure::invalid(e),
        }
    }
}

/// The exit code of a command's result, its message (if any) on standard error.
pub fn finish(result: Result<(), Failure>) -> ExitCode {
    match result {
        Ok(()) | Err(Failure { code: None, .. }) => ExitCode::SUCCESS,
        Err(Failure { code: Some(code), message }) => {
            if !message.is_empty() {
                eprintln!("grundy: {message}");
            }
            ExitCode::from(code as u8)
        }
    }
}

/// Writes `text` to standard output under the one rule for output of every subcommand (the
/// judges' too, `process::with_stdout`): a closed pipe ends the command quietly, as a
/// success; any other write error (a full disk) is an I/O failure.
pub fn print(text: impl std::fmt::Display) -> Result<(), Failure> {
    use std::io::Write;
    let mut out = crate::process::stdout();
    match write!(out, "{text}").and_then(|()| out.flush()) {
        Ok(()) => Ok(()),
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Err(Failure::closed_output()),
        Err(e) => Err(Failure::io(format!("writing output: {e}"))),
    }
}
