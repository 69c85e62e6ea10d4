//! Winning moves of all three games against independent oracles: every move reported is legal
//! and leaves a position the oracle's exhaustive search says is lost for the opponent; "no
//! winning move" comes only with a position the oracle says is lost.
//!
//! - Knights: exhaustive game-tree search of sums (`common::SumSearch`, no Sprague–Grundy).
//! - Misère Nim: exhaustive search of multisets of piles (below), and for huge piles the rule
//!   (misère Nim's known solution) typed in afresh.
//! - Mine: the click-by-click simulator (`common::simulate`) on every board up to 4x4 and 3x5,
//!   and the cluster model by plain recursion.

use crate::common;

use std::collections::HashMap;
use std::sync::Mutex;

use common::{Cluster, ClusterMove, Search};
use common::{SumSearch, Tiny, simulate, targets};
use grundy::knight::{self, KnightMove, MAX_COORDINATE};
use grundy::mine::{Board, Click, Component, Solver};
use grundy::misere::{self, PileMove};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Knights

/// Checks the move reported for `knights` against the sum search. Returns whether there was one.
fn check_knights(knights: &[(u64, u64)], search: &mut SumSearch) -> bool {
    let position: Vec<(i64, i64)> = knights.iter().map(|&(x, y)| (x as i64, y as i64)).collect();
    let wins = search.first_player_wins(&position);
    match knight::winning_move(knights).unwrap() {
        None => {
            assert!(!wins, "{knights:?}: no move reported, but the position is won");
            false
        }
        Some(KnightMove { knight, from, to, .. }) => {
            assert_eq!(from, knights[knight], "{knights:?}: the move's origin");
            let (from, to) = ((from.0 as i64, from.1 as i64), (to.0 as i64, to.1 as i64));
            assert!(targets(from.0, from.1).any(|t| t == to), "{knights:?}: {from:?} -> {to:?} is not a move");
            let mut next = position.clone();
            next[knight] = to;
            assert!(!search.first_player_wins(&next), "{knights:?}: {from:?} -> {to:?} leaves a won position");
            true
        }
    }
}

/// Every sum of one, two and three knights on the 7x7 corner: 22,099 positions.
#[test]
fn knights_every_sum_of_up_to_three_on_a_corner() {
    const SIDE: u64 = 7;
    let cells: Vec<(u64, u64)> = (0..SIDE).flat_map(|x| (0..SIDE).map(move |y| (x, y))).collect();
    let mut search = SumSearch::default();
    let (mut positions, mut won) = (0, 0);
    for a in 0..cells.len() {
        won += u32::from(check_knights(&[cells[a]], &mut search));
        for b in a..cells.len() {
            won += u32::from(check_knights(&[cells[a], cells[b]], &mut search));
            for c in b..cells.len() {
                won += u32::from(check_knights(&[cells[a], cells[b], cells[c]], &mut search));
                positions += 1;
            }
            positions += 1;
        }
        positions += 1;
    }
    assert_eq!(positions, 49 + 49 * 50 / 2 + 49 * 50 * 51 / 6);
    assert!(won > positions / 2 && won < positions, "{won} of {positions} won");
}

/// The sample (case 2): *3 ^ *1 = *2, knight 0 moves to a cell of value *1.
#[test]
fn knights_sample() {
    assert_eq!(knight::winning_move(&[(1, 0)]).unwrap(), None);
    let m = knight::winning_move(&[(2, 5), (3, 5)]).unwrap().unwrap();
    assert_eq!((m.knight, m.from, m.to), (0, (2, 5), (1, 3)));
    assert_eq!(knight::value_of_sum([(1, 3), (3, 5)]).unwrap().0, 0);
    assert_eq!(knight::winning_move(&[]).unwrap(), None);
    assert!(knight::winning_move(&[(1 << 63, 0)]).is_err());
}

