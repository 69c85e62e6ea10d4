//! Writing `-o FILE` (and `generated/`): a new file, or one that replaces a regular file (never
//! a directory, a device or a pipe), through a temporary file beside it and a rename, so that a
//! failure leaves the old file as it was and no reader sees half a file.
//!
//! A symbolic link or a write-protected file is refused unless `--force` is given: then the
//! link's target is replaced (the link stays) and the file is replaced with its permissions.
//!
//! The bytes are computed before the temporary file is made, so it exists only while they are
//! written and synced. For that window a catchable signal that ends the process (SIGINT,
//! SIGTERM, SIGHUP) first removes the temporary files ([`interrupt`](super::interrupt)), and then
//! ends the process as the signal would have.

use std::fs::{File, OpenOptions};
use std::io::{ErrorKind, Write};
use std::path::{Path, PathBuf};

use super::exit::Failure;
use super::interrupt::{temporaries, watch_signals};

/// Writes `bytes` to `path` (see the module documentation).
pub fn write(path: &Path, bytes: &[u8], force: bool) -> Result<(), Failure> {
    Target::check(path, force)?.write(bytes)
}

/// Refuses `path` before any work is done when it cannot be written (see [`Target::check`]).
pub fn check(path: &Path, force: bool) -> Result<(), Failure> {
    Target::check(path, force).map(drop)
}

/// `-o FILE` for the blob of one game (given by `option`, `--moves` or `--heap`), checked before
/// any work: a directory is refused (it takes the default blob and its manifest), then as
/// [`check`].
pub fn check_game_blob(path: &Path, force: bool, option: &str) -> Result<(), Failure> {
    if is_directory(path) {
        return Err(Failure::invalid(format!(
            "-o {}: a directory takes the default blob and its manifest; with {option} give -o FILE",
            path.display()
        )));
    }
    check(path, force)
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

/// What `--force` allows, for messages.
const FORCE: &str = "pass --force to replace it";

impl Target {
    /// Refuses anything but a regular file or a free name; without `force`, refuses a symbolic
    /// link (dangling or not) and a write-protected file too.
    pub fn check(path: &Path, force: bool) -> Result<Target, Failure> {
        let shown = path.to_path_buf();
        let link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
        if link && !force {
            let to = match std::fs::read_link(path) {
                Ok(to) => format!(" to {}", to.display()),
                Err(_) => String::new(),
            };
            return Err(Failure::io(format!(
                "{}: is a symbolic link{to}; refusing to write through it (pass --force to replace the file it \
                 names)",
                path.display()
            )));
        }
        match std::fs::metadata(path) {
            Ok(meta) if meta.is_file() => {
                if !force && write_protected(path, &meta) {
                    return Err(Failure::io(format!(
                        "{}: is write-protected; refusing to replace it ({FORCE})",
                        path.display()
                    )));
                }
                let path = std::fs::canonicalize(path).map_err(|e| writing(&shown, e))?;
                Ok(Target { shown, path, permissions: Some(meta.permissions()) })
            }
            Ok(meta) => Err(Failure::io(format!(
                "{}: is {}; refusing to replace it (give the path of a regular file to write)",
                path.display(),
                grundy::table::FileKind::of(&meta)
            ))),
            Err(e) if e.kind() == ErrorKind::NotFound => {
                // A dangling link (with `force`): the name it ends at is written, and it stays.
                let path = if link { link_end(path).map_err(|e| writing(&shown, e))? } else { path.to_path_buf() };
                let parent = path.parent().filter(|p| !p.as_os_str().is_empty()).unwrap_or(Path::new("."));
                if !parent.is_dir() {
                    return Err(Failure::io(format!(
                        "writing {}: the directory {} does not exist",
                        shown.display(),
                        parent.display()
                    )));
                }
                Ok(Target { shown, path, permissions: None })
            }
            Err(e) => Err(writing(path, e)),
        }
    }

    /// Writes `bytes` to a new temporary file beside the target and renames it over the target,
    /// so a reader never sees half a blob and a failure leaves the target as it was. The
    /// temporary file is removed on failure.
    pub fn write(&self, bytes: &[u8]) -> Result<(), Failure> {
        self.stage(bytes)?.commit()
    }

    /// Writes `bytes` to a new temporary file beside the target, synced, ready to be renamed
    /// over it by [`Staged::commit`]; dropped uncommitted, the temporary file is removed.
    pub fn stage(&self, bytes: &[u8]) -> Result<Staged<'_>, Failure> {
        self.stage_with(|file| file.write_all(bytes))
    }

    /// [`stage`](Self::stage), the bytes written by `write` (through a buffer), so that they
    /// need not be in memory at once.
    pub fn stage_with(&self, write: impl FnOnce(&mut dyn Write) -> std::io::Result<()>) -> Result<Staged<'_>, Failure> {
        let (tmp, file) = self.temporary()?;
        let staged = Staged { target: self, tmp, done: false };
        let written = (|| {
            let mut buffered = std::io::BufWriter::with_capacity(1 << 20, file);
            write(&mut buffered)?;
            let file = buffered.into_inner().map_err(std::io::IntoInnerError::into_error)?;
            if let Some(permissions) = &self.permissions {
                file.set_permissions(permissions.clone())?;
            }
            file.sync_all()
        })();
        written.map_err(|e| writing(&self.shown, e))?;
        Ok(staged)
    }

    /// A new file beside the target, `.NAME.PID.K.tmp`, created exclusively (nothing that is
    /// there already is touched), and registered for removal on a signal.
    fn temporary(&self) -> Result<(PathBuf, File), Failure> {
        let name = self.path.file_name().map(|n| n.to_string_lossy().into_owned()).unwrap_or_default();
        let dir = self.path.parent().unwrap_or(Path::new("."));
        watch_signals();
        // Created and registered under the lock, so a signal cannot come between the two.
        let mut temporaries = temporaries();
        for k in 0.. {
            let tmp = dir.join(format!(".{name}.{}.{k}.tmp", std::process::id()));
            match OpenOptions::new().write(true).create_new(true).open(&tmp) {
                Ok(file) => {
                    temporaries.push(tmp.clone());
                    return Ok((tmp, file));
                }
                Err(e) if e.kind() == ErrorKind::AlreadyExists && k < 100 => continue,
                Err(e) => return Err(writing(&self.shown, e)),
            }
        }
        unreachable!("the loop returns")
    }
}

