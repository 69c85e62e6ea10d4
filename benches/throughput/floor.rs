//! The parse floor: a plain scalar pass that sums every unsigned integer in the bytes.

/// Wrapping sum of every maximal run of ASCII digits.
pub fn sum_integers(bytes: &[u8]) -> u64 {
    let (mut sum, mut value, mut in_number) = (0u64, 0u64, false);
    for &b in bytes {
        let digit = b.wrapping_sub(b'0');
        if digit <= 9 {
            value = value.wrapping_mul(10).wrapping_add(u64::from(digit));
            in_number = true;
        } else if in_number {
            sum = sum.wrapping_add(value);
            value = 0;
            in_number = false;
        }
    }
    sum.wrapping_add(value)
}
