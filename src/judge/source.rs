//! Where judge input comes from: a whole byte slice (a mapped file) or a reader consumed in
//! bounded chunks (a file, a pipe), behind one trait the scanner is generic over. A regular file
//! read in chunks also offers its rest for positioned reads ([`Source::file`]).

use std::fs::{File, Metadata};
use std::io::{self, Read};
use std::sync::Arc;
use std::time::SystemTime;

/// A window onto the input that can slide forward.
pub trait Source {
    /// The bytes available now.
    fn window(&self) -> &[u8];

    /// Drops `window()[..consumed]` and appends more input to the window. Returns `false` at the
    /// end of the input (the window is then unchanged apart from the drop).
    fn refill(&mut self, consumed: usize) -> io::Result<bool>;

    /// Whether there can be input beyond the window (false: the window is the whole input).
    fn streaming(&self) -> bool;

    /// The regular file this source reads, and the offset in it of the window's first byte,
    /// when there is one (so that its rest can be read at positions of its own).
    fn file(&self) -> Option<(&Arc<OpenedFile>, u64)> {
        None
    }

    /// Drops the rest of the input (after a caller read it some other way): the window becomes
    /// empty and the input ends.
    fn skip_rest(&mut self) {}
}

/// A regular file as it was when opened, to read at positions of its own and to tell whether it
/// has changed since.
#[allow(missing_debug_implementations)]
pub struct OpenedFile {
    /// The file (its own handle: positioned reads leave any shared offset alone).
    pub file: File,
    /// Its size and modification time when opened.
    pub size: u64,
    modified: Option<SystemTime>,
    /// What errors call it.
    name: String,
}

impl OpenedFile {
    /// `file`, called `name`, with its size and modification time from `meta` (its metadata
    /// when opened).
    pub fn new(file: File, meta: &Metadata, name: String) -> OpenedFile {
        OpenedFile { file, size: meta.len(), modified: meta.modified().ok(), name }
    }

    /// Whether the file still has the size and modification time it had when opened.
    pub fn unchanged(&self) -> bool {
        self.file.metadata().is_ok_and(|m| m.len() == self.size && m.modified().ok() == self.modified)
    }

    /// The error naming the file and how it changed since it was opened (size, then
    /// modification time), or `None` while it is unchanged (or cannot be asked).
    pub fn changed(&self) -> Option<io::Error> {
        let meta = self.file.metadata().ok()?;
        let what = change(self.size, self.modified, &meta, [false; 2])?;
        Some(io::Error::other(format!("{}: {what}", self.name)))
    }

    /// A reader of `file` from offset `at` to `end`, by positioned reads.
    #[cfg(unix)]
    pub fn range(file: &Arc<OpenedFile>, at: u64, end: u64) -> impl Read + Send + 'static {
        FileRange { file: Arc::clone(file), at, end }
    }
}

/// How a file that had size `was` and modification time `modified` when opened differs from its
/// metadata `now`, or `None`. `[short, long]`: the reader found fewer or more bytes than `was`.
pub(super) fn change(
    was: u64,
    modified: Option<SystemTime>,
    now: &Metadata,
    [short, long]: [bool; 2],
) -> Option<String> {
    let len = now.len();
    Some(if short || len < was {
        format!("the file shrank while it was read ({was} bytes when opened, {len} now)")
    } else if long || len > was {
        format!("the file grew while it was read ({was} bytes when opened, {len} now)")
    } else if now.modified().ok() != modified {
        "the file was modified while it was read".to_owned()
    } else {
        return None;
    })
}

/// Bytes `at..end` of a file, read at their positions.
#[cfg(unix)]
struct FileRange {
    file: Arc<OpenedFile>,
    at: u64,
    end: u64,
}

#[cfg(unix)]
impl Read for FileRange {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        use std::os::unix::fs::FileExt;
        let want = usize::try_from(self.end.saturating_sub(self.at)).map_or(buf.len(), |left| left.min(buf.len()));
        if want == 0 {
            return Ok(0);
        }
        let n = self.file.file.read_at(&mut buf[..want], self.at)?;
        self.at += n as u64;
        Ok(n)
    }
}

