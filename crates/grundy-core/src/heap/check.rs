//! An independent re-check of a periodicity claim `(p, n0)` from the values and the game.
//!
//! It shares no code with the search ([`super::period`]): the game's `t` and `k` are read from its
//! digits here and the theorem's bound is written out again. A claim is accepted when
//!
//! 1. a theorem covers the game (not Grundy's game) and `p >= 1`;
//! 2. enough values were computed for that theorem (pure subtraction: `N >= n0 + p + t`;
//!    otherwise `N >= k·max(n0, 1) + k·p + t - k + 1` and `N >= p + t + 1`);
//! 3. `G(i + p) = G(i)` for every `n0 <= i < N - p` (then the theorem extends it to all `i`);
//! 4. `n0` is the first periodic heap: `n0 = 0` or `G(n0 - 1) != G(n0 - 1 + p)`;
//! 5. `p` is the least period: for every proper divisor `d` of `p`, some `n0 <= i < n0 + p` has
//!    `G(i) != G(i + d)` (a period of the tail divides `p`, and a `p`-periodic tail is
//!    `d`-periodic iff it is over one period; values past `N` are read through the claim, which
//!    3 has proven).

use core::fmt;
use core::ops::Range;

use super::period::Period;
use super::spec::HeapGame;

/// Why a periodicity claim is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum CheckFailure {
    /// Grundy's game: no periodicity theorem covers unequal splits.
    NoTheorem,
    /// The period is 0.
    ZeroPeriod,
    /// The theorem needs `needed` values; only `have` were given.
    TooFewValues {
        /// Values the theorem needs.
        needed: u64,
        /// Values given.
        have: u64,
    },
    /// `G(heap) != G(heap - period)` with `heap - period >= n0`.
    Mismatch {
        /// The heap whose value breaks the claim.
        heap: u64,
    },
    /// The tail is already periodic from `heap < n0`.
    EarlierStart {
        /// The earlier first periodic heap.
        heap: u64,
    },
    /// The tail has a smaller period (a proper divisor of the claimed one).
    SmallerPeriod {
        /// The smaller period.
        period: u64,
    },
}

impl fmt::Display for CheckFailure {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoTheorem => write!(f, "no periodicity theorem covers games with unequal splits"),
            Self::ZeroPeriod => write!(f, "a period must be at least 1"),
            Self::TooFewValues { needed, have } => {
                write!(f, "the theorem needs {needed} values to prove this claim, only {have} were computed")
            }
            Self::Mismatch { heap } => write!(f, "the values differ at heap {heap}"),
            Self::EarlierStart { heap } => write!(f, "the values are periodic already from heap {heap}"),
            Self::SmallerPeriod { period } => write!(f, "the values have the smaller period {period}"),
        }
    }
}

impl core::error::Error for CheckFailure {}

/// Re-checks that `values = G(0..N)` of `game` prove `claim` (see the module documentation).
pub fn check_period(game: &HeapGame, values: &[u16], claim: Period) -> Result<(), CheckFailure> {
    check_period_with(game, values, claim, &|_| {})
}

/// [`check_period`], calling `passed(range)` now and then with values it has read and will not
/// read again (but those of one period, read at the end).
pub(crate) fn check_period_with(
    game: &HeapGame,
    values: &[u16],
    claim: Period,
    passed: &dyn Fn(Range<usize>),
) -> Result<(), CheckFailure> {
    if game.is_grundy() {
        return Err(CheckFailure::NoTheorem);
    }
    let (p, n0) = (claim.period, claim.preperiod);
    if p == 0 {
        return Err(CheckFailure::ZeroPeriod);
    }
    let digits = game.digits();
    let t = digits.iter().rposition(|&d| d != 0).unwrap_or(0) as u128;
    let any = digits.iter().fold(0u8, |acc, &d| acc | d);
    let subtraction = digits[0] == 0 && digits.iter().all(|&d| d == 0 || d == 3);
    let k: u128 = if any & 8 != 0 {
        3
    } else if any & 4 != 0 {
        2
    } else {
        1
    };
    let (p128, n128) = (u128::from(p), u128::from(n0));
    let needed = if subtraction {
        n128 + p128 + t
    } else {
        let m = if n0 == 0 { 1 } else { n128 };
        let first = k * m + k * p128 + t + 1 - k;
        let second = p128 + t + 1;
        if first > second { first } else { second }
    };
    let have = values.len() as u64;
    if needed > u128::from(have) {
        return Err(CheckFailure::TooFewValues { needed: u64::try_from(needed).unwrap_or(u64::MAX), have });
    }
    // From here n0 + p <= N, so the indices below fit in usize.
    let (p, n0) = (p as usize, n0 as usize);
    for i in n0..values.len() - p {
        if values[i] != values[i + p] {
            return Err(CheckFailure::Mismatch { heap: (i + p) as u64 });
        }
        if i > n0 && (i - n0).is_multiple_of(1 << 20) {
            // Both ends of the comparison have passed these.
            passed(i - (1 << 20)..i);
            passed(i - (1 << 20) + p..i + p);
        }
    }
    // Values past N through the (now proven) claim.
    let at = |i: usize| if i < values.len() { values[i] } else { values[n0 + (i - n0) % p] };
    if n0 > 0 && at(n0 - 1) == at(n0 - 1 + p) {
        return Err(CheckFailure::EarlierStart { heap: (n0 - 1) as u64 });
    }
    for d in 1..p {
        if p % d == 0 && (n0..n0 + p).all(|i| at(i) == at(i + d)) {
            return Err(CheckFailure::SmallerPeriod { period: d as u64 });
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn small_claims() {
        let s = HeapGame::parse("{1,2}").unwrap();
        let v = [0u16, 1, 2, 0, 1, 2, 0, 1, 2];
        assert_eq!(check_period(&s, &v, Period { period: 3, preperiod: 0 }), Ok(()));
        assert_eq!(
            check_period(&s, &v, Period { period: 6, preperiod: 0 }),
            Err(CheckFailure::SmallerPeriod { period: 3 })
        );
        assert_eq!(
            check_period(&s, &v, Period { period: 3, preperiod: 1 }),
            Err(CheckFailure::EarlierStart { heap: 0 })
        );
        assert_eq!(check_period(&s, &v, Period { period: 2, preperiod: 0 }), Err(CheckFailure::Mismatch { heap: 2 }));
        assert_eq!(check_period(&s, &v, Period { period: 0, preperiod: 0 }), Err(CheckFailure::ZeroPeriod));
        assert_eq!(
            check_period(&s, &v[..4], Period { period: 3, preperiod: 0 }),
            Err(CheckFailure::TooFewValues { needed: 5, have: 4 })
        );
        let g = HeapGame::grundy();
        assert_eq!(check_period(&g, &v, Period { period: 3, preperiod: 0 }), Err(CheckFailure::NoTheorem));
        // The s = 0 edge case: 0.004 with five zeros is not enough for period 1 from 0.
        let z = HeapGame::parse("0.004").unwrap();
        assert_eq!(
            check_period(&z, &[0, 0, 0, 0, 0], Period { period: 1, preperiod: 0 }),
            Err(CheckFailure::TooFewValues { needed: 6, have: 5 })
        );
        assert_eq!(
            check_period(&z, &[0, 0, 0, 0, 0, 1], Period { period: 1, preperiod: 0 }),
            Err(CheckFailure::Mismatch { heap: 5 })
        );
    }
}
