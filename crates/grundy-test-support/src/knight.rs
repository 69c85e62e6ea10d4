//! Hyper-knight oracles: the definition and an exhaustive search of sums (no crate code).
use std::collections::HashMap;

/// The six hyper-knight moves, typed from the problem statement (not taken from the crate).
pub const MOVES: [(i64, i64); 6] = [(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)];

/// Legal targets of a knight at (x, y).
pub fn targets(x: i64, y: i64) -> impl Iterator<Item = (i64, i64)> {
    MOVES.iter().map(move |&(dx, dy)| (x + dx, y + dy)).filter(|&(a, b)| a >= 0 && b >= 0)
}

/// Grundy values straight from the definition: g = mex of g over the legal targets,
/// memoised recursion.
#[derive(Default)]
pub struct Definition {
    memo: HashMap<(i64, i64), u8>,
}

impl Definition {
    /// The Grundy value of a knight at (`x`, `y`).
    pub fn grundy(&mut self, x: i64, y: i64) -> u8 {
        if let Some(&g) = self.memo.get(&(x, y)) {
            return g;
        }
        let options: Vec<u8> = targets(x, y).collect::<Vec<_>>().into_iter().map(|(a, b)| self.grundy(a, b)).collect();
        let g = (0..).find(|v| !options.contains(v)).unwrap();
        self.memo.insert((x, y), g);
        g
    }
}

/// Whether the player to move wins a sum of knights, by exhaustive game-tree search over the
/// whole sum position (no Sprague–Grundy): a position is won iff some move leads to a lost one.
#[derive(Default)]
pub struct SumSearch {
    memo: HashMap<Vec<(i64, i64)>, bool>,
}

impl SumSearch {
    /// Whether the player to move wins with knights at `knights`.
    pub fn first_player_wins(&mut self, knights: &[(i64, i64)]) -> bool {
        let mut key = knights.to_vec();
        key.sort_unstable();
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut wins = false;
        'search: for i in 0..key.len() {
            for target in targets(key[i].0, key[i].1) {
                let mut next = key.clone();
                next[i] = target;
                if !self.first_player_wins(&next) {
                    wins = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(key, wins);
        wins
    }
}
