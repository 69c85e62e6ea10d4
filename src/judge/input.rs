//! Opening judge input: a file, standard input (redirected from a file, a pipe or a terminal),
//! read in chunks ([`Chunks`]): a small regular file on this thread, anything else on a second
//! one; or, for callers that can promise the file does not change, a memory map
//! ([`Input::map`]).
//!
//! A small regular file is read on the scanning thread because its reads do not wait: a chunk's
//! copy out of the page cache is a small part of scanning it, less than a second thread costs to
//! start and to fill its chunks' fresh pages. From a few megabytes on, the copies the second
//! thread takes over outweigh that (when the second core is free). A pipe or a terminal may make
//! a read wait for its writer; a second thread then reads while this one scans.

use std::fs::{File, Metadata};
use std::io::{self, Read, Seek};
use std::path::Path;
use std::sync::Arc;
use std::time::SystemTime;

use memmap2::Mmap;

use super::source::{Chunks, OpenedFile, change};

/// Judge input, ready to scan: a file mapped whole ([`Input::map`]), or anything read in chunks
/// ([`Input::open`]).
#[allow(missing_debug_implementations)] // A mapping or a boxed reader: nothing to show.
pub struct Input(pub(crate) Bytes);

/// Where an input's bytes come from.
pub(crate) enum Bytes {
    /// A regular file, mapped whole.
    Mapped(Mmap),
    /// Anything else, read in chunks.
    Stream(Chunks),
}

/// Regular files of this many bytes or more are read on a second thread. Below it, the thread's
/// start and the page faults of its chunks cost more than the copies it takes off the scanning
/// thread (docs/performance-notes.md, "The binaries: page faults and the reading thread"): 200 cases of 1000 knights, 1.5 MB, took
/// 5.7 ms read here and 6.7 ms with the thread, 2000 such cases 33.5 and 30.4 ms.
const READER_THREAD_MIN: u64 = 4 << 20;

/// The error for a directory given as judge input.
fn directory() -> io::Error {
    io::Error::new(io::ErrorKind::IsADirectory, "is a directory, not a judge input file")
}

impl Input {
    /// `None` or `-` is standard input; anything else names a file. Either way the input is read
    /// in chunks ([`Chunks`]): a regular file of less than 4 MiB on this thread, anything else on
    /// a second one while this one scans. A regular file (standard input redirected from one
    /// included) is watched: if it shrinks, grows or is modified before it has been read to its
    /// end, reading fails with an I/O error that names it, after the cases read before. A
    /// directory is an error here; errors here do not name the file (the caller knows it).
    pub fn open(path: Option<&Path>) -> io::Result<Input> {
        let (file, name) = match path {
            Some(p) if p != Path::new("-") => (File::open(p)?, p.display().to_string()),
            _ => match stdin()? {
                Some(file) => (file, "standard input".to_owned()),
                None => {
                    let reader = Named { file: io::stdin(), name: "standard input".to_owned() };
                    return Ok(Input(Bytes::Stream(Chunks::new(Box::new(reader)))));
                }
            },
        };
        let meta = file.metadata()?;
        if meta.is_dir() {
            return Err(directory());
        }
        // A file the kernel sizes at 0 may still have content (`/proc/self/status`): a stream.
        if !meta.is_file() || meta.len() == 0 {
            return Ok(Input(Bytes::Stream(Chunks::new(Box::new(Named { file, name })))));
        }
        let opened = Arc::new(OpenedFile::new(file.try_clone()?, &meta, name.clone()));
        let watched = Watched::new(file, name, &meta)?;
        let at = watched.at;
        let chunks = if meta.len() < READER_THREAD_MIN {
            Chunks::here(Box::new(watched))
        } else {
            Chunks::new(Box::new(watched))
        };
        Ok(Input(Bytes::Stream(chunks.reading_file(opened, at))))
    }

    /// Memory-maps a regular file whole (the fastest way in: no copy, and a large last case is
    /// read on both cores). Anything that cannot be mapped (an empty file, a pipe) is streamed
    /// as by [`Input::open`].
    ///
    /// # Safety
    ///
    /// memmap2's contract: the file must not be modified or truncated, by this or any other
    /// process, while the returned value is alive. A change is undefined behaviour (a truncation
    /// typically kills the process with SIGBUS); [`Input::open`] has no such condition.
    pub unsafe fn map(path: &Path) -> io::Result<Input> {
        let file = File::open(path)?;
        if file.metadata()?.is_dir() {
            return Err(directory());
        }
        // SAFETY: the caller upholds memmap2's contract, as stated in this function's `# Safety`.
        match unsafe { Mmap::map(&file) } {
            Ok(map) if !map.is_empty() => Ok(Input(Bytes::Mapped(map))),
            _ => Input::open(Some(path)),
        }
    }

    /// The bytes of a mapped input; `None` for one read in chunks.
    pub fn mapped(&self) -> Option<&[u8]> {
        match &self.0 {
            Bytes::Mapped(map) => Some(map),
            Bytes::Stream(_) => None,
        }
    }

    /// The chunked reader of an input read in chunks; `None` for a mapped one.
    #[doc(hidden)] // For `grundy-tiny`, which compiles the judges for one source type only.
    pub fn into_stream(self) -> Option<Chunks> {
        match self.0 {
            Bytes::Mapped(_) => None,
            Bytes::Stream(chunks) => Some(chunks),
        }
    }
}

/// This process's standard input as a file of its own (the same open file, so a redirected
/// file is read from where the shell left it).
#[cfg(unix)]
fn stdin() -> io::Result<Option<File>> {
    use std::os::fd::AsFd;
    Ok(Some(File::from(io::stdin().as_fd().try_clone_to_owned()?)))
}

#[cfg(not(unix))]
fn stdin() -> io::Result<Option<File>> {
    Ok(None)
}

/// A reader whose errors name what it reads.
struct Named<R = File> {
    file: R,
    name: String,
}

impl<R: Read> Read for Named<R> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        self.file.read(buf).map_err(|e| io::Error::new(e.kind(), format!("{}: {e}", self.name)))
    }
}

/// A regular file read to its end, checked against what it was when opened: reaching the end
/// early (it shrank), reading past the size it had (it grew) or a changed modification time is
/// an I/O error naming the file.
struct Watched {
    inner: Named,
    /// The file's size when opened, and the bytes from where reading started to that size.
    size: u64,
    expected: u64,
    /// The offset reading started at.
    at: u64,
    read: u64,
    modified: Option<SystemTime>,
}

impl Watched {
    fn new(mut file: File, name: String, meta: &Metadata) -> io::Result<Watched> {
        let at = file.stream_position()?;
        let size = meta.len();
        let (expected, modified) = (size.saturating_sub(at), meta.modified().ok());
        Ok(Watched { inner: Named { file, name }, size, expected, at, read: 0, modified })
    }

    /// Compares the file with what it was when opened, once its end is reached (or passed).
    fn check(&self) -> io::Result<()> {
        let meta = self.inner.file.metadata()?;
        let misread = [self.read < self.expected, self.read > self.expected];
        match change(self.size, self.modified, &meta, misread) {
            Some(what) => Err(io::Error::other(format!("{}: {what}", self.inner.name))),
            None => Ok(()),
        }
    }
}

impl Read for Watched {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.inner.read(buf)?;
        self.read += n as u64;
        if (n == 0 && !buf.is_empty()) || self.read > self.expected {
            self.check()?;
        }
        Ok(n)
    }
}
