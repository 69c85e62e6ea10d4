//! Checkpoints of a search (`grundy_core::heap::checkpoint`): written when it stops without a
//! proven period and every so often while it runs, and read back to go on.
//!
//! A checkpoint never replaces a file the session did not write, except the file it resumed
//! from: an existing file is refused before any work.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use grundy_core::heap::checkpoint;
use grundy_core::heap::{HeapAnalysis, HeapGame, HeapSearch, HeapStep};

use super::{SessionError, Watch};

/// How often a running search is checkpointed by default: at most five minutes of work are
/// lost to a crash, and a write (two bytes per value: 240 MB for Officers after five minutes at
/// 400k values/s) takes well under 1 % of the time.
pub const DEFAULT_CHECKPOINT_EVERY: Duration = Duration::from_secs(300);

/// Writes a checkpoint file whole with what the callback it is given writes (through a
/// temporary file renamed over it, so that a crash leaves the previous checkpoint whole).
pub type Replace = Box<dyn FnMut(&mut dyn FnMut(&mut dyn Write) -> std::io::Result<()>) -> std::io::Result<()>>;

/// Where and when a search's checkpoints are written.
pub struct Checkpoints {
    path: PathBuf,
    replace: Replace,
    every: Duration,
    last: Instant,
    /// Whether the file may be replaced: it is the file resumed from, or this session wrote it.
    owned: bool,
    /// The values of the last checkpoint written.
    written: Option<u64>,
}

impl std::fmt::Debug for Checkpoints {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Checkpoints")
            .field("path", &self.path)
            .field("every", &self.every)
            .field("owned", &self.owned)
            .field("written", &self.written)
            .finish_non_exhaustive()
    }
}

/// What the end of a run left in the checkpoint file.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Saved {
    /// The period was proven: nothing written at the end; the file keeps the checkpoint of
    /// `G(0..n)` written on the way, if any.
    Proven(Option<u64>),
    /// The search, stopped without a proven period, written: `G(0..n)`.
    Written(u64),
}

impl Checkpoints {
    /// Checkpoints to `path`, every `every` (default [`DEFAULT_CHECKPOINT_EVERY`]), written by
    /// `replace`. Refused before any work when `path` names something other than a regular
    /// file, or a file that exists when `may_replace` is false (`may_replace`: it is the file
    /// the session resumes from).
    pub fn open(
        path: &Path,
        every: Option<Duration>,
        may_replace: bool,
        replace: Replace,
    ) -> Result<Checkpoints, SessionError> {
        if let Ok(meta) = std::fs::symlink_metadata(path) {
            if !meta.is_file() {
                let what = if meta.file_type().is_symlink() {
                    "a symbolic link".to_string()
                } else {
                    crate::table::FileKind::of(&meta).to_string()
                };
                return Err(SessionError::CheckpointNotRegular { path: path.to_path_buf(), what });
            }
            if !may_replace {
                return Err(SessionError::CheckpointExists { path: path.to_path_buf(), appeared: false });
            }
        }
        Ok(Checkpoints {
            path: path.to_path_buf(),
            replace,
            every: every.unwrap_or(DEFAULT_CHECKPOINT_EVERY),
            last: Instant::now(),
            owned: may_replace,
            written: None,
        })
    }

    /// Writes the state when `every` has passed since the last write (tried or not); `Ok` when
    /// nothing was due. The search goes on after a failure; the next write is tried later.
    pub fn due(&mut self, game: &HeapGame, values: &[u16], step: HeapStep) -> Result<(), SessionError> {
        if self.last.elapsed() < self.every {
            return Ok(());
        }
        let written = self.write(game, values, step);
        self.last = Instant::now();
        written
    }

    /// Writes the state now.
    pub fn write(&mut self, game: &HeapGame, values: &[u16], step: HeapStep) -> Result<(), SessionError> {
        if !self.owned && std::fs::symlink_metadata(&self.path).is_ok() {
            return Err(SessionError::CheckpointExists { path: self.path.clone(), appeared: true });
        }
        (self.replace)(&mut |out| checkpoint::write(game, values, step, &mut |bytes| out.write_all(bytes)))
            .map_err(|source| SessionError::CheckpointWrite { path: self.path.clone(), source })?;
        self.owned = true;
        self.written = Some(values.len() as u64);
        Ok(())
    }

    /// The end of a run: the search written unless its period was proven.
    pub fn save(&mut self, analysis: &HeapAnalysis) -> Result<Saved, SessionError> {
        if analysis.period().is_some() {
            return Ok(Saved::Proven(self.written));
        }
        self.write(&analysis.game, analysis.values(), analysis.step())?;
        Ok(Saved::Written(analysis.computed()))
    }

    /// The file.
    pub fn path(&self) -> &Path {
        &self.path
    }
}

/// Reads the checkpoint `path` of `game`'s search, holding at most `max_values`, into memory, or
/// into a temporary file in `file`'s directory with its first room for values (read in order,
/// never whole in memory). Its fixed fields are read first: a file that is not a checkpoint (a
/// device, a pipe, gigabytes of something else) is refused before more of it is read, and no more
/// is read than they announce.
pub(super) fn read(
    path: &Path,
    game: &HeapGame,
    max_values: u64,
    file: Option<(&Path, usize)>,
    watch: &mut dyn Watch,
) -> Result<HeapSearch, SessionError> {
    let io = |source| SessionError::ResumeRead { path: path.to_path_buf(), source };
    let source = std::fs::File::open(path).map_err(io)?;
    let meta = source.metadata().map_err(io)?;
    // A regular file's length refuses it, when it is not the one its fields call for, before its
    // values are read; anything else is read as a stream.
    let len = meta.is_file().then_some(meta.len());
    let values = match file {
        None => checkpoint::Destination::Memory,
        #[cfg(unix)]
        Some((dir, room)) => {
            watch.values_file(dir, 2 * room as u64);
            checkpoint::Destination::File(super::values_file::unnamed(dir, room)?, room)
        }
        #[cfg(not(unix))]
        Some((dir, room)) => {
            let _ = watch;
            return Err(super::values_file::unsupported(dir, room));
        }
    };
    let mut reader = std::io::BufReader::with_capacity(1 << 16, source);
    checkpoint::read(&mut reader, len, game, max_values, values).map_err(|e| match e {
        checkpoint::ReadError::Checkpoint(source) => SessionError::ResumeRefused { path: path.to_path_buf(), source },
        checkpoint::ReadError::TooMany { have } => {
            SessionError::ResumeTooLong { path: path.to_path_buf(), have, max_heap: max_values }
        }
        checkpoint::ReadError::Io(e) => io(e),
    })
}
