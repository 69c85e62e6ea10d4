//! Misère Nim: the outcome of every small position by the recurrence, classified into a
//! table indexed by (every pile is one?, XOR == 0?, number of piles odd?).
//!
//! No recursion: positions are numbered so that every move leads to a smaller number, and are
//! solved in that order.

use alloc::{vec, vec::Vec};

/// Table cell: the player to move loses (Bob wins).
pub const SECOND_PLAYER_WINS: u8 = 0;
/// Table cell: the player to move wins (Alice wins).
pub const FIRST_PLAYER_WINS: u8 = 1;
/// Table cell: no position has this combination (all piles one forces XOR = k mod 2).
pub const IMPOSSIBLE: u8 = 2;

/// Rows of the table: `all_ones` (0 or 1).
pub const ROWS: u32 = 2;
/// Columns of the table: `2 * xor_zero + k_odd`.
pub const COLS: u32 = 4;

/// Where the class of a position lies in the `ROWS x COLS` table (row-major).
#[inline]
pub fn table_index(all_ones: bool, xor_zero: bool, k_odd: bool) -> usize {
    (usize::from(all_ones) << 2) | (usize::from(xor_zero) << 1) | usize::from(k_odd)
}

/// The exhaustive search: pile sizes `1..=MAX_PILE`, at most `MAX_PILES` piles.
/// Sizes up to 7 cover every 3-bit XOR; six piles cover both parities with room to spare.
pub const MAX_PILE: usize = 7;
/// See [`MAX_PILE`].
pub const MAX_PILES: usize = 6;

/// The outcome of every multiset of at most `max_piles` piles of `1..=max_pile` stones under
/// misère play (whoever takes the last stone loses).
///
/// A multiset is a vector of counts `c[1..=max_pile]` (`c[s]` piles of `s` stones), numbered in
/// mixed radix `max_piles + 1` with `c[s]` the digit of weight `(max_piles + 1)^(s - 1)`. A move
/// takes a pile of `s` to `t < s` stones (`t = 0` removes it): digit `s` drops and digit `t`
/// rises, so the number drops, and one pass in increasing order solves every position from
/// positions already solved. Numbers whose counts add up to more than `max_piles` are skipped.
#[derive(Debug)]
pub struct MisereSearch {
    max_pile: usize,
    radix: usize,
    /// Per number: `Some(true)` when the player to move wins, `None` when skipped.
    wins: Vec<Option<bool>>,
}

impl MisereSearch {
    /// Solves all positions. The empty position is a win for the player to move: the opponent
    /// took the last stone. Otherwise the player to move wins iff some move reaches a loss.
    pub fn compute(max_pile: usize, max_piles: usize) -> MisereSearch {
        let radix = max_piles + 1;
        let total = radix.checked_pow(max_pile as u32).expect("search size fits usize");
        let mut wins: Vec<Option<bool>> = vec![None; total];
        let weight: Vec<usize> = (0..max_pile).map(|i| radix.pow(i as u32)).collect();
        let mut counts = vec![0usize; max_pile + 1]; // counts[s], s in 1..=max_pile
        for index in 0..total {
            if index > 0 {
                increment(&mut counts, radix);
            }
            if counts.iter().sum::<usize>() > max_piles {
                continue;
            }
            let mut win = counts.iter().all(|&c| c == 0);
            'moves: for s in 1..=max_pile {
                if counts[s] == 0 {
                    continue;
                }
                for t in 0..s {
                    let mut target = index - weight[s - 1];
                    if t > 0 {
                        target += weight[t - 1];
                    }
                    if wins[target] == Some(false) {
                        win = true;
                        break 'moves;
                    }
                    debug_assert!(wins[target].is_some(), "moves lead to solved positions");
                }
            }
            wins[index] = Some(win);
        }
        MisereSearch { max_pile, radix, wins }
    }

    /// Every solved position: its piles (sizes, in increasing order) and whether the mover wins.
    pub fn positions(&self) -> impl Iterator<Item = (Vec<u64>, bool)> + '_ {
        self.wins.iter().enumerate().filter_map(|(index, win)| {
            let win = (*win)?;
            let mut piles = Vec::new();
            let mut rest = index;
            for s in 1..=self.max_pile {
                piles.extend(core::iter::repeat_n(s as u64, rest % self.radix));
                rest /= self.radix;
            }
            Some((piles, win))
        })
    }
}

/// Adds one to the mixed-radix counter `counts[1..]`.
fn increment(counts: &mut [usize], radix: usize) {
    for digit in counts.iter_mut().skip(1) {
        *digit += 1;
        if *digit < radix {
            return;
        }
        *digit = 0;
    }
}

/// The class of a position: (every pile is one, XOR == 0, odd number of piles).
pub fn classify(piles: &[u64]) -> (bool, bool, bool) {
    let xor = piles.iter().fold(0, |x, &p| x ^ p);
    (piles.iter().all(|&p| p == 1), xor == 0, piles.len() % 2 == 1)
}

/// Two positions of one class with different outcomes: the classification would be wrong.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Inconsistent {
    /// A position (its piles) and whether the player to move wins it.
    pub first: (Vec<u64>, bool),
    /// Another position of the same class with the other outcome.
    pub second: (Vec<u64>, bool),
}

impl core::fmt::Display for Inconsistent {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(
            f,
            "misère Nim positions {:?} (mover wins: {}) and {:?} (mover wins: {}) share a class",
            self.first.0, self.first.1, self.second.0, self.second.1
        )
    }
}

impl core::error::Error for Inconsistent {}

/// The `ROWS x COLS` outcome table, derived from [`MisereSearch`] over all positions with at most
/// [`MAX_PILES`] piles of at most [`MAX_PILE`] stones: each class gets the outcome its positions
/// share, or [`IMPOSSIBLE`] when none exists. Fails when a class holds both outcomes.
pub fn outcome_table() -> Result<Vec<u8>, Inconsistent> {
    table_from(&MisereSearch::compute(MAX_PILE, MAX_PILES))
}

/// Classifies the positions of `search`; see [`outcome_table`].
pub fn table_from(search: &MisereSearch) -> Result<Vec<u8>, Inconsistent> {
    let mut table = vec![IMPOSSIBLE; (ROWS * COLS) as usize];
    let mut witness: Vec<Option<(Vec<u64>, bool)>> = vec![None; table.len()];
    for (piles, win) in search.positions() {
        let (all_ones, xor_zero, k_odd) = classify(&piles);
        let i = table_index(all_ones, xor_zero, k_odd);
        match &witness[i] {
            None => {
                table[i] = if win { FIRST_PLAYER_WINS } else { SECOND_PLAYER_WINS };
                witness[i] = Some((piles, win));
            }
            Some(first) if first.1 != win => {
                return Err(Inconsistent { first: first.clone(), second: (piles, win) });
            }
            Some(_) => {}
        }
    }
    Ok(table)
}
