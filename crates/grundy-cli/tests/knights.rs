//! The `grundy` binary end to end: `grundy knights` on files and stdin, and its input errors.

use crate::run::{grundy, scratch_dir, stderr, stdout};
const SAMPLE_IN: &str = include_str!("../../../examples/knights.in");
const SAMPLE_OUT: &str = include_str!("../../../examples/knights.out");

#[test]
fn sample_from_a_file_and_from_stdin() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/knights.in");
    for (args, input) in [(vec!["knights", path], ""), (vec!["knights"], SAMPLE_IN), (vec!["knights", "-"], SAMPLE_IN)]
    {
        let out = grundy(&args, input.as_bytes());
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), SAMPLE_OUT, "{args:?}");
    }
}

#[test]
fn crlf_and_a_missing_final_newline_are_accepted() {
    let crlf = SAMPLE_IN.replace('\n', "\r\n");
    let out = grundy(&["knights"], crlf.as_bytes());
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), SAMPLE_OUT));
    let out = grundy(&["knights"], SAMPLE_IN.trim_end().as_bytes());
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), SAMPLE_OUT));
}

#[test]
fn bad_input_names_line_and_column_and_keeps_earlier_cases() {
    let cases: &[(&str, &str, &str)] = &[
        ("", "", "line 1, column 1: unexpected end of input: expected T, the number of cases"),
        ("x", "", "line 1, column 1: expected T, the number of cases, found 'x'"),
        ("1\n-1\n", "", "line 2, column 1: expected n, the number of knights of case 1 as an unsigned number"),
        ("1\n1\n+1 2\n", "", "line 3, column 1: expected x of knight 1 of case 1 as an unsigned number"),
        ("1\n1\n3 4x\n", "", "line 3, column 4: expected y of knight 1 of case 1, found 'x'"),
        ("1\n2\n1 2\n", "", "line 4, column 1: unexpected end of input: expected x of knight 2 of case 1"),
        ("2\n1\n1 0\n", "Case 1: Bob\n", "line 4, column 1: unexpected end of input: expected n, the number"),
        ("1\n1\n1 99999999999999999999\n", "", "line 3, column 3: y of knight 1 of case 1 is too large"),
        ("1\n1\n1\0 2\n", "", "line 3, column 2: expected x of knight 1 of case 1, found character '\\0'"),
        ("1\n1\n1 2\n3\n", "Case 1: Alice\n", "line 4, column 1: unexpected data after case 1"),
        ("1\n1\n\u{e9}\n", "", "line 3, column 1: expected x of knight 1 of case 1, found 'é'"),
        ("1\n1\n  \u{e9}x 1\n", "", "line 3, column 3: expected x of knight 1 of case 1, found 'é'"),
        ("1\r\n1\r\n1 2 x\r\n", "Case 1: Alice\n", "line 3, column 5: unexpected data after case 1"),
    ];
    for &(input, expected_out, expected_err) in cases {
        let out = grundy(&["knights"], input.as_bytes());
        assert_eq!(out.status.code(), Some(2), "{input:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), expected_out, "{input:?}");
        assert!(stderr(&out).starts_with(&format!("grundy: {expected_err}")), "{input:?}: {}", stderr(&out));
    }
}

#[test]
fn missing_file_is_an_io_error() {
    let out = grundy(&["knights", "/nonexistent/input.txt"], b"");
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/nonexistent/input.txt"), "{}", stderr(&out));
}

#[test]
fn inspect_validates_blobs() {
    let blob = concat!(env!("CARGO_MANIFEST_DIR"), "/../../generated/tables.sgt");
    let out = grundy(&["inspect", blob], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("valid grundy table blob"), "{}", stdout(&out));
    let readme = concat!(env!("CARGO_MANIFEST_DIR"), "/../../Cargo.toml");
    let out = grundy(&["inspect", readme], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not a grundy table blob"), "{}", stderr(&out));
}

#[test]
fn generate_writes_a_blob_that_knights_can_use() {
    let dir = scratch_dir("cli");
    let blob = dir.join("small.sgt");
    let out = grundy(&["generate", "--bound", "40", "-o", blob.to_str().unwrap()], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = grundy(&["knights", "--table", blob.to_str().unwrap()], b"1\n2\n5 8\n39 39\n");
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "Case 1: Alice\n"), "{}", stderr(&out));
    let out = grundy(&["generate", "--bound", "0", "-o", blob.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(2));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[test]
fn knight_outside_a_custom_move_table_is_reported_at_its_coordinate() {
    use grundy_core::format::{TableData, TableKind, write_blob};
    let moves = [(-1i8, 0i8), (0, -1)]; // unit steps: a custom move set, no closed form
    let cells = grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::from_bytes(&moves).unwrap(), 4);
    let blob = write_blob(
        "test",
        &[TableData { game: TableKind::LeaperSquare, moves: &moves, rows: 4, cols: 4, cells: &cells }],
    );
    let path = std::env::temp_dir().join(format!("grundy-custom-{}.sgt", std::process::id()));
    std::fs::write(&path, blob).unwrap();
    let table = path.to_str().unwrap();
    let out = grundy(&["knights", "--table", table], b"1\n2\n1 2\n  7 3\n");
    assert_eq!(out.status.code(), Some(2));
    let expected = "grundy: line 4, column 3: x of knight 2 of case 1 is 7, outside the table's 4 x 4 square";
    assert!(stderr(&out).lines().any(|l| l.starts_with(expected)), "{}", stderr(&out));
    // g(x, y) = (x + y) mod 2 for unit steps: (1, 2) and (3, 3) give 1 xor 0.
    let out = grundy(&["knights", "--table", table], b"1\n2\n1 2\n3 3\n");
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), "Case 1: Alice\n"), "{}", stderr(&out));
    assert!(stderr(&out).contains("move set (-1,0) (0,-1) is not the hyper knight's"), "{}", stderr(&out));
    std::fs::remove_file(&path).unwrap();
}

