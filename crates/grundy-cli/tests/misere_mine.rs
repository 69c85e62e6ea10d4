//! End to end: the `grundy misere-nim` and `grundy mine` commands on files and standard input.

use crate::run::{grundy, scratch_dir, text};

/// `grundy command` on `sample` as a file argument and on standard input: exit 0, exactly `out`
/// on stdout, nothing on stderr.
fn solves_from_file_and_stdin(command: &str, file_name: &str, sample: &str, out: &str) {
    let path = scratch_dir("cli").join(file_name);
    std::fs::write(&path, sample).unwrap();
    for run in [grundy(&[command, path.to_str().unwrap()], ""), grundy(&[command], sample)] {
        assert_eq!(run.status.code(), Some(0));
        assert_eq!(text(&run.stdout), out);
        assert!(run.stderr.is_empty());
    }
}

const MISERE_SAMPLE: &str = "3\n4\n2 3 4 5\n5\n1 1 2 4 10\n1\n1\n";
const MISERE_OUT: &str = "Case 1: Bob\nCase 2: Alice\nCase 3: Bob\n";
const MINE_SAMPLE: &str = "2\n3 3 0\n3 3 1\n1 1\n";
const MINE_OUT: &str = "Case #1: Xiemao\nCase #2: Fanglaoshi\n";

#[test]
fn misere_nim_from_file_and_stdin() {
    solves_from_file_and_stdin("misere-nim", "misere.txt", MISERE_SAMPLE, MISERE_OUT);
    let out = grundy(&["misere-nim", "-"], "1\n2\n18446744073709551615 18446744073709551615\n");
    assert_eq!(text(&out.stdout), "Case 1: Bob\n");
}

#[test]
fn misere_nim_bad_input() {
    let out = grundy(&["misere-nim"], "2\n1\n1\n2\n1 x\n");
    assert_eq!(out.status.code(), Some(2));
    assert_eq!(text(&out.stdout), "Case 1: Bob\n", "cases before the error are kept");
    assert!(text(&out.stderr).contains("line 5, column 3"), "{}", text(&out.stderr));
}

#[test]
fn mine_from_file_and_stdin() {
    solves_from_file_and_stdin("mine", "mine.txt", MINE_SAMPLE, MINE_OUT);
}

#[test]
fn mine_says_when_a_board_breaks_the_promise() {
    let out = grundy(&["mine"], "2\n3 3 0\n3 5 3\n0 0\n0 1\n2 3\n");
    assert_eq!(out.status.code(), Some(0));
    assert_eq!(text(&out.stdout), "Case #1: Xiemao\nCase #2: Fanglaoshi\n");
    let err = text(&out.stderr);
    assert!(
        err.starts_with("grundy: case 2 breaks the promise (a number touches two blank regions); solved exactly"),
        "{err}"
    );
    assert_eq!(err.lines().count(), 1);
}

#[test]
fn mine_refuses_a_cluster_beyond_the_bound() {
    let out = grundy(&["mine", "--max-states", "0"], "2\n3 3 1\n1 1\n3 5 3\n0 0\n0 1\n2 3\n");
    assert_eq!(out.status.code(), Some(3));
    assert_eq!(text(&out.stdout), "Case #1: Fanglaoshi\n");
    assert!(text(&out.stderr).contains("case 2 not solved: a cluster of 2 blank regions"), "{}", text(&out.stderr));
}

#[test]
fn mine_bad_input() {
    for (input, at, stdout) in [
        ("1\n3 3 1\n3 1\n", "line 3, column 1", ""),
        ("1\n100000 100000 0\n", "line 2, column 8", ""),
        // The case is complete and answered; the stray number after it is the error.
        ("1\n3 3 1\n1 1 1\n", "line 3, column 5", "Case #1: Fanglaoshi\n"),
    ] {
        let out = grundy(&["mine"], input);
        assert_eq!(out.status.code(), Some(2), "{input:?}");
        assert!(text(&out.stderr).contains(at), "{input:?}: {}", text(&out.stderr));
        assert_eq!(text(&out.stdout), stdout);
    }
}
