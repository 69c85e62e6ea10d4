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
        // Fast path: a token of 1 to 7 digits followed by whitespace, read 8 bytes at a time.
        if let Some(chunk) = bytes.get(start..start + 8) {
            let word = u64::from_le_bytes(chunk.try_into().expect("8 bytes"));
            if let Some((value, len)) = swar_digits(word) {
                let after = chunk[len];
                if is_space(after) {
                    self.pos = start + len;
                    return Ok(value);
                }
            }
        }
        self.next_u64_slow(start)
    }

    /// [`Scanner::next_u64`] byte by byte, from the token at `start`: long numbers, the end of
    /// the input, and every error.
    #[cold]
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
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            pos += 1;
        }
        // Up to 19 digits cannot overflow; longer tokens are redone with checks (rare).
        if pos - start > 19 {
            value = 0;
            for &b in &bytes[start..pos] {
                value = match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(b - b'0'))) {
                    Some(v) => v,
                    None => return Err(ScanError { pos: start, kind: ScanErrorKind::Overflow }),
                };
            }
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

/// The leading decimal digits of 8 little-endian bytes, when there are 1 to 7 of them: their
/// value and count. Word-parallel (SWAR): no branch per digit.
#[inline]
fn swar_digits(word: u64) -> Option<(u64, usize)> {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let x = word.wrapping_sub(0x30 * ONES);
    // A byte is flagged when it is not a digit: below '0' (the subtraction wraps it to >= 0x80)
    // or above '9' (adding 0x76 reaches 0x80). Borrows and carries only disturb bytes after the
    // first non-digit, so the lowest flag is exact.
    let flags = (x.wrapping_add(0x76 * ONES) | x) & (0x80 * ONES);
    let len = (flags.trailing_zeros() / 8) as usize;
    if len == 0 || len == 8 {
        return None;
    }
    // The digits moved to the top bytes, zeros (leading zeros) below; then pairwise sums.
    let mut v = (x << (8 * (8 - len))) & (0x0F * ONES);
    v = (v.wrapping_mul(10) + (v >> 8)) & 0x00FF_00FF_00FF_00FF;
    v = (v.wrapping_mul(100) + (v >> 16)) & 0x0000_FFFF_0000_FFFF;
    v = v.wrapping_mul(10000) + (v >> 32);
    Some((v & 0xFFFF_FFFF, len))
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

    #[test]
    fn swar_matches_plain_parsing() {
        let mut cases: Vec<String> = Vec::new();
        for n in [0u64, 1, 7, 9, 10, 42, 99, 100, 999, 1000, 65535, 123456, 999999, 1000000, 9999999] {
            for tail in [" ", "\n", "\r\n", "\t", "x", "-", "", "0000000"] {
                cases.push(format!("{n}{tail}"));
                cases.push(format!("007{n}{tail}"));
            }
        }
        for case in &cases {
            let mut bytes = case.clone().into_bytes();
            bytes.resize(8, b'#');
            let word = u64::from_le_bytes(bytes[..8].try_into().unwrap());
            let digits = case.bytes().take_while(u8::is_ascii_digit).count();
            let expected = (1..=7).contains(&digits).then(|| (case[..digits].parse::<u64>().unwrap(), digits));
            assert_eq!(swar_digits(word), expected, "{case:?}");
        }
    }

    #[test]
    fn fast_and_slow_paths_agree() {
        let input = b"1 22 333\n4444\t55555 666666 7777777 88888888 18446744073709551615 18446744073709551616 12x 7";
        let mut scan = Scanner::new(input);
        let mut got = Vec::new();
        for _ in 0..12 {
            got.push(scan.next_u64().map_err(|e| e.kind));
        }
        use ScanErrorKind::*;

        assert_eq!(
            got[..10],
            [
                Ok(1),
                Ok(22),
                Ok(333),
                Ok(4444),
                Ok(55555),
                Ok(666666),
                Ok(7777777),
                Ok(88888888),
                Ok(u64::MAX),
                Err(Overflow)
            ]
        );
    }
}
