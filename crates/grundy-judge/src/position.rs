//! The line and column of an error. Lines are not counted while reading: a reader keeps the
//! newlines and the column of the bytes its window dropped ([`Origin`]), and a position becomes
//! a line and a column (in characters, not bytes) only when an error is reported.

use wide::u8x16;

/// A byte in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;
/// The high bit of every byte.
const HIGH: u64 = 0x80 * ONES;

/// Where a window onto the input starts: the newlines before it, and the characters between the
/// last of them and the window.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Origin {
    lines: u64,
    column: u64,
}

impl Origin {
    /// Moves the window's start past `dropped`, the bytes it dropped.
    pub fn advance(&mut self, dropped: &[u8]) {
        match newlines(dropped) {
            0 => self.column += chars(dropped),
            n => {
                self.lines += n;
                let after = last_newline(dropped).map_or(0, |nl| nl + 1);
                self.column = chars(&dropped[after..]);
            }
        }
    }

    /// The line and column (from 0; the column in characters) of the position after `before`,
    /// the window's bytes before it.
    pub fn locate(&self, before: &[u8]) -> (u64, u64) {
        match last_newline(before) {
            Some(nl) => (self.lines + newlines(before), chars(&before[nl + 1..])),
            None => (self.lines, self.column + chars(before)),
        }
    }
}

/// The high bits of the newlines of a word.
#[inline(always)]
fn newline_marks(word: u64) -> u64 {
    // Zero bytes of `word ^ '\n'`: the only ones whose high bit `(x & 0x7F) + 0x7F | x` leaves
    // clear.
    let x = word ^ (u64::from(b'\n') * ONES);
    !(((x & !HIGH) + !HIGH) | x) & HIGH
}

/// The high bits of the UTF-8 continuation bytes (`0b10xx_xxxx`) of a word.
#[inline(always)]
fn continuation_marks(word: u64) -> u64 {
    word & !(word << 1) & HIGH
}

/// How many bytes of `bytes` `marks` marks, eight bytes at a time (the tail padded with zero
/// bytes, which neither function marks).
#[inline(always)]
fn count(bytes: &[u8], marks: fn(u64) -> u64) -> u64 {
    // The marks moved to the low bit of each byte, summed into the top byte by one multiply.
    let sum = |word: [u8; 8]| (marks(u64::from_le_bytes(word)) >> 7).wrapping_mul(ONES) >> 56;
    let mut words = bytes.chunks_exact(8);
    let mut total = 0;
    for word in &mut words {
        total += sum(word.try_into().unwrap_or_default());
    }
    let mut tail = [0; 8];
    tail[..words.remainder().len()].copy_from_slice(words.remainder());
    total + sum(tail)
}

/// Newlines in `bytes`, sixteen bytes at a time: each lane counts the newlines it sees (a match
/// is 255, that is -1, subtracted), summed before a lane can wrap.
pub fn newlines(bytes: &[u8]) -> u64 {
    let mut chunks = bytes.chunks_exact(16);
    let mut total = 0;
    loop {
        let (mut lanes, mut seen) = (u8x16::ZERO, 0);
        for chunk in (&mut chunks).take(255) {
            lanes -= u8x16::new(chunk.try_into().unwrap_or_default()).cmp_eq(u8x16::splat(b'\n'));
            seen += 1;
        }
        total += lanes.to_array().iter().map(|&n| u64::from(n)).sum::<u64>();
        if seen < 255 {
            break;
        }
    }
    total + chunks.remainder().iter().filter(|&&b| b == b'\n').count() as u64
}

/// Characters (bytes that are not UTF-8 continuation bytes) in `bytes`.
pub fn chars(bytes: &[u8]) -> u64 {
    // ASCII (no high bit anywhere), the usual case, is checked first: one OR a word.
    let mut words = bytes.chunks_exact(8);
    let mut any = 0;
    for word in &mut words {
        any |= u64::from_le_bytes(word.try_into().unwrap_or_default());
    }
    any |= words.remainder().iter().fold(0, |any, &b| any | u64::from(b));
    match any & HIGH {
        0 => bytes.len() as u64,
        _ => bytes.len() as u64 - count(bytes, continuation_marks),
    }
}

/// Where the last newline of `bytes` is, looked for eight bytes at a time from the end.
pub fn last_newline(bytes: &[u8]) -> Option<usize> {
    let mut end = bytes.len();
    while end >= 8 {
        let word: [u8; 8] = bytes[end - 8..end].try_into().unwrap_or_default();
        let marks = newline_marks(u64::from_le_bytes(word));
        if marks != 0 {
            return Some(end - 8 + (63 - marks.leading_zeros() as usize) / 8);
        }
        end -= 8;
    }
    bytes[..end].iter().rposition(|&b| b == b'\n')
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::vec::Vec;

    use super::*;

    /// Inputs of every length up to a few hundred bytes, of ASCII, newlines, multi-byte
    /// characters and continuation bytes in a pseudo-random mix: the counts are the plain ones.
    #[test]
    fn counts_agree_with_byte_by_byte_ones() {
        let alphabet: &[&[u8]] = &[b"a", b"7", b" ", b"\n", "é".as_bytes(), "€".as_bytes(), "😀".as_bytes(), &[0x80]];
        let mut state = 0x2545_f491_4f6c_dd1du64;
        for len in 0..600 {
            let mut bytes = Vec::new();
            while bytes.len() < len {
                state ^= state << 13;
                state ^= state >> 7;
                state ^= state << 17;
                bytes.extend_from_slice(alphabet[(state % alphabet.len() as u64) as usize]);
            }
            bytes.truncate(len);
            let nl = bytes.iter().filter(|&&b| b == b'\n').count() as u64;
            assert_eq!(newlines(&bytes), nl);
            assert_eq!(chars(&bytes), bytes.iter().filter(|&&b| b & 0xC0 != 0x80).count() as u64);
            assert_eq!(last_newline(&bytes), bytes.iter().rposition(|&b| b == b'\n'));
        }
        assert_eq!(newlines(&[b'\n'; 255 * 16 * 3 + 5]), 255 * 16 * 3 + 5);
    }

    /// A position's line and column are the same whether the window before it was dropped in
    /// pieces or not.
    #[test]
    fn origin_carries_lines_and_columns_across_drops() {
        let text = "ab\ncdé\n\nfgh€ij\nk".as_bytes();
        for at in 0..=text.len() {
            let whole = Origin::default().locate(&text[..at]);
            for split in 0..=at {
                let mut origin = Origin::default();
                origin.advance(&text[..split]);
                assert_eq!(origin.locate(&text[split..at]), whole, "{at} after {split}");
            }
        }
        assert_eq!(Origin::default().locate(text), (4, 1));
        assert_eq!(Origin::default().locate(&text[..12]), (3, 3));
    }
}
