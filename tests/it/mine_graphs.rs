//! Graph Chomp (the game a Mine cluster is) against a whole-state search written afresh in
//! grundy-test-support ([`Whole`]): no split into components, no cancellation, no closed forms,
//! every count kept (an edge or a loop of multiplicity 2 is two moves). Then each reduction the engine relies on, as a
//! property of the game checked by the same search, and the engine's normal form against it.

use crate::common::{Multi, Rng, Whole};
use grundy::mine::chomp::{Engine, Graph, GraphMove};
use proptest::prelude::*;

/// Moves at the start, counting every copy: what makes the whole-state search expensive.
fn moves(g: &Multi) -> usize {
    g.loops.len()
        + g.edges.iter().map(|e| e.2 as usize).sum::<usize>()
        + g.loops.iter().map(|&l| l as usize).sum::<usize>()
}

/// The engine's graph of a multigraph: each loop and edge counted once per occurrence.
fn graph(g: &Multi) -> Graph {
    let loops = g.loops.iter().map(|&l| l % 2 == 1).collect();
    let edges = g.edges.iter().flat_map(|&(a, b, c)| std::iter::repeat_n((a as u32, b as u32), c as usize));
    Graph::new(loops, edges).unwrap()
}

fn engine_value(g: &Multi) -> u8 {
    Engine::default().value(&graph(g), 1 << 20).unwrap()
}

/// A random multigraph: `n` vertices, about `extra` edges beyond a random forest (so cycles),
/// loops with probability `loop_pct`%, counts up to `max_count`.
fn random(rng: &mut Rng, n: usize, extra: usize, loop_pct: u64, max_count: u64) -> Multi {
    let loops = (0..n).map(|_| if rng.below(100) < loop_pct { 1 + rng.below(max_count) as u8 } else { 0 }).collect();
    let mut edges: Vec<(usize, usize, u8)> = Vec::new();
    let mut add = |a: usize, b: usize, c: u8| {
        if a != b && !edges.iter().any(|e| (e.0, e.1) == (a.min(b), a.max(b))) {
            edges.push((a.min(b), a.max(b), c));
        }
    };
    for v in 1..n {
        if rng.below(5) != 0 {
            add(rng.below(v as u64) as usize, v, 1 + rng.below(max_count) as u8);
        }
    }
    for _ in 0..extra {
        if n >= 2 {
            add(rng.below(n as u64) as usize, rng.below(n as u64) as usize, 1 + rng.below(max_count) as u8);
        }
    }
    Multi { loops, edges }
}

/// Random graphs drawn (3000 in a release build, where the oracle is fast; fewer in a debug build).
const ROUNDS: usize = if cfg!(debug_assertions) { 600 } else { 3000 };

/// Thousands of random graphs with loops and cycles, up to 10 vertices: equal values
/// (`cargo test --release -p grundy --test it mine_graphs`).
#[test]
fn engine_matches_the_whole_state_search() {
    let mut rng = Rng(0x6a09_e667_f3bc_c908);
    let (mut graphs, mut with_cycles, mut max) = (0, 0, 0);
    for round in 0..ROUNDS {
        let n = 1 + rng.below(10) as usize;
        let extra = rng.below(4) as usize;
        let g = random(&mut rng, n, extra, [0, 30, 60][round % 3], if round % 5 == 0 { 2 } else { 1 });
        // Keep the whole-state search small: at most 22 moves at the start.
        if moves(&g) > 22 {
            continue;
        }
        let want = Whole::value(&g);
        assert_eq!(engine_value(&g), want, "{g:?}");
        graphs += 1;
        with_cycles += usize::from(graph(&g).cycles() > 0);
        max = max.max(want);
    }
    eprintln!("{graphs} graphs, {with_cycles} with cycles, values up to {max}");
    assert!(graphs > ROUNDS * 2 / 3 && with_cycles > ROUNDS / 6, "{graphs} graphs, {with_cycles} with cycles");
}

/// A vertex of `g` and a rooted tree to hang from it twice: the tree as parent links (vertex
/// `i + 1` hangs from `parents[i]`, 0 the root) and loops.
fn hang_twice(g: &Multi, at: usize, parents: &[usize], loops: &[u8]) -> Multi {
    let mut h = g.clone();
    for _ in 0..2 {
        let base = h.loops.len();
        h.loops.extend_from_slice(loops);
        h.edges.push((at, base, 1));
        for (i, &p) in parents.iter().enumerate() {
            h.edges.push((base + p, base + i + 1, 1));
        }
    }
    h
}

fn multi() -> impl Strategy<Value = Multi> {
    (1usize..=6, 0usize..3, 0u64..70, any::<u64>()).prop_map(|(n, extra, pct, seed)| {
        let mut rng = Rng(seed | 1);
        random(&mut rng, n, extra, pct, 1)
    })
}

