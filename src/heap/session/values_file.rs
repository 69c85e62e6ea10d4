//! The temporary file a search keeps its values in when they do not go in memory.

use std::fs::File;
use std::path::Path;

use super::SessionError;

/// A new file in `dir`, for `room` values, that no other name reaches (unnamed, or removed as
/// soon as it is made): it lives while it is open, and is gone when the process ends however it
/// ends.
pub(super) fn unnamed(dir: &Path, room: usize) -> Result<File, SessionError> {
    tempfile::tempfile_in(dir).map_err(|source| failure(dir, room, source))
}

/// The failure to make the file for `room` values in `dir`.
pub(super) fn failure(dir: &Path, room: usize, source: std::io::Error) -> SessionError {
    SessionError::ValuesFile { dir: dir.to_path_buf(), bytes: 2 * room as u64, source }
}

/// Values in a file need a Unix system.
#[cfg(not(unix))]
pub(super) fn unsupported(dir: &Path, room: usize) -> SessionError {
    failure(dir, room, std::io::Error::other("values in a file need a Unix system"))
}
