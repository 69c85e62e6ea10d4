//! The options of one heap, each the list of heaps it leaves (none, one, two or three, each
//! non-empty), read from the game's code.

use crate::heap::HeapGame;

/// Calls `visit` with every option of `heap` in `game`: the heaps left after the move (in
/// increasing order for splits). Grundy's game skips equal parts.
pub(crate) fn for_each_option(game: &HeapGame, heap: usize, mut visit: impl FnMut(&[usize])) {
    let unequal = game.is_grundy();
    for (take, &digit) in game.digits().iter().enumerate() {
        if take > heap {
            break;
        }
        let rest = heap - take;
        if digit & 1 != 0 && rest == 0 {
            visit(&[]);
        }
        if digit & 2 != 0 && rest >= 1 {
            visit(&[rest]);
        }
        if digit & 4 != 0 && rest >= 2 {
            for a in 1..=rest / 2 {
                if unequal && 2 * a == rest {
                    continue;
                }
                visit(&[a, rest - a]);
            }
        }
        if digit & 8 != 0 && rest >= 3 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    visit(&[a, b, rest - a - b]);
                }
            }
        }
    }
}

/// Whether `heap` has no option at all (it is then the empty game).
pub(crate) fn is_terminal(game: &HeapGame, heap: usize) -> bool {
    let mut any = false;
    for_each_option(game, heap, |_| any = true);
    !any
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;
    use alloc::vec::Vec;

    fn all(text: &str, heap: usize) -> Vec<Vec<usize>> {
        let game = HeapGame::parse(text).unwrap();
        let mut out = Vec::new();
        for_each_option(&game, heap, |o| out.push(o.to_vec()));
        out
    }

    #[test]
    fn kayles_and_friends() {
        // Kayles, heap 4: take 1 (3, 1+2), take 2 (2, 1+1).
        assert_eq!(all("0.77", 4), [vec![3], vec![1, 2], vec![2], vec![1, 1]]);
        assert_eq!(all("0.77", 1), [Vec::<usize>::new()]);
        // Dawson's Kayles: heap 1 has no move, heap 2 empties.
        assert!(all("0.07", 1).is_empty());
        assert_eq!(all("0.07", 2), [Vec::<usize>::new()]);
        assert_eq!(all("grundy", 4), [vec![1, 3]]);
        assert_eq!(all("0.8", 5), [vec![1, 1, 2]]);
        assert_eq!(all("4.0", 3), [vec![1, 2]]);
        assert!(is_terminal(&HeapGame::parse("0.07").unwrap(), 1));
        assert!(!is_terminal(&HeapGame::parse("0.07").unwrap(), 2));
    }
}
