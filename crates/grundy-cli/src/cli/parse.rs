//! The parsers of numeric arguments: counts (`2^20`, `1e6`), seconds, heap sizes and the
//! knight square's side.

use std::time::Duration;

/// A count: a whole number (`1048576`), a power `B^K` (`2^20`), or `M`e`E` (`1e6`, `2.5e6`) when
/// it is a whole number. `Err` says which is wrong: not such a number, or beyond 2^64 - 1.
pub fn count(text: &str) -> Result<u64, String> {
    const TOO_LARGE: &str = "larger than 2^64 - 1";
    const SYNTAX: &str = "not a whole number (digits, 2^K, or 1e6 written exactly)";
    let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
    let number =
        |s: &str| if digits(s) { s.parse::<u64>().map_err(|_| TOO_LARGE.to_string()) } else { Err(SYNTAX.into()) };
    if let Some((base, exponent)) = text.split_once('^') {
        let (base, exponent) = (number(base)?, number(exponent)?);
        let exponent = u32::try_from(exponent).map_err(|_| TOO_LARGE.to_string())?;
        return base.checked_pow(exponent).ok_or_else(|| TOO_LARGE.into());
    }
    if let Some((mantissa, exponent)) = text.split_once(['e', 'E']) {
        let (whole, fraction) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        if !digits(whole) || !(fraction.is_empty() || digits(fraction)) || !digits(exponent) {
            return Err(SYNTAX.into());
        }
        // All the mantissa's digits as one number, then shifted by the exponent less the
        // fraction's digits; a shift right must drop only zeros.
        let all = format!("{whole}{fraction}");
        let all = all.trim_start_matches('0');
        let shift = exponent.parse::<i64>().unwrap_or(i64::MAX).saturating_sub(fraction.len() as i64);
        let kept = if shift >= 0 {
            if all.is_empty() {
                return Ok(0);
            }
            if all.len() as i64 + shift > 20 {
                return Err(TOO_LARGE.into());
            }
            format!("{all}{}", "0".repeat(shift as usize))
        } else {
            let drop = shift.unsigned_abs() as usize;
            let cut = all.len().saturating_sub(drop);
            if all[cut..].bytes().any(|b| b != b'0') {
                return Err(format!("{text} is not a whole number"));
            }
            all[..cut].to_string()
        };
        return if kept.is_empty() { Ok(0) } else { kept.parse::<u64>().map_err(|_| TOO_LARGE.to_string()) };
    }
    number(text)
}

/// `--max-states`: a [`count`] that fits a `usize`.
pub fn max_states(text: &str) -> Result<usize, String> {
    count(text).and_then(|n| usize::try_from(n).map_err(|_| format!("larger than {}", usize::MAX)))
}

/// `--max-time`: a positive, finite number of seconds (`2`, `0.5`, `1e-1`).
pub fn seconds(text: &str) -> Result<Duration, String> {
    let wrong = || format!("not a positive number of seconds (such as 2 or 0.5): {text:?}");
    let s: f64 = text.trim().parse().map_err(|_| wrong())?;
    if s.is_nan() || s <= 0.0 || s.is_infinite() {
        return Err(wrong());
    }
    Duration::try_from_secs_f64(s).map_err(|_| format!("{text} seconds is more than this program can wait"))
}

/// A coordinate or a heap size: digits only.
pub fn whole_number(text: &str) -> Result<u64, String> {
    text.parse::<u64>()
        .map_err(|_| "not a whole number (a coordinate is at most 2^63 - 1, a heap at most 2^64 - 1)".to_string())
}

/// `--bound`: the side of the knight square, 1 to the largest the generator computes.
pub fn parse_bound(text: &str) -> Result<usize, String> {
    let max = grundy_core::generate::MAX_BOUND;
    grundy_core::generate::parse_bound(text).map_err(|_| {
        format!("the side of the knight square (coordinates 0 <= x, y < N) must be a whole number from 1 to {max}")
    })
}

/// A position: a whole number, or whole numbers joined by commas (`3,4`) for a game on tuples.
pub fn position(text: &str) -> Result<Vec<u64>, String> {
    text.split(',').map(whole_number).collect()
}

/// Positions that are single numbers (the leaper's coordinates, heap sizes), refusing a tuple.
pub fn single_numbers(positions: &[Vec<u64>]) -> Result<Vec<u64>, super::exit::Failure> {
    positions
        .iter()
        .map(|p| match p[..] {
            [n] => Ok(n),
            _ => Err(super::exit::Failure::invalid(format!(
                "{}: a tuple is a position of a game defined by --rules, not a number",
                p.iter().map(u64::to_string).collect::<Vec<_>>().join(",")
            ))),
        })
        .collect()
}
