//! Where judge input comes from: a whole byte slice (a mapped file) or a reader consumed in
//! bounded chunks (a pipe), behind one trait the scanner is generic over.

use std::io::{self, Read};

/// A window onto the input that can slide forward.
pub trait Source {
    /// The bytes available now.
    fn window(&self) -> &[u8];

    /// Drops `window()[..consumed]` and appends more input to the window. Returns `false` at the
    /// end of the input (the window is then unchanged apart from the drop).
    fn refill(&mut self, consumed: usize) -> io::Result<bool>;

    /// Whether there can be input beyond the window (false: the window is the whole input).
    fn streaming(&self) -> bool;
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
/// token across a refill, and a token longer than 20 digits is already an error.
pub const CHUNK: usize = 1 << 20;

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
/// ends). With the `parallel` feature the chunks are read on a second thread, a few ahead, while
/// this one scans, so the copy out of the kernel overlaps the scanning. Memory stays a few chunks
/// for any input size.
///
/// Judge input of every kind (a file, standard input redirected from one, a pipe, a terminal) is
/// read this way: one source type, so the judges are compiled once for streams. Unlike a memory
/// map, a file that is truncated or rewritten while it is read cannot fault the process: the
/// reader reports it as an I/O error (see [`Input::open`](super::input::Input::open)).
#[allow(missing_debug_implementations)]
pub struct Chunks {
    /// The window is `buf[start..]`.
    buf: Vec<u8>,
    start: usize,
    /// A spent buffer, for the next chunk read on this thread.
    spare: Vec<u8>,
    feed: Feed,
}

/// Where chunks come from.
enum Feed {
    /// Read on this thread.
    Here(Filler),
    /// Read on a second thread: filled chunks (or the error that ended the input) come in,
    /// spent ones go back for reuse.
    #[cfg(feature = "parallel")]
    Thread { filled: std::sync::mpsc::Receiver<io::Result<Vec<u8>>>, spent: std::sync::mpsc::SyncSender<Vec<u8>> },
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
}

impl Filler {
    /// Reads one chunk into `chunk[HEAD..]`, until it is full or the input ends, and truncates
    /// `chunk` to what was read. Returns the number of bytes read.
    fn fill(&mut self, chunk: &mut Vec<u8>) -> io::Result<usize> {
        if let Some(e) = self.pending.take() {
            return Err(e);
        }
        chunk.resize(HEAD + CHUNK, 0);
        let mut len = HEAD;
        while len < chunk.len() {
            match self.reader.read(&mut chunk[len..]) {
                Ok(0) => break,
                Ok(n) => len += n,
                Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
                Err(e) if len == HEAD => return Err(e),
                Err(e) => {
                    self.pending = Some(e);
                    break;
                }
            }
        }
        chunk.truncate(len);
        Ok(len - HEAD)
    }
}

impl Chunks {
    /// Reads `reader` in chunks: on a second thread with the `parallel` feature (when a thread
    /// can be had), else on this one.
    pub fn new(reader: Box<dyn Read + Send>) -> Chunks {
        Chunks { buf: Vec::new(), start: 0, spare: Vec::new(), feed: feed(reader) }
    }

    /// Reads `reader` in chunks on this thread.
    pub fn here(reader: Box<dyn Read + Send>) -> Chunks {
        Chunks { buf: Vec::new(), start: 0, spare: Vec::new(), feed: Feed::Here(Filler { reader, pending: None }) }
    }

    /// The next chunk (its data from [`HEAD`]), or `None` at the end of the input.
    fn next_chunk(&mut self) -> io::Result<Option<Vec<u8>>> {
        let result = match &mut self.feed {
            Feed::Here(filler) => {
                let mut chunk = std::mem::take(&mut self.spare);
                filler.fill(&mut chunk).map(|n| (n > 0).then_some(chunk))
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
    let (to_scanner, filled) = sync_channel::<io::Result<Vec<u8>>>(AHEAD);
    let (spent, from_scanner) = sync_channel::<Vec<u8>>(AHEAD + 2);
    // The reader moves into the thread through a slot, so that it is still here if no thread
    // can be had.
    let slot = Arc::new(Mutex::new(Some(reader)));
    let theirs = Arc::clone(&slot);
    let spawned = std::thread::Builder::new().name("input-reader".into()).spawn(move || {
        let Some(reader) = theirs.lock().ok().and_then(|mut r| r.take()) else { return };
        let mut filler = Filler { reader, pending: None };
        loop {
            let mut chunk = from_scanner.try_recv().unwrap_or_default();
            let message = match filler.fill(&mut chunk) {
                // The end: the sender is dropped, which tells the scanner.
                Ok(0) => return,
                Ok(_) => Ok(chunk),
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
            Some(reader) => Feed::Here(Filler { reader, pending: None }),
            None => Feed::Done,
        },
    }
}

#[cfg(not(feature = "parallel"))]
fn feed(reader: Box<dyn Read + Send>) -> Feed {
    Feed::Here(Filler { reader, pending: None })
}

impl Source for Chunks {
    #[inline]
    fn window(&self) -> &[u8] {
        &self.buf[self.start..]
    }

    fn refill(&mut self, consumed: usize) -> io::Result<bool> {
        self.start += consumed;
        let carry = self.buf.len() - self.start;
        let Some(mut chunk) = self.next_chunk()? else { return Ok(false) };
        if carry <= HEAD {
            chunk[HEAD - carry..HEAD].copy_from_slice(&self.buf[self.start..]);
            self.start = HEAD - carry;
        } else {
            // A kept token longer than the room in front (the scanner keeps at most one token,
            // and one of more than 20 digits is already an error): the two joined.
            let mut joined = Vec::with_capacity(carry + chunk.len() - HEAD);
            joined.extend_from_slice(&self.buf[self.start..]);
            joined.extend_from_slice(&chunk[HEAD..]);
            (chunk, self.start) = (joined, 0);
        }
        let spent = std::mem::replace(&mut self.buf, chunk);
        self.recycle(spent);
        Ok(true)
    }

    fn streaming(&self) -> bool {
        true
    }
}