/// Knights far away (no oracle can search there; the closed form is proven): along the edge
/// 2^63 - 1, where the moves (-2, +1) and (+1, -2) could reach 2^63, the edge knight is moved to
/// every smaller value in turn (paired with a small knight of that value), in every region of
/// the closed form and every residue class: the move is legal, stays within 0..=2^63 - 1, and
/// the sum after it is 0.
#[test]
fn knights_at_the_edge_never_leave_the_range() {
    let m = MAX_COORDINATE;
    // A small knight of each value 0..=6.
    let mut partner = [None; 7];
    for x in 0..40u64 {
        for y in 0..40u64 {
            let v = knight::value(x, y).unwrap().0 as usize;
            partner[v].get_or_insert((x, y));
        }
    }
    let mut others: Vec<u64> = (0..64).collect();
    for base in [1 << 40, m / 2 - 40, m - 64] {
        others.extend((0..64).map(|k| base + k));
    }
    let mut moves = 0;
    for k in 0..8 {
        for &y in &others {
            for edge in [(m - k, y), (y, m - k)] {
                let g = knight::value(edge.0, edge.1).unwrap().0 as usize;
                for &p in &partner[..g] {
                    let pos = [edge, p.unwrap()];
                    let mv = knight::winning_move(&pos).unwrap().expect("g ^ v != 0");
                    assert_eq!(mv.knight, 0, "{pos:?}: the edge knight moves");
                    assert!(legal_knight_move(mv.from, mv.to), "{pos:?} -> {mv:?}");
                    assert!(mv.to.0 <= m && mv.to.1 <= m, "{pos:?} -> {mv:?}");
                    assert_eq!(knight::value_of_sum([mv.to, pos[1]]).unwrap().0, 0, "{pos:?} -> {mv:?}");
                    moves += 1;
                }
            }
        }
    }
    assert!(moves > 3000, "{moves}");
}

fn legal_knight_move(from: (u64, u64), to: (u64, u64)) -> bool {
    common::MOVES
        .iter()
        .any(|&(dx, dy)| from.0.checked_add_signed(dx) == Some(to.0) && from.1.checked_add_signed(dy) == Some(to.1))
}

// ---------------------------------------------------------------------------------------------
// Misère Nim

/// Whether the player to move wins misère Nim on `piles`, by exhaustive search over sorted
/// multisets (whoever takes the last stone loses; with no stones left the player to move has
/// won, the opponent having taken the last one).
#[derive(Default)]
struct MisereSearch {
    memo: HashMap<Vec<u64>, bool>,
}

impl MisereSearch {
    fn first_player_wins(&mut self, piles: &[u64]) -> bool {
        let mut key: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
        key.sort_unstable();
        if key.is_empty() {
            return true;
        }
        if let Some(&w) = self.memo.get(&key) {
            return w;
        }
        let mut wins = false;
        'search: for i in 0..key.len() {
            for to in 0..key[i] {
                let mut next = key.clone();
                next[i] = to;
                if !self.first_player_wins(&next) {
                    wins = true;
                    break 'search;
                }
            }
        }
        self.memo.insert(key, wins);
        wins
    }
}

fn check_misere(piles: &[u64], wins: bool) -> Option<Vec<u64>> {
    match misere::winning_move(piles) {
        None => {
            assert!(!wins, "{piles:?}: no move reported, but the position is won");
            None
        }
        Some(PileMove { pile, from, to, .. }) => {
            assert_eq!(from, piles[pile], "{piles:?}");
            assert!(to < from, "{piles:?}: {from} -> {to} takes nothing");
            let mut next = piles.to_vec();
            next[pile] = to;
            Some(next)
        }
    }
}

