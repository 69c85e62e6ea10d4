//! Misère play of sums of heaps by exhaustive search, independently of
//! `grundy_core::heap_misere`: no quotient, no Sprague–Grundy, only the rule that the player
//! who cannot move wins.

use std::collections::HashMap;

/// Who wins the misère sums of one heap game, by memoised search over sorted lists of heaps.
///
/// The game is a take-and-break code `d0.d1d2…` given as digits (`digits[i]` = `di`): removing
/// `i` tokens from a heap of `n >= i` may leave nothing (bit 1, when `n == i`), one non-empty heap
/// (bit 2), two (bit 4) or three (bit 8) non-empty heaps. Subtraction set `{s, …}` is the code
/// with digit 3 at each `s`.
#[derive(Debug, Clone)]
pub struct MisereSums {
    digits: Vec<u8>,
    /// `true`: the position (sorted heaps, heaps without moves left out) is a P-position.
    memo: HashMap<Vec<u32>, bool>,
}

impl MisereSums {
    /// The oracle for the code with these digits (`d0` first).
    pub fn new(digits: &[u8]) -> MisereSums {
        MisereSums { digits: digits.to_vec(), memo: HashMap::new() }
    }

    /// The oracle for the subtraction game with these moves.
    pub fn subtraction(moves: &[usize]) -> MisereSums {
        let mut digits = vec![0u8; moves.iter().max().map_or(1, |&m| m + 1)];
        for &m in moves {
            digits[m] = 3;
        }
        MisereSums::new(&digits)
    }

    /// Every position one move from a single heap of `n`, as lists of heaps.
    pub fn heap_options(&self, n: u32) -> Vec<Vec<u32>> {
        let mut out = Vec::new();
        for (i, &d) in self.digits.iter().enumerate() {
            let i = i as u32;
            if i > n {
                break;
            }
            let rest = n - i;
            if d & 1 != 0 && rest == 0 {
                out.push(vec![]);
            }
            if d & 2 != 0 && rest > 0 {
                out.push(vec![rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        out.push(vec![a, rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in a..rest {
                        if a + b < rest && rest - a - b >= b {
                            out.push(vec![a, b, rest - a - b]);
                        }
                    }
                }
            }
        }
        out
    }

    /// Whether a heap of `n` has a move.
    fn has_move(&self, n: u32) -> bool {
        self.digits.iter().enumerate().any(|(i, &d)| {
            let i = i as u32;
            i <= n && {
                let rest = n - i;
                (d & 1 != 0 && rest == 0)
                    || (d & 2 != 0 && rest >= 1)
                    || (d & 4 != 0 && rest >= 2)
                    || (d & 8 != 0 && rest >= 3)
            }
        })
    }

    /// Whether the sum of `heaps` (any order, zeros allowed) is a misère P-position: the player
    /// to move loses (every move leads to a position where the mover wins; with no move at all,
    /// the player to move wins).
    pub fn is_p_position(&mut self, heaps: &[u32]) -> bool {
        let mut key: Vec<u32> = heaps.iter().copied().filter(|&h| self.has_move(h)).collect();
        key.sort_unstable();
        if let Some(&p) = self.memo.get(&key) {
            return p;
        }
        let mut has_move = false;
        let mut reaches_p = false;
        'heaps: for i in 0..key.len() {
            if i > 0 && key[i] == key[i - 1] {
                continue;
            }
            for option in self.heap_options(key[i]) {
                has_move = true;
                let mut next = key.clone();
                next.remove(i);
                next.extend(option);
                if self.is_p_position(&next) {
                    reaches_p = true;
                    break 'heaps;
                }
            }
        }
        let p = has_move && !reaches_p;
        self.memo.insert(key, p);
        p
    }
}

/// Every sorted list of heaps `1..=max_heap` with at most `tokens` tokens, the empty one first.
pub fn heap_sums(max_heap: u32, tokens: u32) -> Vec<Vec<u32>> {
    let mut out = vec![Vec::new()];
    let mut at = 0;
    while at < out.len() {
        let sum: u32 = out[at].iter().sum();
        let from = out[at].last().copied().unwrap_or(1);
        for h in from..=max_heap {
            if sum + h <= tokens {
                let mut next = out[at].clone();
                next.push(h);
                out.push(next);
            }
        }
        at += 1;
    }
    out
}

#[cfg(test)]
#[test]
fn misere_basics() {
    // Misère Nim: one heap of 1 is P, two heaps of 1 are N, 2 + 2 is P, a lone heap of 2 is N.
    let mut nim = MisereSums::new(&[0, 3, 3, 3, 3]);
    assert!(nim.is_p_position(&[1]));
    assert!(!nim.is_p_position(&[1, 1]));
    assert!(nim.is_p_position(&[2, 2]));
    assert!(!nim.is_p_position(&[2]));
    assert!(!nim.is_p_position(&[]));
    // Dawson's Kayles: a heap of 1 has no move, so 1 + 1 + 2 is 2 alone, whose one move empties
    // it and loses: a P-position; 2 + 2 is then N.
    let mut dawson = MisereSums::new(&[0, 0, 7]);
    assert!(dawson.is_p_position(&[1, 1, 2]));
    assert!(!dawson.is_p_position(&[2, 2]));
    // Kayles (note's examples): 1 + 2 + 3 is P, 5 + 9 is P, 12 + 13 is N.
    let mut kayles = MisereSums::new(&[0, 7, 7]);
    assert!(kayles.is_p_position(&[1, 2, 3]));
    assert!(kayles.is_p_position(&[5, 9]));
    assert!(!kayles.is_p_position(&[12, 13]));
    assert_eq!(heap_sums(3, 3), [vec![], vec![1], vec![2], vec![3], vec![1, 1], vec![1, 2], vec![1, 1, 1]]);
}
