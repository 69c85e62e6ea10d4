//! Moves from one heap to a position of a chosen value: the winning move of a sum of heaps
//! (the heap `h` with `G(h) ^ X < G(h)`, moved to value `G(h) ^ X`); in misère play, to a sum
//! whose image is in the P-portion ([`move_where`]).
//!
//! A split leaves parts whose values are looked up in O(1), so a heap of any size is searched in
//! bounded time when `G` is periodic from `n0` with period `p`: if a split into parts `x`, `y`
//! (and `z`) has the wanted value and a part other than the largest exceeds `n0 + p`, moving `p`
//! tokens from it to the largest part keeps every value (both stay at least `n0`). Repeating
//! gives a split of the same value whose parts, all but one, are at most `n0 + p`: those are the
//! splits searched ([`move_to_value`]'s `reach`).

use alloc::vec::Vec;

use super::Beyond;
use super::spec::HeapGame;

/// A move on one heap: `take` tokens removed and the heap replaced by the heaps `left` (none,
/// one, two or three, each non-empty).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HeapMove {
    /// Tokens removed.
    pub take: u64,
    /// The heaps left in its place.
    pub left: Vec<u64>,
}

/// A move from `heap` to a position of value `target`, or `None` when there is none. `value`
/// gives `G`; every split part but the largest is searched up to `reach`, which must be at least
/// `n0 + p` for a game periodic from `n0` with period `p`, and at least `heap` otherwise. Errs
/// only when `value` does.
pub fn move_to_value(
    game: &HeapGame,
    heap: u64,
    target: u32,
    reach: u64,
    value: impl Fn(u64) -> Result<u32, Beyond>,
) -> Result<Option<HeapMove>, Beyond> {
    move_where(game, heap, reach, |left| Ok(left.iter().try_fold(0, |x, &h| value(h).map(|v| x ^ v))? == target))
}

/// The first move from `heap` whose heaps left `accepts` (by tokens taken, then the heap
/// removed, one heap, two, three), or `None`. `accepts` must depend on each part only through a
/// function of it that is periodic from `n0` with period `p` (a Grundy value, a misère image):
/// every split part but the largest is searched up to `reach`, at least `n0 + p` then, and at
/// least `heap` for a function without a period. Errs only when `accepts` does.
pub fn move_where(
    game: &HeapGame,
    heap: u64,
    reach: u64,
    mut accepts: impl FnMut(&[u64]) -> Result<bool, Beyond>,
) -> Result<Option<HeapMove>, Beyond> {
    for (take, &digit) in game.digits().iter().enumerate() {
        let take = take as u64;
        if take > heap {
            break;
        }
        let rest = heap - take;
        let found = |left: Vec<u64>| Some(HeapMove { take, left });
        if digit & 1 != 0 && rest == 0 && accepts(&[])? {
            return Ok(found(Vec::new()));
        }
        if digit & 2 != 0 && rest >= 1 && accepts(&[rest])? {
            return Ok(found(alloc::vec![rest]));
        }
        if digit & 4 != 0 && rest >= 2 {
            for a in 1..=(rest / 2).min(reach) {
                let b = rest - a;
                if !(game.is_grundy() && a == b) && accepts(&[a, b])? {
                    return Ok(found(alloc::vec![a, b]));
                }
            }
        }
        if digit & 8 != 0 && rest >= 3 {
            for a in 1..=(rest - 2).min(reach) {
                for b in 1..=(rest - 1 - a).min(reach) {
                    let c = rest - a - b;
                    if accepts(&[a, b, c])? {
                        return Ok(found(alloc::vec![a, b, c]));
                    }
                }
            }
        }
    }
    Ok(None)
}

