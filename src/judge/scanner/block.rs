//! The bulk paths for runs of numbers: `x y` pairs (knights, mines) and pile sizes (misère
//! Nim). 64 bytes are classified at once, the numbers in them found with bit tricks and decoded
//! without a branch per byte.
//!
//! 1. [`classify`] (grundy-judge's): four 16-byte SIMD comparisons (`wide::u8x16`: SSE2, NEON
//!    or plain arrays) give two 64-bit masks of the block, its digits and its separators, bit
//!    `i` for byte `i`.
//! 2. [`Numbers::of`]: only the bytes before the first one that is neither count (the lowest
//!    set bit of `!(digits | spaces)`, minus one, masks them). A number starts at a digit whose
//!    byte before is not one (`digits & !(digits << 1)`) and ends at a digit followed by a
//!    space; the ends give the number of whole numbers. Runs of at least 2 and 4 digits
//!    (`digits & digits >> 1`, and that shifted by 2) tell the longest number: [`block_pairs`]
//!    decodes each number from a `u32` when none is longer than 4 digits, else from a `u64` up
//!    to 8 (see `grundy_judge::swar`); [`block_positive`] does the same, and takes up to 16 digits from two
//!    `u64` loads ([`decode16`]). A longer number ends the bulk path there.
//! 3. The start and end masks are walked (lowest set bit, then clear it) and each number is
//!    decoded with one or two unaligned loads. The bounds are checked without a branch: `bound -
//!    1 - value` (wrapping) has its top bit set when `value >= bound` (and `value - 1` when a
//!    pile is 0), and the results are or-ed, so one test at the end says whether any number was
//!    out of bounds.
//!
//! Whatever the bulk path reads, the token-by-token path would read the same; wherever it
//! cannot be sure (anything but digits and spaces, long numbers, values out of bounds, the
//! window's last bytes) it reads nothing and leaves the rest, errors included, to that path.

use grundy_judge::block::{BLOCK, classify};
use grundy_judge::swar::{POW10, load, value, value4};

/// Bytes a block step needs in the window: the block and an 8-byte load from its last byte.
pub(super) const SPAN: usize = BLOCK + 8;

/// The numbers of a block that a bulk path may read: those before the first byte that is
/// neither a digit nor a space, each followed by a space in the block.
struct Numbers {
    /// Bit `i` set where a number starts at byte `i`.
    starts: u64,
    /// Bit `i` set where a number followed by a space in the block ends at byte `i`.
    ends: u64,
    /// The digits.
    digits: u64,
    /// Where runs of at least 4 digits start.
    four: u64,
}

impl Numbers {
    #[inline(always)]
    fn of(block: &[u8; BLOCK]) -> Numbers {
        let (digits, spaces) = classify(block);
        let other = !(digits | spaces);
        let valid = (other & other.wrapping_neg()).wrapping_sub(1);
        let digits = digits & valid;
        let two = digits & (digits >> 1);
        Numbers {
            starts: digits & !(digits << 1),
            ends: digits & ((spaces & valid) >> 1),
            digits,
            four: two & (two >> 2),
        }
    }

    /// How many numbers end in the block.
    fn count(&self) -> usize {
        self.ends.count_ones() as usize
    }

    /// Whether no run of digits is longer than 4.
    fn at_most_4_digits(&self) -> bool {
        self.four & (self.digits >> 4) == 0
    }

    /// Whether no run of digits is longer than 8.
    fn at_most_8_digits(&self) -> bool {
        self.four & (self.four >> 4) & (self.digits >> 8) == 0
    }

    /// Whether no run of digits is longer than 16.
    fn at_most_16_digits(&self) -> bool {
        let eight = self.four & (self.four >> 4);
        eight & (eight >> 8) & (self.digits >> 16) == 0
    }

    /// The next number, of at most `DIGITS` (4, 8 or 16) digits, and its end (one past its last
    /// digit); it is then cleared. Up to 4 digits it is decoded from a `u32`, up to 8 from a
    /// `u64`, up to 16 from two ([`decode16`]).
    #[inline(always)]
    fn next<const DIGITS: usize>(&mut self, span: &[u8; SPAN]) -> (u64, usize) {
        let start = self.starts.trailing_zeros() as usize;
        let end = self.ends.trailing_zeros() as usize + 1;
        (self.starts, self.ends) = (self.starts & self.starts.wrapping_sub(1), self.ends & self.ends.wrapping_sub(1));
        let value = match DIGITS {
            4 => value4(u32::from_le_bytes(span[start..start + 4].try_into().expect("4 bytes")), end - start),
            8 => value(load(&span[start..start + 8]), end - start),
            _ => decode16(span, start, end),
        };
        (value, end)
    }
}

