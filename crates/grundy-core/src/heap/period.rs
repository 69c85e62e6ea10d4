//! Periodicity of heap games: found in computed values, accepted only by a theorem.
//!
//! A sequence is *periodic with period `p` from `n0`* when `G(n + p) = G(n)` for every
//! `n >= n0`. From `N` values `G(0..N)` and a candidate `p`, let `s = s(N, p)` be the smallest
//! index with `G(i + p) = G(i)` for every `s <= i < N - p`. Write `t` for the code's length
//! ([`HeapGame::max_take`]) and `k` for the most heaps a move leaves ([`HeapGame::max_heaps`]).
//!
//! # The theorems
//!
//! **Pure subtraction games** (digits 0 and 3 only, `d0 = 0`). If `N >= s + p + t`, then `G` is
//! periodic with period `p` from `s`.
//!
//! *Proof.* Induction on the heap `x >= N`, assuming `G(i + p) = G(i)` for `s <= i < x - p`. As
//! `x - p >= s + t >= t`, every move (remove `i <= t`) is legal from both `x` and `x - p`, and the
//! options `G(x - i)`, `G(x - p - i)` agree because `x - p - i >= s`. So `G(x) = G(x - p)`.
//! (Here `s = 0` needs no special care: the moves are the same from every heap `>= t`.)
//!
//! **Games whose moves leave at most `k` heaps** (`k = 1`: digits with bits 1 and 2 only; `k = 2`:
//! octal codes with splits, `d0 = 4` included; `k = 3`: bit 8). If
//!
//! ```text
//! N >= k·max(s, 1) + k·p + t - k + 1    and    N >= p + t + 1,
//! ```
//!
//! then `G` is periodic with period `p` from `s`. For `k = 2` this is
//! `N >= 2·max(s, 1) + 2p + t - 1`.
//!
//! *Proof.* Induction on `x >= N` as above; show that `x` and `x - p` have the same option values.
//! - Taking all (bit 1) needs the heap to be exactly `i <= t`: as `x - p >= N - p > t`, neither
//!   heap allows it.
//! - Moves to one heap (bit 2): `G(x - i)` against `G(x - p - i)`, with `x - p - i >= N - p - t
//!   >= max(s, 1)`: both heaps are non-empty and periodic.
//! - Splits of `M = x - i` into `j <= k` non-empty parts: the largest part `A` is at least
//!   `⌈M / j⌉ >= ⌈(x - t) / k⌉`, and the bound makes this `>= max(s, 1) + p`. Replacing `A` by
//!   `A - p` gives a legal split of `x - p - i` (the part stays non-empty because
//!   `A - p >= max(s, 1) >= 1`) of the same value (`A - p >= s`). Conversely, adding `p` to the
//!   largest part `C >= ⌈(x - p - t) / k⌉ >= max(s, 1)` of a split of `x - p - i` gives a split of
//!   `x - i` of the same value.
//!
//! The `max(s, 1)` matters when `s = 0`: with `s` alone the bound is one heap short for `k = 2`
//! and the shifted part may be empty, which is not a split. `0.004` shows it: `G = 0,0,0,0,0,1`,
//! and `p = 1, s = 0` pass `N >= 2s + 2p + t` at `N = 5`. A `k`-heap game checked with the
//! two-heap bound is likewise unsound: for `0.8` (`G = 0,0,0,0,1`) it accepts four zeros.
//!
//! **Grundy's game** (unequal splits): shifting a part can make the two parts equal, an illegal
//! move, and no periodicity theorem is known: it is never certified.
//!
//! # The search
//!
//! [`find_period`] tries `p = 1, 2, …` and for each walks back from the end while the values
//! agree, which gives `s(N, p)` (usually after a step or two for a wrong `p`); the first `p`
//! whose bound holds is returned with `n0 = s(N, p)`. It is the fundamental period: if `G` is
//! periodic with `p` from `n0`, its least period `p*` divides `p`, `s(N, p*) <= n0`, and the bound
//! for `(p*, s(N, p*))` is weaker, so `p*` would have been accepted first. And `n0` is the true
//! start: the theorem gives periodicity from `s(N, p)`, and the data refute any earlier start.
//! [`check_period`](super::check::check_period) re-checks a claim independently.

