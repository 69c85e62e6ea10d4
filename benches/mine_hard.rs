//! The hardest components of a random Mine board: the components of its clusters' normal forms
//! with at least MIN_LOOPS loops, most loops first, each searched alone.
//!
//! `cargo run --release -p grundy-bench --example mine_hard -- SIDE DENSITY% SEED MIN_LOOPS`
//!
//! - the engine (`grundy::mine::chomp`) within a budget of `B` units (default 2^18; `B=0`
//!   skips it): its value or refusal, states memoised, time;
//! - with `RAW=1`, components of at most 64 vertices and edges only: an independent search of
//!   whole bit-mask positions (vertices, edges, loops), with no reduction but the split into
//!   components: the value, and how many connected positions the component really has;
//! - with `PN=1` as well: for each target `t` up to the value + 1, whether the component plus a
//!   nim heap of `t` is a second-player win, by a win/lose search with cut-offs (a position is
//!   lost when every option wins; components of at most `SMALL` vertices, default 8, are valued
//!   exactly and folded into the heap), and the positions that search met.

mod random_board;

use std::collections::HashMap as StdMap;
use std::hash::{BuildHasherDefault, Hasher};
use std::time::Instant;

use grundy::mine::Solver;
use grundy::mine::chomp::{Engine, Graph};
use random_board::random_board;

/// A multiply-rotate hasher (the masks are well mixed already).
#[derive(Default)]
struct Mix(u64);

impl Hasher for Mix {
    fn finish(&self) -> u64 {
        self.0
    }
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(u64::from(b)));
    }
    fn write_u64(&mut self, x: u64) {
        self.0 = (self.0.rotate_left(5) ^ x).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
    fn write_u8(&mut self, x: u8) {
        self.write_u64(u64::from(x));
    }
}

type HashMap<K, V> = StdMap<K, V, BuildHasherDefault<Mix>>;

/// A position: vertices, edges and loops present, as masks over the component's own.
type Position = (u64, u64, u64);

/// Bit-mask searches of one component.
struct Masks {
    ends: Vec<(u32, u32)>,
    /// Per vertex: its edges.
    incident: Vec<u64>,
    values: HashMap<Position, u8>,
    /// Win/lose results, by position and heap.
    lost: HashMap<(Position, u8), bool>,
    small: u32,
}

impl Masks {
    fn new(g: &Graph, small: u32) -> Masks {
        let mut incident = vec![0u64; g.vertices()];
        for (i, &(a, b)) in g.edges().iter().enumerate() {
            incident[a as usize] |= 1 << i;
            incident[b as usize] |= 1 << i;
        }
        Masks { ends: g.edges().to_vec(), incident, values: HashMap::default(), lost: HashMap::default(), small }
    }

    /// The connected components of `(vertices, edges)`, each as (vertices, edges).
    fn components(&self, vertices: u64, edges: u64) -> Vec<(u64, u64)> {
        let mut out = Vec::new();
        let mut rest = vertices;
        while rest != 0 {
            let mut comp = rest & rest.wrapping_neg();
            let (mut frontier, mut inside) = (comp, 0u64);
            while frontier != 0 {
                let mut next = 0u64;
                for u in bits(frontier) {
                    let new = self.incident[u as usize] & edges & !inside;
                    inside |= new;
                    for i in bits(new) {
                        let (a, b) = self.ends[i as usize];
                        next |= (1u64 << a | 1u64 << b) & !comp;
                    }
                }
                comp |= next;
                frontier = next;
            }
            rest &= !comp;
            out.push((comp, inside));
        }
        out
    }

