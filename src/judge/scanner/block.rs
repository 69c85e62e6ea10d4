//! The bulk path for runs of `x y` pairs (knights, mines): 64 bytes classified at once, the
//! numbers in them found with bit tricks and decoded without a branch per byte.
//!
//! 1. [`classify`]: four 16-byte SIMD comparisons (`wide::u8x16`: SSE2, NEON or plain arrays)
//!    give two 64-bit masks of the block, its digits and its separators, bit `i` for byte `i`.
//! 2. [`block_pairs`]: only the bytes before the first one that is neither count (the lowest
//!    set bit of `!(digits | spaces)`, minus one, masks them). A number starts at a digit whose
//!    byte before is not one (`digits & !(digits << 1)`) and ends at a digit followed by a
//!    space; the ends give the number of whole pairs. Runs of at least 2 and 4 digits
//!    (`digits & digits >> 1`, and that shifted by 2) tell the longest number: up to 4 digits
//!    each number is decoded from a `u32`, up to 8 from a `u64` (see `swar`); a longer one ends
//!    the bulk path there.
//! 3. [`decode_block_pairs`]: walks the start and end masks (lowest set bit, then clear it) and
//!    decodes each number with one unaligned load. The bounds are checked without a branch:
//!    `bound - 1 - value` (wrapping) has its top bit set when `value >= bound`, and the results
//!    are or-ed, so one test at the end says whether any pair was out of bounds.
//!
//! Whatever the bulk path reads, the token-by-token path would read the same; wherever it
//! cannot be sure (anything but digits and spaces, long numbers, values out of bounds, the
//! window's last bytes) it reads nothing and leaves the rest, errors included, to that path.

use wide::u8x16;

use super::swar::{load, swar_value, swar_value4};

/// Bytes [`super::Scanner::pairs_below`] classifies at once.
pub const BLOCK: usize = 64;

/// Bytes a block step needs in the window: the block and an 8-byte load from its last byte.
pub(super) const SPAN: usize = BLOCK + 8;

/// The first pairs, as many as fit `out`, of numbers of up to 8 digits in `span[..BLOCK]` that
/// are each followed by a space in it, into `out`: `(pairs read, bytes up to the last one's
/// end)`. `None` when there is no such pair, or a run of digits in the block is longer than 8,
/// or a pair read is not below `bounds` (the caller's token-by-token path then finds what is
/// wrong).
#[inline(always)]
pub(super) fn block_pairs(span: &[u8; SPAN], bounds: [u64; 2], out: &mut [[u32; 2]]) -> Option<(usize, usize)> {
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
        _ if four & (digits >> 4) == 0 => decode_block_pairs::<4>(span, starts, ends, bounds, out),
        _ if four & (four >> 4) & (digits >> 8) == 0 => decode_block_pairs::<8>(span, starts, ends, bounds, out),
        _ => return None,
    };
    (outside >> 63 == 0).then_some((count, end))
}

/// Decodes `out.len()` pairs of numbers of up to `DIGITS` (4 or 8) digits, starting and ending
/// at the bits of `starts` and `ends` in `span`. Returns the end of the last number, and a word
/// whose top bit tells whether a pair was not below `bounds`.
#[inline(always)]
fn decode_block_pairs<const DIGITS: usize>(
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