use alloc::vec::Vec;
use core::ops::Range;

use super::spec::HeapGame;

/// A proven periodicity: `G(n + period) = G(n)` for every `n >= preperiod`, with both minimal.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct Period {
    /// The least period `p >= 1`.
    pub period: u64,
    /// The first periodic heap `n0` (the last exception is `n0 - 1`).
    pub preperiod: u64,
}

impl Period {
    /// The heap below `preperiod + period` with the same value as `heap`: `heap` itself below the
    /// period's start, else `preperiod + (heap - preperiod) mod period` (a `period` of 0, which
    /// no proof gives, reduces nothing).
    pub fn reduce(&self, heap: u64) -> u64 {
        match heap.checked_sub(self.preperiod).and_then(|past| past.checked_rem(self.period)) {
            Some(r) => self.preperiod + r,
            None => heap,
        }
    }

    /// `preperiod + period`: the values a table needs to answer every heap.
    pub fn span(&self) -> u64 {
        self.preperiod.saturating_add(self.period)
    }
}

/// The theorem that applies to a game: with `N` values computed and `G(i + p) = G(i)` for every
/// `n0 <= i < N - p`, `G` is periodic with period `p` from `n0` as soon as `N` reaches
/// [`values_needed`](Self::values_needed). The bound for `k`-heap moves uses `max(n0, 1)`: with
/// `n0` alone it is unsound (0.004: `G = 0,0,0,0,0,1`). Proof: the shifted heaps stay non-empty
/// and inside the verified range; by induction the options of `x` and `x - p` have the same
/// values.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PeriodRule {
    /// A pure subtraction game: `N >= n0 + p + t`.
    Subtraction {
        /// `t`, the largest move.
        t: u64,
    },
    /// Moves leave at most `k` heaps: `N >= k·max(n0, 1) + k·p + t - k + 1` and `N >= p + t + 1`.
    Heaps {
        /// `k`.
        k: u64,
        /// `t`, the code's length.
        t: u64,
    },
    /// Grundy's game: no theorem.
    None,
}

impl PeriodRule {
    /// The rule for `game`.
    pub fn of(game: &HeapGame) -> PeriodRule {
        let t = game.max_take() as u64;
        if game.is_grundy() {
            PeriodRule::None
        } else if game.is_subtraction() {
            PeriodRule::Subtraction { t }
        } else {
            PeriodRule::Heaps { k: u64::from(game.max_heaps()), t }
        }
    }

    /// The number of values `N` that proves periodicity with `period` from `preperiod`, or `None`
    /// when no theorem applies. Saturates instead of overflowing.
    pub fn values_needed(&self, period: u64, preperiod: u64) -> Option<u64> {
        match *self {
            PeriodRule::Subtraction { t } => Some(preperiod.saturating_add(period).saturating_add(t)),
            PeriodRule::Heaps { k, t } => {
                let main = k
                    .saturating_mul(preperiod.max(1))
                    .saturating_add(k.saturating_mul(period))
                    .saturating_add(t + 1)
                    .saturating_sub(k);
                Some(main.max(period.saturating_add(t).saturating_add(1)))
            }
            PeriodRule::None => None,
        }
    }
}

/// The least period and its start proven by the theorem for `game` from `values = G(0..N)`, or
/// `None` (no period yet, too few values, or no theorem). The least `p` whose bound
/// ([`PeriodRule::values_needed`]) holds with `n0 = s(N, p)` (the smallest index from which the
/// values agree with their shift by `p`) is the fundamental period, and that `n0` the first
/// periodic heap.
pub fn find_period(game: &HeapGame, values: &[u16]) -> Option<Period> {
    find_period_with(game, values, &|_| {})
}

/// [`find_period`], calling `passed(range)` now and then as it reads, with values it has read and
/// will not read again (but `G(N - 1)`, read by every walk, and those of a walk of another
/// period over the same long agreement).
pub(crate) fn find_period_with(game: &HeapGame, values: &[u16], passed: &dyn Fn(Range<usize>)) -> Option<Period> {
    let rule = PeriodRule::of(game);
    let n = values.len() as u64;
    let mut starts = Starts::new(values, passed);
    let mut p = 1u64;
    loop {
        // The bound grows with p: once even s = 0 fails, every larger p fails.
        if rule.values_needed(p, 0)? > n {
            return None;
        }
        let s = starts.start(p as usize);
        if rule.values_needed(p, s as u64)? <= n {
            return Some(Period { period: p, preperiod: s as u64 });
        }
        p += 1;
    }
}