/// Whether this process may not write the regular file `path`: no write permission at all, or
/// none for this user (a file of another owner in one's own directory; root may write
/// anything but a file with no write bit). Opening a regular file to write changes nothing.
fn write_protected(path: &Path, meta: &std::fs::Metadata) -> bool {
    meta.permissions().readonly()
        || OpenOptions::new().write(true).open(path).is_err_and(|e| e.kind() == ErrorKind::PermissionDenied)
}

/// Whether `-o PATH` names a directory to write the blob and its manifest into: it ends in `/`.
pub fn is_directory(path: &Path) -> bool {
    path.as_os_str().as_encoded_bytes().ends_with(b"/")
}

/// Whether `a` and `b` name one file: the same file by any path or link when both exist, else
/// the same name in the same directory once links are followed (a file a run is about to write).
pub fn same_file(a: &Path, b: &Path) -> bool {
    #[cfg(unix)]
    if let (Ok(x), Ok(y)) = (std::fs::metadata(a), std::fs::metadata(b)) {
        use std::os::unix::fs::MetadataExt;
        return (x.dev(), x.ino()) == (y.dev(), y.ino());
    }
    let name = |p: &Path| {
        let end = link_end(p).ok()?;
        let dir = end.parent().filter(|d| !d.as_os_str().is_empty()).unwrap_or(Path::new("."));
        Some(std::fs::canonicalize(dir).ok()?.join(end.file_name()?))
    };
    matches!((name(a), name(b)), (Some(x), Some(y)) if x == y)
}

/// Where the chain of symbolic links from `path` ends: the first name that is not a link (or
/// does not exist), a relative link read from the link's own directory.
fn link_end(path: &Path) -> std::io::Result<PathBuf> {
    let mut at = path.to_path_buf();
    // Linux's own bound on a chain of links (ELOOP).
    for _ in 0..40 {
        match std::fs::symlink_metadata(&at) {
            Ok(meta) if meta.file_type().is_symlink() => {
                let to = std::fs::read_link(&at)?;
                at = at.parent().unwrap_or(Path::new("")).join(to);
            }
            _ => return Ok(at),
        }
    }
    Err(std::io::Error::other("too many levels of symbolic links"))
}

/// A temporary file written in full beside its target, not yet renamed over it.
pub struct Staged<'a> {
    target: &'a Target,
    tmp: PathBuf,
    done: bool,
}

impl Staged<'_> {
    /// Renames the temporary file over the target (checking once more that the target is not
    /// something other than a regular file now).
    pub fn commit(mut self) -> Result<(), Failure> {
        let target = self.target;
        let renamed = {
            let mut temporaries = temporaries();
            let renamed = if std::fs::metadata(&target.path).is_ok_and(|m| !m.is_file()) {
                Err(std::io::Error::new(ErrorKind::AlreadyExists, "is no longer a regular file"))
            } else {
                std::fs::rename(&self.tmp, &target.path)
            };
            if renamed.is_ok() {
                temporaries.retain(|t| *t != self.tmp);
                self.done = true;
            }
            renamed
        };
        renamed.map_err(|e| writing(&target.shown, e))
    }
}

impl Drop for Staged<'_> {
    fn drop(&mut self) {
        if !self.done {
            let mut temporaries = temporaries();
            let _ = std::fs::remove_file(&self.tmp);
            temporaries.retain(|t| *t != self.tmp);
        }
    }
}

fn writing(path: &Path, e: std::io::Error) -> Failure {
    Failure::io(format!("writing {}: {e}", path.display()))
}
