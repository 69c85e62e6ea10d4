//! A byte-level scanner of unsigned integers separated by ASCII whitespace.
//!
//! Generic over its [`Source`]: a mapped file is one window, a pipe a sliding one. Accepted
//! separators: space, tab, `\n` and `\r` (so CRLF input works).
//!
//! [`Scanner::next_u64`] skips separators, then tries the fast path: up to 16 digits parsed
//! eight bytes at a time (`grundy_judge::swar`), taken only when a separator follows inside the window. Every
//! other case goes byte by byte: numbers of 17 digits or more (with an overflow check), a token
//! that runs into the window's end (the window slides and refills, keeping the token), and
//! every error. A number may have leading zeros, but no more than [`MAX_DIGITS`] digits in all:
//! a longer one is refused, so a token that spans many windows of a stream neither grows the
//! window nor is scanned again at every slide. Runs of pairs and of positive numbers go faster still through
//! [`Scanner::pairs_below`] and [`Scanner::positive_numbers`], which read a block of [`BLOCK`]
//! bytes at a time (`block`) and stop wherever they are not sure, so that the token-by-token
//! path reads and reports everything they do not.
//!
//! No allocation per token, and no line counting while reading: the scanner keeps byte offsets
//! in the window, and the newlines and columns of the windows it dropped. A position becomes a
//! line and column only when an error is reported (by counting the newlines before it in the
//! window); a column counts characters, not bytes.

mod block;

use block::{SPAN, block_pairs, block_positive};
pub use grundy_judge::block::BLOCK;
use grundy_judge::found::Found;
use grundy_judge::position::Origin;
use grundy_judge::swar::{POW10, load, parse8};
// Why a token could not be read (turned into a message by `Scanner::error`), the longest
// number, and the separators.
use grundy_judge::token::parse_digits;
pub use grundy_judge::token::{MAX_DIGITS, ScanError, is_space};

use super::source::Source;
use super::{InputError, JudgeError};

/// Reads unsigned integers from a [`Source`].
#[allow(missing_debug_implementations)] // A source and offsets: nothing to show.
pub struct Scanner<S> {
    src: S,
    /// Next unread byte, in the window.
    pos: usize,
    /// Where the last failed token was (or was expected), in the window.
    failed_at: usize,
    /// Where the window starts, in lines and columns.
    origin: Origin,
    read_error: Option<std::io::Error>,
}

/// Where the first byte from `at` on that is not a separator is (the length of `bytes` if none).
#[inline(always)]
fn skip_spaces(bytes: &[u8], mut at: usize) -> usize {
    while at < bytes.len() && is_space(bytes[at]) {
        at += 1;
    }
    at
}

/// The fast path of [`Scanner::next_u64`]: 1 to 16 digits at `start`, followed by whitespace
/// inside `bytes`, parsed eight bytes at a time: `(value, end)`.
#[inline(always)]
fn fast_u64(bytes: &[u8], start: usize) -> Option<(u64, usize)> {
    let (mut value, mut len) = parse8(load(bytes.get(start..start + 8)?));
    if len == 8
        && let Some(chunk) = bytes.get(start + 8..start + 16)
    {
        let (low, more) = parse8(load(chunk));
        (value, len) = (value * POW10[more] + low, 8 + more);
    }
    (len > 0 && bytes.get(start + len).is_some_and(|&b| is_space(b))).then_some((value, start + len))
}

impl<S: Source> Scanner<S> {
    pub fn new(src: S) -> Self {
        Scanner { src, pos: 0, failed_at: 0, origin: Origin::default(), read_error: None }
    }

    /// The unread rest of the input when all of it is in memory (not streaming).
    pub fn unread_whole(&self) -> Option<&[u8]> {
        (!self.src.streaming()).then(|| &self.src.window()[self.pos..])
    }

    /// The regular file being read and the offset in it of the next unread byte, when the
    /// source reads one ([`Source::file`]).
    pub fn unread_file(&self) -> Option<(&std::sync::Arc<super::source::OpenedFile>, u64)> {
        self.src.file().map(|(file, at)| (file, at + self.pos as u64))
    }

    /// Marks the whole input as read (after a caller consumed [`Self::unread_whole`] or
    /// [`Self::unread_file`] itself).
    pub fn skip_to_end(&mut self) {
        self.src.skip_rest();
        self.pos = self.src.window().len();
    }

    /// The next whitespace-delimited unsigned integer.
    #[inline(always)]
    pub fn next_u64(&mut self) -> Result<u64, ScanError> {
        let bytes = self.src.window();
        let start = skip_spaces(bytes, self.pos);
        match fast_u64(bytes, start) {
            Some((value, end)) => {
                self.pos = end;
                Ok(value)
            }
            None => self.next_u64_slow(start),
        }
    }

