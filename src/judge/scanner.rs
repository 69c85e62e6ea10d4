//! A byte-level scanner of unsigned integers separated by ASCII whitespace.
//!
//! Generic over its [`Source`]: a mapped file is one window, a pipe a sliding one. No allocation
//! per token; a position becomes a line and column only when an error is reported. Accepted
//! separators: space, tab, `\n` and `\r` (so CRLF input works).

use wide::u8x16;

use super::source::Source;
use super::{InputError, JudgeError};

/// Why a token could not be read; turned into a message by [`Scanner::error`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ScanError {
    /// The input ended.
    End,
    /// A `+` or `-` sign: numbers are unsigned.
    Sign,
    /// Something that is not a digit.
    NotANumber,
    /// More than fits 64 bits.
    Overflow,
    /// Reading the input failed (the I/O error is kept by the scanner).
    Read,
}

/// Reads unsigned integers from a [`Source`].
pub struct Scanner<S> {
    src: S,
    /// Next unread byte, in the window.
    pos: usize,
    /// Where the last failed token was (or was expected), in the window.
    failed_at: usize,
    /// Newlines in the input before the window.
    lines_before: usize,
    /// Characters between the last newline before the window and the window's start.
    column_before: usize,
    read_error: Option<std::io::Error>,
}

/// Whether `b` separates tokens: space, tab, `\n` or `\r`.
#[inline]
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// Characters (not UTF-8 continuation bytes) in `bytes`.
fn chars(bytes: &[u8]) -> usize {
    bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count()
}

impl<S: Source> Scanner<S> {
    pub fn new(src: S) -> Self {
        Scanner { src, pos: 0, failed_at: 0, lines_before: 0, column_before: 0, read_error: None }
    }

    /// The unread rest of the input when all of it is in memory (not streaming).
    pub fn unread_whole(&self) -> Option<&[u8]> {
        (!self.src.streaming()).then(|| &self.src.window()[self.pos..])
    }

    /// Marks the whole input as read (after a caller consumed [`Self::unread_whole`] itself).
    pub fn skip_to_end(&mut self) {
        self.pos = self.src.window().len();
    }

