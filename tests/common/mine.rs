//! An independent click-by-click Mine simulator.

/// A tiny board: `rows * cols <= 24` cells, mines as a bit mask (bit `r * cols + c`).
#[derive(Debug, Clone, Copy)]
pub struct Tiny {
    pub rows: usize,
    pub cols: usize,
    pub mines: u32,
}

impl Tiny {
    pub fn is_mine(&self, r: usize, c: usize) -> bool {
        self.mines >> (r * self.cols + c) & 1 == 1
    }

    pub fn mine_list(&self) -> Vec<(u64, u64)> {
        let mut v = Vec::new();
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.is_mine(r, c) {
                    v.push((r as u64, c as u64));
                }
            }
        }
        v
    }

    fn neighbours(&self, r: usize, c: usize) -> impl Iterator<Item = (usize, usize)> + '_ {
        (-1i64..=1).flat_map(move |dr| (-1i64..=1).map(move |dc| (dr, dc))).filter_map(move |(dr, dc)| {
            let (nr, nc) = (r as i64 + dr, c as i64 + dc);
            ((dr, dc) != (0, 0) && nr >= 0 && nc >= 0 && (nr as usize) < self.rows && (nc as usize) < self.cols)
                .then_some((nr as usize, nc as usize))
        })
    }

    /// What each click turns over, as masks over the safe cells (numbered in row-major order).
    /// Clicking a number turns it over; clicking a blank turns over its 8-connected blank region
    /// and every number next to that region.
    pub fn reveal_masks(&self) -> Vec<u32> {
        let n = self.rows * self.cols;
        let mut index = vec![usize::MAX; n];
        let mut safe = 0;
        for (cell, slot) in index.iter_mut().enumerate() {
            if self.mines >> cell & 1 == 0 {
                *slot = safe;
                safe += 1;
            }
        }
        let blank = |r: usize, c: usize| !self.is_mine(r, c) && self.neighbours(r, c).all(|(a, b)| !self.is_mine(a, b));
        let mut reveal = vec![0u32; safe];
        for r in 0..self.rows {
            for c in 0..self.cols {
                if self.is_mine(r, c) {
                    continue;
                }
                let me = index[r * self.cols + c];
                if !blank(r, c) {
                    reveal[me] = 1 << me;
                    continue;
                }
                // Flood the region with an explicit stack.
                let mut seen = vec![false; n];
                let mut stack = vec![(r, c)];
                seen[r * self.cols + c] = true;
                let mut mask = 0u32;
                while let Some((a, b)) = stack.pop() {
                    mask |= 1 << index[a * self.cols + b];
                    if !blank(a, b) {
                        continue; // a number on the border: turned over, not expanded
                    }
                    for (x, y) in self.neighbours(a, b) {
                        if !seen[x * self.cols + y] {
                            seen[x * self.cols + y] = true;
                            stack.push((x, y));
                        }
                    }
                }
                reveal[me] = mask;
            }
        }
        reveal
    }
}

/// The Grundy value of the whole board, by playing every click: the value of a set of face-down
/// safe cells is the mex over the clicks of the value after the click. `memo` is scratch space.
pub fn simulate(board: &Tiny, memo: &mut Vec<u8>) -> u8 {
    let reveal = board.reveal_masks();
    let safe = reveal.len();
    memo.clear();
    memo.resize(1 << safe, 0);
    // Every click clears at least its own bit, so smaller masks are solved first.
    for state in 1..(1u32 << safe) {
        let mut seen = 0u64;
        let mut rest = state;
        while rest != 0 {
            let i = rest.trailing_zeros();
            rest &= rest - 1;
            seen |= 1 << memo[(state & !reveal[i as usize]) as usize];
        }
        memo[state as usize] = (!seen).trailing_zeros() as u8;
    }
    memo[(1usize << safe) - 1]
}

/// A deterministic xorshift generator for reproducible random tests.
pub struct Rng(pub u64);

impl Rng {
    pub fn next(&mut self) -> u64 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        self.0 = x;
        x
    }

    pub fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}
