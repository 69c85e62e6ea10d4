//! Writing `-o FILE` (and `generated/`): a new file, or one that replaces a regular file (never
//! a directory, a device or a pipe), through a temporary file beside it and a rename, so that a
//! failure leaves the old file as it was and no reader sees half a file.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use super::Failure;

/// Writes `bytes` to `path` (see the module documentation).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    Target::check(path)?.write(bytes)
}

/// Refuses `path` before any work is done when it cannot be written (see [`Target::check`]).
pub fn check(path: &Path) -> Result<(), Failure> {
    Target::check(path).map(drop)
}

/// A path to write: a regular file to replace, or nothing yet.
pub struct Target {
    /// As given, for messages.
    shown: PathBuf,
    /// Where the file is written: a symbolic link's target, so the link stays.
    path: PathBuf,
    /// The permissions of the file replaced.
    permissions: Option<std::fs::Permissions>,
}

impl Target {
    /// Refuses anything but a regular file (following symbolic links) or a free name.
    pub fn check(path: &Path) -> Result<Target, Failure> {
        let shown = path.to_path_buf();
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => {
                let path = std::fs::canonicalize(path).map_err(|e| writing(&shown, e))?;
                Ok(Target { shown, path, permissions: Some(meta.permissions()) })
            }
            Ok(meta) => Err(Failure::io(format!(
                "{}: is {}; refusing to replace it (give the path of a regular file to write)",
                path.display(),
                grundy::table::FileKind::of(&meta)
            ))),
            Err(e) if e.kind() == ErrorKind::NotFound => {
                let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
                if !parent.is_dir() {
                    return Err(Failure::io(format!(
                        "writing {}: the directory {} does not exist",
                        path.display(),
                        parent.display()
                    )));
                }
                Ok(Target { shown, path: path.to_path_buf(), permissions: None })
            }
            Err(e) => Err(writing(path, e)),
        }
    }

    /// Writes `bytes` to a new temporary file beside the target and renames it over the target,
    /// so a reader never sees half a blob and a failure leaves the target as it was. The
    /// temporary file is removed on failure.
    pub fn write(&self, bytes: &[u8]) -> Result<(), Failure> {
        let (tmp, file) = self.temporary()?;
        let written = (|| {
            let mut file = file;
            file.write_all(bytes)?;
            if let Some(permissions) = &self.permissions {
                file.set_permissions(permissions.clone())?;
            }
            file.sync_all()?;
            drop(file);
            // Checked again just before the rename: a directory or FIFO made meanwhile stays.
            if std::fs::metadata(&self.path).is_ok_and(|m| !m.is_file()) {
                return Err(std::io::Error::new(ErrorKind::AlreadyExists, "is no longer a regular file"));
            }
            std::fs::rename(&tmp, &self.path)
        })();
        if let Err(e) = written {
            let _ = std::fs::remove_file(&tmp);
            return Err(writing(&self.shown, e));
        }
        eprintln!("wrote {} ({} bytes)", self.shown.display(), bytes.len());
        Ok(())
    }

    /// A new file beside the target, `.NAME.PID.K.tmp`, created exclusively (nothing that is
    /// there already is touched).
    fn temporary(&self) -> Result<(PathBuf, File), Failure> {
        let name = self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let dir = self.path.parent().unwrap_or(Path::new("."));
        for k in 0.. {
            let tmp = dir.join(format!(".{name}.{}.{k}.tmp", std::process::id()));
            match OpenOptions::new().write(true).create_new(true).open(&tmp) {
                Ok(file) => return Ok((tmp, file)),
                Err(e) if e.kind() == ErrorKind::AlreadyExists && k < 100 => continue,
                Err(e) => return Err(writing(&self.shown, e)),
            }
        }
        unreachable!("the loop returns")
    }
}

fn writing(path: &Path, e: std::io::Error) -> Failure {
    Failure::io(format!("writing {}: {e}", path.display()))
}