    /// The next whitespace-delimited unsigned integer.
    #[inline(always)]
    pub fn next_u64(&mut self) -> Result<u64, ScanError> {
        let bytes = self.src.window();
        let mut start = self.pos;
        while start < bytes.len() && is_space(bytes[start]) {
            start += 1;
        }
        // Fast path: 1 to 15 digits followed by whitespace, parsed eight bytes at a time.
        if let Some(chunk) = bytes.get(start..start + 8) {
            let (mut value, mut len) = swar_digits(load(chunk));
            if len == 8 {
                if let Some(chunk) = bytes.get(start + 8..start + 16) {
                    let (low, more) = swar_digits(load(chunk));
                    (value, len) = (value * POW10[more] + low, 8 + more);
                }
            }
            if len > 0 && bytes.get(start + len).is_some_and(|&b| is_space(b)) {
                self.pos = start + len;
                return Ok(value);
            }
        }
        self.next_u64_slow(start)
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

    /// Byte by byte: long numbers, tokens that straddle the window's end, and every error.
    #[inline(never)]
    fn next_u64_slow(&mut self, mut start: usize) -> Result<u64, ScanError> {
        loop {
            let bytes = self.src.window();
            while start < bytes.len() && is_space(bytes[start]) {
                start += 1;
            }
            let mut pos = start;
            let mut value: u64 = 0;
            while let Some(&b) = bytes.get(pos) {
                let digit = b.wrapping_sub(b'0');
                if digit > 9 {
                    break;
                }
                value = match value.checked_mul(10).and_then(|v| v.checked_add(u64::from(digit))) {
                    Some(v) => v,
                    None => return self.fail(start, ScanError::Overflow),
                };
                pos += 1;
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
        let dropped = &self.src.window()[..keep];
        match dropped.iter().rposition(|&b| b == b'\n') {
            Some(nl) => {
                self.lines_before += dropped.iter().filter(|&&b| b == b'\n').count();
                self.column_before = chars(&dropped[nl + 1..]);
            }
            None => self.column_before += chars(dropped),
        }
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
                    return Err(self.error_at(
                        self.pos + i,
                        format!("unexpected data after the {cases} case{}", if cases == 1 { "" } else { "s" }),
                    ));
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
                format!("expected {expected}, found {}", describe(&self.src.window()[self.failed_at..]))
            }
            ScanError::Overflow => format!("{expected} is too large (the largest is {})", u64::MAX),
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

    /// An input error at `pos` in the window.
    fn error_at(&self, pos: usize, message: String) -> JudgeError {
        let before = &self.src.window()[..pos];
        let (line, column) = match before.iter().rposition(|&b| b == b'\n') {
            Some(nl) => (self.lines_before + before.iter().filter(|&&b| b == b'\n').count(), chars(&before[nl + 1..])),
            None => (self.lines_before, self.column_before + chars(before)),
        };
        JudgeError::Input(InputError { line: line + 1, column: column + 1, message })
    }

    fn read_failure(&mut self) -> JudgeError {
        let e = self.read_error.take().unwrap_or_else(|| std::io::Error::other("read failed"));
        JudgeError::Read(e)
    }
}

/// Eight bytes as a little-endian word.
#[inline(always)]
fn load(chunk: &[u8]) -> u64 {
    u64::from_le_bytes(chunk.try_into().expect("8 bytes"))
}

/// Bytes [`Scanner::pairs_below`] classifies at once.
pub const BLOCK: usize = 64;

/// Bytes a block step needs in the window: the block and an 8-byte load from its last byte.
const SPAN: usize = BLOCK + 8;

/// The first pairs, as many as fit `out`, of numbers of up to 8 digits in `span[..BLOCK]` that
/// are each followed by a space in it, into `out`: `(pairs read, bytes up to the last one's
/// end)`. `None` when there is no such pair, or a run of digits in the block is longer than 8,
/// or a pair read is not below `bounds` (the caller's token-by-token path then finds what is
/// wrong).
#[inline(always)]
fn block_pairs(span: &[u8; SPAN], bounds: [u64; 2], out: &mut [[u32; 2]]) -> Option<(usize, usize)> {
    let (digits, spaces) = classify(span[..BLOCK].try_into().expect("BLOCK bytes"));
    // Only the bytes before the first one that is neither a digit nor a space count.
    let other = !(digits | spaces);
    let valid = (other & other.wrapping_neg()).wrapping_sub(1);
    let digits = digits & valid;
    let starts = digits & !(digits << 1);
    // The last digit of each number followed by a space in the block.
    let ends = digits & ((spaces & valid) >> 1);
    let count = (ends.count_ones() as usize / 2).min(out.len());
    // Where runs of at least 2 and 4 digits start; below, runs of 5 and 9.
    let two = digits & (digits >> 1);
    let four = two & (two >> 2);
    let out = &mut out[..count];
    let (end, outside) = match () {
        _ if count == 0 => return None,
        _ if four & (digits >> 4) == 0 => read_pairs::<4>(span, starts, ends, bounds, out),
        _ if four & (four >> 4) & (digits >> 8) == 0 => read_pairs::<8>(span, starts, ends, bounds, out),
        _ => return None,
    };
    (outside >> 63 == 0).then_some((count, end))
}

/// Reads `out.len()` pairs of numbers of up to `DIGITS` (4 or 8) digits, starting and ending
/// at the bits of `starts` and `ends` in `span`. Returns the end of the last number, and a word
/// whose top bit tells whether a pair was not below `bounds`.
#[inline(always)]
fn read_pairs<const DIGITS: usize>(
    span: &[u8; SPAN],
    mut starts: u64,
    mut ends: u64,
    bounds: [u64; 2],
    out: &mut [[u32; 2]],
) -> (usize, u64) {
    let mut end = 0;
    let mut next = || {
        let start = starts.trailing_zeros() as usize;
        end = ends.trailing_zeros() as usize + 1;
        (starts, ends) = (starts & starts.wrapping_sub(1), ends & ends.wrapping_sub(1));
        match DIGITS {
            4 => swar_value4(u32::from_le_bytes(span[start..start + 4].try_into().expect("4 bytes")), end - start),
            _ => swar_value(load(&span[start..start + 8]), end - start),
        }
    };
    // Values have at most 8 digits: `bound - 1 - value` (wrapping) has its top bit set when
    // `value >= bound`, and for every value when `bound` is 0 or above `2^63`.
    let [x_limit, y_limit] = bounds.map(|b| b.wrapping_sub(1));
    let mut outside = 0;
    for pair in out.iter_mut() {
        let (x, y) = (next(), next());
        outside |= x_limit.wrapping_sub(x) | y_limit.wrapping_sub(y);
        *pair = [x as u32, y as u32];
    }
    (end, outside)
}

/// Masks of the digits and of the spaces (bit `i` for byte `i`) of a block, sixteen bytes at a
/// time (SIMD).
#[inline(always)]
fn classify(block: &[u8; BLOCK]) -> (u64, u64) {
    let (mut digits, mut spaces) = (0, 0);
    for (k, chunk) in block.chunks_exact(16).enumerate() {
        let v = u8x16::new(chunk.try_into().expect("16 bytes"));
        let is = |b: u8| v.cmp_eq(u8x16::splat(b));
        let d = v - u8x16::splat(b'0');
        let digit = d.min(u8x16::splat(9)).cmp_eq(d);
        let space = is(b' ') | is(b'\n') | is(b'\r') | is(b'\t');
        digits |= u64::from(digit.move_mask() as u16) << (16 * k);
        spaces |= u64::from(space.move_mask() as u16) << (16 * k);
    }
    (digits, spaces)
}

/// `10^i` for `i <= 8`.
const POW10: [u64; 9] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

/// Parses the leading digits of eight little-endian bytes at once (SWAR): `(value, len)` with
/// `len`, 0 to 8, the number of leading ASCII digits.
#[inline]
fn swar_digits(chunk: u64) -> (u64, usize) {
    const ONES: u64 = 0x0101_0101_0101_0101;
    let t = chunk ^ (0x30 * ONES); // digits become 0..=9, every other byte something else
    // High bit set in each byte that is not a digit (t >= 10). A carry can only corrupt bytes
    // above the first non-digit, and only the first one is used.
    let non_digit = (t.wrapping_add(0x76 * ONES) | t) & (0x80 * ONES);
    let len = (non_digit.trailing_zeros() / 8) as usize;
    if len == 0 {
        return (0, 0);
    }
    (swar_value(chunk, len), len)
}

/// The number the first `len` bytes (1 to 8 ASCII digits) of eight little-endian bytes spell.
#[inline(always)]
fn swar_value(chunk: u64, len: usize) -> u64 {
    let t = chunk ^ (0x30 * 0x0101_0101_0101_0101);
    // Move the digits to the top bytes (zeros below act as leading zeros), then combine
    // neighbours: pairs, quadruples, octets.
    let d = t << (8 * (8 - len));
    let d = (d.wrapping_mul(10) + (d >> 8)) & 0x00FF_00FF_00FF_00FF;
    let d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_FFFF_0000_FFFF;
    (d.wrapping_mul(10_000) + (d >> 32)) & 0xFFFF_FFFF
}

/// The number the first `len` bytes (1 to 4 ASCII digits) of four little-endian bytes spell.
#[inline(always)]
fn swar_value4(chunk: u32, len: usize) -> u64 {
    // Digits to the top bytes (zeros below act as leading zeros), then one multiply combines
    // neighbours into two 2-digit lanes, and another the lanes.
    let d = (chunk ^ 0x3030_3030) << (8 * (4 - len));
    let d = (d.wrapping_mul(10 << 8 | 1) >> 8) & 0x00FF_00FF;
    u64::from(d.wrapping_mul(100 << 16 | 1) >> 16)
}

/// A readable name for the character at the start of `rest`.
fn describe(rest: &[u8]) -> String {
    match rest.utf8_chunks().next() {
        Some(chunk) => match chunk.valid().chars().next() {
            Some('\u{feff}') => "a UTF-8 byte-order mark (U+FEFF; save the file without it)".to_owned(),
            Some(c) if c.is_control() || c.is_whitespace() => format!("character {:?}", c),
            Some(c) => format!("'{c}'"),
            None => format!("byte {:#04x} (not UTF-8)", rest[0]),
        },
        None => "end of input".to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::super::source::ReadSource;
    use super::*;

    /// A reader that hands out at most `step` bytes per call, so tokens straddle every refill.
    struct Trickle<'a>(&'a [u8], usize);

    impl std::io::Read for Trickle<'_> {
        fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
            let n = self.1.min(self.0.len()).min(buf.len());
            buf[..n].copy_from_slice(&self.0[..n]);
            self.0 = &self.0[n..];
            Ok(n)
        }
    }

    /// Every token until the first error (as its message), then `finish`.
    fn scan_all<S: Source>(mut scan: Scanner<S>) -> (Vec<u64>, String) {
        let mut values = Vec::new();
        for _ in 0..6 {
            match scan.next_u64() {
                Ok(v) => values.push(v),
                Err(e) => return (values, scan.error(e, "a number").to_string()),
            }
        }
        (values, scan.finish(0).map_or_else(|e| e.to_string(), |()| "done".into()))
    }

    #[test]
    fn streaming_in_tiny_pieces_reads_and_reports_like_a_slice() {
        let inputs: &[&[u8]] = &[
            b"1 22 333\n4444 55555 666666\n",
            b"  12345678901234567890  7\r\n8",
            b"1\n\n   2x",
            b"18446744073709551615 18446744073709551616",
            b"\xc3\xa9\xc3\xa9 5\n \xc3\xa9",
            b"7\n-3",
            b"1 2 3 4 5 6\n\n  junk",
            b"",
            b"   \n\t ",
        ];
        for &input in inputs {
            let expected = scan_all(Scanner::new(input));
            for step in [1, 2, 3, 7] {
                let got = scan_all(Scanner::new(ReadSource::new(Trickle(input, step))));
                assert_eq!(got, expected, "{:?} in steps of {step}", String::from_utf8_lossy(input));
            }
        }
        assert_eq!(scan_all(Scanner::new(&b"1\n\n   2x"[..])).1, "line 3, column 5: expected a number, found 'x'");
        assert_eq!(
            scan_all(Scanner::new(&b"1 2 3 4 5 6\n\n  junk"[..])).1,
            "line 3, column 3: unexpected data after the 0 cases"
        );
    }

    fn scalar(bytes: &[u8]) -> (u64, usize) {
        let len = bytes.iter().take_while(|b| b.is_ascii_digit()).count();
        (bytes[..len].iter().fold(0u64, |v, &b| v * 10 + u64::from(b - b'0')), len)
    }

    #[test]
    fn swar_agrees_with_a_scalar_parse() {
        let mut cases: Vec<[u8; 8]> =
            vec![*b"0 000000", *b"1234567 ", *b"12345678", *b"x1234567", *b"9\n123456", *b"00000000", *b"99999999"];
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

    /// Every string of 1 to 4 digits, followed by anything, parses exactly with `swar_value4`.
    #[test]
    fn four_digit_swar_parses_every_short_number() {
        for len in 1..=4 {
            for v in 0..10u32.pow(len as u32) {
                let text = format!("{v:0len$}");
                let mut bytes = [b'\n'; 4];
                bytes[..len].copy_from_slice(text.as_bytes());
                assert_eq!(swar_value4(u32::from_le_bytes(bytes), len), u64::from(v), "{text}");
                bytes[len..].fill(b'9');
                assert_eq!(swar_value4(u32::from_le_bytes(bytes), len), u64::from(v), "{text}");
            }
        }
    }

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

    /// Reads `pairs` pairs below `bounds` as the Mine judge does: in bulk while it can, then a
    /// few token by token. Returns the values, then the first error or what `finish` says.
    fn pairs_in_bulk<S: Source>(mut scan: Scanner<S>, bounds: [u64; 2], pairs: u64) -> (Vec<u64>, String) {
        let mut values = Vec::new();
        let mut left = pairs;
        let mut out = [[0; 2]; 20];
        while left > 0 {
            let room = out.len().min(left as usize);
            let read = scan.pairs_below(bounds, &mut out[..room]);
            values.extend(out[..read].iter().flatten().map(|&v| u64::from(v)));
            left -= read as u64;
            if read == room {
                continue;
            }
            for _ in 0..3.min(left) {
                if let Err(e) = pair(&mut scan, bounds, &mut values) {
                    return (values, e);
                }
                left -= 1;
            }
        }
        (values, scan.finish(0).map_or_else(|e| e.to_string(), |()| "done".into()))
    }

    /// The same token by token.
    fn pairs_one_by_one<S: Source>(mut scan: Scanner<S>, bounds: [u64; 2], pairs: u64) -> (Vec<u64>, String) {
        let mut values = Vec::new();
        for _ in 0..pairs {
            if let Err(e) = pair(&mut scan, bounds, &mut values) {
                return (values, e);
            }
        }
        (values, scan.finish(0).map_or_else(|e| e.to_string(), |()| "done".into()))
    }

    /// One pair token by token, as the judge checks it.
    fn pair<S: Source>(scan: &mut Scanner<S>, bounds: [u64; 2], values: &mut Vec<u64>) -> Result<(), String> {
        for bound in bounds {
            match scan.next_u64() {
                Ok(v) if v < bound => values.push(v),
                Ok(v) => return Err(scan.error_at_token(format!("{v} is not below {bound}")).to_string()),
                Err(e) => return Err(scan.error(e, "a number").to_string()),
            }
        }
        Ok(())
    }

    /// Text that is mostly numbers (of 1 to 22 digits, leading zeros too) and separators, with
    /// now and then a sign, a letter, a control or a non-ASCII character.
    fn mostly_numbers() -> impl Strategy<Value = Vec<u8>> {
        let number = (1..23usize, any::<u64>()).prop_map(|(len, seed)| {
            let digits = format!("{seed:020}{seed:020}");
            digits.as_bytes()[40 - len..].to_vec()
        });
        let short = (0..=1000u64).prop_map(|v| v.to_string().into_bytes());
        let gap = prop::collection::vec(prop::sample::select(vec![b' ', b' ', b' ', b'\n', b'\n', b'\r', b'\t']), 1..3);
        let junk = prop::sample::select(vec![
            &b"x"[..],
            b"+",
            b"-",
            b"\0",
            b"\x0b",
            b"\xc3\xa9",
            b"\xff",
            b"/",
            b":",
            b"\x7f",
            b"\xb0",
        ])
        .prop_map(<[u8]>::to_vec);
        let token = prop_oneof![80 => short, 3 => number, 1 => junk];
        prop::collection::vec((token, gap), 0..400)
            .prop_map(|tokens| tokens.into_iter().flat_map(|(t, g)| t.into_iter().chain(g)).collect())
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// The bulk path reads the same values and reports the same errors, at the same line and
        /// column, as the token-by-token one, from a slice and from a stream cut anywhere.
        #[test]
        fn bulk_reads_like_token_by_token(
            input in mostly_numbers(),
            bounds in prop_oneof![
                Just([1000, 1000]),
                Just([1001, 1000]),
                (1..1100u64, 1..1100u64).prop_map(|(x, y)| [x, y]),
                Just([1 << 40, 1 << 40]),
                Just([u64::MAX, u64::MAX]),
                Just([0, 5]),
            ],
            pairs in 0..250u64,
            step in 1..200usize,
        ) {
            let expected = pairs_one_by_one(Scanner::new(&input[..]), bounds, pairs);
            prop_assert_eq!(&pairs_in_bulk(Scanner::new(&input[..]), bounds, pairs), &expected);
            let streamed = pairs_in_bulk(Scanner::new(ReadSource::new(Trickle(&input, step))), bounds, pairs);
            prop_assert_eq!(&streamed, &expected);
        }
    }

    /// Valid pairs, short and long, are read in bulk up to the last block of the input (so the
    /// bulk path is not silently skipped), and exactly.
    #[test]
    fn valid_pairs_are_read_in_bulk() {
        let mut text = String::new();
        let mut expected = Vec::new();
        let mut x = 0x2545_f491_4f6c_dd1du64;
        for i in 0..5000u64 {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let pair = [x % [10, 1000, 100_000_000][(i % 3) as usize], x >> 40 & 0xFFFF];
            text += &format!("{} {}\n", pair[0], pair[1]);
            expected.extend(pair);
        }
        let mut scan = Scanner::new(text.as_bytes());
        let mut out = vec![[0; 2]; 5000];
        let read = scan.pairs_below([u64::MAX >> 1, 1 << 16], &mut out);
        assert!(read > 5000 - 20, "{read} pairs read in bulk");
        assert!(out[..read].iter().flatten().map(|&v| u64::from(v)).eq(expected[..2 * read].iter().copied()));
        assert_eq!(pairs_in_bulk(Scanner::new(text.as_bytes()), [u64::MAX >> 1, 1 << 16], 5000).0, expected);
    }
}
