//! Decimal digits parsed eight at a time inside one `u64` (SWAR: SIMD within a register).
//!
//! Eight input bytes are loaded as a little-endian word ([`load`]), so input byte `i` is the
//! word's byte `i`. XOR with `0x30` in every byte turns `'0'..='9'` into 0 to 9 and every other
//! byte into something else; adding `0x76` to each byte (and or-ing the byte itself) then sets
//! its high bit exactly when it is 10 or more, so the number of leading digits is the trailing
//! zero bits of those high bits, divided by eight ([`leading_digits`]).
//!
//! The value of `len` digits ([`value`]): shift them to the top of the word, so that the zero
//! bytes below act as leading zeros, then combine neighbours in three multiply, shift and mask
//! steps, each halving the number of lanes: eight 1-digit lanes become four 2-digit ones
//! (`x * 10 + next`), then two 4-digit ones (`* 100`), then one 8-digit value (`* 10_000`).
//! Three multiplications instead of eight dependent multiply-adds. [`value4`] does the same for
//! up to four digits in a `u32`, where one multiplication by `10 << 8 | 1` combines the pairs
//! and one by `100 << 16 | 1` the two pairs.

/// A byte in every byte of a word.
const ONES: u64 = 0x0101_0101_0101_0101;

/// `10^i` for `i <= 8`.
pub const POW10: [u64; 9] = [1, 10, 100, 1_000, 10_000, 100_000, 1_000_000, 10_000_000, 100_000_000];

/// Eight bytes (`chunk` must have exactly eight) as a little-endian word.
#[inline(always)]
pub fn load(chunk: &[u8]) -> u64 {
    u64::from_le_bytes(chunk.try_into().expect("8 bytes"))
}

/// The number of leading ASCII digits of a little-endian word, 0 to 8.
#[inline(always)]
pub fn leading_digits(word: u64) -> usize {
    let t = word ^ (0x30 * ONES); // digits become 0..=9, every other byte something else
    // High bit set in each byte that is not a digit (t >= 10). A carry can only corrupt bytes
    // above the first non-digit, and only the first one is used.
    let non_digit = (t.wrapping_add(0x76 * ONES) | t) & (0x80 * ONES);
    (non_digit.trailing_zeros() / 8) as usize
}

/// The leading digits of a little-endian word: `(value, len)` with `len`, 0 to 8, the number of
/// leading ASCII digits (and the value 0 when there is none).
#[inline(always)]
pub fn parse8(word: u64) -> (u64, usize) {
    let len = leading_digits(word);
    if len == 0 {
        return (0, 0);
    }
    (value(word, len), len)
}

/// The number the first `len` bytes (1 to 8 ASCII digits) of a little-endian word spell.
#[inline(always)]
pub fn value(word: u64, len: usize) -> u64 {
    let t = word ^ (0x30 * ONES);
    // Move the digits to the top bytes (zeros below act as leading zeros), then combine
    // neighbours: pairs, quadruples, octets.
    let d = t << (8 * (8 - len));
    let d = (d.wrapping_mul(10) + (d >> 8)) & 0x00FF_00FF_00FF_00FF;
    let d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_FFFF_0000_FFFF;
    (d.wrapping_mul(10_000) + (d >> 32)) & 0xFFFF_FFFF
}

/// The number the first `len` bytes (1 to 4 ASCII digits) of four little-endian bytes spell.
#[inline(always)]
pub fn value4(word: u32, len: usize) -> u64 {
    // Digits to the top bytes (zeros below act as leading zeros), then one multiply combines
    // neighbours into two 2-digit lanes, and another the lanes.
    let d = (word ^ 0x3030_3030) << (8 * (4 - len));
    let d = (d.wrapping_mul(10 << 8 | 1) >> 8) & 0x00FF_00FF;
    u64::from(d.wrapping_mul(100 << 16 | 1) >> 16)
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::string::String;
    use std::vec::Vec;
    use std::{format, vec};

    use super::*;

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
            assert_eq!(parse8(load(&c)), scalar(&c), "{:?}", String::from_utf8_lossy(&c));
        }
    }

    /// Every string of 1 to 4 digits, followed by anything, parses exactly with `value4`.
    #[test]
    fn four_digit_swar_parses_every_short_number() {
        for len in 1..=4 {
            for v in 0..10u32.pow(len as u32) {
                let text = format!("{v:0len$}");
                let mut bytes = [b'\n'; 4];
                bytes[..len].copy_from_slice(text.as_bytes());
                assert_eq!(value4(u32::from_le_bytes(bytes), len), u64::from(v), "{text}");
                bytes[len..].fill(b'9');
                assert_eq!(value4(u32::from_le_bytes(bytes), len), u64::from(v), "{text}");
            }
        }
    }
}
