//! The temporary file a search keeps its values in when they do not go in memory.

use std::fs::File;
use std::path::Path;

use super::SessionError;

/// A new file in `dir`, for `room` values, that no other name reaches: created under a name of
/// its own, which is removed at once (the file lives while it is open, and is gone when the
/// process ends however it ends).
pub(super) fn unnamed(dir: &Path, room: usize) -> Result<File, SessionError> {
    let failed = |source| failure(dir, room, source);
    for k in 0u32.. {
        let path = dir.join(format!(".grundy-values.{}.{k}", std::process::id()));
        match std::fs::OpenOptions::new().read(true).write(true).create_new(true).open(&path) {
            Ok(file) => {
                std::fs::remove_file(&path).map_err(failed)?;
                return Ok(file);
            }
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && k < 100 => continue,
            Err(e) => return Err(failed(e)),
        }
    }
    unreachable!("the loop returns")
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
