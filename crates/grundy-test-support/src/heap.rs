//! Heap games' values straight from their rules: the mex over every move, independently of
//! `grundy_core::heap`.

/// `G(0..n)` of the octal game `0.d1d2d3…` (`digits[k - 1]` is `d_k`): taking `k` tokens may
/// leave no heap (bit 1 of `d_k`, when the heap was exactly `k`), one heap (bit 2) or two
/// non-empty heaps (bit 4).
pub fn octal(digits: &[u8], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut seen = vec![false; heap + 2];
        for (k, &d) in digits.iter().enumerate() {
            let k = k + 1;
            if k > heap {
                break;
            }
            let rest = heap - k;
            let mut reach = |v: u32| {
                if let Some(s) = seen.get_mut(v as usize) {
                    *s = true;
                }
            };
            if d & 1 != 0 && rest == 0 {
                reach(0);
            }
            if d & 2 != 0 && rest > 0 {
                reach(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if a <= rest - a {
                        reach(g[a] ^ g[rest - a]);
                    }
                }
            }
        }
        g.push(seen.iter().position(|&s| !s).unwrap() as u32);
    }
    g
}

/// `G(0..n)` of the subtraction game with `moves`.
pub fn subtraction(moves: &[usize], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for heap in 0..n {
        let reached: Vec<u32> = moves.iter().filter(|&&m| m <= heap).map(|&m| g[heap - m]).collect();
        g.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    g
}

/// The octal digits of Kayles (`0.77`) and Officers (`0.6`).
pub const KAYLES: &[u8] = &[7, 7];
/// Officers: take one token, leaving one or two heaps.
pub const OFFICERS: &[u8] = &[6];

#[cfg(test)]
#[test]
fn the_oracle_knows_kayles_and_nim_like_subtraction() {
    // Kayles' first values (Winning Ways): 0 1 2 3 1 4 3 2 1 4 2 6.
    assert_eq!(octal(KAYLES, 12), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
    assert_eq!(subtraction(&[1, 2], 7), [0, 1, 2, 0, 1, 2, 0]);
}