    /// The options of a position, unsplit: delete a loop, an edge, or a vertex with its edges.
    fn options((v, e, l): Position, incident: &[u64]) -> impl Iterator<Item = Position> + '_ {
        let loops = bits(l).map(move |i| (v, e, l & !(1 << i)));
        let edges = bits(e).map(move |i| (v, e & !(1 << i), l));
        let vertices = bits(v).map(move |u| (v & !(1 << u), e & !incident[u as usize], l & !(1 << u)));
        loops.chain(edges).chain(vertices)
    }

    /// The Grundy value of a position: the XOR of its components', each the mex of its options.
    fn value(&mut self, (v, e, l): Position) -> u8 {
        let parts = self.components(v, e);
        if parts.len() != 1 {
            return parts.into_iter().fold(0, |x, (cv, ce)| x ^ self.value((cv, ce, l & cv)));
        }
        if v.count_ones() == 1 {
            return 1 + u8::from(l != 0);
        }
        if let Some(&x) = self.values.get(&(v, e, l)) {
            return x;
        }
        let mut seen = [0u64; 4];
        let options: Vec<Position> = Masks::options((v, e, l), &self.incident).collect();
        for option in options {
            let x = self.value(option);
            seen[usize::from(x >> 6)] |= 1 << (x & 63);
        }
        let mex =
            seen.iter().enumerate().find(|(_, w)| **w != u64::MAX).map(|(i, w)| 64 * i + w.trailing_ones() as usize);
        let mex = mex.expect("fewer than 256 options") as u8;
        self.values.insert((v, e, l), mex);
        mex
    }

    /// Folds the components of at most `small` vertices into the heap `h`.
    fn fold(&mut self, (v, e, l): Position, mut h: u8) -> (Position, u8) {
        let mut big = (0, 0, 0);
        for (cv, ce) in self.components(v, e) {
            if cv.count_ones() <= self.small {
                h ^= self.value((cv, ce, l & cv));
            } else {
                big = (big.0 | cv, big.1 | ce, big.2 | (l & cv));
            }
        }
        (big, h)
    }

    /// Whether the (folded) position plus a heap of `h` is lost for the player to move: every
    /// option wins. Options already known lost are tried first, then the smallest.
    fn is_lost(&mut self, p: Position, h: u8) -> bool {
        if p.0 == 0 {
            return h == 0;
        }
        if let Some(&lost) = self.lost.get(&(p, h)) {
            return lost;
        }
        let unsplit: Vec<Position> = Masks::options(p, &self.incident).collect();
        let mut options: Vec<(Position, u8)> = (0..h).map(|y| (p, y)).collect();
        options.extend(unsplit.into_iter().map(|o| self.fold(o, h)));
        options.sort_by_key(|o| (self.lost.get(o) != Some(&true), o.0.0.count_ones() + o.0.2.count_ones()));
        let lost = !options.into_iter().any(|(o, y)| self.is_lost(o, y));
        self.lost.insert((p, h), lost);
        lost
    }
}

/// The set bits of `x`, lowest first.
fn bits(mut x: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (x != 0).then(|| {
            let i = x.trailing_zeros();
            x &= x - 1;
            i
        })
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let [side, d, seed, min] = [0, 1, 2, 3].map(|i| args.get(i).expect("SIDE DENSITY% SEED MIN_LOOPS"));
    let (side, d, seed, min): (u64, f64, u64, usize) =
        (side.parse().unwrap(), d.parse().unwrap(), seed.parse().unwrap(), min.parse().unwrap());
    let env = |name: &str, default: u64| std::env::var(name).map_or(default, |v| v.parse().expect(name));
    let (budget, raw, pn, small) = (env("B", 1 << 18) as usize, env("RAW", 0) == 1, env("PN", 0) == 1, env("SMALL", 8));
    let board = random_board(side, d, seed);
    let graphs = Solver::new().cluster_graphs(&board).expect("a board the sweep takes");
    let mut engine = Engine::default();
    let mut parts: Vec<Graph> = graphs.iter().flat_map(|g| engine.normal_form(g).1).collect();
    let loops = |g: &Graph| g.loops().iter().filter(|&&l| l).count();
    parts.sort_by_key(|p| std::cmp::Reverse(loops(p)));
    println!("{} clusters, {} components left by the normal form", graphs.len(), parts.len());
    for p in parts.iter().take_while(|p| loops(p) >= min) {
        let (n, m) = (p.vertices(), p.edges().len());
        print!("{n} vertices, {m} edges, {} loops, {} cycles:", loops(p), p.cycles());
        if budget > 0 {
            let mut engine = Engine::default();
            let start = Instant::now();
            let value = engine.value(p, budget);
            let ms = start.elapsed().as_secs_f64() * 1e3;
            print!(" engine {value:?}, {} states, {ms:.0} ms;", engine.states());
        }
        if raw && n <= 64 && m <= 64 {
            let mask = |k: usize| if k == 64 { u64::MAX } else { (1u64 << k) - 1 };
            let l = p.loops().iter().enumerate().filter(|(_, l)| **l).map(|(i, _)| 1u64 << i).sum();
            let start = (mask(n), mask(m), l);
            let mut masks = Masks::new(p, small as u32);
            let t0 = Instant::now();
            let value = masks.value(start);
            let ms = t0.elapsed().as_secs_f64() * 1e3;
            print!(" raw value {value}, {} positions, {ms:.0} ms;", masks.values.len());
            for t in (0..=value.saturating_add(1)).filter(|_| pn) {
                let mut masks = Masks::new(p, small as u32);
                let (folded, h) = masks.fold(start, t);
                let lost = masks.is_lost(folded, h);
                print!(" +*{t} lost {lost} ({} positions, {} small);", masks.lost.len(), masks.values.len());
            }
        }
        println!();
    }
}