/// Every multiset of up to 6 piles of 1 to 7 stones: 1,715 positions (as sorted lists, and
/// reversed so that indices are checked too).
#[test]
fn misere_every_small_position() {
    let mut search = MisereSearch::default();
    let mut positions = 0;
    let mut stack: Vec<Vec<u64>> = vec![vec![]];
    while let Some(piles) = stack.pop() {
        if !piles.is_empty() {
            for order in [piles.clone(), piles.iter().rev().copied().collect()] {
                let wins = search.first_player_wins(&order);
                if let Some(next) = check_misere(&order, wins) {
                    assert!(!search.first_player_wins(&next), "{order:?} -> {next:?} leaves a won position");
                }
            }
            positions += 1;
        }
        if piles.len() < 6 {
            for p in piles.last().copied().unwrap_or(1)..=7 {
                let mut more = piles.clone();
                more.push(p);
                stack.push(more);
            }
        }
    }
    assert_eq!(positions, 1715);
}

/// The rule, typed in afresh: all piles 1 -> the player to move wins iff their count is
/// even; otherwise iff the XOR is not 0.
fn spec_rule_wins(piles: &[u64]) -> bool {
    let piles: Vec<u64> = piles.iter().copied().filter(|&p| p > 0).collect();
    if piles.iter().all(|&p| p == 1) { piles.len().is_multiple_of(2) } else { piles.iter().fold(0, |a, &p| a ^ p) != 0 }
}

#[test]
fn misere_endgames_and_huge_piles() {
    let max = u64::MAX;
    for (piles, expected) in [
        (vec![1], None),
        (vec![1, 1], Some((0, 1, 0))),
        (vec![1, 1, 1], None),
        (vec![7], Some((0, 7, 1))),
        (vec![1, 7], Some((1, 7, 0))),
        (vec![1, 1, 7, 1], Some((2, 7, 0))),
        (vec![max], Some((0, max, 1))),
        (vec![max, max], None),
        (vec![1, max, max - 1], None),
        (vec![3, max, max - 1], Some((0, 3, 1))),
        (vec![0, 1, 0, 1], Some((1, 1, 0))),
        (vec![], None),
    ] {
        assert_eq!(misere::winning_move(&piles).map(|m| (m.pile, m.from, m.to)), expected, "{piles:?}");
    }
}

// ---------------------------------------------------------------------------------------------
// Mine

/// Whether the winning click must come from a cluster: no region (open it, or take one of its
/// `n` numbers, leaving *1 for n - 1 even and *2 for odd) and not the lone numbers (take one)
/// can move to `c ^ v`.
fn needs_cluster_move(components: &[Component], v: u64) -> bool {
    components.iter().all(|&component| {
        let t = component.value().0 ^ v;
        match component {
            Component::Region { numbers, .. } => t != 0 && (numbers == 0 || t != 1 + (numbers - 1) % 2),
            Component::LoneNumbers { count, .. } => t != (count - 1) % 2,
            Component::Cluster { .. } => true,
        }
    })
}

/// Checks the click reported for `tiny` against the simulator. Returns (value, whether the
/// click was a cluster's move).
fn check_mine(tiny: &Tiny, solver: &mut Solver, memo: &mut Vec<u8>) -> (u8, bool) {
    let value = simulate(tiny, memo);
    let board = Board::with_mines(tiny.rows as u64, tiny.cols as u64, tiny.mine_list()).unwrap();
    let e = solver.explain(&board).unwrap();
    let what = || format!("{}x{} mines {:?}: {e:?}", tiny.rows, tiny.cols, tiny.mine_list());
    assert_eq!(e.analysis.value.0, u64::from(value), "{}", what());
    assert_eq!(e.components.iter().map(Component::value).sum::<grundy::Nimber>(), e.analysis.value);
    let clusters = value != 0 && needs_cluster_move(&e.components, e.analysis.value.0);
    match e.winning_move {
        None => assert_eq!(value, 0, "{}: no click reported, but the board is won", what()),
        Some(Click { row, col }) => {
            let (r, c) = (row as usize, col as usize);
            assert!(r < tiny.rows && c < tiny.cols && !tiny.is_mine(r, c), "{}: click on a mine", what());
            // Safe cells are numbered in row-major order; all are face-down at the start.
            let index = (0..r * tiny.cols + c).filter(|&i| tiny.mines >> i & 1 == 0).count();
            let reveal = tiny.reveal_masks();
            let all = (1u32 << reveal.len()) - 1;
            let after = memo[(all & !reveal[index]) as usize];
            assert_eq!(after, 0, "{}: the click leaves a position of value {after}", what());
        }
    }
    (value, clusters)
}

