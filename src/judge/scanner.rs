//! A byte-level scanner of unsigned integers separated by ASCII whitespace.
//!
//! No allocation per token; positions are turned into line and column only when an error is
//! reported. Accepted separators: space, tab, `\n` and `\r` (so CRLF input works).

use super::error::InputError;

/// What went wrong at a token.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanErrorKind {
    /// The input ended.
    End,
    /// A `+` or `-` sign: numbers are unsigned.
    Sign,
    /// Something that is not a digit.
    NotANumber,
    /// More than fits 64 bits.
    Overflow,
}

/// A token error at byte `pos`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScanError {
    pub pos: usize,
    pub kind: ScanErrorKind,
}

/// Reads unsigned integers from a byte slice.
pub struct Scanner<'a> {
    bytes: &'a [u8],
    pos: usize,
}

#[inline]
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

impl<'a> Scanner<'a> {
    pub fn new(bytes: &'a [u8]) -> Self {
        Scanner { bytes, pos: 0 }
    }

    /// Skips whitespace; returns the position of the next token.
    #[inline]
    pub fn skip_space(&mut self) -> usize {
        while self.pos < self.bytes.len() && is_space(self.bytes[self.pos]) {
            self.pos += 1;
        }
        self.pos
    }

    /// The next whitespace-delimited unsigned integer.
    #[inline]
    pub fn next_u64(&mut self) -> Result<u64, ScanError> {
        let bytes = self.bytes;
        let start = self.skip_space();
        let mut pos = start;
        let mut value: u64 = 0;
        while let Some(&b) = bytes.get(pos) {
            let digit = b.wrapping_sub(b'0');
            if digit > 9 {
                break;
            }
            value = match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(digit))) {
                Some(v) => v,
                None => return Err(ScanError { pos: start, kind: ScanErrorKind::Overflow }),
            };
            pos += 1;
        }
        match bytes.get(pos) {
            _ if pos == start => {
                let kind = match bytes.get(pos) {
                    None => ScanErrorKind::End,
                    Some(b'+' | b'-') => ScanErrorKind::Sign,
                    Some(_) => ScanErrorKind::NotANumber,
                };
                Err(ScanError { pos, kind })
            }
            Some(&b) if !is_space(b) => Err(ScanError { pos, kind: ScanErrorKind::NotANumber }),
            _ => {
                self.pos = pos;
                Ok(value)
            }
        }
    }

    /// Succeeds when only whitespace is left; otherwise the position of the first other byte.
    pub fn finish(&mut self) -> Result<(), usize> {
        let rest = &self.bytes[self.pos..];
        match rest.iter().position(|&b| !is_space(b)) {
            Some(i) => Err(self.pos + i),
            None => Ok(()),
        }
    }

    /// An [`InputError`] for a failed token, `expected` naming what should have been there.
    pub fn error(&self, e: ScanError, expected: &str) -> InputError {
        let message = match e.kind {
            ScanErrorKind::End => format!("unexpected end of input: expected {expected}"),
            ScanErrorKind::Sign => format!("expected {expected} as an unsigned number, found a sign"),
            ScanErrorKind::NotANumber => format!("expected {expected}, found {}", describe(&self.bytes[e.pos..])),
            ScanErrorKind::Overflow => format!("{expected} is too large (the largest is {})", u64::MAX),
        };
        InputError::at(self.bytes, e.pos, message)
    }

    /// An [`InputError`] at byte `pos`.
    pub fn error_at(&self, pos: usize, message: String) -> InputError {
        InputError::at(self.bytes, pos, message)
    }
}

/// A readable name for the character at the start of `rest`.
fn describe(rest: &[u8]) -> String {
    match rest.utf8_chunks().next() {
        Some(chunk) => match chunk.valid().chars().next() {
            Some(c) if c.is_control() || c.is_whitespace() => format!("character {:?}", c),
            Some(c) => format!("'{c}'"),
            None => format!("byte {:#04x} (not UTF-8)", rest[0]),
        },
        None => "end of input".to_owned(),
    }
}
