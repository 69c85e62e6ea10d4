//! The run-time evaluator of a certified closed form (what `LeaperTable::value` answers beyond
//! the square) is the proven `ClosedForm::eval`: compared on whole triangles and on huge cells
//! near every strip, for forms of several shapes (moduli 2 to 156, potentials other than x + y,
//! a band 441 offsets wide), and at every scale of the evaluator's angular pre-classification
//! (cells whose largest coordinate has each bit length from 1 to 64); on random move sets, the
//! run-time values also satisfy the mex recurrence at far cells.

use crate::common::Rng;
use grundy::table::TableFile;
use grundy_core::generate::leaper_blob;
use grundy_core::leaper::ClosedForm;
use grundy_core::leaper::MAX_COORDINATE;
use grundy_core::leaper::MoveSet;

const SETS: &[&str] = &[
    "(-2,1) (-3,-1) (-2,-1) (-1,-2) (-1,-3) (1,-2)",
    "(-2,1) (-2,-1) (1,-2) (-1,-2)",
    "(-1,0) (0,-1) (-1,-1)",
    "(-1,-2) (-2,-1)",
    "(-3,1) (2,-1)",
    "(0,-1) (-1,2) (-2,-1)",
    "(-3,-1) (-1,-3) (-2,-2)",
    "(-3,-3) (-1,-4) (1,-3)",
    "(-4,-4) (5,-1) (-7,-1)",
    "(-7,-7) (-5,-6)",
];

/// A cell on a random ray `(t·p, t·q)` of `dirs`, each coordinate moved by up to 40 either way,
/// clipped by the mask `top`.
fn near_ray(rng: &mut Rng, dirs: &[(u64, u64)], top: u64) -> (u64, u64) {
    let (p, q) = dirs[(rng.next() % dirs.len() as u64) as usize];
    let t = (rng.next() & top) / p.max(q);
    let x = (t * p).wrapping_add(rng.next() % 81).wrapping_sub(40) & top;
    let y = (t * q).wrapping_add(rng.next() % 81).wrapping_sub(40) & top;
    (x, y)
}

/// The run-time table of `set`: a 4 x 4 square and, when certified, the closed form.
fn table_file(set: &MoveSet) -> TableFile {
    TableFile::from_bytes(leaper_blob(set, 4).unwrap()).unwrap()
}

/// The directions of a form's strips.
fn directions(form: &ClosedForm) -> Vec<(u64, u64)> {
    form.features().iter().map(|f| (f.dir.0 as u64, f.dir.1 as u64)).collect()
}

#[test]
fn the_runtime_evaluator_is_the_proven_form() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for text in SETS {
        let file = table_file(&MoveSet::parse(text).unwrap());
        let table = file.leaper().unwrap();
        let form = table.closed_form().unwrap_or_else(|| panic!("{text}: certified"));
        for s in 0..600u64 {
            for x in 0..=s {
                assert_eq!(table.form_value(x, s - x), Some(form.eval(x, s - x)), "{text}: ({x}, {})", s - x);
            }
        }
        let dirs = directions(form);
        for _ in 0..200_000 {
            let (x, y) = match rng.next() % 3 {
                0 => (rng.next(), rng.next()),
                _ => near_ray(&mut rng, &dirs, u64::MAX),
            };
            assert_eq!(table.form_value(x, y), Some(form.eval(x, y)), "{text}: ({x}, {y})");
            if x <= MAX_COORDINATE && y <= MAX_COORDINATE && (x >= 4 || y >= 4) {
                assert_eq!(table.value(x, y).unwrap().0, u64::from(form.eval(x, y)));
            }
        }
    }
}

#[test]
fn the_runtime_evaluator_is_the_proven_form_at_every_scale() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    for text in SETS {
        let file = table_file(&MoveSet::parse(text).unwrap());
        let table = file.leaper().unwrap();
        let form = table.closed_form().unwrap_or_else(|| panic!("{text}: certified"));
        let dirs = directions(form);
        for bits in 1..=64u32 {
            let top = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            for _ in 0..4000 {
                // On a strip's ray (t·p, t·q) moved by up to 40 either way, or uniform, then
                // clipped to `bits` bits; the exact boundary values 2^(bits-1) - 1 ... + 1 too.
                let (x, y) = match rng.next() % 4 {
                    0 => (rng.next() & top, rng.next() & top),
                    1 => {
                        let edge = 1u64 << (bits - 1);
                        (edge.wrapping_add(rng.next() % 3).wrapping_sub(1) & top, rng.next() & top)
                    }
                    _ => near_ray(&mut rng, &dirs, top),
                };
                assert_eq!(table.form_value(x, y), Some(form.eval(x, y)), "{text}: ({x}, {y})");
            }
        }
    }
}

/// Random move sets (moves in `[-3, 3]²`): whenever one is certified, the run-time evaluator is
/// `ClosedForm::eval` at every scale, and its values satisfy the mex recurrence at huge cells.
#[test]
fn random_certified_sets_evaluate_alike_and_satisfy_the_recurrence() {
    let mut rng = Rng(0x6a09_e667_f3bc_c909);
    let (sets, cells) = if cfg!(debug_assertions) { (8, 3000) } else { (40, 20000) };
    let mut certified = 0;
    while certified < sets {
        let moves: Vec<(i32, i32)> =
            (0..2 + rng.next() % 5).map(|_| ((rng.next() % 7) as i32 - 3, (rng.next() % 7) as i32 - 3)).collect();
        let Ok(set) = MoveSet::new(&moves) else { continue };
        let file = table_file(&set);
        let table = file.leaper().unwrap();
        let Some(form) = table.closed_form() else { continue };
        certified += 1;
        let dirs = directions(form);
        for i in 0..cells {
            let bits = 1 + (i % 64) as u32;
            let top = if bits == 64 { u64::MAX } else { (1u64 << bits) - 1 };
            let (x, y) = if rng.next().is_multiple_of(2) {
                (rng.next() & top, rng.next() & top)
            } else {
                near_ray(&mut rng, &dirs, top)
            };
            let value = table.form_value(x, y).unwrap();
            assert_eq!(value, form.eval(x, y), "{set}: ({x}, {y})");
            if x.max(y) > u64::MAX - 64 {
                continue; // some targets are beyond u64
            }
            let mut seen = 0u64;
            for &(dx, dy) in set.moves() {
                // A target below 0 is not a move.
                if let (Some(u), Some(v)) = (x.checked_add_signed(dx.into()), y.checked_add_signed(dy.into())) {
                    seen |= 1 << table.form_value(u, v).unwrap();
                }
            }
            assert_eq!(value, (!seen).trailing_zeros() as u8, "{set}: the recurrence at ({x}, {y})");
        }
    }
}