fn sweep_mine(shapes: &[(usize, usize)]) -> (u64, u64, u64) {
    let (mut solver, mut memo) = (Solver::new(), Vec::new());
    let (mut boards, mut won, mut clustered) = (0, 0, 0);
    for &(rows, cols) in shapes {
        for mines in 0..1u32 << (rows * cols) {
            let (value, clusters) = check_mine(&Tiny { rows, cols, mines }, &mut solver, &mut memo);
            boards += 1;
            won += u64::from(value != 0);
            clustered += u64::from(clusters);
        }
    }
    (boards, won, clustered)
}

/// Every board up to 3x4 and 4x3 (every subset of mines): 9,418 boards.
#[test]
fn mine_every_board_up_to_3x4() {
    let shapes: Vec<(usize, usize)> =
        (1..=4).flat_map(|r| (1..=4).map(move |c| (r, c))).filter(|&(r, c)| r * c <= 12).collect();
    let (boards, won, clustered) = sweep_mine(&shapes);
    assert_eq!(boards, 9418);
    assert!(won > 0 && clustered > 0, "{won} won, {clustered} by a cluster's move");
}

/// Every 3x5, 5x3 and 4x4 board: 131,072 boards, many breaking the promise.
#[test]
fn mine_every_3x5_and_4x4_board() {
    let (boards, won, clustered) = sweep_mine(&[(3, 5), (5, 3), (4, 4)]);
    assert_eq!(boards, 2 * (1 << 15) + (1 << 16));
    eprintln!("{boards} boards, {won} won, {clustered} by a cluster's move");
    assert!(clustered > 50, "{clustered}");
}

/// The 3x5 counterexample to the published formulas (value 0) and the statement's picture (a
/// cluster of value 2).
#[test]
fn mine_promise_breaking_examples() {
    let mut solver = Solver::new();
    let e = solver.explain(&Board::with_mines(3, 5, [(0, 0), (0, 1), (2, 3)]).unwrap()).unwrap();
    assert_eq!((e.analysis.value.0, e.winning_move), (0, None));
    let e = solver.explain(&Board::with_mines(3, 3, [(0, 2), (2, 0)]).unwrap()).unwrap();
    assert_eq!(e.analysis.value.0, 2);
    assert!(matches!(e.components[..], [Component::Cluster { regions: 2, shared_groups: 1, .. }]), "{e:?}");
    check_mine(&Tiny { rows: 3, cols: 3, mines: 1 << 2 | 1 << 6 }, &mut solver, &mut Vec::new());
}