/// A case of several MiB is read on two cores; any irregularity sends it back to the sequential
/// reader, so answers and error positions are the same as for small inputs.
#[test]
fn large_cases_read_in_halves_answer_and_report_like_small_ones() {
    let dir = scratch_dir("halves");
    let knights: Vec<(u64, u64)> = (0..700_000u64).map(|i| ((i * 7919) % 500, (i * 104_729) % 700)).collect();
    let mut expected = knights.iter().fold(0, |acc, &(x, y)| acc ^ grundy::knight::value(x, y).unwrap().0);
    // Make the total non-zero and zero in turn, so both answers are seen.
    let body: String = knights.iter().map(|(x, y)| format!("{x} {y}\n")).collect();
    let run = |name: &str, text: &str| {
        let path = dir.join(name);
        std::fs::write(&path, text).unwrap();
        grundy(&["knights", path.to_str().unwrap()], b"")
    };
    let winner = |nimber: u64| if nimber != 0 { "Alice" } else { "Bob" };

    let out = run("one.in", &format!("1\n{}\n{body}", knights.len()));
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), format!("Case 1: {}\n", winner(expected)).as_str()));

    // One more knight (5, 8) of value 6 flips nothing to zero unless expected was 6.
    expected ^= 6;
    let out = run("two.in", &format!("2\n{}\n{body}5 8\n1\n0 0\n", knights.len() + 1));
    let answer = format!("Case 1: {}\nCase 2: Bob\n", winner(expected));
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), answer.as_str()), "{}", stderr(&out));

    // A bad token in the second half: the exact line and column, nothing printed.
    let line = 2 + knights.len() - 10;
    let mut bad = format!("1\n{}\n{body}", knights.len());
    let at = bad.match_indices('\n').nth(line - 2).unwrap().0 + 1;
    bad.insert(at + 1, 'x');
    let out = run("bad.in", &bad);
    assert_eq!((out.status.code(), stdout(&out)), (Some(2), ""));
    assert!(stderr(&out).contains(&format!("line {line}, column 2:")), "{}", stderr(&out));

    // Fewer knights than n: the end of input is named.
    let out = run("short.in", &format!("1\n{}\n{body}", knights.len() + 1));
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("unexpected end of input"), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A blob whose checksums match but whose contents break the rules: `--json` and `--explain`
/// report the table as inconsistent (exit 2) instead of panicking, and a closed form that
/// disagrees with its square is refused before any answer, naming the file (`verify` too), as is
/// a blob with no leaper table.
#[test]
fn inconsistent_blobs_are_refused_not_panicked_on() {
    use grundy_core::format::{TableData, TableKind, write_blob};
    use grundy_core::leaper::MoveSet;
    let dir = scratch_dir("inconsistent");
    let moves = MoveSet::hyper_knight().to_bytes();
    let mut cells = grundy_core::leaper::leaper_square(&MoveSet::hyper_knight(), 20);
    cells[0] = 1; // g(0, 0) = 1: (0, 0) has no move, yet its value says it has one to a 0
    let blob = write_blob(
        "test",
        &[TableData { game: TableKind::LeaperSquare, moves: &moves, rows: 20, cols: 20, cells: &cells }],
    );
    let damaged = dir.join("damaged.sgt");
    std::fs::write(&damaged, blob).unwrap();
    for style in ["--json", "--explain"] {
        let out = grundy(&["knights", "--table", damaged.to_str().unwrap(), style], b"1\n1\n0 0\n");
        assert_eq!(out.status.code(), Some(2), "{style}: {}", stderr(&out));
        assert!(stderr(&out).contains("the table is inconsistent"), "{style}: {}", stderr(&out));
    }

    // The hyper knight's square with another leaper's closed form under its moves.
    let other = MoveSet::parse("(-2,1) (-2,-1) (1,-2) (-1,-2)").unwrap();
    let form = grundy_core::leaper::analyze(&other, &grundy_core::leaper::Limits::default()).form().cloned().unwrap();
    let payload = grundy_core::leaper::codec::encode(&form).unwrap();
    let cells = grundy_core::leaper::leaper_square(&MoveSet::hyper_knight(), 20);
    let tables = [
        TableData { game: TableKind::LeaperSquare, moves: &moves, rows: 20, cols: 20, cells: &cells },
        TableData { game: TableKind::LeaperForm, moves: &moves, rows: 1, cols: payload.len() as u32, cells: &payload },
    ];
    let foreign = dir.join("foreign.sgt");
    std::fs::write(&foreign, write_blob("test", &tables)).unwrap();
    let foreign = foreign.to_str().unwrap();
    for command in [&["knights", "--table", foreign][..], &["verify", "--table", foreign]] {
        let out = grundy(command, b"1\n1\n1001 0\n");
        assert_eq!((out.status.code(), stdout(&out)), (Some(2), ""), "{command:?}: {}", stderr(&out));
        let said = format!("grundy: {foreign}: table 0: ");
        assert!(stderr(&out).starts_with(&said), "{command:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("the blob is inconsistent"), "{command:?}: {}", stderr(&out));
    }
    let heaps = dir.join("heaps.sgt");
    let out = grundy(&["generate", "--heap", "0.77", "-o", heaps.to_str().unwrap()], b"");
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    let out = grundy(&["knights", "--table", heaps.to_str().unwrap()], b"1\n1\n1 0\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let said = format!("grundy: {}: the blob holds no leaper square table", heaps.display());
    assert!(stderr(&out).contains(&said), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}
