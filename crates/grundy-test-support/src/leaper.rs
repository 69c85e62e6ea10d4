//! Any leaper's Grundy values by the definition: the mex of the values of the legal targets
//! (both coordinates at least 0), memoised.

use std::collections::HashMap;

/// The Grundy values of one move set, computed as they are asked for.
#[derive(Debug, Clone)]
pub struct LeaperMex {
    moves: Vec<(i64, i64)>,
    memo: HashMap<(i64, i64), u64>,
}

impl LeaperMex {
    /// The leaper with these moves `(dx, dy)`; each must lower some positive potential, or the
    /// recursion does not end.
    pub fn new(moves: impl IntoIterator<Item = (i64, i64)>) -> LeaperMex {
        LeaperMex { moves: moves.into_iter().collect(), memo: HashMap::new() }
    }

    /// `g(x, y)`.
    pub fn g(&mut self, x: i64, y: i64) -> u64 {
        if let Some(&v) = self.memo.get(&(x, y)) {
            return v;
        }
        let targets: Vec<(i64, i64)> =
            self.moves.iter().map(|&(dx, dy)| (x + dx, y + dy)).filter(|&(a, b)| a >= 0 && b >= 0).collect();
        let values: Vec<u64> = targets.into_iter().map(|(a, b)| self.g(a, b)).collect();
        let mex = (0..).find(|v| !values.contains(v)).expect("a value is missing");
        self.memo.insert((x, y), mex);
        mex
    }
}

#[cfg(test)]
#[test]
fn the_one_step_leaper_alternates() {
    // Moves (-1, 0) and (0, -1): g(x, y) = (x + y) mod 2.
    let mut g = LeaperMex::new([(-1, 0), (0, -1)]);
    assert!((0..6).all(|x| (0..6).all(|y| g.g(x, y) == ((x + y) % 2) as u64)));
}
