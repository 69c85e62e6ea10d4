//! The options of one heap, each the list of heaps it leaves (none, one, two or three, each
//! non-empty), read from the game's code.

use alloc::vec::Vec;

use super::monoid::Quotient;
use crate::heap::HeapGame;

/// Calls `visit` with every option of `heap` in `game`: the heaps left after the move (in
/// increasing order for splits). Grundy's game skips equal parts.
pub(crate) fn for_each_option(game: &HeapGame, heap: usize, mut visit: impl FnMut(&[usize])) {
    for (take, &digit) in game.digits().iter().enumerate().take_while(|&(take, _)| take <= heap) {
        for_each_left(digit, heap - take, game.is_grundy(), &mut visit);
    }
}

/// The options of one digit of the code: the ways to leave `rest` tokens in at most three heaps
/// that the digit allows (bit `k` set: `k` heaps), unequal parts only for Grundy's game.
fn for_each_left(digit: u8, rest: usize, unequal: bool, visit: &mut impl FnMut(&[usize])) {
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

/// The images in `q` of `heap`'s options, the heaps imaged by `images`: sorted, each once.
/// Splits into two heaps, the bulk of the work on large heaps, are one pass over the images
/// from both ends.
pub(crate) fn option_images(game: &HeapGame, heap: usize, q: &Quotient, images: &[u32]) -> Vec<u32> {
    let mut met = alloc::vec![false; q.order()];
    for (take, &digit) in game.digits().iter().enumerate().take_while(|&(take, _)| take <= heap) {
        let rest = heap - take;
        if digit & 4 != 0 && rest >= 2 {
            let parts = rest / 2 - usize::from(game.is_grundy() && rest.is_multiple_of(2));
            let small = &images[1..=parts];
            let large = images[rest - parts..rest].iter().rev();
            for (&a, &b) in small.iter().zip(large) {
                met[q.product(a, b) as usize] = true;
            }
        }
        for_each_left(digit & !4, rest, game.is_grundy(), &mut |parts: &[usize]| {
            met[parts.iter().fold(q.identity(), |x, &p| q.product(x, images[p])) as usize] = true;
        });
    }
    (0..q.order() as u32).filter(|&x| met[x as usize]).collect()
}

/// Whether `heap` has no option at all (it is then the empty game): no digit allows leaving what
/// its take leaves (Grundy's game cannot split 2 into unequal parts).
pub(crate) fn is_terminal(game: &HeapGame, heap: usize) -> bool {
    let least_split = 2 + usize::from(game.is_grundy());
    !game.digits().iter().enumerate().take_while(|&(take, _)| take <= heap).any(|(take, &digit)| {
        let rest = heap - take;
        (digit & 1 != 0 && rest == 0)
            || (digit & 2 != 0 && rest >= 1)
            || (digit & 4 != 0 && rest >= least_split)
            || (digit & 8 != 0 && rest >= 3)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

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

    /// The pass from both ends gives what the options one by one give, on Kayles' quotient
    /// with made-up images, and a heap is terminal when they give none: for codes with every
    /// kind of digit and Grundy's game.
    #[test]
    fn option_images_as_the_options_give() {
        let game = HeapGame::parse("0.77").unwrap();
        let q = crate::heap_misere::analyze_misere(&game, &Default::default()).quotient().clone();
        let images: Vec<u32> = (0..200u32).map(|h| (h * h + 7 * h) % q.order() as u32).collect();
        for text in ["0.77", "0.07", "0.56", "4.76", "0.8", "0.f", "grundy", "0.123"] {
            let game = HeapGame::parse(text).unwrap();
            for heap in 0..200 {
                let mut want = Vec::new();
                for_each_option(&game, heap, |parts| {
                    want.push(parts.iter().fold(q.identity(), |x, &p| q.product(x, images[p])));
                });
                assert_eq!(is_terminal(&game, heap), want.is_empty(), "{text}, heap {heap}");
                want.sort_unstable();
                want.dedup();
                assert_eq!(option_images(&game, heap, &q, &images), want, "{text}, heap {heap}");
            }
        }
    }
}
