//! General leapers against independent oracles: the sweep against the mex recurrence by
//! definition (memoised recursion, no potential order), certified closed forms against that oracle
//! and against the recurrence at far cells, the hyper knight against its hand-fitted closed form,
//! the checker against broken closed forms, and bad move sets.

use std::time::Instant;

use crate::common::{LeaperMex, Rng};
use crate::hand_fitted::closed_form::{EXTRACT_MIN_SUM, Patterns};
use grundy_core::leaper::{
    Analysis, Cause, ClosedForm, HYPER_KNIGHT_MOVES, Limits, MAX_PROOF_CELLS, MoveSet, MoveSetError, Proof, Refutation,
    Sector, Strip, Triangle, Verdict, analyze, prove,
};

/// `set`'s values by the definition.
fn oracle_of(set: &MoveSet) -> LeaperMex {
    LeaperMex::new(set.moves().iter().map(|&(a, b)| (i64::from(a), i64::from(b))))
}

/// A random valid move set with moves in `[-r, r]²`.
fn move_set(rng: &mut Rng, r: i64, max_moves: u64) -> MoveSet {
    loop {
        let n = 1 + rng.below(max_moves);
        let moves: Vec<(i32, i32)> = (0..n)
            .map(|_| ((rng.below(2 * r as u64 + 1) as i64 - r) as i32, (rng.below(2 * r as u64 + 1) as i64 - r) as i32))
            .collect();
        if let Ok(set) = MoveSet::new(&moves) {
            return set;
        }
    }
}

/// A random valid move set equal to its mirror image, with moves in `[-r, r]²`.
fn symmetric_move_set(rng: &mut Rng, r: i64, max_pairs: u64) -> MoveSet {
    loop {
        let mut moves: Vec<(i32, i32)> = Vec::new();
        for _ in 0..1 + rng.below(max_pairs) {
            let m = ((rng.below(2 * r as u64 + 1) as i64 - r) as i32, (rng.below(2 * r as u64 + 1) as i64 - r) as i32);
            for m in [m, (m.1, m.0)] {
                if !moves.contains(&m) {
                    moves.push(m);
                }
            }
        }
        if let Ok(set) = MoveSet::new(&moves) {
            return set;
        }
    }
}

/// Runs every cell of the triangle `a·x + b·y <= p` through `f`.
fn for_triangle(set: &MoveSet, p: i64, mut f: impl FnMut(i64, i64)) {
    let (a, b) = set.potential();
    for x in 0..=p / a {
        for y in 0..=(p - a * x) / b {
            f(x, y);
        }
    }
}

#[test]
fn sweep_tables_equal_the_oracle_on_random_move_sets() {
    let mut rng = Rng(1);
    let sets = if cfg!(debug_assertions) { 60 } else { 300 };
    for _ in 0..sets {
        let set = move_set(&mut rng, 4, 7);
        let (a, b) = set.potential();
        let p = 60 * a.max(b);
        let table = Triangle::compute(&set, p);
        let mut oracle = oracle_of(&set);
        for_triangle(&set, p, |x, y| {
            assert_eq!(table.get(x as u64, y as u64).map(u64::from), Some(oracle.g(x, y)), "{set} at ({x},{y})");
        });
        assert_eq!(table.get(0, (p / b + 1) as u64), None);
    }
}

/// Triangles with levels of several 64-cell words, for symmetric sets (of which the sweep computes
/// half of each level and mirrors it) and for asymmetric ones.
#[test]
fn sweep_tables_of_symmetric_and_asymmetric_sets_equal_the_oracle_on_larger_triangles() {
    let mut rng = Rng(12);
    let sets = if cfg!(debug_assertions) { 6 } else { 40 };
    for i in 0..2 * sets {
        let set = if i % 2 == 0 { symmetric_move_set(&mut rng, 5, 5) } else { move_set(&mut rng, 5, 8) };
        assert!(i % 2 == 1 || set.is_symmetric(), "{set}");
        let (a, b) = set.potential();
        let p = 330 * a.max(b);
        let table = Triangle::compute(&set, p);
        let mut oracle = oracle_of(&set);
        for_triangle(&set, p, |x, y| {
            assert_eq!(table.get(x as u64, y as u64).map(u64::from), Some(oracle.g(x, y)), "{set} at ({x},{y})");
        });
    }
}

