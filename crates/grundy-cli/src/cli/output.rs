//! Writing `-o FILE`: a new file, or one that replaces a regular file (never a directory, a
//! device or a pipe), through a temporary file beside it and a rename, so that a failure leaves
//! the old file as it was and no reader sees half a file.

use std::fs::OpenOptions;
use std::io::Write;
use std::path::{Path, PathBuf};

use super::Failure;

/// Refuses a path that exists and is not a regular file (following symbolic links); returns the
/// path to replace (a link's target, so the link stays a link).
pub fn check(path: &Path) -> Result<PathBuf, Failure> {
    if path.as_os_str().is_empty() {
        return Err(Failure::invalid("-o: empty file name"));
    }
    match std::fs::metadata(path) {
        Ok(meta) if meta.is_file() => {
            let is_link = std::fs::symlink_metadata(path).is_ok_and(|m| m.file_type().is_symlink());
            if is_link {
                std::fs::canonicalize(path).map_err(|e| Failure::io(format!("{}: {e}", path.display())))
            } else {
                Ok(path.to_path_buf())
            }
        }
        Ok(_) => Err(Failure::invalid(format!("{}: exists and is not a regular file; not replaced", path.display()))),
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => Ok(path.to_path_buf()),
        Err(e) => Err(Failure::io(format!("{}: {e}", path.display()))),
    }
}

/// Writes `bytes` to `path` (see the module documentation).
pub fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let target = check(path)?;
    let fail = |e: std::io::Error| Failure::io(format!("{}: {e}", path.display()));
    let dir = match target.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    let name = target.file_name().map_or("output".into(), |n| n.to_string_lossy().into_owned());
    // A fresh name (create_new): an existing file of that name is never touched.
    let mut attempt = 0u32;
    let (tmp, mut file) = loop {
        let tmp = dir.join(format!(".{name}.grundy-{}-{attempt}.tmp", std::process::id()));
        match OpenOptions::new().write(true).create_new(true).open(&tmp) {
            Ok(file) => break (tmp, file),
            Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists && attempt < 100 => attempt += 1,
            Err(e) => return Err(fail(e)),
        }
    };
    let written = file.write_all(bytes).and_then(|()| file.sync_all());
    drop(file);
    if let Err(e) = written.and_then(|()| std::fs::rename(&tmp, &target)) {
        let _ = std::fs::remove_file(&tmp);
        return Err(fail(e));
    }
    Ok(())
}