impl Source for &[u8] {
    #[inline]
    fn window(&self) -> &[u8] {
        self
    }

    fn refill(&mut self, _consumed: usize) -> io::Result<bool> {
        Ok(false)
    }

    fn streaming(&self) -> bool {
        false
    }
}

/// Bytes read per refill. The window never holds much more: the scanner keeps at most one
/// token across a refill, and a token longer than 20 digits is already an error. A few chunks
/// fit in the level-2 cache (the kernel copies a chunk in, the scanner reads it while it is
/// still there) and cost few page faults when first touched; a larger chunk buys nothing.
pub const CHUNK: usize = 1 << 17;

/// A reader consumed in chunks of [`CHUNK`] bytes, so memory stays bounded for any input size.
#[allow(missing_debug_implementations)]
pub struct ReadSource<R> {
    reader: R,
    buf: Vec<u8>,
    len: usize,
}

impl<R: Read> ReadSource<R> {
    pub fn new(reader: R) -> Self {
        ReadSource { reader, buf: Vec::new(), len: 0 }
    }
}

impl<R: Read> Source for ReadSource<R> {
    #[inline]
    fn window(&self) -> &[u8] {
        &self.buf[..self.len]
    }

    fn refill(&mut self, consumed: usize) -> io::Result<bool> {
        self.buf.copy_within(consumed..self.len, 0);
        self.len -= consumed;
        if self.buf.len() < self.len + CHUNK {
            self.buf.resize(self.len + CHUNK, 0);
        }
        loop {
            match self.reader.read(&mut self.buf[self.len..]) {
                Ok(n) => {
                    self.len += n;
                    return Ok(n > 0);
                }
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn streaming(&self) -> bool {
        true
    }
}

/// Spare bytes kept in front of every chunk of a [`Chunks`] source, where the unfinished token of
/// the chunk before is copied so that the window stays one slice without moving the chunk.
const HEAD: usize = 64;

/// A reader consumed in chunks of [`CHUNK`] bytes, each read whole (until it is full or the input
/// ends): on this thread ([`Chunks::here`]) or, with the `parallel` feature, on a second thread,
/// a few ahead, while this one scans ([`Chunks::new`]), so that waiting for a pipe's writer
/// overlaps the scanning. Memory stays a few chunks for any input size.
///
/// Judge input of every kind (a file, standard input redirected from one, a pipe, a terminal) is
/// read this way: one source type, so the judges are compiled once for streams. Unlike a memory
/// map, a file that is truncated or rewritten while it is read cannot fault the process: the
/// reader reports it as an I/O error (see [`Input::open`](super::input::Input::open)).
#[allow(missing_debug_implementations)] // Buffers and a reader: nothing to show.
pub struct Chunks {
    /// The window is `buf[start..len]`.
    buf: Vec<u8>,
    start: usize,
    len: usize,
    /// A spent buffer, for the next chunk read on this thread.
    spare: Vec<u8>,
    feed: Feed,
    /// The regular file read, if it is one, with the offset of the first byte read from it.
    file: Option<(Arc<OpenedFile>, u64)>,
    /// Bytes received so far: the window ends at that many bytes past the first.
    received: u64,
}

/// A chunk: its buffer (data from [`HEAD`]) and the length of the data in it, `HEAD` included.
type Chunk = (Vec<u8>, usize);

/// Where chunks come from.
enum Feed {
    /// Read on this thread.
    Here(Filler),
    /// Read on a second thread: filled chunks (or the error that ended the input) come in,
    /// spent ones go back for reuse.
    #[cfg(feature = "parallel")]
    Thread { filled: std::sync::mpsc::Receiver<io::Result<Chunk>>, spent: std::sync::mpsc::SyncSender<Vec<u8>> },
    /// The input has ended (or failed).
    Done,
}

/// Chunks the second thread reads ahead, at most (besides the one it fills and the one scanned).
#[cfg(feature = "parallel")]
const AHEAD: usize = 2;

/// A reader and the error it returned after some bytes of a chunk, held back until those bytes
/// have been scanned (so the cases before a failure are still answered).
struct Filler {
    reader: Box<dyn Read + Send>,
    pending: Option<io::Error>,
    /// Whether a read returned 0, the end of the input: no buffer is then made to read it again.
    ended: bool,
}

impl Filler {
    fn new(reader: Box<dyn Read + Send>) -> Filler {
        Filler { reader, pending: None, ended: false }
    }

    /// Reads one chunk into `chunk[HEAD..]`, until it is full or the input ends (a reused buffer
    /// is not cleared first). Returns the length of the data, `HEAD` included.
    fn fill(&mut self, chunk: &mut Vec<u8>) -> io::Result<usize> {
        if let Some(e) = self.pending.take() {
            return Err(e);
        }
        if self.ended {
            return Ok(HEAD);
        }
        if chunk.len() != HEAD + CHUNK {
            *chunk = vec![0; HEAD + CHUNK];
        }
        let mut len = HEAD;
        while len < chunk.len() {
            match self.reader.read(&mut chunk[len..]) {
                Ok(0) => {
                    self.ended = true;
                    break;
                }
                Ok(n) => len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if len == HEAD => return Err(e),
                Err(e) => {
                    self.pending = Some(e);
                    break;
                }
            }
        }
        Ok(len)
    }
}

impl Chunks {
    /// Reads `reader` in chunks: on a second thread with the `parallel` feature (when a thread
    /// can be had), else on this one.
    pub fn new(reader: Box<dyn Read + Send>) -> Chunks {
        Chunks::with_feed(feed(reader))
    }

    /// Reads `reader` in chunks on this thread.
    pub fn here(reader: Box<dyn Read + Send>) -> Chunks {
        Chunks::with_feed(Feed::Here(Filler::new(reader)))
    }

    fn with_feed(feed: Feed) -> Chunks {
        Chunks { buf: Vec::new(), start: 0, len: 0, spare: Vec::new(), feed, file: None, received: 0 }
    }

    /// Says that the reader reads `file` from offset `at` on (to its end), so that the rest of
    /// it can be read at positions of its own ([`Source::file`]).
    pub fn reading_file(mut self, file: Arc<OpenedFile>, at: u64) -> Chunks {
        self.file = Some((file, at));
        self
    }

    /// The next chunk, or `None` at the end of the input.
    fn next_chunk(&mut self) -> io::Result<Option<Chunk>> {
        let result = match &mut self.feed {
            Feed::Here(filler) => {
                let mut chunk = std::mem::take(&mut self.spare);
                filler.fill(&mut chunk).map(|n| (n > HEAD).then_some((chunk, n)))
            }
            #[cfg(feature = "parallel")]
            Feed::Thread { filled, .. } => match filled.recv() {
                Ok(Ok(chunk)) => Ok(Some(chunk)),
                Ok(Err(e)) => Err(e),
                // The thread ended without an error: the end of the input.
                Err(_) => Ok(None),
            },
            Feed::Done => Ok(None),
        };
        if !matches!(result, Ok(Some(_))) {
            self.feed = Feed::Done;
        }
        result
    }

    /// Read on this thread, the next chunk goes into the buffer just scanned, after the `carry`
    /// bytes kept (moved to its front): one buffer for the whole input, so its pages are touched
    /// once and it stays in the cache. `None` where that cannot be done (a second thread reads,
    /// or the kept bytes do not fit in front): [`Source::refill`]'s general path then.
    fn refill_here(&mut self, carry: usize) -> Option<io::Result<bool>> {
        let Feed::Here(filler) = &mut self.feed else { return None };
        // A buffer of another size (none yet, or one joined) is replaced by `fill`.
        if carry > HEAD || (carry > 0 && self.buf.len() != HEAD + CHUNK) {
            return None;
        }
        // The window is the kept bytes until a chunk comes (an empty one at the start, where
        // there may be no buffer yet).
        if carry > 0 {
            self.buf.copy_within(self.start..self.len, HEAD - carry);
            (self.start, self.len) = (HEAD - carry, HEAD);
        } else {
            (self.start, self.len) = (0, 0);
        }
        let filled = filler.fill(&mut self.buf).map(|len| {
            if len == HEAD {
                return false;
            }
            self.received += (len - HEAD) as u64;
            (self.start, self.len) = (HEAD - carry, len);
            true
        });
        if !matches!(filled, Ok(true)) {
            self.feed = Feed::Done;
        }
        Some(filled)
    }

    /// Gives a spent buffer back for reuse.
    fn recycle(&mut self, buf: Vec<u8>) {
        match &self.feed {
            #[cfg(feature = "parallel")]
            Feed::Thread { spent, .. } => drop(spent.try_send(buf)),
            _ => self.spare = buf,
        }
    }
}

#[cfg(feature = "parallel")]
fn feed(reader: Box<dyn Read + Send>) -> Feed {
    use std::sync::mpsc::sync_channel;
    use std::sync::{Arc, Mutex};
    let (to_scanner, filled) = sync_channel::<io::Result<Chunk>>(AHEAD);
    let (spent, from_scanner) = sync_channel::<Vec<u8>>(AHEAD + 2);
    // The reader moves into the thread through a slot, so that it is still here if no thread
    // can be had.
    let slot = Arc::new(Mutex::new(Some(reader)));
    let theirs = Arc::clone(&slot);
    let spawned = std::thread::Builder::new().name("input-reader".into()).spawn(move || {
        let Some(reader) = theirs.lock().ok().and_then(|mut r| r.take()) else { return };
        let mut filler = Filler::new(reader);
        loop {
            let mut chunk = from_scanner.try_recv().unwrap_or_default();
            let message = match filler.fill(&mut chunk) {
                // The end: the sender is dropped, which tells the scanner.
                Ok(HEAD) => return,
                Ok(len) => Ok((chunk, len)),
                Err(e) => Err(e),
            };
            let failed = message.is_err();
            if to_scanner.send(message).is_err() || failed {
                return;
            }
        }
    });
    match spawned {
        Ok(_) => Feed::Thread { filled, spent },
        // No thread (the closure, and its claim on the slot, is dropped): read here.
        Err(_) => match slot.lock().ok().and_then(|mut r| r.take()) {
            Some(reader) => Feed::Here(Filler::new(reader)),
            None => Feed::Done,
        },
    }
}

#[cfg(not(feature = "parallel"))]
fn feed(reader: Box<dyn Read + Send>) -> Feed {
    Feed::Here(Filler::new(reader))
}

impl Source for Chunks {
    #[inline]
    fn window(&self) -> &[u8] {
        &self.buf[self.start..self.len]
    }

    fn refill(&mut self, consumed: usize) -> io::Result<bool> {
        self.start += consumed;
        let carry = self.len - self.start;
        if let Some(refilled) = self.refill_here(carry) {
            return refilled;
        }
        let Some((mut chunk, mut len)) = self.next_chunk()? else { return Ok(false) };
        self.received += (len - HEAD) as u64;
        if carry <= HEAD {
            chunk[HEAD - carry..HEAD].copy_from_slice(&self.buf[self.start..self.len]);
            self.start = HEAD - carry;
        } else {
            // A kept token longer than the room in front (the scanner keeps at most one token,
            // and one of more than 20 digits is already an error): the two joined.
            let mut joined = Vec::with_capacity(carry + len - HEAD);
            joined.extend_from_slice(&self.buf[self.start..self.len]);
            joined.extend_from_slice(&chunk[HEAD..len]);
            len = joined.len();
            (chunk, self.start) = (joined, 0);
        }
        self.len = len;
        let spent = std::mem::replace(&mut self.buf, chunk);
        self.recycle(spent);
        Ok(true)
    }

    fn streaming(&self) -> bool {
        true
    }

    fn file(&self) -> Option<(&Arc<OpenedFile>, u64)> {
        let (file, at) = self.file.as_ref()?;
        Some((file, at + self.received - (self.len - self.start) as u64))
    }

    fn skip_rest(&mut self) {
        // Dropping the feed stops a reading thread (its next send fails).
        self.feed = Feed::Done;
        self.start = self.len;
    }
}