/// The hyper knight's potential is `x + y`: the sweep runs in the x + y order, and its square
/// equals the mex recurrence of the moves typed in afresh (`grundy_test_support`).
#[test]
fn the_hyper_knight_square_is_swept_in_x_plus_y_order_and_matches_the_definition() {
    let set = MoveSet::new(&HYPER_KNIGHT_MOVES).unwrap();
    assert_eq!(set.potential(), (1, 1));
    let bound = 300;
    let square = grundy_core::leaper::leaper_square(&set, bound);
    assert_eq!(Triangle::for_square(&set, bound as u64).square(bound as u64), square);
    let mut definition = crate::common::Definition::default();
    for x in 0..bound {
        for y in 0..bound {
            assert_eq!(square[x * bound + y], definition.grundy(x as i64, y as i64), "({x}, {y})");
        }
    }
}

/// Checks a certified form: equal to the oracle on a triangle, and the recurrence at far cells.
fn check_certified(form: &ClosedForm, oracle_potential: i64, far_points: usize, seed: u64) {
    let set = form.move_set().clone();
    let mut oracle = oracle_of(&set);
    for_triangle(&set, oracle_potential, |x, y| {
        assert_eq!(u64::from(form.eval(x as u64, y as u64)), oracle.g(x, y), "{set} at ({x},{y})");
    });
    let mut rng = Rng(seed);
    let moves: Vec<(i64, i64)> = set.moves().iter().map(|&(a, b)| (i64::from(a), i64::from(b))).collect();
    for i in 0..far_points {
        let scale = if i % 4 == 0 { i64::MAX as u64 - 100 } else { 1_000_000_000_000_000 };
        let (mut x, mut y) = (rng.below(scale), rng.below(scale));
        // Some near the axes and the strips' rays, not only deep in the sectors.
        match i % 5 {
            1 => y = rng.below(60),
            2 => x = rng.below(60),
            3 => {
                let f = &form.features()[1 + (i / 5) % (form.features().len() - 1).max(1)];
                if f.dir.0 > 0 && f.dir.1 > 0 {
                    let t = rng.below(scale / (f.dir.0.max(f.dir.1) as u64 + 1));
                    let off = rng.below(80) as i64 - 40;
                    x = t * f.dir.0 as u64;
                    y = (t * f.dir.1 as u64).saturating_add_signed(off);
                }
            }
            _ => {}
        }
        let mut seen = 0u64;
        for &(dx, dy) in &moves {
            if let (Some(u), Some(v)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) {
                seen |= 1 << form.eval(u, v);
            }
        }
        assert_eq!(form.eval(x, y), (!seen).trailing_zeros() as u8, "{set}: recurrence at ({x},{y})");
        assert_eq!(form.eval(x, y), form.eval_by_forms(x, y), "{set}: fast evaluation at ({x},{y})");
        assert_eq!(form.eval(u64::MAX - x, y), form.eval_by_forms(u64::MAX - x, y), "{set}: at the end of u64");
    }
}

fn analyzed(text: &str) -> (Analysis, f64) {
    let set = MoveSet::parse(text).unwrap();
    let start = Instant::now();
    let analysis = analyze(&set, &Limits::default());
    (analysis, start.elapsed().as_secs_f64())
}

fn certified(text: &str) -> ClosedForm {
    let (analysis, seconds) = analyzed(text);
    match &analysis.verdict {
        Verdict::Certified { form, proof } => {
            println!(
                "{text}: certified in {seconds:.3} s; core {}, {} strips, {} sectors, Q = {}, {} stored values; {} cells checked ({} scanned, potential <= {})",
                form.core_size(),
                form.features().iter().filter(|f| f.lo <= f.hi).count(),
                form.sectors().len(),
                form.modulus(),
                form.stored_values(),
                proof.cells,
                proof.scanned,
                proof.max_potential
            );
            form.clone()
        }
        Verdict::NotFound(why) => panic!("{text}: {why}"),
    }
}