    /// The next two numbers when the fast path of [`Self::next_u64`] reads both and they are
    /// below `bounds`; otherwise `None`, having read nothing (the token-by-token path then reads
    /// them, and reports what is wrong).
    #[inline(always)]
    pub fn pair_below(&mut self, bounds: [u64; 2]) -> Option<[u64; 2]> {
        let bytes = self.src.window();
        let (x, end) = fast_u64(bytes, skip_spaces(bytes, self.pos))?;
        let (y, end) = fast_u64(bytes, skip_spaces(bytes, end))?;
        (x < bounds[0] && y < bounds[1]).then(|| {
            self.pos = end;
            [x, y]
        })
    }

    /// Reads pairs of numbers into `out`, as many as fit, the first of each below `bounds[0]`,
    /// the second below `bounds[1]`, a block of [`BLOCK`] bytes at a time. Returns how many it
    /// read: fewer than fit where [`Self::next_u64`] must take over (anything but spaces and
    /// numbers of up to 8 digits, a number out of bounds, the window's last bytes). Whatever it
    /// reads, [`Self::next_u64`] would read the same, so errors stay with that path.
    pub fn pairs_below(&mut self, bounds: [u64; 2], out: &mut [[u32; 2]]) -> usize {
        let mut read = 0;
        while read < out.len() {
            let Some(span) = self.src.window().get(self.pos..self.pos + SPAN) else { break };
            let Some((count, consumed)) = block_pairs(span.try_into().expect("SPAN bytes"), bounds, &mut out[read..])
            else {
                break;
            };
            self.pos += consumed;
            read += count;
        }
        read
    }

    /// Reads numbers of at least 1 into `out`, as many as fit, a block of [`BLOCK`] bytes at a
    /// time. Returns how many it read: fewer than fit where [`Self::next_u64`] must take over
    /// (anything but spaces and numbers of up to 16 digits, a 0, the window's last bytes).
    /// Whatever it reads, [`Self::next_u64`] would read the same, so errors stay with that path.
    pub fn positive_numbers(&mut self, out: &mut [u64]) -> usize {
        let mut read = 0;
        while read < out.len() {
            let Some(span) = self.src.window().get(self.pos..self.pos + SPAN) else { break };
            let Some((count, consumed)) = block_positive(span.try_into().expect("SPAN bytes"), &mut out[read..]) else {
                break;
            };
            self.pos += consumed;
            read += count;
        }
        read
    }

    /// Byte by byte: long numbers, tokens that straddle the window's end, and every error.
    #[inline(never)]
    fn next_u64_slow(&mut self, mut start: usize) -> Result<u64, ScanError> {
        loop {
            let bytes = self.src.window();
            while start < bytes.len() && is_space(bytes[start]) {
                start += 1;
            }
            let (value, mut pos) = match parse_digits(bytes, start) {
                Ok(number) => number,
                Err(e) => return self.fail(start, e),
            };
            // Only leading zeros get this far without overflowing: checked once per window, not
            // per byte, before the window slides and keeps the token.
            if pos - start > MAX_DIGITS {
                return self.fail(start, ScanError::TooLong);
            }
            if pos == bytes.len() {
                // The token (or the whitespace before it) may go on past the window.
                let (dropped, more) = self.slide(start).or_else(|()| self.fail(0, ScanError::Read))?;
                start -= dropped;
                if more {
                    continue;
                }
                // The end of the input: the token, if any, ends at the end of the window.
                pos = self.src.window().len();
                if start == pos {
                    return self.fail(pos, ScanError::End);
                }
            }
            let bytes = self.src.window();
            return match bytes.get(pos) {
                _ if pos == start => {
                    let kind = if matches!(bytes.get(pos), Some(b'+' | b'-')) {
                        ScanError::Sign
                    } else {
                        ScanError::NotANumber
                    };
                    self.fail(pos, kind)
                }
                Some(&b) if !is_space(b) => self.fail(pos, ScanError::NotANumber),
                _ => {
                    self.pos = pos;
                    Ok(value)
                }
            };
        }
    }

    /// Records where a token failed; returns the error.
    fn fail<T>(&mut self, at: usize, e: ScanError) -> Result<T, ScanError> {
        self.failed_at = at;
        self.pos = at;
        Err(e)
    }

