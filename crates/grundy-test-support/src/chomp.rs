//! Graph Chomp (the game a Mine cluster is: a move deletes a vertex with its edges and loops, or
//! one edge, or one loop) by a search over whole states, memoised.

use std::collections::HashMap;

/// A multigraph with loops: `loops[v]` loops at `v`, and edges `(a, b, count)`, `a != b`.
#[derive(Debug, Clone)]
pub struct Multi {
    /// Loops at each vertex.
    pub loops: Vec<u8>,
    /// Edges `(a, b, count)`.
    pub edges: Vec<(usize, usize, u8)>,
}

/// The whole-state search: a state is the set of vertices left and every count left, packed
/// into one `u128` (12 bits of vertices, then 3 bits per loop count and per edge count).
pub struct Whole<'a> {
    g: &'a Multi,
    memo: HashMap<u128, u8>,
}

impl Whole<'_> {
    /// The Grundy value of `g` (at most 12 vertices, counts below 8, 128 bits of state).
    pub fn value(g: &Multi) -> u8 {
        let (n, e) = (g.loops.len(), g.edges.len());
        assert!(
            n <= 12 && 12 + 3 * (n + e) <= 128 && g.loops.iter().chain(g.edges.iter().map(|e| &e.2)).all(|&c| c < 8)
        );
        let mut w = Whole { g, memo: HashMap::new() };
        let mut state = (1u128 << n) - 1;
        for (v, &l) in g.loops.iter().enumerate() {
            state |= u128::from(l) << w.loop_at(v);
        }
        for (i, edge) in g.edges.iter().enumerate() {
            state |= u128::from(edge.2) << w.edge_at(i);
        }
        w.at(state)
    }

    fn loop_at(&self, v: usize) -> usize {
        12 + 3 * v
    }

    fn edge_at(&self, i: usize) -> usize {
        12 + 3 * (self.g.loops.len() + i)
    }

    fn count(state: u128, at: usize) -> u128 {
        state >> at & 7
    }

    fn at(&mut self, state: u128) -> u8 {
        if let Some(&v) = self.memo.get(&state) {
            return v;
        }
        let mut seen = 0u128;
        for v in 0..self.g.loops.len() {
            if state >> v & 1 == 0 {
                continue;
            }
            // Delete v: its loops and edges go with it.
            let mut next = state & !(1 << v) & !(7 << self.loop_at(v));
            for (i, &(a, b, _)) in self.g.edges.iter().enumerate() {
                if a == v || b == v {
                    next &= !(7 << self.edge_at(i));
                }
            }
            seen |= 1 << self.at(next);
            if Self::count(state, self.loop_at(v)) > 0 {
                seen |= 1 << self.at(state - (1 << self.loop_at(v)));
            }
        }
        for i in 0..self.g.edges.len() {
            if Self::count(state, self.edge_at(i)) > 0 {
                seen |= 1 << self.at(state - (1 << self.edge_at(i)));
            }
        }
        let v = (!seen).trailing_zeros() as u8;
        self.memo.insert(state, v);
        v
    }
}
