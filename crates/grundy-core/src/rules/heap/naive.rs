//! The Grundy values of a heap game by definition: for each heap, every option is listed and the
//! mex taken. `Θ(N²)` for two-heap splits, `Θ(N³)` for three-heap splits: an oracle for tests,
//! sharing no code with the rare-value engine ([`super::values`]).

use alloc::vec::Vec;

use super::spec::HeapGame;

/// `G(0..n)` of `game` by the definition (every option, then the mex). Slow: for tests and
/// cross-checks only; [`HeapValues`](super::values::HeapValues) is the engine to use.
pub fn mex_by_definition(game: &HeapGame, n: usize) -> Vec<u32> {
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
}