    /// Drops the window before `keep` (when streaming), counting its lines, and reads more.
    /// Returns how many bytes were dropped and whether more input came. `Err` keeps the I/O
    /// error for [`Scanner::error`].
    fn slide(&mut self, keep: usize) -> Result<(usize, bool), ()> {
        if !self.src.streaming() {
            return Ok((0, false));
        }
        self.origin.advance(&self.src.window()[..keep]);
        self.pos -= self.pos.min(keep);
        self.failed_at -= self.failed_at.min(keep);
        let more = self.src.refill(keep).map_err(|e| self.read_error = Some(e))?;
        Ok((keep, more))
    }

    /// Succeeds when only whitespace is left; otherwise an error at the first other byte.
    pub fn finish(&mut self, cases: u64) -> Result<(), JudgeError> {
        loop {
            let bytes = self.src.window();
            match bytes[self.pos..].iter().position(|&b| !is_space(b)) {
                Some(i) => {
                    let after = match cases {
                        0 => "unexpected data after the case count 0".to_string(),
                        n => format!("unexpected data after case {n}"),
                    };
                    return Err(self.error_at(self.pos + i, after));
                }
                None => match self.slide(bytes.len()) {
                    Ok((_, true)) => self.pos = 0,
                    Ok((_, false)) => return Ok(()),
                    Err(()) => return Err(self.read_failure()),
                },
            }
        }
    }

    /// The error for a failed token, `expected` naming what should have been there.
    #[cold]
    pub fn error(&mut self, e: ScanError, expected: &str) -> JudgeError {
        let message = match e {
            ScanError::End => format!("unexpected end of input: expected {expected}"),
            ScanError::Sign => format!("expected {expected} as an unsigned number, found a sign"),
            ScanError::NotANumber => {
                // A character is up to 4 bytes: make sure the window holds all of it.
                while self.src.window().len() - self.failed_at < 4
                    && matches!(self.slide(self.failed_at), Ok((_, true)))
                {}
                format!("expected {expected}, found {}", Found::at_start(&self.src.window()[self.failed_at..]))
            }
            ScanError::Overflow => format!("{expected} is too large (the largest is {})", u64::MAX),
            ScanError::TooLong => {
                format!("{expected} has more than {MAX_DIGITS} digits (leading zeros included), too many to read")
            }
            ScanError::Read => return self.read_failure(),
        };
        self.error_at(self.failed_at, message)
    }

    /// An input error at the start of the last token read (a number out of range, say).
    #[cold]
    pub fn error_at_token(&self, message: String) -> JudgeError {
        // The token is the run of non-space bytes that ends where reading stopped.
        let window = self.src.window();
        let start = window[..self.pos].iter().rposition(|&b| is_space(b)).map_or(0, |i| i + 1);
        self.error_at(start, message)
    }

    /// An input error at `pos` in the window; a read error instead when the source is a file
    /// that changed since it was opened (the bad bytes may be the change's, read mid-write).
    fn error_at(&self, pos: usize, message: String) -> JudgeError {
        let (line, column) = self.origin.locate(&self.src.window()[..pos]);
        let number = |n: u64| usize::try_from(n + 1).unwrap_or(usize::MAX);
        let e = InputError { line: number(line), column: number(column), message, beyond_square: None };
        match self.src.file().and_then(|(file, _)| file.changed()) {
            Some(changed) => JudgeError::Read(std::io::Error::other(format!("{changed} (then, as read: {e})"))),
            None => JudgeError::Input(e),
        }
    }

    fn read_failure(&mut self) -> JudgeError {
        let e = self.read_error.take().unwrap_or_else(|| std::io::Error::other("read failed"));
        JudgeError::Read(e)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Numbers of every length from 1 to 21 digits, at every distance from the end of the input
    /// (so each of the 16-byte, 8-byte and byte-by-byte paths is taken), parse like `str::parse`.
    #[test]
    fn numbers_of_every_length_parse_exactly() {
        let digits = b"98765432109876543210987";
        for len in 1..=21 {
            for lead in [b'1', b'9', b'0'] {
                let mut number = digits[..len].to_vec();
                number[0] = lead;
                let text = std::str::from_utf8(&number).unwrap();
                let expected = text.parse::<u64>().ok();
                for tail in 1..18 {
                    let mut input = number.clone();
                    input.extend(std::iter::repeat_n(b' ', tail));
                    input.extend_from_slice(b"7\n");
                    let mut scan = Scanner::new(&input[..]);
                    match expected {
                        Some(v) => {
                            assert_eq!(scan.next_u64(), Ok(v), "{text} + {tail} spaces");
                            assert_eq!(scan.next_u64(), Ok(7), "{text} + {tail} spaces");
                        }
                        None => assert_eq!(scan.next_u64(), Err(ScanError::Overflow), "{text}"),
                    }
                }
            }
        }
    }
}