/// A rooted tree of 1 to 3 vertices: parent links and loops.
fn branch() -> impl Strategy<Value = (Vec<usize>, Vec<u8>)> {
    (1usize..=3).prop_flat_map(|k| {
        let parents: Vec<BoxedStrategy<usize>> = (1..k).map(|i| (0..i).boxed()).collect();
        (parents, proptest::collection::vec(0u8..2, k))
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: if cfg!(debug_assertions) { 60 } else { 300 }, ..ProptestConfig::default() })]

    /// Only parities matter: a loop or an edge taken twice more is the same game.
    #[test]
    fn counts_matter_by_parity(g in multi(), which in any::<u64>()) {
        let mut h = g.clone();
        let k = (which as usize) % (h.loops.len() + h.edges.len());
        if k < h.loops.len() { h.loops[k] += 2 } else { h.edges[k - h.loops.len()].2 += 2 }
        prop_assert_eq!(Whole::value(&h), Whole::value(&g));
        prop_assert_eq!(engine_value(&h), Whole::value(&g));
    }

    /// Two equal pendant trees hanging from one vertex cancel.
    #[test]
    fn identical_pendant_branches_cancel(g in multi(), at in any::<u64>(), (parents, loops) in branch()) {
        let at = (at as usize) % g.loops.len();
        let h = hang_twice(&g, at, &parents, &loops);
        prop_assume!(moves(&h) <= 22);
        prop_assert_eq!(Whole::value(&h), Whole::value(&g));
        prop_assert_eq!(engine_value(&h), Whole::value(&g));
    }

    /// Components XOR: a disjoint union is worth the XOR of its parts.
    #[test]
    fn components_xor(a in multi(), b in multi()) {
        prop_assume!(moves(&a) + moves(&b) <= 22);
        let mut u = a.clone();
        let base = u.loops.len();
        u.loops.extend_from_slice(&b.loops);
        u.edges.extend(b.edges.iter().map(|&(x, y, c)| (x + base, y + base, c)));
        prop_assert_eq!(Whole::value(&u), Whole::value(&a) ^ Whole::value(&b));
        prop_assert_eq!(engine_value(&u), Whole::value(&u));
    }

    /// Without loops, a bipartite graph is worth (vertices mod 2) + 2 (edges mod 2).
    #[test]
    fn bipartite_closed_form(n in 1usize..=9, seed: u64) {
        let mut rng = Rng(seed | 1);
        let side: Vec<bool> = (0..n).map(|_| rng.below(2) == 1).collect();
        let mut edges = Vec::new();
        for a in 0..n {
            for b in a + 1..n {
                if side[a] != side[b] && rng.below(3) == 0 && edges.len() < 12 {
                    edges.push((a, b, 1));
                }
            }
        }
        let g = Multi { loops: vec![0; n], edges };
        let formula = (n % 2) as u8 + 2 * (g.edges.len() % 2) as u8;
        prop_assert_eq!(Whole::value(&g), formula);
        prop_assert_eq!(engine_value(&g), formula);
    }

    /// The engine's normal form (closed forms, cancellation, 2-core keys) keeps the value, and
    /// renumbering the vertices changes nothing.
    #[test]
    fn the_normal_form_keeps_the_value(g in multi(), (parents, loops) in branch(), at in any::<u64>(), perm_seed: u64) {
        let at = (at as usize) % g.loops.len();
        let g = if at.is_multiple_of(2) { hang_twice(&g, at, &parents, &loops) } else { g };
        prop_assume!(moves(&g) <= 22);
        let want = Whole::value(&g);
        let (closed, parts) = Engine::default().normal_form(&graph(&g));
        let mut got = closed;
        for p in &parts {
            let m = Multi {
                loops: p.loops().iter().map(|&l| u8::from(l)).collect(),
                edges: p.edges().iter().map(|&(a, b)| (a as usize, b as usize, 1)).collect(),
            };
            got ^= Whole::value(&m);
        }
        prop_assert_eq!(got, want);
        // A random renumbering.
        let mut rng = Rng(perm_seed | 1);
        let mut perm: Vec<usize> = (0..g.loops.len()).collect();
        for i in (1..perm.len()).rev() {
            perm.swap(i, rng.below(i as u64 + 1) as usize);
        }
        let mut h = Multi { loops: vec![0; g.loops.len()], edges: Vec::new() };
        for (v, &to) in perm.iter().enumerate() {
            h.loops[to] = g.loops[v];
        }
        h.edges = g.edges.iter().map(|&(a, b, c)| (perm[a], perm[b], c)).collect();
        prop_assert_eq!(engine_value(&h), want);
    }
}