/// The named sets that must be certified.
const NAMED: [(&str, &str); 12] = [
    ("hyper knight", "(-2,1) (1,-2) (-2,-1) (-1,-2) (-3,-1) (-1,-3)"),
    ("four-move knight", "(-2,1) (-2,-1) (1,-2) (-1,-2)"),
    ("camel, x+y decreasing", "(-1,-3) (-3,-1) (1,-3) (-3,1)"),
    ("zebra, x+y decreasing", "(-2,-3) (-3,-2) (2,-3) (-3,2)"),
    ("giraffe, x+y decreasing", "(-1,-4) (-4,-1) (1,-4) (-4,1)"),
    ("king towards the corner", "(-1,0) (0,-1) (-1,-1)"),
    ("two knight moves", "(-1,-2) (-2,-1)"),
    // The queen of range <= 3 has no potential lowering all of its moves (the anti-diagonal
    // (1,-1), (-1,1) keep x+y); these are its moves that x+y lowers: towards the corner.
    ("queen of range 3, x+y decreasing", "(-1,0) (-2,0) (-3,0) (0,-1) (0,-2) (0,-3) (-1,-1) (-2,-2) (-3,-3)"),
    // Drawn from [-4,3]² (seeded), the ones with a core, strips, or a large modulus.
    ("random 1", "(-3,-3) (-1,-4) (1,-3)"),
    ("random 2", "(-4,-4) (-2,-2) (1,-3)"),
    ("random 3", "(-4,1) (-2,1) (-1,-3)"),
    ("random 4", "(-3,0) (-3,2) (-2,-3) (-1,0) (0,-2)"),
];

#[test]
fn the_named_sets_are_certified_and_right() {
    for (i, (name, text)) in NAMED.iter().enumerate() {
        println!("{name}");
        let form = certified(text);
        let p = if cfg!(debug_assertions) { 120 } else { 400 };
        check_certified(&form, p, 2000, i as u64);
    }
}

/// The base set by its definition, cell by cell: the cells of the triangle of potential `p` where
/// no translation of the proof applies (Lemma B's condition at every form it moves).
fn base_set_cell_by_cell(form: &ClosedForm, proof: &Proof, p: i64) -> (u64, i64) {
    let forms = form.linear_forms();
    let l = |(a, b): (i64, i64), (x, y): (i64, i64)| a * x + b * y;
    let (w, mut cells, mut max_potential) = (form.move_set().potential(), 0, -1);
    for_triangle(form.move_set(), p, |x, y| {
        let applies = |v: (i64, i64)| {
            forms.iter().zip(&proof.key_bounds).enumerate().all(|(i, (&f, &(klo, khi)))| {
                let (d, t) = (l(f, v), l(f, (x, y)));
                d == 0 || t >= khi + d.max(0) || (i >= 2 && t <= klo + d.min(0))
            })
        };
        if !proof.translations.iter().any(|&v| applies(v)) {
            cells += 1;
            max_potential = max_potential.max(w.0 * x + w.1 * y);
        }
    });
    (cells, max_potential)
}

/// The proof finds its base set by intersecting ranges along columns; cell by cell from the
/// definition, on a triangle well beyond its largest potential, the set is the same size and
/// reaches as far.
#[test]
fn the_base_set_by_ranges_is_the_base_set_cell_by_cell() {
    for (name, text) in NAMED.iter().chain(&[("Q = 28", "(-3,-3) (-1,-4) (1,-3)"), ("slanted", "(-3,1) (2,-1)")]) {
        let form = certified(text);
        let proof = prove(&form, MAX_PROOF_CELLS).unwrap();
        let p = 3 * proof.max_potential + 200;
        assert_eq!(base_set_cell_by_cell(&form, &proof, p), (proof.cells, proof.max_potential), "{name}");
    }
}

