//! A duration written in seconds, as the messages about time bounds write it.

use core::fmt;
use core::time::Duration;

/// A duration in seconds, trailing zeros dropped: `0.5`, `1.25`, `3`. Exact with `{}` (to the
/// nanosecond: a bound as it was given, `0.000001`), rounded with a precision (`{:.3}`, to the
/// millisecond: a time measured).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Seconds(pub Duration);

impl fmt::Display for Seconds {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let digits = f.precision().unwrap_or(9).min(9) as u32;
        let unit = 10u128.pow(9 - digits);
        let scaled = (self.0.as_nanos() + unit / 2) / unit;
        let one = 10u128.pow(digits);
        let (whole, mut frac, mut width) = (scaled / one, scaled % one, digits as usize);
        if frac == 0 {
            return write!(f, "{whole}");
        }
        while frac % 10 == 0 {
            frac /= 10;
            width -= 1;
        }
        write!(f, "{whole}.{frac:0width$}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;

    #[test]
    fn exact_or_rounded_without_trailing_zeros() {
        let s = |nanos: u64| Seconds(Duration::from_nanos(nanos));
        assert_eq!(format!("{}", s(3_000_000_000)), "3");
        assert_eq!(format!("{}", s(500_000_000)), "0.5");
        assert_eq!(format!("{}", s(1_250_000_000)), "1.25");
        assert_eq!(format!("{}", s(1_000)), "0.000001");
        assert_eq!(format!("{}", s(1)), "0.000000001");
        assert_eq!(format!("{}", s(1_000_000_007)), "1.000000007");
        assert_eq!(format!("{:.3}", s(1_000)), "0");
        assert_eq!(format!("{:.3}", s(1_234_567_890)), "1.235");
        assert_eq!(format!("{:.3}", s(1_999_600_000)), "2");
        assert_eq!(format!("{:.3}", s(20_000_000)), "0.02");
        assert_eq!(format!("{:.0}", s(2_500_000_000)), "3");
        assert_eq!(format!("{}", Seconds(Duration::MAX)), "18446744073709551615.999999999");
    }
}
