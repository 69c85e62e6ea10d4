//! Regularities seen in computed values: `G(n + p) = G(n) + s` for every `n >= n0` in range, a
//! period (`s = 0`) or an arithmetic period (a saltus `s > 0`).
//!
//! An observation, not a proof: for rules written as a script no theorem says the pattern goes
//! on. To be reported, the pattern must hold over at least two whole periods after `n0`, and over
//! at least the last half of the values (a pattern seen only at the end is not reported).

/// `G(n + period) = G(n) + saltus` for every `n >= preperiod` in the values observed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Regularity {
    /// The least `p` with the pattern.
    pub period: u64,
    /// The least `n0` it holds from, for that `p`.
    pub preperiod: u64,
    /// The increase `s` over one period (0: periodic).
    pub saltus: u64,
}

/// The least period `p` (and for it the least `n0`) such that `values` satisfy
/// `G(n + p) = G(n) + s` with `s >= 0` for `n0 <= n < len − p`, where `len − n0` is at least
/// `2p` and at least `len / 2`.
pub fn observe(values: &[u64]) -> Option<Regularity> {
    let len = values.len();
    (1..=len / 2).find_map(|p| {
        let last = len - 1 - p;
        let saltus = values[last + p].checked_sub(values[last])?;
        let holds = |n: usize| values[n + p].checked_sub(values[n]) == Some(saltus);
        let preperiod = (0..=last).rev().find(|&n| !holds(n)).map_or(0, |n| n + 1);
        (len - preperiod >= (2 * p).max(len / 2)).then_some(Regularity {
            period: p as u64,
            preperiod: preperiod as u64,
            saltus,
        })
    })
}
