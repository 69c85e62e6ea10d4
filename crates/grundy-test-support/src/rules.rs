//! Games of the kind users define by rules, from their definitions: Wythoff's game, Lasker's
//! Nim, a floor-division game, and the normal-play outcome of a sum by exhaustive search.

use std::collections::HashMap;

/// Wythoff's game on `[0, side)^2`: `g[x][y]` by the mex over taking from one pile or the same
/// amount from both.
pub fn wythoff(side: usize) -> Vec<Vec<u32>> {
    let mut g = vec![vec![0u32; side]; side];
    for x in 0..side {
        for y in 0..side {
            let mut seen = vec![false; x + y + 2];
            let options =
                (0..x).map(|a| g[a][y]).chain((0..y).map(|b| g[x][b])).chain((1..=x.min(y)).map(|k| g[x - k][y - k]));
            for v in options {
                seen[v as usize] = true;
            }
            g[x][y] = seen.iter().position(|&s| !s).unwrap() as u32;
        }
    }
    g
}

/// Lasker's Nim (take any number from a heap, or split a heap in two non-empty heaps): the
/// closed form `G(4k+1) = 4k+1`, `G(4k+2) = 4k+2`, `G(4k+3) = 4k+4`, `G(4k+4) = 4k+3`.
pub fn lasker(n: u64) -> u64 {
    match n % 4 {
        0 if n > 0 => n - 1,
        3 => n + 1,
        _ => n,
    }
}

/// `G(0..n)` of the game where a move replaces heap `h` by `h / k` for `k` in `divisors` (and a
/// heap of 0 has no move).
pub fn floor_division(divisors: &[u64], n: usize) -> Vec<u32> {
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for heap in 0..n as u64 {
        let reached: Vec<u32> =
            if heap == 0 { vec![] } else { divisors.iter().map(|&k| g[(heap / k) as usize]).collect() };
        g.push((0..).find(|v| !reached.contains(v)).unwrap());
    }
    g
}

/// Whether the player to move wins the sum of `heaps` in normal play, each heap moving by
/// `options` (a heap's options, each the heaps it leaves), by exhaustive search with a memo.
pub fn sum_wins(heaps: &[u64], options: &dyn Fn(u64) -> Vec<Vec<u64>>) -> bool {
    fn wins(sum: Vec<u64>, options: &dyn Fn(u64) -> Vec<Vec<u64>>, memo: &mut HashMap<Vec<u64>, bool>) -> bool {
        if let Some(&w) = memo.get(&sum) {
            return w;
        }
        let mut w = false;
        'search: for i in 0..sum.len() {
            for option in options(sum[i]) {
                let mut next: Vec<u64> = sum.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
                next.extend(option.iter().copied().filter(|&h| h > 0));
                next.sort_unstable();
                if !wins(next, options, memo) {
                    w = true;
                    break 'search;
                }
            }
        }
        memo.insert(sum, w);
        w
    }
    let mut sum: Vec<u64> = heaps.iter().copied().filter(|&h| h > 0).collect();
    sum.sort_unstable();
    wins(sum, options, &mut HashMap::new())
}
