//! `--checkpoint FILE` and `--resume FILE` of a heap-game computation: the state of the search
//! (`grundy_core::heap::checkpoint`) written when it stops without a proven period and every
//! `--checkpoint-every` seconds while it runs, and read back to go on.
//!
//! A checkpoint is written through a temporary file and a rename ([`output::Target`]), so a
//! crash or a second Ctrl-C leaves the previous one whole. `--checkpoint FILE` never replaces a
//! file this run did not write, except the `--resume` file itself: an existing FILE is refused
//! before any work.

use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use grundy_core::heap::checkpoint;
use grundy_core::{heap::HeapGame, heap::HeapSearch, heap::HeapStep};

use super::Failure;
use super::output::Target;

/// How often a running search is checkpointed by default: at most five minutes of work are lost
/// to a crash, and a write (two bytes per value: 240 MB for Officers after five minutes at
/// 400 000 values per second, under a second to write) costs well under 1 % of the time.
pub const DEFAULT_EVERY: Duration = Duration::from_secs(300);

/// Where and when a search's checkpoints are written.
pub struct Checkpoints {
    shown: PathBuf,
    target: Target,
    every: Duration,
    last: Instant,
    /// Whether FILE may be replaced: it is the `--resume` file, or this run wrote it.
    owned: bool,
    /// The values of the last checkpoint written.
    written: Option<u64>,
}

impl Checkpoints {
    /// Checks FILE before any work: refused when it is there but not a regular file (a link, a
    /// directory, a device), when it exists and is not `resume`, or when it could not be written
    /// (`-o`'s rules: a directory that exists and takes a new file).
    pub fn open(path: &Path, resume: Option<&Path>, every: Option<Duration>) -> Result<Checkpoints, Failure> {
        let meta = std::fs::symlink_metadata(path);
        if let Ok(meta) = &meta
            && !meta.is_file()
        {
            let what = if meta.file_type().is_symlink() {
                "a symbolic link".to_string()
            } else {
                grundy::table::FileKind::of(meta).to_string()
            };
            return Err(Failure::io(format!(
                "--checkpoint {}: is {what}; a checkpoint is written to a regular file (give a new file's path, or \
                 the --resume file's own)",
                path.display()
            )));
        }
        let exists = meta.is_ok();
        let owned = exists && resume.is_some_and(|r| super::output::same_file(path, r));
        if exists && !owned {
            return Err(Failure::io(format!(
                "--checkpoint {0}: the file exists; refusing to replace it (go on from it with --resume {0} \
                 --checkpoint {0}, or remove it)",
                path.display()
            )));
        }
        let target = Target::check(path, false)?;
        // A temporary file made and removed: a directory that takes no new file fails now, not
        // at the end of the run.
        drop(target.stage_with(|_| Ok(()))?);
        Ok(Checkpoints {
            shown: path.to_path_buf(),
            target,
            every: every.unwrap_or(DEFAULT_EVERY),
            last: Instant::now(),
            owned,
            written: None,
        })
    }

    /// The hook's part: writes the state when `--checkpoint-every` has passed since the last
    /// write. A failure is reported and the search goes on (the next write is tried later).
    pub fn due(&mut self, game: &HeapGame, values: &[u16], step: HeapStep) {
        if self.last.elapsed() < self.every {
            return;
        }
        if let Err(e) = self.write(game, values, step) {
            eprintln!("grundy: warning: {}; the search goes on", e.message);
        }
        self.last = Instant::now();
    }

    /// Writes the state now.
    pub fn write(&mut self, game: &HeapGame, values: &[u16], step: HeapStep) -> Result<(), Failure> {
        if !self.owned && std::fs::symlink_metadata(&self.shown).is_ok() {
            return Err(Failure::io(format!(
                "--checkpoint {}: a file appeared there during the run; refusing to replace it",
                self.shown.display()
            )));
        }
        self.target
            .stage_with(|out| checkpoint::write(game, values, step, &mut |bytes| out.write_all(bytes)))?
            .commit()?;
        self.owned = true;
        self.written = Some(values.len() as u64);
        Ok(())
    }

    /// What the run leaves, for standard error: the last checkpoint written, if any.
    pub fn written(&self) -> Option<u64> {
        self.written
    }

    /// FILE, as given.
    pub fn path(&self) -> &Path {
        &self.shown
    }
}

/// Reads the checkpoint `path` of `game`'s search, into memory, or into a temporary file in
/// `file`'s directory with its room for values (read in order, never whole in memory); every
/// refusal names the file.
pub fn resume(path: &Path, game: &HeapGame, file: Option<(&Path, usize)>) -> Result<HeapSearch, Failure> {
    let io = |e: std::io::Error| Failure::io(format!("--resume {}: {e}", path.display()));
    let invalid = |e: checkpoint::CheckpointError| Failure::invalid(format!("--resume {}: {e}", path.display()));
    let Some((dir, room)) = file else {
        let bytes = std::fs::read(path).map_err(io)?;
        return checkpoint::decode(&bytes, game).map_err(invalid);
    };
    #[cfg(unix)]
    {
        let source = std::fs::File::open(path).map_err(io)?;
        let len = source.metadata().map_err(io)?.len();
        super::heap::announce_room(dir, room);
        let values = tempfile::tempfile_in(dir).map_err(|e| super::heap::values_file_failure(dir, room, e))?;
        let mut reader = std::io::BufReader::with_capacity(1 << 16, source);
        checkpoint::decode_into_file(&mut reader, len, game, values, room).map_err(|e| match e {
            checkpoint::IntoFileError::Checkpoint(e) => invalid(e),
            checkpoint::IntoFileError::Io(e) => io(e),
        })
    }
    #[cfg(not(unix))]
    Err(super::heap::values_file_failure(dir, room, std::io::Error::other("values in a file need a Unix system")))
}
