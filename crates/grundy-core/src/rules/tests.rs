//! The engines against the definitions in grundy-test-support.

use alloc::vec;
use alloc::vec::Vec;
use core::convert::Infallible;

use super::*;

/// A heap game given by a function from a heap to its options.
struct HeapFn<F>(F);

impl<F: Fn(u64, &mut Options)> Rules for HeapFn<F> {
    type Error = Infallible;
    fn shape(&self) -> Shape {
        Shape::Heap
    }
    fn options(&self, position: &[u64], options: &mut Options) -> Result<(), Infallible> {
        (self.0)(position[0], options);
        Ok(())
    }
}

/// A game on pairs given by a function.
struct PairFn<F>(F);

impl<F: Fn(u64, u64, &mut Options)> Rules for PairFn<F> {
    type Error = Infallible;
    fn shape(&self) -> Shape {
        Shape::Tuple(2)
    }
    fn options(&self, p: &[u64], options: &mut Options) -> Result<(), Infallible> {
        (self.0)(p[0], p[1], options);
        Ok(())
    }
}

fn kayles(n: u64, options: &mut Options) {
    for t in 1..=2 {
        if n >= t {
            for a in 0..=(n - t) / 2 {
                options.push(&[a, n - t - a]);
            }
        }
    }
}

fn lasker(n: u64, options: &mut Options) {
    for rest in 0..n {
        options.push(&[rest]);
    }
    for a in 1..=n / 2 {
        options.push(&[a, n - a]);
    }
}

fn heap_values<F: Fn(u64, &mut Options)>(f: F, len: u64) -> Vec<u64> {
    let mut values = HeapSequence::new();
    values.extend(&HeapFn(f), len).unwrap();
    values.values().to_vec()
}

#[test]
fn kayles_lasker_and_floor_division_are_their_definitions() {
    let oracle: Vec<u64> = grundy_test_support::octal(&[7, 7], 600).into_iter().map(u64::from).collect();
    assert_eq!(heap_values(kayles, 600), oracle);
    let values = heap_values(lasker, 300);
    assert!(values.iter().enumerate().all(|(n, &g)| g == grundy_test_support::lasker(n as u64)));
    let divisors = [2, 3, 4, 5, 6];
    let floor = heap_values(
        |n, o| {
            if n > 0 {
                for k in divisors {
                    o.push(&[n / k]);
                }
            }
        },
        2000,
    );
    let oracle: Vec<u64> = grundy_test_support::floor_division(&divisors, 2000).into_iter().map(u64::from).collect();
    assert_eq!(floor, oracle);
}

fn wythoff(x: u64, y: u64, o: &mut Options) {
    (0..x).for_each(|a| o.push(&[a, y]));
    (0..y).for_each(|b| o.push(&[x, b]));
    (1..=x.min(y)).for_each(|k| o.push(&[x - k, y - k]));
}

#[test]
fn wythoff_on_a_box_is_its_definition_and_a_sum_of_positions_is_one_option_list() {
    let oracle = grundy_test_support::wythoff(40);
    let mut values = TupleValues::new(2, 40, 1 << 20, 1 << 20).unwrap();
    values.fill(&PairFn(wythoff)).unwrap();
    for (x, row) in oracle.iter().enumerate() {
        for (y, &g) in row.iter().enumerate() {
            assert_eq!(values.box_values()[x * 40 + y], u64::from(g), "({x}, {y})");
        }
    }
    // A game whose move splits [x, y] into two positions: its value is the mex of XORs.
    let split = PairFn(|x: u64, y: u64, o: &mut Options| {
        if x > 0 {
            o.push(&[x - 1, y, 0, y]);
        }
        if y > 0 {
            o.push(&[x, y - 1]);
        }
    });
    let mut values = TupleValues::new(2, 6, 1 << 10, 1 << 10).unwrap();
    values.fill(&split).unwrap();
    let g = |x: usize, y: usize| values.box_values()[x * 6 + y];
    for x in 0..6 {
        for y in 0..6 {
            let mut options = Vec::new();
            if x > 0 {
                options.push(g(x - 1, y) ^ g(0, y));
            }
            if y > 0 {
                options.push(g(x, y - 1));
            }
            assert_eq!(g(x, y), (0..).find(|v| !options.contains(v)).unwrap());
        }
    }
}