#[test]
fn the_hyper_knight_comes_out_of_the_general_machinery() {
    let moves = HYPER_KNIGHT_MOVES.to_vec();
    let named = MoveSet::parse(NAMED[0].1).unwrap();
    let mut sorted = named.moves().to_vec();
    sorted.sort();
    let mut expected = moves.clone();
    expected.sort();
    assert_eq!(sorted, expected, "the named set is HYPER_KNIGHT_MOVES");
    let form = certified(&MoveSet::new(&moves).unwrap().to_string());
    let patterns =
        Patterns::extract(&Triangle::compute(&grundy_core::leaper::MoveSet::hyper_knight(), EXTRACT_MIN_SUM as i64));
    let n = if cfg!(debug_assertions) { 600u64 } else { 3000 };
    for s in 0..=n {
        for x in 0..=s {
            assert_eq!(form.eval(x, s - x), patterns.eval(x, s - x), "({x},{})", s - x);
        }
    }
    let mut rng = Rng(7);
    for i in 0..200_000 {
        let scale = if i % 2 == 0 { 1_000_000_000_000_000 } else { i64::MAX as u64 };
        let (x, y) = (rng.below(scale), rng.below(scale));
        let y = if i % 3 == 0 { (2 * x).min(scale) - rng.below(40).min(2 * x) + 20 } else { y };
        assert_eq!(form.eval(x, y), patterns.eval(x, y), "({x},{y})");
    }
    // The general form found the hand-fitted constants: core 38, strips y-2x in -10..=17,
    // |y-x| <= 13 (and the mirror of the first).
    assert_eq!(form.core_size(), 38);
    let bands: Vec<((i64, i64), i64, i64)> = form.features()[1..4].iter().map(|f| (f.dir, f.lo, f.hi)).collect();
    assert_eq!(bands, [((2, 1), -17, 10), ((1, 1), -13, 13), ((1, 2), -10, 17)]);
}

#[test]
fn random_sets_whenever_certified_are_right() {
    let mut rng = Rng(99);
    let (tries, p) = if cfg!(debug_assertions) { (3, 80) } else { (16, 250) };
    let limits = Limits { max_cells: 1 << 22, ..Limits::default() };
    let mut certified = 0;
    for i in 0..tries {
        let set = move_set(&mut rng, 3, 6);
        let analysis = analyze(&set, &limits);
        if let Verdict::Certified { form, .. } = &analysis.verdict {
            certified += 1;
            check_certified(form, p, 500, i);
        } else {
            println!("{set}: not certified");
        }
    }
    println!("{certified} of {tries} random sets certified");
    assert!(certified * 2 >= tries, "only {certified} of {tries} certified");
}

/// A modulus of 1110: the triangle below the old proof's radius held about 2 * 10^8 cells (over
/// the limit), the base set where no translation applies holds about 3 * 10^6.
#[test]
fn a_form_with_a_large_modulus_is_proven_on_its_base_set() {
    let (analysis, seconds) = analyzed("(-3,0) (4,-3) (1,-4) (-2,-2) (-2,0)");
    let Verdict::Certified { form, proof } = &analysis.verdict else { panic!("{}", analysis) };
    println!("Q = {}: {} cells checked, {} scanned, in {seconds:.2} s", form.modulus(), proof.cells, proof.scanned);
    assert!(form.modulus() > 1000, "{form}");
    check_certified(form, if cfg!(debug_assertions) { 150 } else { 400 }, 1000, 5);
}

/// A proof past `Limits::max_proof_cells` is no proof: `not_found`, saying why, with no window
/// counts (there was a candidate). Within the default limit the same set, of modulus 1144 (its
/// base set has about 2.8 * 10^6 cells), is certified and right.
#[test]
fn a_proof_over_its_limit_is_not_found_and_the_default_limit_proves_it() {
    let set = MoveSet::parse("(-4,4) (-7,-6)").unwrap();
    let limits = Limits { max_proof_cells: 1 << 20, max_cells: 1 << 22, ..Limits::default() };
    let Verdict::NotFound(why) = analyze(&set, &limits).verdict else { panic!("proven over the limit") };
    let unproven = matches!(why.cause, Cause::Unproven { refutation: Refutation::TooLarge { .. }, .. });
    assert!(unproven && why.cause.to_string().contains("could not be proven") && why.windows.is_none(), "{why}");
    let form = certified("(-4,4) (-7,-6)");
    assert_eq!(form.modulus(), 1144);
    check_certified(&form, if cfg!(debug_assertions) { 150 } else { 400 }, 500, 11);
}