/// The first pairs, as many as fit `out`, of numbers of up to 8 digits in `span[..BLOCK]` that
/// are each followed by a space in it, into `out`: `(pairs read, bytes up to the last one's
/// end)`. `None` when there is no such pair, or a run of digits in the block is longer than 8,
/// or a pair read is not below `bounds` (the caller's token-by-token path then finds what is
/// wrong).
#[inline(always)]
pub(super) fn block_pairs(span: &[u8; SPAN], bounds: [u64; 2], out: &mut [[u32; 2]]) -> Option<(usize, usize)> {
    let numbers = Numbers::of(span[..BLOCK].try_into().expect("BLOCK bytes"));
    let count = (numbers.count() / 2).min(out.len());
    let out = &mut out[..count];
    let (end, outside) = match () {
        _ if count == 0 => return None,
        _ if numbers.at_most_4_digits() => decode_block_pairs::<4>(span, numbers, bounds, out),
        _ if numbers.at_most_8_digits() => decode_block_pairs::<8>(span, numbers, bounds, out),
        _ => return None,
    };
    (outside >> 63 == 0).then_some((count, end))
}

/// The first numbers, as many as fit `out`, of up to 16 digits in `span[..BLOCK]` that are each
/// followed by a space in it, into `out`: `(numbers read, bytes up to the last one's end)`.
/// `None` when there is no such number, or a run of digits in the block is longer than 16, or a
/// number read is 0 (the caller's token-by-token path then finds what is wrong).
#[inline(always)]
pub(super) fn block_positive(span: &[u8; SPAN], out: &mut [u64]) -> Option<(usize, usize)> {
    let numbers = Numbers::of(span[..BLOCK].try_into().expect("BLOCK bytes"));
    let count = numbers.count().min(out.len());
    let out = &mut out[..count];
    let (end, zero) = match () {
        _ if count == 0 => return None,
        _ if numbers.at_most_4_digits() => decode_block_positive::<4>(span, numbers, out),
        _ if numbers.at_most_8_digits() => decode_block_positive::<8>(span, numbers, out),
        _ if numbers.at_most_16_digits() => decode_block_positive::<16>(span, numbers, out),
        _ => return None,
    };
    (zero >> 63 == 0).then_some((count, end))
}

/// Decodes `out.len()` numbers of up to `DIGITS` (4, 8 or 16) digits, the next ones of
/// `numbers`. Returns the end of the last number, and a word whose top bit tells whether a
/// number was 0.
#[inline(always)]
fn decode_block_positive<const DIGITS: usize>(
    span: &[u8; SPAN],
    mut numbers: Numbers,
    out: &mut [u64],
) -> (usize, u64) {
    // Values are below 10^16 < 2^63: `value - 1` (wrapping) has its top bit set when it is 0.
    let (mut end, mut zero) = (0, 0);
    for slot in out {
        let value;
        (value, end) = numbers.next::<DIGITS>(span);
        zero |= value.wrapping_sub(1);
        *slot = value;
    }
    (end, zero)
}

/// The number of 1 to 16 digits in `span[start..end]`: its last (up to) eight digits from one
/// load, the digits before them from another, combined without a branch.
#[inline(always)]
fn decode16(span: &[u8; SPAN], start: usize, end: usize) -> u64 {
    let len = end - start;
    let low_len = len.min(8);
    let high_len = len - low_len;
    let low = value(load(&span[end - low_len..end - low_len + 8]), low_len);
    // `value` needs a digit: with none before the last eight, one is decoded and dropped.
    let high = value(load(&span[start..start + 8]), high_len.max(1)) & 0u64.wrapping_sub(u64::from(high_len > 0));
    high * POW10[low_len] + low
}

/// Decodes `out.len()` pairs of numbers of up to `DIGITS` (4 or 8) digits, the next ones of
/// `numbers`. Returns the end of the last number, and a word whose top bit tells whether a pair
/// was not below `bounds`.
#[inline(always)]
fn decode_block_pairs<const DIGITS: usize>(
    span: &[u8; SPAN],
    mut numbers: Numbers,
    bounds: [u64; 2],
    out: &mut [[u32; 2]],
) -> (usize, u64) {
    let mut end = 0;
    let mut next = || {
        let value;
        (value, end) = numbers.next::<DIGITS>(span);
        value
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