/// Every move from `heap`, at most `limit` of them: by tokens taken, then as the code's digit
/// allows, the heap removed, one heap left, or two or three heaps left (parts in increasing
/// order, unequal in Grundy's game). Each set of heaps left is listed once.
pub fn every_move(game: &HeapGame, heap: u64, limit: usize) -> Vec<HeapMove> {
    let mut found = Vec::new();
    let mut push = |take: u64, left: Vec<u64>| {
        found.push(HeapMove { take, left });
        found.len() < limit
    };
    for (take, &digit) in game.digits().iter().enumerate() {
        let take = take as u64;
        if take > heap {
            break;
        }
        let rest = heap - take;
        if digit & 1 != 0 && rest == 0 && !push(take, Vec::new()) {
            return found;
        }
        if digit & 2 != 0 && rest >= 1 && !push(take, alloc::vec![rest]) {
            return found;
        }
        if digit & 4 != 0 {
            for a in 1..=rest / 2 {
                if game.is_grundy() && 2 * a == rest {
                    continue; // Grundy's game splits into unequal heaps only
                }
                if !push(take, alloc::vec![a, rest - a]) {
                    return found;
                }
            }
        }
        if digit & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    if !push(take, alloc::vec![a, b, rest - a - b]) {
                        return found;
                    }
                }
            }
        }
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::heap::naive::mex_by_definition;
    use crate::heap::{HeapLimits, analyze_heap};

    /// Every heap below 80: the mex of the values `every_move` reaches is the value, and each
    /// move is listed once and leaves the tokens not taken.
    #[test]
    fn every_move_gives_the_definition() {
        for text in ["0.77", "0.07", "4.07", "0.8", "0.f", "{1,3,4}", "grundy", "c.4", "0.137", "0.1337"] {
            let game = HeapGame::parse(text).unwrap();
            let g = mex_by_definition(&game, 80);
            for heap in 0..80u64 {
                let moves = every_move(&game, heap, usize::MAX);
                let mut seen = alloc::collections::BTreeSet::new();
                for m in &moves {
                    assert_eq!(m.take + m.left.iter().sum::<u64>(), heap, "{text}: {m:?}");
                    assert!(m.left.iter().all(|&p| p > 0), "{text}: {m:?}");
                    seen.insert(m.left.iter().fold(0, |x, &p| x ^ g[p as usize]));
                }
                let unique: alloc::collections::BTreeSet<_> = moves.iter().map(|m| (m.take, m.left.clone())).collect();
                assert_eq!(unique.len(), moves.len(), "{text}: heap {heap}: a move listed twice");
                let mex = (0..).find(|v| !seen.contains(v)).unwrap();
                assert_eq!(mex, g[heap as usize], "{text}: heap {heap}");
            }
            assert!(every_move(&game, 79, 3).len() <= 3, "{text}: the limit");
        }
    }

    /// Every heap below 160 and every smaller value: a move exists exactly when the definition
    /// says that value is an option, and the move found is legal and has that value.
    #[test]
    fn moves_agree_with_the_definition() {
        for text in ["0.77", "0.07", "4.07", "0.8", "0.f", "{1,3,4}", "grundy", "c.4", "0.137"] {
            let game = HeapGame::parse(text).unwrap();
            let g = mex_by_definition(&game, 160);
            let value = |h: u64| Ok(g[h as usize]);
            for heap in 0..160u64 {
                for target in 0..=g[heap as usize] {
                    let found = move_to_value(&game, heap, target, heap, value).unwrap();
                    if target == g[heap as usize] {
                        assert_eq!(found, None, "{text}: no option of G({heap}) itself");
                        continue;
                    }
                    let m = found.unwrap_or_else(|| panic!("{text}: heap {heap} has an option of value {target}"));
                    let parts: u64 = m.left.iter().sum();
                    assert_eq!(parts + m.take, heap, "{text} {m:?}");
                    assert!(m.left.iter().all(|&p| p >= 1), "{text} {m:?}");
                    let digit = game.digits()[m.take as usize];
                    assert!(digit & (1 << m.left.len()) != 0, "{text} {m:?} is not a move of the code");
                    if game.is_grundy() {
                        assert_ne!(m.left[0], m.left[1]);
                    }
                    assert_eq!(m.left.iter().fold(0, |x, &p| x ^ g[p as usize]), target, "{text} {m:?}");
                }
            }
        }
    }

    /// Heaps near 2^64 in periodic games: the bounded search still finds a move to every value
    /// below the heap's.
    #[test]
    fn huge_heaps_through_the_period() {
        for text in ["0.77", "0.07", "4.07", "0.137"] {
            let game = HeapGame::parse(text).unwrap();
            let a = analyze_heap(&game, &HeapLimits::default());
            let p = a.period().unwrap();
            for heap in [u64::MAX, u64::MAX - 1, u64::MAX - 17, 1 << 40] {
                let v = a.value(heap).unwrap();
                for target in 0..v {
                    let m = move_to_value(&game, heap, target, p.span(), |h| a.value(h)).unwrap().unwrap();
                    let got = m.left.iter().fold(0, |x, &h| x ^ a.value(h).unwrap());
                    assert_eq!(got, target, "{text} heap {heap}");
                    assert_eq!(m.left.iter().sum::<u64>() + m.take, heap);
                }
            }
        }
    }
}
