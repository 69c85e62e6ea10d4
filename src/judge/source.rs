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
