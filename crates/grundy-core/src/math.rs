//! Integer helpers shared by the closed form, its discovery and its codec.

/// The greatest common divisor (`gcd(0, 0) = 0`).
pub(crate) fn gcd(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd(b, a % b) }
}

/// The least common multiple, or `None` when it passes `u64`.
pub(crate) fn lcm(a: u64, b: u64) -> Option<u64> {
    (a / gcd(a, b).max(1)).checked_mul(b)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn gcd_and_lcm() {
        assert_eq!((gcd(12, 18), gcd(0, 5), gcd(5, 0), gcd(0, 0)), (6, 5, 5, 0));
        assert_eq!((lcm(4, 6), lcm(1, 7), lcm(u64::MAX, 2)), (Some(12), Some(7), None));
    }
}
