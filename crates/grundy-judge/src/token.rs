//! Tokens: unsigned decimal numbers separated by spaces, tabs, `\n` and `\r` (so CRLF input
//! works), with leading zeros, at most [`MAX_DIGITS`] digits, up to `u64::MAX`.

/// Why a number could not be read.
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
    /// More than [`MAX_DIGITS`] digits (leading zeros, since any more would overflow).
    TooLong,
    /// Reading the input failed (the reader keeps what went wrong).
    Read,
}

/// The most digits a number may have, leading zeros included. A longer run of digits is an
/// error ([`ScanError::TooLong`]) wherever the input comes from, so that reading stays linear
/// and a streamed window stays bounded (the token being read is kept whole in the window).
pub const MAX_DIGITS: usize = 4096;

/// Whether `b` separates tokens: space, tab, `\n` or `\r`.
#[inline(always)]
pub fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\n' | b'\r' | b'\t')
}

/// Whether `b` is an ASCII digit.
#[inline(always)]
pub fn is_digit(b: u8) -> bool {
    b.wrapping_sub(b'0') <= 9
}

/// The digits of `bytes` from `start` on as a number: `Ok((value, end))`, `end` one past the
/// last digit (`start` when there is none), or [`ScanError::Overflow`] at the first digit that
/// takes it past `u64::MAX`. Byte by byte: the path for long numbers and every error.
#[inline(always)]
pub fn parse_digits(bytes: &[u8], start: usize) -> Result<(u64, usize), ScanError> {
    let mut end = start;
    let mut value: u64 = 0;
    while let Some(&b) = bytes.get(end) {
        if !is_digit(b) {
            break;
        }
        value = value.checked_mul(10).and_then(|v| v.checked_add(u64::from(b - b'0'))).ok_or(ScanError::Overflow)?;
        end += 1;
    }
    Ok((value, end))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn separators_and_digits_are_the_four_and_the_ten() {
        for b in 0..=255u8 {
            assert_eq!(is_space(b), b" \t\r\n".contains(&b), "{b}");
            assert_eq!(is_digit(b), b.is_ascii_digit(), "{b}");
        }
    }

    #[test]
    fn digits_parse_up_to_the_first_other_byte_and_overflow_past_u64() {
        assert_eq!(parse_digits(b"  0042 7", 2), Ok((42, 6)));
        assert_eq!(parse_digits(b"x", 0), Ok((0, 0)));
        assert_eq!(parse_digits(b"18446744073709551615", 0), Ok((u64::MAX, 20)));
        assert_eq!(parse_digits(b"18446744073709551616", 0), Err(ScanError::Overflow));
        assert_eq!(parse_digits(b"000000000000000000000000018446744073709551615:", 0), Ok((u64::MAX, 45)));
    }
}