/// Strips the default limits reach: a band 441 offsets wide along (11, 5), and a direction with
/// `p + q = 25`, (12, 13).
#[test]
fn wide_and_steep_strips_are_found_and_right() {
    for (text, dir, width) in [("(-4,-4) (5,-1) (-7,-1)", (11, 5), 441), ("(-7,-7) (-5,-6)", (12, 13), 0)] {
        let form = certified(text);
        let strip = form.features().iter().find(|f| f.dir == dir).unwrap_or_else(|| panic!("{text}: no strip {dir:?}"));
        assert_eq!(strip.width(), width, "{text}");
        check_certified(&form, if cfg!(debug_assertions) { 150 } else { 400 }, 1000, 13);
    }
}

#[test]
fn the_turbulent_set_honestly_fails() {
    let (analysis, seconds) = analyzed("(-4,-3) (-4,2) (-3,-2) (-3,1) (-2,-4) (-1,-4) (-1,-1)");
    let Verdict::NotFound(why) = &analysis.verdict else { panic!("a closed form for the turbulent set") };
    println!("{why} ({seconds:.2} s)");
    // The evidence: the distinct windows grow with the band (their areas grow too).
    let [(w1, _), (w2, _), (w3, _)] = why.windows.as_ref().expect("no candidate, so window counts").bands;
    assert!(w1 < w2 && w2 < w3, "{why}");
    assert!(analysis.to_string().contains("no closed form found"));
}

fn rebuild(form: &ClosedForm, features: Vec<Strip>, sectors: Vec<Sector>, core: Vec<u8>) -> ClosedForm {
    ClosedForm::new(form.move_set().clone(), form.core_size(), core, features, sectors).unwrap()
}

#[test]
fn the_checker_rejects_broken_closed_forms() {
    let form = certified(NAMED[0].1);
    let original = prove(&form, 1 << 24).unwrap();
    assert!(original.cells > 0);
    let refuted = |f: &ClosedForm, what: &str| match prove(f, 1 << 24) {
        Err(Refutation::Recurrence { .. }) => {}
        other => panic!("{what}: {other:?}"),
    };
    let (features, sectors, core) = (form.features().to_vec(), form.sectors().to_vec(), form.core().to_vec());
    // One pattern cell changed: in the core, a sector, a strip.
    let mut c = core.clone();
    c[10 * 38 + 20] ^= 1;
    refuted(&rebuild(&form, features.clone(), sectors.clone(), c), "core cell");
    for s in 0..sectors.len() {
        let mut changed = sectors.clone();
        changed[s].pattern[1] ^= 1;
        refuted(&rebuild(&form, features.clone(), changed, core.clone()), "sector cell");
    }
    for f in 1..features.len() - 1 {
        let mut changed = features.clone();
        // An entry a real cell uses: one far along the ray, mid-band.
        let (p, q) = changed[f].dir;
        let mid = (changed[f].lo + changed[f].hi) / 2;
        let (x, y) = (0..p.max(1) * 4)
            .flat_map(|dx| (0..q.max(1) * 4).map(move |dy| (1000 * p + dx, 1000 * q + dy)))
            .find(|&(x, y)| changed[f].offset(x, y) == mid)
            .unwrap();
        let k = ((mid - changed[f].lo) * changed[f].phase_len() + changed[f].phase(x, y)) as usize;
        changed[f].pattern[k] ^= 2;
        assert_ne!(
            rebuild(&form, changed.clone(), sectors.clone(), core.clone()).eval(x as u64, y as u64),
            form.eval(x as u64, y as u64)
        );
        refuted(&rebuild(&form, changed, sectors.clone(), core.clone()), "strip cell");
        // A strip moved by one, either way.
        for shift in [-1, 1] {
            let mut moved = features.clone();
            moved[f].lo += shift;
            moved[f].hi += shift;
            refuted(&rebuild(&form, moved, sectors.clone(), core.clone()), "strip moved");
        }
    }
    // A sector period halved: the lattice refined, values read off at the new representatives.
    for s in 0..sectors.len() {
        let old = &sectors[s];
        let (a, d) = if old.a % 2 == 0 { (old.a / 2, old.d) } else { (old.a, old.d / 2) };
        assert!(d >= 1 && a * d * 2 == old.a * old.d);
        let mut halved = Sector { a, b: old.b % a, d, pattern: vec![0; (a * d) as usize] };
        for ys in 0..d {
            for xs in 0..a {
                let c = halved.class(xs, ys);
                halved.pattern[c] = old.pattern[old.class(xs, ys)];
            }
        }
        let mut changed = sectors.clone();
        changed[s] = halved;
        refuted(&rebuild(&form, features.clone(), changed, core.clone()), "sector period halved");
    }
}

