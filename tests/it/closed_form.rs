//! The hyper-knight closed form (the one `build.rs` discovers and proves with the general leaper
//! machinery, stored in the blob): against the DP and the definition, the recurrence at huge
//! random cells, both certificates, the retired hand-fitted form as a cross-check, and the
//! library's use of it.
//!
//! The long comparison is `#[ignore]`d; run it with
//! `cargo test --release -p grundy --test it closed_form -- --ignored` (x + y < 100 000, 5 * 10^9 cells,
//! under a minute in release; far slower in a debug build).

use crate::common;

use crate::hand_fitted::certificate;
use crate::hand_fitted::closed_form::{EXTRACT_MIN_SUM, Forms, Local, MAX_COORDINATE, Patterns};
use common::{Definition, MOVES};
use grundy::Nimber;
use grundy::knight::{self, KnightError};
use grundy::table::TableFile;
use grundy_core::format::TableKind;
use grundy_core::format::{TableData, write_blob};
use grundy_core::leaper::Triangle;
use grundy_core::leaper::{MAX_PROOF_CELLS, prove};
use proptest::prelude::*;

fn closed_form(x: u64, y: u64) -> u8 {
    knight::closed_form().eval(x, y)
}

/// The retired hand-fitted patterns, extracted from the DP as `build.rs` used to.
fn hand_fitted() -> Patterns {
    Patterns::extract(&Triangle::compute(&grundy_core::leaper::MoveSet::hyper_knight(), EXTRACT_MIN_SUM as i64))
}

/// The mex of the closed form over the legal moves from (x, y) (targets may reach 2^63).
fn mex_of_targets(x: u64, y: u64) -> u8 {
    let mut seen = 0u64;
    for (dx, dy) in MOVES {
        if let (Some(a), Some(b)) = (x.checked_add_signed(dx), y.checked_add_signed(dy)) {
            seen |= 1 << closed_form(a, b);
        }
    }
    (!seen).trailing_zeros() as u8
}

#[test]
fn closed_form_equals_the_dp_on_the_triangle_below_4000() {
    let t = Triangle::compute(&grundy_core::leaper::MoveSet::hyper_knight(), 3999);
    for s in 0..4000usize {
        for x in 0..=s {
            let y = s - x;
            assert_eq!(closed_form(x as u64, y as u64), t.get(x as u64, y as u64).unwrap(), "({x}, {y})");
        }
    }
}

#[test]
fn closed_form_equals_the_definition_near_the_core() {
    // The definition (memoised mex) shares no code with the crate: this covers the core table,
    // every region boundary and the start of each periodic pattern.
    let mut def = Definition::default();
    for s in 0..160i64 {
        for x in 0..=s {
            assert_eq!(closed_form(x as u64, (s - x) as u64), def.grundy(x, s - x), "({x}, {})", s - x);
        }
    }
}

#[test]
fn the_certificate_proves_the_embedded_form() {
    let proof = prove(knight::closed_form(), MAX_PROOF_CELLS).unwrap();
    assert!(proof.to_string().contains("proven equal to the Grundy function on all of N^2"));
}

#[test]
fn the_old_certificate_proves_the_hand_fitted_patterns() {
    let proof = certificate::prove(&hand_fitted()).unwrap();
    assert_eq!(proof.radius, 158, "{proof}");
    assert_eq!(proof.recurrence_cells, 158 * 159 / 2);
    assert!(proof.to_string().contains("proven equal to the Grundy function on all of N^2"));
}

#[test]
fn the_hand_fitted_patterns_agree_with_the_discovered_form() {
    // Two proofs of the same function, by independent means: they must agree everywhere; here
    // on x + y < 2000 and along the lines where the regions meet, far out.
    let old = hand_fitted();
    for s in 0..2000u64 {
        for x in 0..=s {
            assert_eq!(old.eval(x, s - x), closed_form(x, s - x), "({x}, {})", s - x);
        }
    }
    for k in [1u64 << 20, 1 << 40, 123_456_789_012_345, MAX_COORDINATE / 3] {
        for d in 0..40 {
            for (x, y) in [(k, 2 * k + d - 20), (k, k + d - 20), (2 * k + d - 20, k), (k + d, d), (d, k + d)] {
                assert_eq!(old.eval(x, y), closed_form(x, y), "({x}, {y})");
            }
        }
    }
}

/// Cells near the lines where the regions meet, at huge coordinates: uniformly random cells are
/// almost all in the outer region.
fn huge_cell() -> impl Strategy<Value = (u64, u64)> {
    let big = 0..=MAX_COORDINATE / 3;
    let small = -40i64..=40;
    prop_oneof![
        (0..=MAX_COORDINATE, 0..=MAX_COORDINATE),
        (big.clone(), small.clone()).prop_map(|(x, e)| (x, (2 * x).saturating_add_signed(e))),
        (big.clone(), small.clone()).prop_map(|(x, d)| (x, x.saturating_add_signed(d))),
        (big.clone(), 0..48u64).prop_map(|(x, y)| (x, y)),
        (big, small).prop_map(|(x, d)| (x.saturating_add_signed(d), 2 * x)),
    ]
    .prop_map(|(x, y)| (x.min(MAX_COORDINATE), y.min(MAX_COORDINATE)))
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(20_000))]

    /// The one identity the proof takes from arithmetic rather than from the checker: the fast
    /// local view equals the oriented exact (i128) clamped forms, on all of u64.
    #[test]
    fn the_fast_local_view_is_exact((x, y) in prop_oneof![huge_cell(), (any::<u64>(), any::<u64>())]) {
        prop_assert_eq!(Local::of(x, y), Forms::of(x, y).orient());
        let (a, b) = (x | (1 << 63), y | (1 << 63));
        prop_assert_eq!(Local::of(a, b), Forms::of(a, b).orient());
    }

    #[test]
    fn huge_cells_satisfy_the_recurrence((x, y) in huge_cell()) {
        let g = knight::value(x, y).unwrap().0 as u8;
        prop_assert_eq!(g, mex_of_targets(x, y), "({}, {})", x, y);
        prop_assert_eq!(knight::value(y, x).unwrap().0 as u8, g);
    }
}

