//! The knight values of the 500 x 500 corner (the embedded table, or the closed form when it is
//! built without the `knight-square` feature) against the definition, the known values and
//! its pitfall.

use crate::common;

use common::{Definition, SumSearch};
use grundy::Outcome;
use grundy::knight;

/// The corner the embedded table covers with the `knight-square` feature.
const B: u64 = 500;

fn g(x: u64, y: u64) -> u8 {
    knight::value(x, y).unwrap().0 as u8
}

#[test]
fn every_corner_cell_equals_the_mex_recurrence() {
    let table = knight::embedded_table();
    assert_eq!(table.bound() as u64, if cfg!(feature = "knight-square") { B } else { 1 });
    let mut def = Definition::default();
    for x in 0..B {
        for y in 0..B {
            let expected = def.grundy(x as i64, y as i64);
            assert_eq!(g(x, y), expected, "g({x}, {y})");
            if x < table.bound() as u64 && y < table.bound() as u64 {
                assert_eq!(table.get(x, y), Some(expected), "table at ({x}, {y})");
            }
        }
    }
}

#[test]
fn known_values_from_the_spec() {
    for (x, y, g) in [(0, 0, 0), (0, 2, 1), (1, 2, 2), (4, 3, 4), (5, 8, 6), (123, 456, 3), (499, 499, 0)] {
        assert_eq!(knight::value(x, y).unwrap().0, g, "g({x}, {y})");
    }
}

#[test]
fn maximum_is_six_and_reached_only_where_the_spec_says() {
    let mut sixes = Vec::new();
    for x in 0..B {
        for y in 0..B {
            let g = g(x, y);
            assert!(g <= 6, "g({x}, {y}) = {g}");
            if g == 6 && x <= y {
                sixes.push((x, y));
            }
        }
    }
    assert_eq!(sixes, [(5, 8), (5, 9), (9, 25), (11, 25), (17, 32)]);
}

#[test]
fn values_are_symmetric() {
    for x in 0..B {
        for y in 0..x {
            assert_eq!(g(x, y), g(y, x), "({x}, {y})");
        }
    }
}

/// A 500 x 500 table that (wrongly) treats targets outside the box as illegal differs from the
/// true one at exactly the eight pitfall cells: proof that the build sweeps the whole triangle.
#[test]
fn the_box_pitfall_cells_are_right() {
    const B: i64 = 500;
    let mut boxed = vec![vec![0u8; B as usize]; B as usize];
    for s in 0..2 * B - 1 {
        for x in (s - B + 1).max(0)..=s.min(B - 1) {
            let y = s - x;
            let options: Vec<u8> = common::targets(x, y)
                .filter(|&(a, b)| a < B && b < B)
                .map(|(a, b)| boxed[a as usize][b as usize])
                .collect();
            boxed[x as usize][y as usize] = (0..).find(|v| !options.contains(v)).unwrap();
        }
    }
    let mut wrong = Vec::new();
    for x in 0..B {
        for y in 0..B {
            if knight::value(x as u64, y as u64).unwrap().0 != u64::from(boxed[x as usize][y as usize]) {
                wrong.push((x, y));
            }
        }
    }
    let mut expected = vec![(247, 499), (248, 499), (249, 498), (250, 499)];
    expected.extend(expected.clone().iter().map(|&(x, y)| (y, x)));
    expected.sort_unstable();
    assert_eq!(wrong, expected);
}

/// Winner of every sum of one, two and three knights on the 6 x 6 corner (with repetition) from
/// an exhaustive search of the whole sum position, against XOR of the table.
#[test]
fn winners_of_small_sums_match_exhaustive_search() {
    let cells: Vec<(i64, i64)> = (0..6).flat_map(|x| (0..6).map(move |y| (x, y))).collect();
    let mut search = SumSearch::default();
    let mut checked = 0;
    for (i, &a) in cells.iter().enumerate() {
        for (j, &b) in cells.iter().enumerate().skip(i) {
            for &c in cells.iter().skip(j) {
                for sum in [vec![a], vec![a, b], vec![a, b, c]] {
                    let expected = search.first_player_wins(&sum);
                    let outcome = knight::outcome(sum.iter().map(|&(x, y)| (x as u64, y as u64))).unwrap();
                    assert_eq!(outcome == Outcome::FirstPlayerWins, expected, "{sum:?}");
                    checked += 1;
                }
            }
        }
    }
    assert!(checked > 20_000);
}