#[test]
fn the_checker_proves_a_hand_written_form() {
    // (-1,0) (0,-1): g = (x + y) mod 2, one sector with lattice <(2,0), (1,1)>, no strips.
    let set = MoveSet::parse("(-1,0) (0,-1)").unwrap();
    let axis = |dir, lo, hi| Strip { dir, lo, hi, period: 1, pattern: vec![] };
    let features = vec![axis((1, 0), 0, -1), axis((0, 1), 1, 0)];
    let form = |pattern: Vec<u8>| {
        ClosedForm::new(set.clone(), 0, vec![], features.clone(), vec![Sector { a: 2, b: 1, d: 1, pattern }]).unwrap()
    };
    let proof = prove(&form(vec![0, 1]), 1 << 20).unwrap();
    assert!(proof.cells > 0 && proof.to_string().contains("proven"));
    check_certified(&form(vec![0, 1]), 200, 1000, 3);
    assert!(matches!(prove(&form(vec![1, 0]), 1 << 20), Err(Refutation::Recurrence { x: 0, y: 0, .. })));
    // Too small a budget for the base set's scan is an error, not a proof.
    assert!(matches!(prove(&form(vec![0, 1]), 1), Err(Refutation::TooLarge { .. })));
}

#[test]
fn bad_move_sets_are_typed_errors() {
    type Expect = fn(&MoveSetError) -> bool;
    let cases: [(&str, Expect); 10] = [
        ("(-1,0", |e| matches!(e, MoveSetError::Syntax { .. })),
        ("-1,0)", |e| matches!(e, MoveSetError::Syntax { .. })),
        ("(x,0)", |e| matches!(e, MoveSetError::Syntax { .. })),
        ("(-1;0)", |e| matches!(e, MoveSetError::Syntax { .. })),
        ("(0,0) (-1,0)", |e| matches!(e, MoveSetError::ZeroMove)),
        ("(-1,0) (0,-1) (-1,0)", |e| *e == MoveSetError::Duplicate((-1, 0))),
        ("(-1,0) (2,1)", |e| *e == MoveSetError::NotLowered((2, 1))),
        ("(-2,1) (1,-1) (-1,1)", |e| matches!(e, MoveSetError::NoCommonPotential(..))),
        ("", |e| *e == MoveSetError::Empty),
        ("(-1,-1000)", |e| matches!(e, MoveSetError::TooLong(_))),
    ];
    for (text, ok) in cases {
        let e = MoveSet::parse(text).unwrap_err();
        assert!(ok(&e), "{text}: {e:?}");
        assert!(!e.to_string().is_empty());
    }
    let many: String = (1..=64).map(|k| format!("({},{}) ", -(k % 8) - 1, -(k / 8))).collect();
    assert_eq!(MoveSet::parse(&many), Err(MoveSetError::TooMany(64)));
    // The error names a move no positive potential lowers.
    assert!(MoveSet::parse("(-1,0) (0,1)").unwrap_err().to_string().contains("(0,1)"));
}
