//! The `grundy` binary beyond the table: `knights` with huge coordinates, `sg`, `verify knight`
//! (the hyper knight; `leaper.rs` covers other move sets).

use crate::run::{grundy, scratch_dir, stderr, stdout};
#[test]
fn knights_accepts_any_coordinate_up_to_2_pow_63_minus_1() {
    // g(2^63-1, 2^63-1) = 0 (diagonal, d = 0); g(10^18, 3 * 10^18) = 10^18 mod 4 = 0;
    // g(1001, 0) = 1001 mod 4 = 1 (outer region, mirrored); g(5, 8) = 6.
    let input = "3\n1\n9223372036854775807 9223372036854775807\n2\n1000000000000000000 3000000000000000000\n5 8\n\
                 2\n1001 0\n1 2\n";
    let out = grundy(&["knights"], input.as_bytes());
    assert!(out.status.success(), "{}", stderr(&out));
    // Case 3: 1 xor g(1, 2) = 1 xor 2 = 3.
    assert_eq!(stdout(&out), "Case 1: Bob\nCase 2: Alice\nCase 3: Alice\n");
}

#[test]
fn knights_refuses_2_pow_63_at_its_line_and_column() {
    let cases: &[(&str, &str, &str)] = &[
        ("1\n1\n9223372036854775808 0\n", "", "line 3, column 1: x of knight 1 of case 1 is too large"),
        (
            "2\n1\n1 0\n2\n3 4\n  7 18446744073709551615\n",
            "Case 1: Bob\n",
            "line 6, column 5: y of knight 2 of case 2 is too large",
        ),
        ("1\n1\n0 99999999999999999999999\n", "", "line 3, column 3: y of knight 1 of case 1 is too large"),
    ];
    for &(input, expected_out, expected_err) in cases {
        let out = grundy(&["knights"], input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{input:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), expected_out, "{input:?}");
        assert!(stderr(&out).starts_with(&format!("grundy: {expected_err}")), "{input:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("2^63 - 1"), "{}", stderr(&out));
    }
}

#[test]
fn sg_prints_one_value() {
    // (2^63 - 1, 2) is in the mirrored outer region: g = min(x, y) mod 4 = 2.
    for (x, y, g) in [("5", "8", "6"), ("123", "456", "3"), ("0", "0", "0"), ("9223372036854775807", "2", "2")] {
        let out = grundy(&["sg", x, y], b"");
        assert!(out.status.success(), "{}", stderr(&out));
        assert_eq!(stdout(&out), format!("{g}\n"), "sg {x} {y}");
    }
    for bad in ["-1", "x", "18446744073709551616"] {
        let out = grundy(&["sg", "--", bad, "0"], b"");
        assert_eq!(out.status.code(), Some(2), "sg {bad}");
        assert!(stderr(&out).contains("<X>"), "{}", stderr(&out));
    }
    // A whole number (a heap size with --heap) but not a coordinate.
    let out = grundy(&["sg", "9223372036854775808", "0"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("coordinate 9223372036854775808 is not in 0..="), "{}", stderr(&out));
}

#[test]
fn verify_knight_prints_the_proof_summary() {
    let out = grundy(&["verify", "knight"], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert!(text.starts_with("knight closed form: proven equal to the Grundy function on all of N^2"), "{text}");
    // The certificate of the discovered form: the base set where no translation applies.
    assert!(text.contains("cells where no translation applies"), "{text}");
}

#[test]
fn a_generated_hyper_knight_blob_answers_outside_its_square() {
    let dir = scratch_dir("cli-closed");
    let blob = dir.join("small.sgt");
    let out = grundy(&["generate", "--bound", "20", "-o", blob.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    // g(5, 8) = 6 inside the 20 x 20 square, g(123, 456) = 3 outside it: 6 xor 3 != 0.
    let out = grundy(&["knights", "--table", blob.to_str().unwrap()], b"2\n2\n5 8\n123 456\n1\n123 456\n");
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "Case 1: Alice\nCase 2: Alice\n"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}