#[test]
fn positions_outside_the_box_are_valued_as_options_reach_them() {
    // A move may raise y while lowering x (lexicographically smaller, out of the box).
    let rules = PairFn(|x: u64, y: u64, o: &mut Options| {
        if x > 0 {
            o.push(&[x - 1, y + 3]);
        }
        if y > 0 {
            o.push(&[x, y - 1]);
        }
    });
    let mut small = TupleValues::new(2, 3, 64, 1 << 12).unwrap();
    small.fill(&rules).unwrap();
    let mut large = TupleValues::new(2, 16, 1 << 10, 1 << 12).unwrap();
    large.fill(&rules).unwrap();
    for x in 0..3 {
        for y in 0..3 {
            assert_eq!(small.box_values()[x * 3 + y], large.box_values()[x * 16 + y]);
        }
    }
}

#[test]
fn games_that_are_not_finite_are_refused_naming_the_position() {
    let mut values = HeapSequence::new();
    let grows = HeapFn(|n: u64, o: &mut Options| {
        if n == 5 {
            o.push(&[2, 5]);
        }
    });
    assert_eq!(values.extend(&grows, 10), Err(RulesError::Grows { heap: 5, option: vec![2, 5] }));
    assert_eq!(values.len(), 5, "the values before are kept");

    let cycle = PairFn(|x: u64, y: u64, o: &mut Options| {
        if (x, y) == (2, 3) {
            o.push(&[3, 2]);
        }
        if (x, y) == (3, 2) {
            o.push(&[2, 3]);
        }
    });
    let mut values = TupleValues::new(2, 4, 64, 64).unwrap();
    assert_eq!(values.fill(&cycle), Err(RulesError::Cycle { position: vec![2, 3] }));
    // The search's positions were forgotten: asking again refuses again.
    assert!(matches!(values.value(&cycle, &[3, 2]), Err(RulesError::Cycle { .. })));

    let escapes = PairFn(|x: u64, y: u64, o: &mut Options| o.push(&[x, y + 1]));
    let mut values = TupleValues::new(2, 2, 64, 1000).unwrap();
    assert_eq!(values.value(&escapes, &[0, 0]), Err(RulesError::TooManyPositions { limit: 1000, from: vec![0, 0] }));

    let ragged = PairFn(|x: u64, _: u64, o: &mut Options| {
        if x > 0 {
            o.push(&[x - 1]);
        }
    });
    let mut values = TupleValues::new(2, 2, 64, 64).unwrap();
    assert!(matches!(values.fill(&ragged), Err(RulesError::Ragged { width: 2, .. })));
    assert!(TupleValues::new(2, 1 << 20, 1 << 20, 1).is_none(), "a box past the limit");
    assert!(TupleValues::new(9, 2, 1 << 20, 1).is_none(), "too many numbers");
}

#[test]
fn regularities_are_observed_with_their_least_period() {
    let kayles = heap_values(kayles, 400);
    assert_eq!(observe(&kayles), Some(Regularity { period: 12, preperiod: 71, saltus: 0 }));
    let lasker = heap_values(lasker, 100);
    assert_eq!(observe(&lasker), Some(Regularity { period: 4, preperiod: 1, saltus: 4 }));
    // Too short to see two periods after the preperiod.
    assert_eq!(observe(&kayles[..90]), None);
    assert_eq!(observe(&[0, 1, 0, 2, 0, 3, 1, 0]), None);
}

#[test]
fn tables_round_trip_and_refuse_damage() {
    let values = heap_values(kayles, 100);
    let bytes = table::encode("kayles", Shape::Heap, 100, &values).unwrap();
    let t = table::decode(&bytes).unwrap();
    assert_eq!((t.name(), t.shape(), t.side()), ("kayles", Shape::Heap, 100));
    assert!((0..100).all(|n| t.value(&[n]) == Some(values[n as usize])));
    assert_eq!(t.value(&[100]), None, "never beyond the table");
    for cut in 0..bytes.len() {
        assert!(table::decode(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    let mut bad = bytes.clone();
    bad[16 + 6] = 1; // G(0) = 1
    assert!(table::decode(&bad).is_err());

    let mut w = TupleValues::new(2, 8, 64, 1 << 10).unwrap();
    w.fill(&PairFn(wythoff)).unwrap();
    let bytes = table::encode("wythoff", Shape::Tuple(2), 8, w.box_values()).unwrap();
    let t = table::decode(&bytes).unwrap();
    assert_eq!(t.value(&[3, 5]), Some(w.box_values()[3 * 8 + 5]));
    assert_eq!(t.value(&[3, 8]), None);
    assert_eq!(t.value(&[3]), None, "a position of another width");
    assert_eq!(table::encode("w", Shape::Tuple(2), 7, w.box_values()), Err(table::EncodeError::WrongCount));
}
