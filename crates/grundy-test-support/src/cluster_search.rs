//! Exact values of clusters: blank regions linked by numbers that touch several of them.
//!
//! # The model
//! A number touching two or more blank regions breaks the statement's promise; the regions it
//! links are then no longer independent. A cluster is valued in the abstract game the board
//! reduces to: a move clicks one face-down number, or opens an unopened region, which
//! also turns over every number still face-down around it. Two reductions keep it small:
//! - A *counter* — a set of face-down numbers touching exactly the same regions, whose only
//!   moves are "remove one" and which all vanish together when one of their regions opens — only
//!   matters by its parity. Proof: let `a_p` be the value with `p` numbers in the counter, the
//!   rest fixed. Its options are `a_(p-1)`, plus options that do not depend on `p` beyond its
//!   parity (by induction on the rest), so `a_2 = mex(S ∪ {a_1})` with `a_0 = mex(S)` and
//!   `a_1 ≠ a_0`, hence `a_2 = a_0`, and so on. This covers a region's private numbers and each
//!   group of shared numbers with the same set of regions.
//! - After a move, parts of the cluster no longer linked by a live group are independent, and
//!   their values XOR (Sprague–Grundy).
//!
//! So a state is three bit sets: unopened regions, regions with an odd number of private numbers
//! face-down, and live groups (an odd number of shared numbers with one set of regions, all
//! still unopened). The search memoises connected components only, iteratively (an explicit
//! stack, no recursion), and stops at a bound on the number of memoised states.
//!
//! This is the general model, where a group may link three or more regions; on a board every
//! group links two, and the crate values clusters by graph Chomp (`grundy::mine::chomp`). This
//! search, written for the general model and sharing no code with the crate's, is the tests'
//! oracle for it.

use std::collections::HashMap;

/// A move of a cluster in the model: the three kinds of the crate's `ClusterMove`, declared here.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ClusterMove {
    /// Open region `i`, which turns over every face-down number around it.
    Open(usize),
    /// Turn over a private number of region `i`.
    Private(usize),
    /// Turn over a shared number of group `g`.
    Shared(usize),
}

/// The search stopped: the cluster does not fit the bit sets (`states` 0), or it memoised
/// more than the budget.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct TooLarge {
    /// States memoised when it stopped.
    pub states: usize,
}

/// Clusters of at most this many regions (and as many groups) fit the bit-set state.
pub const MAX_REGIONS: usize = 64;

/// See [`MAX_REGIONS`].
pub const MAX_GROUPS: usize = MAX_REGIONS;

/// One cluster in the abstract model.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Cluster {
    /// Number of regions, `1..=MAX_REGIONS`.
    pub regions: usize,
    /// Bit `i`: region `i` has an odd number of private numbers.
    pub private: u64,
    /// One mask of regions per group of shared numbers with an odd count (two or more bits each).
    pub groups: Vec<u64>,
}

/// A state, or a connected component of one.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Key {
    unopened: u64,
    private: u64,
    groups: u64,
}

type Memo = HashMap<Key, u8>;

/// The structure of the cluster being searched.
struct Graph {
    groups: Vec<u64>,
    /// Per region: the groups containing it.
    region_groups: [u64; MAX_REGIONS],
    /// The value of a lone region by the parity of its private numbers.
    singles: [u8; 2],
}

impl Graph {
    /// Appends the connected components of `s` to `out`.
    fn components(&self, s: Key, out: &mut Vec<Key>) {
        let mut rest = s.unopened;
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            let mut frontier = comp;
            let mut groups = 0u64;
            while frontier != 0 {
                let i = frontier.trailing_zeros() as usize;
                frontier &= frontier - 1;
                let mut new = self.region_groups[i] & s.groups & !groups;
                groups |= new;
                while new != 0 {
                    let g = new.trailing_zeros() as usize;
                    new &= new - 1;
                    let added = self.groups[g] & !comp;
                    comp |= added;
                    frontier |= added;
                }
            }
            rest &= !comp;
            out.push(Key { unopened: comp, private: s.private & comp, groups });
        }
    }

    /// The state after opening region `i`.
    #[inline]
    fn open(&self, k: Key, i: usize) -> Key {
        Key {
            unopened: k.unopened & !(1 << i),
            private: k.private & !(1 << i),
            groups: k.groups & !self.region_groups[i],
        }
    }

    /// The value of a component if it is a lone region or already memoised.
    #[inline]
    fn known(&self, memo: &Memo, k: &Key) -> Option<u8> {
        // A component without live groups is one region.
        if k.groups == 0 { Some(self.singles[usize::from(k.private != 0)]) } else { memo.get(k).copied() }
    }
}

/// The search graph of `cluster` and its start state, or the refusal of a cluster that does not
/// fit the bit sets.
fn prepare(cluster: &Cluster, singles: [u8; 2]) -> Result<(Graph, Key), TooLarge> {
    if cluster.regions > MAX_REGIONS || cluster.groups.len() > MAX_GROUPS {
        return Err(TooLarge { states: 0 });
    }
    let all = if cluster.regions == 64 { u64::MAX } else { (1u64 << cluster.regions) - 1 };
    let mut graph = Graph { groups: cluster.groups.clone(), region_groups: [0; MAX_REGIONS], singles };
    for (g, &mask) in cluster.groups.iter().enumerate() {
        debug_assert!(mask & !all == 0 && mask.count_ones() >= 2, "a group links regions of the cluster");
        for i in Bits(mask) {
            graph.region_groups[i] |= 1 << g;
        }
    }
    let groups = if cluster.groups.len() == 64 { u64::MAX } else { (1u64 << cluster.groups.len()) - 1 };
    Ok((graph, Key { unopened: all, private: cluster.private & all, groups }))
}

