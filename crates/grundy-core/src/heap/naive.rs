//! The Grundy values of a heap game by definition: for each heap, every option is listed and the
//! mex taken. `Θ(N²)` for two-heap splits, `Θ(N³)` for three-heap splits: an oracle for tests,
//! sharing no code with the rare-value engine (`values.rs`).

#[cfg(test)]
use alloc::vec::Vec;

use super::spec::HeapGame;

/// `G(0..n)` of `game` by the definition (every option, then the mex). Slow: for tests and
/// cross-checks only; [`HeapValues`](super::values::HeapValues) is the engine to use.
#[cfg(test)]
pub(crate) fn mex_by_definition(game: &HeapGame, n: usize) -> Vec<u32> {
    let digits = game.digits();
    let unequal = game.is_grundy();
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut options: Vec<u32> = Vec::new();
        let mut hit = |v: u32| options.push(v);
        for (i, &d) in digits.iter().enumerate() {
            if i > heap {
                break;
            }
            let rest = heap - i;
            if d & 1 != 0 && rest == 0 {
                hit(0);
            }
            if d & 2 != 0 && rest >= 1 {
                hit(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    let b = rest - a;
                    if a > b || (unequal && a == b) {
                        continue;
                    }
                    hit(g[a] ^ g[b]);
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in a..rest {
                        if a + b >= rest {
                            break;
                        }
                        let c = rest - a - b;
                        if c >= b {
                            hit(g[a] ^ g[b] ^ g[c]);
                        }
                    }
                }
            }
        }
        options.sort_unstable();
        options.dedup();
        let mex = options.iter().zip(0u32..).find(|&(&v, i)| v != i).map_or(options.len() as u32, |(_, i)| i);
        g.push(mex);
    }
    g
}

/// `G(heap)` of `game` by the definition, from `values = G(0..heap)` or more (every option of
/// `heap`, then the mex): `Θ(heap)` for two-heap splits, `Θ(heap²)` for three-heap splits. The
/// spot check of a checkpoint's values.
///
/// # Panics
///
/// If `values` holds fewer than `heap` values.
pub(crate) fn value_by_definition(game: &HeapGame, values: &[u16], heap: usize) -> u32 {
    let g = &values[..heap];
    let unequal = game.is_grundy();
    // Values are below 2^16, and so are their XORs: one bit per option value.
    let mut seen = alloc::vec![0u64; (1 << 16) / 64];
    let mut hit = |v: u16| seen[usize::from(v) / 64] |= 1 << (v % 64);
    for (i, &d) in game.digits().iter().enumerate().take(heap + 1) {
        let rest = heap - i;
        if d & 1 != 0 && rest == 0 {
            hit(0);
        }
        if d & 2 != 0 && rest >= 1 {
            hit(g[rest]);
        }
        if d & 4 != 0 && rest >= 2 {
            let top = if unequal { (rest - 1) / 2 } else { rest / 2 };
            for a in 1..=top {
                hit(g[a] ^ g[rest - a]);
            }
        }
        if d & 8 != 0 {
            for a in 1..=rest / 3 {
                for b in a..=(rest - a) / 2 {
                    hit(g[a] ^ g[b] ^ g[rest - a - b]);
                }
            }
        }
    }
    let word = seen.iter().position(|&w| w != u64::MAX).unwrap_or(seen.len());
    (word * 64) as u32 + seen.get(word).map_or(0, |w| w.trailing_ones())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn known_prefixes() {
        let kayles = HeapGame::parse("0.77").unwrap();
        assert_eq!(mex_by_definition(&kayles, 13), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4]);
        let dawson = HeapGame::parse("0.07").unwrap();
        assert_eq!(mex_by_definition(&dawson, 12), [0, 0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3]);
        let grundy = HeapGame::grundy();
        assert_eq!(mex_by_definition(&grundy, 12), [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2]);
        let nim = HeapGame::parse("0.8").unwrap(); // take one, leave three heaps
        assert_eq!(mex_by_definition(&nim, 5), [0, 0, 0, 0, 1]);
    }

    /// One heap at a time gives the values of the whole list, on every kind of digit.
    #[test]
    fn one_heap_equals_the_list() {
        for text in ["0.77", "0.07", "4.07", "0.f", "8.4", "{2,5,7}", "0.6", "0.137"] {
            let game = HeapGame::parse(text).unwrap();
            let n = if game.max_heaps() == 3 { 60 } else { 300 };
            let all = mex_by_definition(&game, n);
            let values: Vec<u16> = all.iter().map(|&v| v as u16).collect();
            for (heap, &v) in all.iter().enumerate() {
                assert_eq!(value_by_definition(&game, &values, heap), v, "{text} heap {heap}");
            }
        }
        let grundy = HeapGame::grundy();
        let all = mex_by_definition(&grundy, 300);
        let values: Vec<u16> = all.iter().map(|&v| v as u16).collect();
        assert!((0..300).all(|h| value_by_definition(&grundy, &values, h) == all[h]));
    }
}
