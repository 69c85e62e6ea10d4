//! Straightforward Rust baselines, the way a textbook solution is written: line-by-line reading
//! with `split_whitespace`, memoised recursion, `format!` per case, index loops.

#![allow(clippy::needless_range_loop)]

use std::collections::VecDeque;
use std::io::BufRead;

fn numbers(line: &str) -> impl Iterator<Item = u64> + '_ {
    line.split_whitespace().map(|t| t.parse::<u64>().unwrap())
}

/// Reads whitespace-separated numbers across lines.
struct Tokens<R> {
    lines: std::io::Lines<R>,
    pending: VecDeque<u64>,
}

impl<R: BufRead> Tokens<R> {
    fn new(r: R) -> Self {
        Tokens { lines: r.lines(), pending: VecDeque::new() }
    }

    fn next(&mut self) -> u64 {
        while self.pending.is_empty() {
            let line = self.lines.next().unwrap().unwrap();
            self.pending.extend(numbers(&line));
        }
        self.pending.pop_front().unwrap()
    }
}

const MOVES: [(i64, i64); 6] = [(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)];

fn grundy(memo: &mut Vec<Vec<i8>>, x: i64, y: i64) -> i8 {
    if memo[x as usize][y as usize] >= 0 {
        return memo[x as usize][y as usize];
    }
    let mut seen = [false; 8];
    for (dx, dy) in MOVES {
        let (a, b) = (x + dx, y + dy);
        if a >= 0 && b >= 0 {
            seen[grundy(memo, a, b) as usize] = true;
        }
    }
    let g = seen.iter().position(|&s| !s).unwrap() as i8;
    memo[x as usize][y as usize] = g;
    g
}

pub fn knights(r: impl BufRead) -> String {
    let mut t = Tokens::new(r);
    let mut memo = vec![vec![-1i8; 1000]; 1000];
    let mut out = String::new();
    for case in 1..=t.next() {
        let mut x = 0;
        for _ in 0..t.next() {
            let (a, b) = (t.next() as i64, t.next() as i64);
            x ^= grundy(&mut memo, a, b);
        }
        out += &format!("Case {case}: {}\n", if x != 0 { "Alice" } else { "Bob" });
    }
    out
}

pub fn misere(r: impl BufRead) -> String {
    let mut t = Tokens::new(r);
    let mut out = String::new();
    for case in 1..=t.next() {
        let k = t.next();
        let (mut x, mut all_ones) = (0u64, true);
        for _ in 0..k {
            let p = t.next();
            x ^= p;
            all_ones &= p == 1;
        }
        let alice = if all_ones { k.is_multiple_of(2) } else { x != 0 };
        out += &format!("Case {case}: {}\n", if alice { "Alice" } else { "Bob" });
    }
    out
}

/// The textbook Mine formula (blank region: 1 or 2 by the parity of its numbers; a lone number: 1),
/// with a breadth-first flood fill.
pub fn mine(r: impl BufRead) -> String {
    let mut t = Tokens::new(r);
    let mut out = String::new();
    for case in 1..=t.next() {
        let (n, m, k) = (t.next() as usize, t.next() as usize, t.next());
        let mut mine = vec![vec![false; m]; n];
        for _ in 0..k {
            let (x, y) = (t.next() as usize, t.next() as usize);
            mine[x][y] = true;
        }
        let mut count = vec![vec![0u8; m]; n];
        for i in 0..n {
            for j in 0..m {
                for di in -1i64..=1 {
                    for dj in -1i64..=1 {
                        let (a, b) = (i as i64 + di, j as i64 + dj);
                        if a >= 0 && b >= 0 && (a as usize) < n && (b as usize) < m && mine[a as usize][b as usize] {
                            count[i][j] += 1;
                        }
                    }
                }
            }
        }
        let mut seen = vec![vec![false; m]; n];
        let mut sg = 0;
        for i in 0..n {
            for j in 0..m {
                if mine[i][j] || seen[i][j] {
                    continue;
                }
                if count[i][j] > 0 {
                    continue;
                }
                let mut numbers = 0;
                let mut queue = VecDeque::from([(i, j)]);
                seen[i][j] = true;
                while let Some((a, b)) = queue.pop_front() {
                    for di in -1i64..=1 {
                        for dj in -1i64..=1 {
                            let (c, d) = (a as i64 + di, b as i64 + dj);
                            if c < 0 || d < 0 || c as usize >= n || d as usize >= m {
                                continue;
                            }
                            let (c, d) = (c as usize, d as usize);
                            if seen[c][d] || mine[c][d] {
                                continue;
                            }
                            seen[c][d] = true;
                            if count[c][d] == 0 {
                                queue.push_back((c, d));
                            } else {
                                numbers += 1;
                            }
                        }
                    }
                }
                sg ^= if numbers % 2 == 0 { 1 } else { 2 };
            }
        }
        for i in 0..n {
            for j in 0..m {
                if !mine[i][j] && !seen[i][j] {
                    sg ^= 1;
                }
            }
        }
        out += &format!("Case #{case}: {}\n", if sg != 0 { "Xiemao" } else { "Fanglaoshi" });
    }
    out
}
