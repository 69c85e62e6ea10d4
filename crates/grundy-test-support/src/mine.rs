//! Mine oracles: a click-by-click simulator of tiny boards and a flood fill of any board.

/// A tiny board: `rows * cols <= 24` cells, mines as a bit mask (bit `r * cols + c`).
#[derive(Debug, Clone, Copy)]
pub struct Tiny {
    /// Rows of the board.
    pub rows: usize,
    /// Columns of the board.
    pub cols: usize,
    /// Bit `r * cols + c` is set when (`r`, `c`) holds a mine.
    pub mines: u32,
}

impl Tiny {
    /// Whether (`r`, `c`) holds a mine.
    pub fn is_mine(&self, r: usize, c: usize) -> bool {
        self.mines >> (r * self.cols + c) & 1 == 1
    }

    /// The mines' cells, `(row, column)` in row-major order.
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

/// What a breadth-first flood fill finds on a board of any size: the textbook analysis, cell by
/// cell, sharing nothing with the solver's word-parallel sweep.
#[derive(Debug, PartialEq, Eq)]
pub struct Flood {
    /// Blank regions (8-connected blank cells).
    pub regions: u64,
    /// Safe cells next to a mine.
    pub numbers: u64,
    /// Numbers touching no region.
    pub lone_numbers: u64,
    /// Numbers touching two or more regions, with where they are.
    pub shared: Vec<(usize, usize)>,
    /// The region of each cell (row-major; `usize::MAX` for a mine or a number), regions numbered
    /// in the order of their first cells.
    pub label: Vec<usize>,
    /// The textbook value: per region 1 for an even count of numbers, 2 for odd; 1 per lone
    /// number. Exact only when `shared` is empty.
    pub value: u64,
}

/// Flood fills the `rows` x `cols` board whose row-major cells are mines where `mine` is true.
pub fn flood(rows: usize, cols: usize, mine: &[bool]) -> Flood {
    let at = |r: usize, c: usize| r * cols + c;
    let around = |r: usize, c: usize| {
        let rs = r.saturating_sub(1)..(r + 2).min(rows);
        rs.flat_map(move |rr| (c.saturating_sub(1)..(c + 2).min(cols)).map(move |cc| (rr, cc)))
    };
    let blank: Vec<bool> = (0..rows * cols).map(|i| !around(i / cols, i % cols).any(|(r, c)| mine[at(r, c)])).collect();
    let mut label = vec![usize::MAX; rows * cols];
    let mut regions = 0;
    for start in 0..rows * cols {
        if !blank[start] || label[start] != usize::MAX {
            continue;
        }
        label[start] = regions;
        let mut queue = std::collections::VecDeque::from([start]);
        while let Some(i) = queue.pop_front() {
            for (r, c) in around(i / cols, i % cols) {
                if blank[at(r, c)] && label[at(r, c)] == usize::MAX {
                    label[at(r, c)] = regions;
                    queue.push_back(at(r, c));
                }
            }
        }
        regions += 1;
    }
    let mut count = vec![0u64; regions];
    let (mut numbers, mut lone_numbers, mut shared) = (0, 0, Vec::new());
    for i in 0..rows * cols {
        if mine[i] || blank[i] {
            continue;
        }
        numbers += 1;
        let mut seen: Vec<usize> =
            around(i / cols, i % cols).filter(|&(r, c)| blank[at(r, c)]).map(|(r, c)| label[at(r, c)]).collect();
        seen.sort_unstable();
        seen.dedup();
        match seen[..] {
            [] => lone_numbers += 1,
            [one] => count[one] += 1,
            _ => shared.push((i / cols, i % cols)),
        }
    }
    let value = count.iter().fold(lone_numbers % 2, |v, &n| v ^ if n % 2 == 0 { 1 } else { 2 });
    Flood { regions: regions as u64, numbers, lone_numbers, shared, label, value }
}