/// The fewest values that could prove a period the values `G(0..N)` suggest: the least
/// [`values_needed`](PeriodRule::values_needed)`(p, s(N, p))` over `p < N`, or `None` when no
/// theorem applies or there are no values. A period that holds on in further values is proven
/// there (`s(N, p)` does not move); one that breaks only costs the values computed meanwhile.
pub fn values_to_prove(game: &HeapGame, values: &[u16]) -> Option<u64> {
    values_to_prove_with(game, values, &|_| {})
}

/// [`values_to_prove`], calling `passed` as [`find_period_with`] does.
pub(crate) fn values_to_prove_with(game: &HeapGame, values: &[u16], passed: &dyn Fn(Range<usize>)) -> Option<u64> {
    let rule = PeriodRule::of(game);
    let n = values.len();
    let mut starts = Starts::new(values, passed);
    let mut best = None;
    for p in 1..n {
        let floor = rule.values_needed(p as u64, 0)?;
        // The bound grows with p and s: no larger p does better.
        if best.is_some_and(|b| floor >= b) {
            break;
        }
        let s = starts.start(p);
        let needed = rule.values_needed(p as u64, s as u64)?;
        if best.is_none_or(|b| needed < b) {
            best = Some(needed);
        }
    }
    best
}

/// `s(N, p)` for increasing `p`: the walk back from `N - p` while the values agree, except for a
/// multiple `p` of an earlier `q` whose walk was long, with `s(N, q) + p <= N`. The agreement with
/// shift `q` on `s(N, q)..N - q` gives it with shift `p` on `s(N, q)..N - p`, and `G(s(N, q) - 1)`
/// differs from the value `q` later, which is the value `p` later: so `s(N, p) = s(N, q)`, with no
/// walk. Without this, the multiples of a period seen before its proof cost `Θ(N²/p)` (0.354: a
/// walk of millions of values for each multiple of 1180).
struct Starts<'a> {
    values: &'a [u16],
    /// `(q, s(N, q), the next multiple of q)` for the long walks so far.
    long: Vec<(usize, usize, usize)>,
    /// Told the values read that will not be read again (see [`find_period_with`]), every
    /// [`PASSED_EVERY`] periods or steps of a walk.
    passed: &'a dyn Fn(Range<usize>),
    /// The first walk's start since the last call of `passed` (the walks start lower and lower).
    top: usize,
}

/// Periods, or steps of a walk, between two calls of `Starts::passed`.
const PASSED_EVERY: usize = 1 << 20;

/// A walk this long is remembered (a few at most: the period, and chance agreements).
const LONG_WALK: usize = 64;

impl<'a> Starts<'a> {
    fn new(values: &'a [u16], passed: &'a dyn Fn(Range<usize>)) -> Self {
        Starts { values, long: Vec::new(), passed, top: values.len() }
    }

