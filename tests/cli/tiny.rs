//! `grundy-tiny` answers and fails exactly like `grundy` (here built with default features; the
//! size-optimised build differs only in profile and features).

use std::path::Path;
use std::process::Output;

use crate::run::{Bin, Stdin, grundy, run, scratch_dir, text};

#[test]
fn tiny_matches_grundy_on_files_and_stdin() {
    let dir = scratch_dir("tiny");
    let inputs = [
        ("knights", "2\n1\n1 0\n2\n2 5\n3 5\n"),
        ("knights", "1\n1\n9223372036854775807 12\n"),
        ("misere-nim", "3\n4\n2 3 4 5\n5\n1 1 2 4 10\n1\n1\n"),
        ("mine", "3\n3 3 0\n3 3 1\n1 1\n3 5 3\n0 0\n0 1\n2 3\n"),
        ("misere-nim", "2\n1\n1\n2\n1 x\n"),
        ("mine", "1\n3 3 1\n3 0\n"),
    ];
    for (i, (game, input)) in inputs.iter().enumerate() {
        let path = dir.join(format!("{i}.in"));
        std::fs::write(&path, input).unwrap();
        let path = path.to_str().unwrap();
        let reference = grundy(&[game, path], "");
        for out in [run(Bin::Tiny, &[game, path], Stdin::Null), run(Bin::Tiny, &[game], Stdin::File(Path::new(path)))] {
            assert_eq!(out.status.code(), reference.status.code(), "{game} {input:?}");
            assert_eq!(text(&out.stdout), text(&reference.stdout), "{game} {input:?}");
            let message =
                |o: &Output| text(&o.stderr).lines().last().unwrap_or("").split_once(": ").map(|(_, m)| m.to_owned());
            assert_eq!(message(&out), message(&reference), "{game} {input:?}");
        }
    }
    let usage = run(Bin::Tiny, &["chess"], Stdin::Null);
    assert_eq!(usage.status.code(), Some(2));
    assert!(text(&usage.stderr).contains("usage: grundy-tiny"));
    std::fs::remove_dir_all(&dir).unwrap();
}
