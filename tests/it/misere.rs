//! Misère Nim judge: samples, pitfalls, u64 piles, bad input.

use crate::run::{assert_input_errors, output, solve};

use grundy::judge::JudgeError;
use grundy::misere::{self, MisereNim};

fn judge(input: &str) -> Result<String, JudgeError> {
    output(&mut MisereNim { table: misere::embedded_table() }, input)
}

#[test]
fn sample() {
    let input = "3\n4\n2 3 4 5\n5\n1 1 2 4 10\n1\n1\n";
    assert_eq!(judge(input).unwrap(), "Case 1: Bob\nCase 2: Alice\nCase 3: Bob\n");
}

#[test]
fn pitfalls_and_large_piles() {
    let input = "6\n1\n1\n2\n1 1\n3\n1 1 1\n1\n18446744073709551615\n2\n18446744073709551615 18446744073709551615\n\
                 3\n1 18446744073709551615 18446744073709551614\n";
    assert_eq!(
        judge(input).unwrap(),
        "Case 1: Bob\nCase 2: Alice\nCase 3: Bob\nCase 4: Alice\nCase 5: Bob\nCase 6: Bob\n"
    );
}

#[test]
fn piles_may_span_lines_and_use_crlf() {
    assert_eq!(judge("1\r\n3\r\n2\r\n2 1\r\n").unwrap(), "Case 1: Alice\n");
}

#[test]
fn bad_input_names_line_and_column() {
    let cases = [
        ("1\n2\n1 x\n", 3, 3, "expected the size of pile 2 of case 1, found 'x'"),
        ("1\n2\n1 0\n", 3, 3, "pile 2 of case 1 is empty"),
        ("1\n0\n", 2, 1, "k must be at least 1"),
        ("1\n1\n18446744073709551616\n", 3, 1, "too large"),
        ("2\n1\n1\n", 4, 1, "unexpected end of input: expected k"),
        ("1\n1\n1\n1\n", 4, 1, "unexpected data after case 1"),
    ];
    let printed = assert_input_errors(|input| solve(&mut MisereNim { table: misere::embedded_table() }, input), &cases);
    for ((input, ..), out) in cases.iter().zip(printed) {
        if input.starts_with("2\n") {
            assert_eq!(out, "Case 1: Bob\n", "cases before the error are written");
        }
    }
}

/// A case of several MiB is read on two cores; the answer and any error are those of the
/// sequential reader.
#[test]
fn large_cases_read_in_halves_answer_and_report_like_small_ones() {
    let piles: Vec<u64> = (0..600_000u64).map(|i| 1 + (i * 2_654_435_761) % 1_000_000_000).collect();
    let line = piles.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
    let expected = grundy::misere::outcome(piles.iter().copied());
    let name = if expected == grundy::Outcome::FirstPlayerWins { "Alice" } else { "Bob" };
    assert_eq!(judge(&format!("1\n{}\n{line}\n", piles.len())).unwrap(), format!("Case 1: {name}\n"));
    // Two cases: the first is not the last, so it is read in one piece.
    let two = judge(&format!("2\n{}\n{line}\n1\n1\n", piles.len())).unwrap();
    assert_eq!(two, format!("Case 1: {name}\nCase 2: Bob\n"));
    // An empty pile late in the second half: its exact column.
    let bad = format!("1\n{}\n{line} 0\n", piles.len() + 1);
    let Err(JudgeError::Input(e)) = judge(&bad) else { panic!("an empty pile is an error") };
    assert_eq!((e.line, e.column), (3, line.len() + 2), "{e}");
    assert!(e.message.contains("is empty"), "{e}");
}

/// Many cases of many piles, read in bulk: all ones (either parity), ones with one larger pile,
/// and mixed sizes up to 2^64 - 1, against Bouton's rule with the all-ones exception written
/// out here.
#[test]
fn random_cases_follow_the_misere_rule() {
    let mut rng = crate::common::Rng(0x0005_eed0_fb0b);
    let mut input = String::from("3000\n");
    let mut expected = String::new();
    for case in 1..=3000 {
        let k = 1 + rng.below(300);
        let piles: Vec<u64> = match case % 3 {
            0 => vec![1; k as usize],
            1 => (0..k).map(|i| if i == k / 2 { 2 + rng.below(1000) } else { 1 }).collect(),
            _ => (0..k).map(|_| if rng.below(4) == 0 { 1 } else { rng.next() | 1 }).collect(),
        };
        input += &format!("{k}\n");
        input += &piles.iter().map(u64::to_string).collect::<Vec<_>>().join(" ");
        input += "\n";
        let first_wins = if piles.iter().all(|&p| p == 1) {
            piles.len().is_multiple_of(2)
        } else {
            piles.iter().fold(0, |x, &p| x ^ p) != 0
        };
        expected += &format!("Case {case}: {}\n", if first_wins { "Alice" } else { "Bob" });
    }
    assert_eq!(judge(&input).unwrap(), expected);
}