/// Large boards: components and clicks come out, in the right places.
#[test]
fn mine_large_boards() {
    let mut solver = Solver::new();
    // One region, no numbers: *1, click its first cell.
    let e = solver.explain(&Board::new(1000, 1000).unwrap()).unwrap();
    assert_eq!(e.winning_move, Some(Click { row: 0, col: 0 }));
    assert_eq!(e.components, [Component::Region { cell: (0, 0), numbers: 0, value: grundy::Nimber(1) }]);
    // A mine in the far corner: one region with 3 numbers (*2) -> open it.
    let e = solver.explain(&Board::with_mines(1000, 1000, [(999, 999)]).unwrap()).unwrap();
    assert_eq!(e.analysis.value.0, 2);
    assert_eq!(e.winning_move, Some(Click { row: 0, col: 0 }));
    // Mines on the black squares of a checkerboard: every safe cell is a lone number.
    let checker: Vec<(u64, u64)> =
        (0..200u64).flat_map(|r| (0..200u64).map(move |c| (r, c))).filter(|(r, c)| (r + c) % 2 == 0).collect();
    let e = solver.explain(&Board::with_mines(200, 200, checker).unwrap()).unwrap();
    assert_eq!(e.components, [Component::LoneNumbers { count: 20_000, value: grundy::Nimber(0) }]);
    assert_eq!(e.winning_move, None);
    // Without the mine at (0, 0) that cell is one more lone number: 20,001, *1.
    let checker: Vec<(u64, u64)> = (0..200u64)
        .flat_map(|r| (0..200u64).map(move |c| (r, c)))
        .filter(|(r, c)| (r + c) % 2 == 0 && r + c > 0)
        .collect();
    let e = solver.explain(&Board::with_mines(200, 200, checker).unwrap()).unwrap();
    assert_eq!(e.components, [Component::LoneNumbers { count: 20_001, value: grundy::Nimber(1) }]);
    let Some(Click { row, col }) = e.winning_move else { panic!("{e:?}") };
    assert!((row + col) % 2 == 1 || row + col == 0, "({row}, {col}) is a mine");
}

// ---------------------------------------------------------------------------------------------
// The cluster model: `Search::move_to` against plain recursion over the parity model.

/// The value of a state of the parity model (unopened regions, odd private counts, live groups)
/// by plain memoised recursion, without splitting into components.
fn model_value(groups: &[u64], s: (u64, u64, u64), memo: &mut HashMap<(u64, u64, u64), u8>) -> u8 {
    if let Some(&v) = memo.get(&s) {
        return v;
    }
    let (unopened, private, live) = s;
    let mut seen = 0u64;
    for i in 0..64 {
        if unopened >> i & 1 == 1 {
            let dead: u64 = (0..groups.len()).filter(|&g| groups[g] >> i & 1 == 1).map(|g| 1 << g).sum();
            seen |= 1 << model_value(groups, (unopened & !(1 << i), private & !(1 << i), live & !dead), memo);
        }
        if private >> i & 1 == 1 {
            seen |= 1 << model_value(groups, (unopened, private & !(1 << i), live), memo);
        }
    }
    for g in 0..groups.len() {
        if live >> g & 1 == 1 {
            seen |= 1 << model_value(groups, (unopened, private, live & !(1 << g)), memo);
        }
    }
    let v = (!seen).trailing_zeros() as u8;
    memo.insert(s, v);
    v
}

/// Chains, cycles and stars of up to 6 regions with every parity of private numbers: every
/// move to every smaller value exists and is right.
#[test]
fn cluster_moves_to_every_smaller_value() {
    let mut shapes: Vec<(usize, Vec<u64>)> = Vec::new();
    for n in 2..=6usize {
        let chain: Vec<u64> = (0..n - 1).map(|i| 0b11 << i).collect();
        let mut cycle = chain.clone();
        cycle.push(1 | 1 << (n - 1));
        let star: Vec<u64> = (1..n).map(|i| 1 | 1 << i).collect();
        let triple = if n >= 3 {
            vec![0b111].into_iter().chain((3..n).map(|i| 1 << (i - 1) | 1 << i)).collect()
        } else {
            vec![]
        };
        shapes.extend([(n, chain), (n, cycle), (n, star), (n, triple)]);
    }
    let mut search = Search::default();
    let mut moves = 0;
    for (regions, groups) in shapes {
        if groups.is_empty() {
            continue;
        }
        for private in 0..1u64 << regions {
            let cluster = Cluster { regions, private, groups: groups.clone() };
            let mut memo = HashMap::new();
            let all = (1u64 << regions) - 1;
            let start = (all, private, (1u64 << groups.len()) - 1);
            let value = model_value(&groups, start, &mut memo);
            assert_eq!(search.value(&cluster, [1, 2], 1 << 20).unwrap().0, value, "{cluster:?}");
            for target in 0..value + 2 {
                let found = search.move_to(&cluster, [1, 2], 1 << 20, target).unwrap();
                if target < value {
                    assert!(found.is_some(), "{cluster:?}: no move to {target}");
                }
                let Some(m) = found else { continue };
                let (u, p, l) = start;
                let next = match m {
                    ClusterMove::Open(i) => {
                        let dead: u64 = (0..groups.len()).filter(|&g| groups[g] >> i & 1 == 1).map(|g| 1 << g).sum();
                        (u & !(1 << i), p & !(1 << i), l & !dead)
                    }
                    ClusterMove::Private(i) => {
                        assert!(p >> i & 1 == 1, "{cluster:?}: {m:?} takes a private number it has not");
                        (u, p & !(1 << i), l)
                    }
                    ClusterMove::Shared(g) => (u, p, l & !(1 << g)),
                };
                assert_eq!(model_value(&groups, next, &mut memo), target, "{cluster:?}: {m:?}");
                moves += 1;
            }
        }
    }
    assert!(moves > 1000, "{moves}");
}

