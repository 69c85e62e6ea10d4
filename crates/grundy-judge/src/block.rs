//! A 64-byte block classified at once: the masks the bulk paths find numbers with.

use wide::u8x16;

/// Bytes a bulk path classifies at once.
pub const BLOCK: usize = 64;

/// Masks of the digits and of the separators (bit `i` for byte `i`) of a block, sixteen bytes at
/// a time (SIMD: `wide::u8x16`, which is SSE2, NEON or plain arrays).
#[inline(always)]
pub fn classify(block: &[u8; BLOCK]) -> (u64, u64) {
    let (mut digits, mut spaces) = (0, 0);
    for (k, chunk) in block.as_chunks::<16>().0.iter().enumerate() {
        let v = u8x16::new(*chunk);
        let is = |b: u8| v.cmp_eq(u8x16::splat(b));
        let d = v - u8x16::splat(b'0');
        let digit = d.min(u8x16::splat(9)).cmp_eq(d);
        let space = is(b' ') | is(b'\n') | is(b'\r') | is(b'\t');
        digits |= u64::from(digit.move_mask() as u16) << (16 * k);
        spaces |= u64::from(space.move_mask() as u16) << (16 * k);
    }
    (digits, spaces)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::token::{is_digit, is_space};

    #[test]
    fn masks_mark_each_byte_as_the_byte_tests_do() {
        for first in (0..=255u8).step_by(BLOCK) {
            let block: [u8; BLOCK] = core::array::from_fn(|i| first.wrapping_add(i as u8));
            let (digits, spaces) = classify(&block);
            for (i, &b) in block.iter().enumerate() {
                assert_eq!(digits >> i & 1 == 1, is_digit(b), "{b}");
                assert_eq!(spaces >> i & 1 == 1, is_space(b), "{b}");
            }
        }
    }
}
