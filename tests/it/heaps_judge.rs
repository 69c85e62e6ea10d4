//! The heap games' judge (`grundy::heap::Heaps`) against values computed here from the rules:
//! each case's winner is the XOR of its heaps' values, from a blob's table (through the proven
//! period past the values stored) or from values computed on demand; bad input and heaps
//! beyond the values are refused after the answers before them.

use grundy::heap::Heaps;
use grundy::heap::session::{OnDemand, Session, SessionLimits};
use grundy::judge::JudgeError;
use grundy::table::TableFile;
use grundy_core::generate::heap_blob;
use grundy_core::heap::{HeapGame, HeapLimits, analyze_heap};
use proptest::prelude::*;

use crate::common::{KAYLES, OFFICERS, octal};
use crate::run::{output, solve};

/// Kayles' blob: its values and its proven period.
fn kayles_blob() -> TableFile {
    let analysis = analyze_heap(&HeapGame::parse("0.77").unwrap(), &HeapLimits::default());
    TableFile::from_bytes(heap_blob(&analysis).unwrap()).unwrap()
}

/// The judge's input for `cases` and the expected output, from `g`.
fn case_text(cases: &[Vec<u64>], g: impl Fn(u64) -> u32) -> (String, String) {
    let mut input = format!("{}\n", cases.len());
    let mut expected = String::new();
    for (k, heaps) in cases.iter().enumerate() {
        input += &format!("{}\n", heaps.len());
        input += &heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        input += "\n";
        let xor = heaps.iter().fold(0, |x, &h| x ^ g(h));
        expected += &format!("Case {}: {}\n", k + 1, if xor != 0 { "Alice" } else { "Bob" });
    }
    (input, expected)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Heaps within the oracle's values, and far past them through Kayles' period 12 (from
    /// heap 71, where the oracle's last 12 values repeat).
    #[test]
    fn kayles_from_a_blob(cases in prop::collection::vec(prop::collection::vec(prop_oneof![0u64..400, any::<u64>()], 1..6), 1..8)) {
        let oracle = octal(KAYLES, 400);
        let g = |h: u64| if h < 400 { oracle[h as usize] } else { oracle[(388 + (h - 388) % 12) as usize] };
        let file = kayles_blob();
        let (input, expected) = case_text(&cases, g);
        prop_assert_eq!(output(&mut Heaps { table: file.heap(None).unwrap() }, &input).unwrap(), expected);
    }
}

/// Officers (no period): values computed on demand answer, and a heap past `max_heap` is
/// refused after the answers of the cases before it.
#[test]
fn officers_on_demand() {
    let oracle = octal(OFFICERS, 3000);
    let cases = vec![vec![1, 2, 3], vec![2999, 1500], vec![7], vec![100, 100]];
    let (input, expected) = case_text(&cases, |h| oracle[h as usize]);
    let limits = SessionLimits { max_heap: Some(3000), threads: Some(1), ..SessionLimits::default() };
    let session = Session::new(HeapGame::parse("0.6").unwrap(), limits);
    let mut judge = Heaps { table: OnDemand::new(session.clone(), ()) };
    assert_eq!(output(&mut judge, &input).unwrap(), expected);

    let mut judge = Heaps { table: OnDemand::new(session, ()) };
    let (result, printed) = solve(&mut judge, b"3\n1\n5\n1\n3000\n1\n1\n");
    assert_eq!(printed, format!("Case 1: {}\n", if oracle[5] != 0 { "Alice" } else { "Bob" }));
    assert!(matches!(result, Err(JudgeError::Refused { case: 2, .. })), "{result:?}");
}

/// A case without heaps, a heap that is not a number, and too few cases are input errors.
#[test]
fn bad_input_is_refused_where_it_is() {
    let file = kayles_blob();
    for (input, says) in [("1\n0\n", "no heaps"), ("1\n1\nx\n", "heap"), ("2\n1\n1\n", "")] {
        let (result, _) = solve(&mut Heaps { table: file.heap(None).unwrap() }, input.as_bytes());
        let Err(JudgeError::Input(e)) = result else { panic!("{input:?}: {result:?}") };
        assert!(e.message.contains(says), "{input:?}: {e}");
    }
}
