//! `grundy-tiny` answers and fails exactly like `grundy`: the same answers, exit codes and
//! messages, from a file and from standard input; and it stays within its size budget. It is a
//! package of its own, not built by these tests: build it with `cargo build --profile tiny -p
//! grundy-tiny` first (the tests that need it are skipped without it, and fail without it when
//! `GRUNDY_REQUIRE_TINY=1`).

use std::path::Path;
use std::process::Output;

use grundy::knight;

use crate::common::Rng;
use crate::run::{BUILD_TINY, Bin, Stdin, grundy, run, run_in, scratch_dir, text, tiny};

/// The most bytes `grundy-tiny` may take, as built by `cargo build --profile tiny -p
/// grundy-tiny` (stripped): the size it must not grow past (it shares its judges' core with
/// grundy and stays below what it was with a copy of its own). The seed C++ solutions together
/// are 43,832 bytes, which the exact Mine solver does not fit: its code alone is about 50 KB
/// (BENCHMARKS.md, "Binary sizes").
const TINY_MAX_BYTES: u64 = 87_000;

#[test]
fn tiny_matches_grundy_on_files_and_stdin() {
    if tiny().is_none() {
        return;
    }
    let dir = scratch_dir("tiny");
    let inputs: &[(&str, &[u8])] = &[
        ("knights", b"2\n1\n1 0\n2\n2 5\n3 5\n"),
        ("knights", b"1\n1\n9223372036854775807 12\n"),
        ("knights", b"3\r\n0\r\n1\r\n600 70000\r\n1\r\n\t4\t4"),
        ("misere-nim", b"3\n4\n2 3 4 5\n5\n1 1 2 4 10\n1\n1\n"),
        ("misere-nim", b"2\n3\n1 1 1\n2\n18446744073709551615 18446744073709551615\n"),
        ("mine", b"3\n3 3 0\n3 3 1\n1 1\n3 5 3\n0 0\n0 1\n2 3\n"),
        ("mine", b"2\n3 3 4\n1 1\n1 1\n0 2\n2 0\n1 1 1\n0 0\n"),
        // Bad input: the answers before it, then the error at the same line and column.
        ("misere-nim", b"2\n1\n1\n2\n1 x\n"),
        ("misere-nim", b"2\n1\n3\n2\n1 0\n"),
        ("mine", b"1\n3 3 1\n3 0\n"),
        ("mine", b"1\n4294967295 1 0\n"),
        ("knights", b"2\n1\n1 0\n1\n9223372036854775808 0\n"),
        ("knights", b"1\n1\n1 18446744073709551616\n"),
        ("knights", b"\xef\xbb\xbf1\n1\n1 1\n"),
        ("knights", "1\n1\n1 2 é x\n".as_bytes()),
        ("knights", b"1\n1\n1 2\n3\n"),
        ("knights", b"0\n\x00"),
        ("knights", b"1\n2\n1 2\n3"),
        ("knights", b""),
    ];
    for (i, (game, input)) in inputs.iter().enumerate() {
        let path = dir.join(format!("{i}.in"));
        std::fs::write(&path, input).unwrap();
        let path = path.to_str().unwrap();
        let reference = grundy(&[game, path], "");
        let shown = String::from_utf8_lossy(input);
        for out in [run(Bin::Tiny, &[game, path], Stdin::Null), run(Bin::Tiny, &[game], Stdin::File(Path::new(path)))] {
            assert_eq!(out.status.code(), reference.status.code(), "{game} {shown:?}");
            assert_eq!(text(&out.stdout), text(&reference.stdout), "{game} {shown:?}");
            let message =
                |o: &Output| text(&o.stderr).lines().last().unwrap_or("").split_once(": ").map(|(_, m)| m.to_owned());
            assert_eq!(message(&out), message(&reference), "{game} {shown:?}");
        }
    }
    // Its arguments mean what they mean to grundy: help and, before the game, the version on
    // standard output (exit 0), usage errors (exit 2: an unknown game, an option it has none of,
    // a second or empty FILE), and a FILE after `--` read even when it looks like an option (exit
    // 1 when it is not there).
    let dash = dir.join("-x");
    std::fs::write(&dash, b"1\n1\n1 1\n").unwrap();
    for args in [
        &["--help"][..],
        &["-h"],
        &["help"],
        &["help", "mine"],
        &["knights", "--help"],
        &["mine", "-h"],
        &["misere-nim", "-hx"],
        &["knights", "--help", "x"],
        &["knights", "--", "-x"],
        &["knights", "--", "--help"],
        &["knights", "x", "--"],
        &["knights", "--"],
        &[],
        &["chess"],
        &["help", "chess"],
        &["help", "knights", "x"],
        &["--bogus"],
        &["--", "knights"],
        &["knights", ""],
        &["knights", "--", ""],
        &["knights", "--bogus", "--help"],
        &["knights", "a", "b", "--help"],
        &["knights", "--", "x", "--"],
        &["knights", "--help=1"],
        &["misere-nim", "a", "b"],
        &["mine", "--table", "t"],
        &["-V"],
        &["--version"],
        &["-Vx"],
        &["-Vh"],
        &["-hV"],
        &["-V=1"],
        &["-V", "knights"],
        &["--version", "mine", "x"],
        &["-V", "--bogus"],
        &["--bogus", "-V"],
        &["--version=1"],
        &["knights", "-V"],
        &["knights", "--version"],
        &["knights", "x", "-V"],
        &["help", "-V"],
        &["--", "-V"],
    ] {
        let reference = run(Bin::Grundy, args, Stdin::Null);
        let usage = run(Bin::Tiny, args, Stdin::Null);
        assert_eq!(usage.status.code(), reference.status.code(), "{args:?}: {}", text(&usage.stderr));
        assert_eq!(usage.stdout.is_empty(), reference.stdout.is_empty(), "{args:?}: {}", text(&usage.stdout));
        // The version line where grundy shows its own (for tiny's name), the usage where grundy
        // shows its help or a usage error (not where the judge ran).
        if let Some(version) = text(&reference.stdout).strip_prefix("grundy ") {
            assert_eq!(text(&usage.stdout), format!("grundy-tiny {version}"), "{args:?}");
        } else if reference.status.success() {
            assert!(text(&usage.stdout).contains("usage: grundy-tiny"), "{args:?}: {}", text(&usage.stdout));
        } else if text(&reference.stderr).contains("Usage:") {
            assert!(text(&usage.stderr).contains("usage: grundy-tiny"), "{args:?}: {}", text(&usage.stderr));
        }
    }
    // `-x` after `--` names the file, in the current directory as anywhere.
    for bin in [Bin::Grundy, Bin::Tiny] {
        let out = run_in(&dir, bin, &["knights", "--", "-x"]);
        assert_eq!(
            (out.status.code(), text(&out.stdout)),
            (Some(0), "Case 1: Bob\n"),
            "{bin:?}: {}",
            text(&out.stderr)
        );
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The closed form `grundy-tiny` embeds gives the library's values on cells far beyond the square
/// (the library answers them by its own evaluator): a case of two knights is lost (`Bob`) exactly
/// when their values are equal, so pairing each cell with forty others pins its value down.
#[test]
fn tiny_values_far_cells_as_the_library_does() {
    if tiny().is_none() {
        return;
    }
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut cells = Vec::new();
    for _ in 0..400 {
        let scale = rng.next() % 63 + 1;
        let mut coordinate = || rng.next() % (1 << scale).min(knight::MAX_COORDINATE);
        cells.push((coordinate(), coordinate()));
    }
    let value = |(x, y): (u64, u64)| knight::value(x, y).unwrap().0;
    let (mut input, mut expected, mut equal) = (String::new(), String::new(), 0);
    let mut cases = 0;
    for (i, &a) in cells.iter().enumerate() {
        for &b in cells[i + 1..].iter().take(40) {
            cases += 1;
            input.push_str(&format!("2\n{} {}\n{} {}\n", a.0, a.1, b.0, b.1));
            let winner = if value(a) == value(b) { "Bob" } else { "Alice" };
            expected.push_str(&format!("Case {cases}: {winner}\n"));
            equal += usize::from(value(a) == value(b));
        }
    }
    let input = format!("{cases}\n{input}");
    let out = run(Bin::Tiny, &["knights"], Stdin::Pipe(input.as_bytes()));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(text(&out.stdout), expected);
    assert!(equal > 100 && cases - equal > 100, "{equal} of {cases} cases with equal values");
}

/// The point of `grundy-tiny`: its size (stripped, as the `tiny` profile builds it).
#[test]
fn tiny_is_within_its_size_budget() {
    let Some(tiny) = tiny() else { return };
    let size = std::fs::metadata(tiny).unwrap().len();
    assert!(
        size <= TINY_MAX_BYTES,
        "{tiny} is {size} bytes, above the {TINY_MAX_BYTES} allowed (built by `{BUILD_TINY}`?)"
    );
}