    /// `s(N, p)`, for `1 <= p < N` increasing from call to call.
    fn start(&mut self, p: usize) -> usize {
        let (values, n) = (self.values, self.values.len());
        if p.is_multiple_of(PASSED_EVERY) {
            // The walks since the last call started at `n - p..self.top` (and read `G(N - 1)`).
            (self.passed)(n - p..self.top);
            self.top = n - p;
        }
        let mut known = None;
        for (q, sq, next) in &mut self.long {
            if *next < p {
                *next += (p - *next).div_ceil(*q) * *q;
            }
            if *next == p && *sq + p <= n {
                known = Some(*sq);
            }
        }
        if let Some(s) = known {
            return s;
        }
        let mut s = n - p;
        while s > 0 && values[s - 1] == values[s - 1 + p] {
            s -= 1;
            if (n - p - s).is_multiple_of(PASSED_EVERY) {
                // A long walk: its two ends have passed these.
                (self.passed)(s..s + PASSED_EVERY);
                (self.passed)(s + p..s + p + PASSED_EVERY);
            }
        }
        if n - p - s >= LONG_WALK && self.long.len() < 8 {
            self.long.push((p, s, 2 * p));
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn g(t: &str) -> HeapGame {
        HeapGame::parse(t).unwrap()
    }

    #[test]
    fn reduce() {
        let p = Period { period: 12, preperiod: 71 };
        assert_eq!(
            (p.reduce(70), p.reduce(71), p.reduce(83), p.reduce(u64::MAX)),
            (70, 71, 71, 71 + (u64::MAX - 71) % 12)
        );
        // No proof gives a period of 0; built by hand it reduces nothing (no division by zero).
        assert_eq!(Period { period: 0, preperiod: 5 }.reduce(9), 9);
    }

    #[test]
    fn rules() {
        assert_eq!(PeriodRule::of(&g("{1,3,4}")), PeriodRule::Subtraction { t: 4 });
        assert_eq!(PeriodRule::of(&g("0.77")), PeriodRule::Heaps { k: 2, t: 2 });
        assert_eq!(PeriodRule::of(&g("0.8")), PeriodRule::Heaps { k: 3, t: 1 });
        assert_eq!(PeriodRule::of(&g("0.12")), PeriodRule::Heaps { k: 1, t: 2 });
        assert_eq!(PeriodRule::of(&HeapGame::grundy()), PeriodRule::None);
        // Kayles: 2*71 + 2*12 + 2 - 1.
        assert_eq!(PeriodRule::of(&g("0.77")).values_needed(12, 71), Some(167));
        // s = 0 counts as 1.
        assert_eq!(PeriodRule::of(&g("0.004")).values_needed(1, 0), Some(6));
        assert_eq!(PeriodRule::of(&g("0.8")).values_needed(1, 0), Some(5));
        assert_eq!(PeriodRule::of(&g("{1,3,4}")).values_needed(7, 0), Some(11));
        assert_eq!(PeriodRule::Heaps { k: 3, t: 0 }.values_needed(u64::MAX, 5), Some(u64::MAX));
    }

    #[test]
    fn s_zero_edge_case() {
        // 0.004: G = 0,0,0,0,0,1,...; five values must not certify period 1 from 0.
        let v = [0u16, 0, 0, 0, 0];
        assert_eq!(find_period(&g("0.004"), &v), None);
        assert_eq!(find_period(&g("0.004"), &[0u16, 0, 0, 0, 0, 1]), None);
        // 0.8: G = 0,0,0,0,1: the two-heap bound would accept four zeros.
        assert_eq!(find_period(&g("0.8"), &[0u16, 0, 0, 0]), None);
        assert_eq!(find_period(&HeapGame::grundy(), &[0u16; 100]), None);
        assert_eq!(find_period(&g("0.77"), &[]), None);
    }

    /// The shortcut for multiples gives the walk's answer, on periodic values with exceptions.
    #[test]
    fn starts_of_multiples_equal_the_walk() {
        let mut values: Vec<u16> = (0..5000u16).map(|i| [3, 1, 4, 1, 5, 9, 2][usize::from(i % 7)]).collect();
        for &i in &[10usize, 700, 1999, 2000, 3500] {
            values[i] = 8;
        }
        let mut starts = Starts::new(&values, &|_| {});
        for p in 1..values.len() {
            let mut s = values.len() - p;
            while s > 0 && values[s - 1] == values[s - 1 + p] {
                s -= 1;
            }
            assert_eq!(starts.start(p), s, "p = {p}");
        }
        assert!(!starts.long.is_empty());
    }

    #[test]
    fn values_to_prove_kayles() {
        // Kayles: period 12 from 71 needs 167 values; 120 of them suggest it.
        let kayles = g("0.77");
        let values = crate::heap::values::heap_values(&kayles, 200).unwrap();
        assert_eq!(find_period(&kayles, &values[..166]), None);
        assert_eq!(values_to_prove(&kayles, &values[..120]), Some(167));
        assert_eq!(find_period(&kayles, &values[..167]), Some(Period { period: 12, preperiod: 71 }));
        assert_eq!(values_to_prove(&HeapGame::grundy(), &values), None);
        assert_eq!(values_to_prove(&kayles, &[]), None);
    }
}