#[test]
fn the_extreme_cells() {
    let m = MAX_COORDINATE;
    for (x, y) in [(m, m), (m, 0), (0, m), (m, m - 1), (m / 2, m), (m / 2 + 1, m), (m - 13, m), (m - 14, m)] {
        assert_eq!(knight::value(x, y).unwrap().0 as u8, mex_of_targets(x, y), "({x}, {y})");
    }
    // A move from x = 2^63 - 1 reaches 2^63; the closed form itself is exact on all of u64.
    assert_eq!(closed_form(m + 1, m - 1), mex_of_targets(m + 1, m - 1));
    assert_eq!(closed_form(u64::MAX, u64::MAX), mex_of_targets(u64::MAX, u64::MAX));
}

#[test]
fn coordinates_of_2_pow_63_are_refused() {
    let m = MAX_COORDINATE;
    assert_eq!(knight::value(m + 1, 0), Err(KnightError::TooLarge { x: m + 1, y: 0 }));
    assert_eq!(knight::value(3, u64::MAX), Err(KnightError::TooLarge { x: 3, y: u64::MAX }));
    assert!(knight::value_of_sum([(1, 2), (m + 1, 0)]).is_err());
    assert!(knight::value(m, m).is_ok());
    assert!(knight::value(m + 1, 0).unwrap_err().to_string().contains("2^63 - 1"));
}

#[test]
fn table_inside_and_closed_form_outside_agree_at_the_edge() {
    let table = knight::embedded_table();
    assert!(table.has_closed_form());
    let b = table.bound() as u64;
    for i in 0..b + 10 {
        for (x, y) in [(i, b - 1), (i, b), (b - 1, i), (b, i), (i, i)] {
            let expected = closed_form(x, y);
            assert_eq!(table.value(x, y), Ok(Nimber::from(expected)), "({x}, {y})");
            assert_eq!(table.get(x, y).is_some(), x < b && y < b);
        }
    }
}

fn blob_with(moves: &[(i8, i8)], bound: usize) -> TableFile {
    let cells = grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::from_bytes(moves).unwrap(), bound);
    let side = bound as u32;
    let table = TableData { game: TableKind::LeaperSquare, moves, rows: side, cols: side, cells: &cells };
    TableFile::from_bytes(write_blob("test", &[table])).unwrap()
}

#[test]
fn only_the_hyper_knight_move_set_falls_back_to_the_closed_form() {
    // The hyper-knight moves in another order: the same game, so the closed form applies.
    let mut shuffled = grundy_core::leaper::MoveSet::hyper_knight().to_bytes();
    shuffled.reverse();
    let file = blob_with(&shuffled, 20);
    let table = file.leaper().unwrap();
    assert!(table.has_closed_form());
    assert_eq!(table.value(5, 8).unwrap().0, 6);
    assert_eq!(table.value(123, 456).unwrap().0, 3);

    // A custom move set: no closed form, a knight outside the table is an error.
    let custom = [(-1, 0), (0, -1), (-2, 1)];
    let file = blob_with(&custom, 20);
    let table = file.leaper().unwrap();
    assert!(!table.has_closed_form());
    assert!(table.value(19, 19).is_ok());
    assert_eq!(table.get(20, 0), None);
    assert_eq!(table.value(20, 0), Err(KnightError::OutsideTable { x: 20, y: 0, bound: 20 }));

    // Six moves, five of them the hyper knight's: still custom.
    let mut almost = grundy_core::leaper::MoveSet::hyper_knight().to_bytes();
    almost[5] = (-1, -1);
    assert!(!blob_with(&almost, 4).leaper().unwrap().has_closed_form());
}

/// The DP by diagonals, keeping only the last five (moves lower x + y by 1, 3 or 4): an
/// independent, memory-light oracle for a long comparison.
fn for_each_diagonal(max_sum: usize, mut visit: impl FnMut(usize, &[u8])) {
    let mut diagonals: Vec<Vec<u8>> = vec![Vec::new(); 5];
    for s in 0..=max_sum {
        let mut current = vec![0u8; s + 1];
        for (x, cell) in current.iter_mut().enumerate() {
            let y = s - x;
            let mut seen = 0u8;
            for (dx, dy) in MOVES {
                let (a, b) = (x as i64 + dx, y as i64 + dy);
                if a >= 0 && b >= 0 {
                    let t = (a + b) as usize;
                    seen |= 1 << diagonals[t % 5][a as usize];
                }
            }
            *cell = (!seen).trailing_zeros() as u8;
        }
        visit(s, &current);
        diagonals[s % 5] = current;
    }
}

#[test]
fn rolling_dp_oracle_agrees_with_the_triangle() {
    let t = Triangle::compute(&grundy_core::leaper::MoveSet::hyper_knight(), 300);
    for_each_diagonal(300, |s, diagonal| {
        for (x, &g) in diagonal.iter().enumerate() {
            assert_eq!(Some(g), t.get(x as u64, (s - x) as u64));
        }
    });
}

#[test]
#[ignore = "long: cargo test --release -p grundy --test it closed_form -- --ignored"]
fn closed_form_equals_the_dp_below_100000() {
    for_each_diagonal(99_999, |s, diagonal| {
        for (x, &g) in diagonal.iter().enumerate() {
            assert_eq!(closed_form(x as u64, (s - x) as u64), g, "({x}, {})", s - x);
        }
    });
}
