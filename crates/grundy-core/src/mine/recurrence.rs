//! Mine (HDU 4678): the Grundy values of the board's independent pieces by the mex recurrence.
//!
//! Under the statement's promise (no number touches two blank regions) a board is a sum of
//! - blank regions: a region with `b` face-down numbers around it has two kinds of move,
//!   clicking a blank (the region and all its numbers turn over: the piece is finished, value 0)
//!   and clicking one of its numbers (`b - 1` numbers left), so `SG(b) = mex{0, SG(b - 1)}` for
//!   `b >= 1` and `SG(0) = mex{0}`;
//! - numbers touching no blank: one move, to a finished piece, so `SG = mex{0}`.
//!
//! No recursion.

use alloc::vec::Vec;

/// The mex of a set of small values given as a bit mask.
#[inline]
pub const fn mex(seen: u64) -> u8 {
    (!seen).trailing_zeros() as u8
}

/// `SG(b)` from `SG(b - 1)` (`None` for `b = 0`): opening the region finishes it (value 0);
/// clicking a number leaves `b - 1`.
const fn region_value(before: Option<u8>) -> u8 {
    let mut seen = 1u64 << 0;
    if let Some(v) = before {
        seen |= 1 << v;
    }
    mex(seen)
}

/// `SG(b)` of a blank region with `b` face-down numbers, for `b < count`, by the recurrence.
pub fn region_values(count: usize) -> Vec<u8> {
    let mut values: Vec<u8> = Vec::with_capacity(count);
    for b in 0..count {
        values.push(region_value(if b > 0 { Some(values[b - 1]) } else { None }));
    }
    values
}

/// [`region_values`]`(SEARCH_LIMIT)`, at compile time.
const fn region_value_array() -> [u8; SEARCH_LIMIT] {
    let mut values = [0; SEARCH_LIMIT];
    let mut b = 0;
    while b < SEARCH_LIMIT {
        values[b] = region_value(if b > 0 { Some(values[b - 1]) } else { None });
        b += 1;
    }
    values
}

/// The values [`MineTable::RULES`](super::MineTable::RULES) holds one period of.
pub(super) const REGION_VALUES: [u8; SEARCH_LIMIT] = region_value_array();

/// The smallest `p >= 1` with `values[p] == values[0]`.
///
/// `SG(b)` depends on `SG(b - 1)` alone, so once `SG(p) = SG(0)` the sequence repeats with period
/// `p` forever: `values[..p]` is then the whole (infinite) table, indexed by `b mod p`.
pub const fn period(values: &[u8]) -> Option<usize> {
    let mut p = 1;
    while p < values.len() {
        if values[p] == values[0] {
            return Some(p);
        }
        p += 1;
    }
    None
}

/// How many values the build computes before it gives up looking for the period.
pub const SEARCH_LIMIT: usize = 256;

/// The region table: one period of `SG(b)`, so `SG(b) = table[b % table.len()]`.
///
/// Panics if the recurrence has no period within [`SEARCH_LIMIT`] (it has period 2: 1, 2, 1, ...).
pub fn region_table() -> Vec<u8> {
    let values = region_values(SEARCH_LIMIT);
    let p = period(&values).expect("SG(b) of a blank region is periodic");
    // Belt and braces: the computed prefix agrees with the periodic extension.
    assert!(values.iter().enumerate().all(|(b, &v)| v == values[b % p]), "the region values repeat");
    values[..p].to_vec()
}

/// SG of a number that touches no blank region: its only move finishes it.
pub const fn number_value() -> u8 {
    mex(1 << 0)
}