// ---------------------------------------------------------------------------------------------
// Property tests over random positions of all three games.

static KNIGHT_SEARCH: Mutex<Option<SumSearch>> = Mutex::new(None);
static MISERE_SEARCH: Mutex<Option<MisereSearch>> = Mutex::new(None);

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn random_knight_sums(knights in prop::collection::vec((0u64..12, 0u64..12), 1..=3)) {
        let mut guard = KNIGHT_SEARCH.lock().unwrap();
        check_knights(&knights, guard.get_or_insert_with(SumSearch::default));
    }

    #[test]
    fn random_huge_knight_sums(knights in prop::collection::vec((0..=MAX_COORDINATE, 0..=MAX_COORDINATE), 1..=6)) {
        let s = knight::value_of_sum(knights.iter().copied()).unwrap();
        match knight::winning_move(&knights).unwrap() {
            None => prop_assert_eq!(s.0, 0),
            Some(m) => {
                prop_assert_eq!(m.from, knights[m.knight]);
                prop_assert!(legal_knight_move(m.from, m.to), "{:?}", m);
                let mut next = knights.clone();
                next[m.knight] = m.to;
                prop_assert_eq!(knight::value_of_sum(next).unwrap().0, 0);
            }
        }
    }

    #[test]
    fn random_misere_positions(piles in prop::collection::vec(1u64..=9, 1..=6)) {
        let mut guard = MISERE_SEARCH.lock().unwrap();
        let search = guard.get_or_insert_with(MisereSearch::default);
        let wins = search.first_player_wins(&piles);
        if let Some(next) = check_misere(&piles, wins) {
            prop_assert!(!search.first_player_wins(&next), "{:?} -> {:?}", piles, next);
        }
    }

    #[test]
    fn random_huge_misere_positions(piles in prop::collection::vec(prop_oneof![Just(1u64), Just(2u64), any::<u64>()], 1..=8)) {
        if let Some(next) = check_misere(&piles, spec_rule_wins(&piles)) {
            prop_assert!(!spec_rule_wins(&next), "{:?} -> {:?}", piles, next);
        }
    }

    #[test]
    fn random_mine_boards(rows in 1usize..=4, cols in 1usize..=5, seed in any::<u32>(), density in 0u32..=6) {
        // Mines with probability density / 16 per cell.
        let mut rng = common::Rng(u64::from(seed) | 1 << 40);
        let mut mines = 0u32;
        for cell in 0..rows * cols {
            if rng.below(16) < u64::from(density) {
                mines |= 1 << cell;
            }
        }
        check_mine(&Tiny { rows, cols, mines }, &mut Solver::new(), &mut Vec::new());
    }
}