/// Winning moves: for every value below a graph's, the move found leads to exactly that value
/// (by the whole-state search of the graph after the move).
#[test]
fn moves_reach_every_smaller_value() {
    let mut rng = Rng(0xbb67_ae85_84ca_a73b);
    let mut checked = 0;
    for _ in 0..400 {
        let n = 1 + rng.below(8) as usize;
        let extra = rng.below(3) as usize;
        let g = random(&mut rng, n, extra, 40, 1);
        let gr = graph(&g);
        let mut engine = Engine::default();
        let value = engine.value(&gr, 1 << 20).unwrap();
        assert_eq!(value, Whole::value(&g));
        for target in 0..value {
            let m = engine.move_to(&gr, target, 1 << 20).unwrap().expect("a move to every smaller value");
            let mut after = g.clone();
            match m {
                GraphMove::Vertex(v) => {
                    // Deleting v: as a graph without v's loops and edges, and v isolated and gone.
                    after.loops[v] = 0;
                    after.edges.retain(|e| e.0 != v && e.1 != v);
                    // An isolated vertex is worth 1: remove it by renumbering.
                    after = without_vertex(&after, v);
                }
                GraphMove::Loop(v) => {
                    assert!(g.loops[v] % 2 == 1, "{g:?}: {m:?} takes a loop it has not");
                    after.loops[v] -= 1;
                }
                GraphMove::Edge(i) => {
                    let (a, b) = gr.edges()[i];
                    let e = after.edges.iter_mut().find(|e| (e.0, e.1) == (a as usize, b as usize)).unwrap();
                    e.2 -= 1;
                }
            }
            let got = if after.loops.is_empty() { 0 } else { Whole::value(&after) };
            assert_eq!(got, target, "{g:?}: {m:?}");
            checked += 1;
        }
        assert_eq!(engine.move_to(&gr, value, 1 << 20).unwrap(), None, "{g:?}: no move keeps the value");
    }
    assert!(checked > 200, "{checked}");
}

fn without_vertex(g: &Multi, v: usize) -> Multi {
    let map = |x: usize| if x > v { x - 1 } else { x };
    let mut loops = g.loops.clone();
    loops.remove(v);
    Multi { loops, edges: g.edges.iter().map(|&(a, b, c)| (map(a), map(b), c)).collect() }
}

/// Large trees and cycles stay exact and fast: a star of 2000 satellites in pairs of equal types
/// collapses to the hub, and a long path with loops is searched.
#[test]
fn large_structures() {
    // A hub with 1000 pairs of satellites (with and without loops, some with a pendant leaf).
    let mut loops = vec![false];
    let mut edges = Vec::new();
    for i in 0..2000u32 {
        let v = loops.len() as u32;
        loops.push(i % 4 < 2);
        edges.push((0, v));
        if i % 8 < 4 {
            let w = loops.len() as u32;
            loops.push(true);
            edges.push((v, w));
        }
    }
    let g = Graph::new(loops, edges).unwrap();
    let mut engine = Engine::default();
    assert_eq!(engine.value(&g, 1 << 20).unwrap(), 1, "the hub alone");
    assert_eq!(engine.states(), 0);
    // The same with one more satellite with a loop: a hub and one looped leaf.
    let mut loops = g.loops().to_vec();
    let mut edges = g.edges().to_vec();
    loops.push(true);
    edges.push((0, loops.len() as u32 - 1));
    let h = Graph::new(loops, edges).unwrap();
    let small = Graph::new(vec![false, true], [(0, 1)]).unwrap();
    assert_eq!(engine.value(&h, 1 << 20).unwrap(), Engine::default().value(&small, 1 << 20).unwrap());
    // A cycle of 12 vertices with every third looped against the whole-state search.
    let n = 12;
    let m = Multi {
        loops: (0..n).map(|i| u8::from(i % 3 == 0)).collect(),
        edges: (0..n).map(|i| (i.min((i + 1) % n), i.max((i + 1) % n), 1)).collect(),
    };
    assert_eq!(engine_value(&m), Whole::value(&m));
}

/// The budget bounds work, not only memory: a search refused at budget `b` has memoised far
/// fewer than `b` states (each state's options scan its whole component), its cost reached `b`,
/// and a budget twice as large goes on from the same memo rather than starting over.
#[test]
fn the_budget_counts_work() {
    let n = 18u32;
    let g = Graph::new(vec![true; n as usize], (1..n).map(|v| (v - 1, v))).unwrap();
    let mut engine = Engine::default();
    let budget = 2000;
    let e = engine.value(&g, budget).unwrap_err();
    assert!(engine.cost() >= budget && e.states < budget / 4, "{e:?}, cost {}", engine.cost());
    let before = e.states;
    let e = engine.value(&g, 2 * budget).unwrap_err();
    assert!(e.states > before && engine.cost() >= 2 * budget, "{e:?}");
}
