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
    #[inline(always)]
    pub fn next_u64(&mut self) -> Result<u64, ScanError> {
        let start = self.skip_space();
        // Fast path: a number of 1 to 7 digits followed by whitespace, parsed from one 8-byte load.
        if let Some(chunk) = self.bytes.get(start..start + 8) {
            if let Some((value, len)) = swar_digits(u64::from_le_bytes(chunk.try_into().expect("8 bytes"))) {
                if is_space(self.bytes[start + len]) {
                    self.pos = start + len;
                    return Ok(value);
                }
            }
        }
        self.next_u64_slow(start)
    }

    /// Byte by byte: long numbers, the last bytes of the input, and every error.
    #[inline(never)]
    fn next_u64_slow(&mut self, start: usize) -> Result<u64, ScanError> {
        let bytes = self.bytes;
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

    /// Where the `n`-th token before the current position starts (1: the last one read), for
    /// error messages about values already read.
    pub fn token_start(&self, n: usize) -> usize {
        let mut pos = self.pos;
        for _ in 0..n {
            while pos > 0 && is_space(self.bytes[pos - 1]) {
                pos -= 1;
            }
            while pos > 0 && !is_space(self.bytes[pos - 1]) {
                pos -= 1;
            }
        }
        pos
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

/// Parses the leading digits of eight little-endian bytes at once (SWAR): `Some((value, len))`
/// when the first `len` bytes, 1 to 7, are ASCII digits and byte `len` is not.
#[inline]
fn swar_digits(chunk: u64) -> Option<(u64, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let t = chunk ^ (0x30 * ONES); // digits become 0..=9, every other byte something else
    // High bit set in each byte that is not a digit (t >= 10). A carry can only corrupt bytes
    // above the first non-digit, and only the first one is used.
    let non_digit = (t.wrapping_add(0x76 * ONES) | t) & (0x80 * ONES);
    let len = (non_digit.trailing_zeros() / 8) as usize;
    if len == 0 || len == 8 {
        return None;
    }
    // Move the digits to the top bytes (zeros below act as leading zeros), then combine
    // neighbours: pairs, quadruples, octets.
    let d = t << (8 * (8 - len));
    let d = (d.wrapping_mul(10) + (d >> 8)) & 0x00FF_00FF_00FF_00FF;
    let d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_FFFF_0000_FFFF;
    let d = (d.wrapping_mul(10_000) + (d >> 32)) & 0xFFFF_FFFF;
    Some((d, len))
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

#[cfg(test)]
mod tests {
    use super::*;

    fn scalar(bytes: &[u8]) -> Option<(u64, usize)> {
        let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        let value = bytes[..len].iter().fold(0u64, |v, &b| v * 10 + u64::from(b - b'0'));
        (1..8).contains(&len).then_some((value, len))
    }

    #[test]
    fn swar_agrees_with_a_scalar_parse() {
        let mut cases: Vec<[u8; 8]> =
            vec![*b"0 000000", *b"1234567 ", *b"12345678", *b"x1234567", *b"9\n123456", *b"00000000"];
        // Every digit string of up to 7 digits drawn from a few digits, with assorted followers.
        let digits = [b'0', b'1', b'5', b'9'];
        for len in 1..=7 {
            for follower in [b' ', b'\n', b'\r', b'/', b':', b'a', 0xff, 0x00] {
                for k in 0..4usize.pow(len as u32) {
                    let mut c = [b'7'; 8];
                    for (i, slot) in c.iter_mut().enumerate().take(len) {
                        *slot = digits[(k >> (2 * i)) & 3];
                    }
                    c[len] = follower;
                    cases.push(c);
                }
            }
        }
        for c in cases {
            assert_eq!(swar_digits(u64::from_le_bytes(c)), scalar(&c), "{:?}", String::from_utf8_lossy(&c));
        }
    }
}
