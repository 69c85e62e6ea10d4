//! Why a session could not go on.

use std::fmt;
use std::path::PathBuf;

use grundy_core::heap::checkpoint::CheckpointError;

/// A session's failure: its values' file, a checkpoint to resume from, or one to write.
#[derive(Debug)]
#[non_exhaustive]
pub enum SessionError {
    /// The temporary file for the values could not be made in `dir`.
    ValuesFile {
        /// The directory.
        dir: PathBuf,
        /// The room asked for, two bytes per value.
        bytes: u64,
        /// Why.
        source: std::io::Error,
    },
    /// The checkpoint to resume from could not be read.
    ResumeRead {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
    /// The checkpoint to resume from is refused: damaged, truncated, or of another game.
    ResumeRefused {
        /// The checkpoint.
        path: PathBuf,
        /// Why.
        source: CheckpointError,
    },
    /// The checkpoint holds more values than the session may compute (a run resumed computes at
    /// least the values it holds).
    ResumeTooLong {
        /// The checkpoint.
        path: PathBuf,
        /// The values it holds.
        have: u64,
        /// The session's `max_heap`.
        max_heap: u64,
    },
    /// The checkpoint's path names something other than a regular file.
    CheckpointNotRegular {
        /// The path.
        path: PathBuf,
        /// What it names (`a symbolic link`, `a directory`, ...).
        what: String,
    },
    /// The checkpoint's path names a file this session may not replace: it exists and is not
    /// the file resumed from, or it appeared while the session ran.
    CheckpointExists {
        /// The path.
        path: PathBuf,
        /// Whether it appeared during the session.
        appeared: bool,
    },
    /// A checkpoint could not be written.
    CheckpointWrite {
        /// The path.
        path: PathBuf,
        /// Why.
        source: std::io::Error,
    },
}

impl fmt::Display for SessionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::ValuesFile { dir, bytes, source } => {
                write!(f, "{}: a file of {bytes} bytes for the values: {source}", dir.display())
            }
            Self::ResumeRead { path, source } => write!(f, "{}: {source}", path.display()),
            Self::ResumeRefused { path, source } => write!(f, "{}: {source}", path.display()),
            Self::ResumeTooLong { path, have, max_heap } => write!(
                f,
                "{}: it holds G(0..{have}), more than the {max_heap} values of the session's max_heap (a run \
                 resumed computes at least the values it holds)",
                path.display()
            ),
            Self::CheckpointNotRegular { path, what } => {
                write!(f, "{}: is {what}; a checkpoint is written to a regular file", path.display())
            }
            Self::CheckpointExists { path, appeared: false } => {
                write!(f, "{}: the file exists; refusing to replace it", path.display())
            }
            Self::CheckpointExists { path, appeared: true } => {
                write!(f, "{}: a file appeared there during the run; refusing to replace it", path.display())
            }
            Self::CheckpointWrite { path, source } => write!(f, "writing {}: {source}", path.display()),
        }
    }
}

impl std::error::Error for SessionError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::ValuesFile { source, .. }
            | Self::ResumeRead { source, .. }
            | Self::CheckpointWrite { source, .. } => Some(source),
            Self::ResumeRefused { source, .. } => Some(source),
            _ => None,
        }
    }
}