/// Reusable search buffers.
#[derive(Debug, Default)]
pub struct Search {
    memo: Memo,
    stack: Vec<Key>,
    pending: Vec<Key>,
    comps: Vec<Key>,
}

impl Search {
    /// The Grundy value of `cluster`, and the number of states memoised to find it.
    /// `singles` are the values of a lone region with an even and an odd number of numbers.
    pub fn value(&mut self, cluster: &Cluster, singles: [u8; 2], max_states: usize) -> Result<(u8, usize), TooLarge> {
        let (graph, start) = prepare(cluster, singles)?;
        let value = self.solve(&graph, start, max_states)?;
        Ok((value, self.memo.len()))
    }

    /// A move of `cluster` to an option of Grundy value `target`, or `None` when it has none.
    /// One exists for every `target` below the cluster's value (mex); the moves are tried in
    /// the order: open region 0, 1, ..., a private number of region 0, 1, ..., a shared number
    /// of group 0, 1, ...; the first that fits is returned.
    pub fn move_to(
        &mut self,
        cluster: &Cluster,
        singles: [u8; 2],
        max_states: usize,
        target: u8,
    ) -> Result<Option<ClusterMove>, TooLarge> {
        let (graph, start) = prepare(cluster, singles)?;
        // Solving the start state memoises every component of its options.
        self.solve(&graph, start, max_states)?;
        let mut value_of = |o: Key| {
            self.comps.clear();
            graph.components(o, &mut self.comps);
            self.comps
                .iter()
                .map(|c| graph.known(&self.memo, c).expect("an option of a solved state"))
                .fold(0, |a, b| a ^ b)
        };
        for i in Bits(start.unopened) {
            if value_of(graph.open(start, i)) == target {
                return Ok(Some(ClusterMove::Open(i)));
            }
        }
        for i in Bits(start.private) {
            if value_of(Key { private: start.private & !(1 << i), ..start }) == target {
                return Ok(Some(ClusterMove::Private(i)));
            }
        }
        for g in Bits(start.groups) {
            if value_of(Key { groups: start.groups & !(1 << g), ..start }) == target {
                return Ok(Some(ClusterMove::Shared(g)));
            }
        }
        Ok(None)
    }

    /// Values the state `start` (all its components), memoising what it needs.
    fn solve(&mut self, graph: &Graph, start: Key, max_states: usize) -> Result<u8, TooLarge> {
        // A map grown by a large cluster would make every later clear() cost its capacity.
        if self.memo.capacity() > 1 << 12 {
            self.memo = Memo::default();
        }
        self.memo.clear();
        self.stack.clear();
        let mut roots = Vec::new();
        graph.components(start, &mut roots);
        let mut value = 0u8;
        for root in roots {
            self.stack.push(root);
            while let Some(k) = self.stack.pop() {
                if graph.known(&self.memo, &k).is_some() {
                    continue;
                }
                if self.memo.len() >= max_states {
                    return Err(TooLarge { states: self.memo.len() });
                }
                self.visit(graph, k);
            }
            value ^= graph.known(&self.memo, &root).expect("solved");
        }
        Ok(value)
    }

    /// Values `k` if all its options' components are known; otherwise pushes `k` back, with
    /// the unknown components above it.
    fn visit(&mut self, graph: &Graph, k: Key) {
        let mut seen = [0u64; 4];
        self.pending.clear();
        let mut option = |o: Key, this: &mut Search| {
            this.comps.clear();
            graph.components(o, &mut this.comps);
            let mut x = 0u8;
            let mut complete = true;
            for c in &this.comps {
                match graph.known(&this.memo, c) {
                    Some(v) => x ^= v,
                    None => {
                        complete = false;
                        this.pending.push(*c);
                    }
                }
            }
            if complete {
                seen[usize::from(x >> 6)] |= 1 << (x & 63);
            }
        };
        for i in Bits(k.unopened) {
            option(graph.open(k, i), self);
        }
        for i in Bits(k.private) {
            option(Key { private: k.private & !(1 << i), ..k }, self);
        }
        for g in Bits(k.groups) {
            option(Key { groups: k.groups & !(1 << g), ..k }, self);
        }
        if self.pending.is_empty() {
            let mex =
                seen.iter().enumerate().find(|(_, w)| **w != u64::MAX).map(|(i, w)| 64 * i as u32 + w.trailing_ones());
            let mex = mex.expect("at most 192 options");
            self.memo.insert(k, mex as u8);
        } else {
            self.pending.sort_unstable();
            self.pending.dedup();
            self.stack.push(k);
            self.stack.extend_from_slice(&self.pending);
        }
    }
}

/// The indices of the set bits of a mask, lowest first.
struct Bits(u64);

impl Iterator for Bits {
    type Item = usize;
    #[inline]
    fn next(&mut self) -> Option<usize> {
        if self.0 == 0 {
            return None;
        }
        let i = self.0.trailing_zeros() as usize;
        self.0 &= self.0 - 1;
        Some(i)
    }
}
