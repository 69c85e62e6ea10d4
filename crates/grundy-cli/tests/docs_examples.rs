//! The command examples of the README and of `docs/*.md`: each `$ ` line of a ```` ```text ````
//! block runs in `sh` (with this build's `grundy`, in a scratch directory where `examples/` is
//! the repository's) and prints the lines that follow it, standard error included, but where an
//! example leaves things out: `…` stands for any text (a line of `…` alone, for any lines), a
//! `time:` line for any time, and a JSON object's `seconds` and `values_per_second` for any
//! value. The few examples not run here are in [`SKIPPED`], with why; those of `--rules` run
//! only in a build with the `script` feature.

use std::path::{Path, PathBuf};

use crate::run::{scratch_dir, shell_in, text};

/// Examples not run, by their command, and why.
const SKIPPED: &[(&str, &str)] = &[
    (
        "grundy analyze --heap 0.6 --max-heap 2^24 --checkpoint officers.ck",
        "2^24 values of Officers: about half a minute in a release build, minutes in a test build",
    ),
    (
        "grundy analyze --heap 0.6 --max-heap 2^26 --resume officers.ck --checkpoint officers.ck",
        "goes on from the checkpoint of the example before, to 2^26 values",
    ),
    (
        "printf '1\\n3\\n18446744073709551615 3 5\\n' | grundy misere-nim --json | jq -c '{nimber, winning_move}'   # jq 1.6",
        "jq's output depends on its version, and the example shows jq 1.6's",
    ),
];

/// One `$ command` and the lines shown after it.
#[derive(Debug)]
struct Example {
    file: String,
    line: usize,
    command: String,
    output: Vec<String>,
}

/// The examples of the Markdown file `path`, in order.
fn examples(path: &Path) -> Vec<Example> {
    let source = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let file = path.file_name().unwrap_or_default().to_string_lossy().into_owned();
    let mut found = Vec::new();
    let mut in_text = false;
    // The example whose lines are being read, in the block being read.
    let mut current: Option<Example> = None;
    for (i, line) in source.lines().enumerate() {
        if !in_text {
            in_text = line.trim_end() == "```text";
        } else if line.starts_with("```") {
            in_text = false;
            found.extend(current.take());
        } else if let Some(command) = line.strip_prefix("$ ") {
            found.extend(current.take());
            current =
                Some(Example { file: file.clone(), line: i + 1, command: command.to_owned(), output: Vec::new() });
        } else if let Some(example) = &mut current {
            example.output.push(line.to_owned());
        }
    }
    found
}

/// Whether the `shown` line stands for the `printed` one.
fn line_matches(shown: &str, printed: &str) -> bool {
    if shown.starts_with("time: ") {
        return printed.starts_with("time: ");
    }
    if shown.starts_with('{') {
        let without_times = |s: &str| {
            let mut v: serde_json::Value = serde_json::from_str(s).ok()?;
            let object = v.as_object_mut()?;
            object.remove("seconds");
            object.remove("values_per_second");
            Some(v)
        };
        return without_times(shown).is_some_and(|v| Some(v) == without_times(printed));
    }
    let mut parts = shown.split('…');
    let first = parts.next().unwrap_or_default();
    let Some(mut rest) = printed.strip_prefix(first) else { return false };
    let parts: Vec<&str> = parts.collect();
    for (i, part) in parts.iter().enumerate() {
        if i + 1 == parts.len() {
            return rest.ends_with(part);
        }
        match rest.find(part) {
            Some(at) => rest = &rest[at + part.len()..],
            None => return false,
        }
    }
    rest.is_empty()
}

/// Whether the `shown` lines stand for the `printed` ones (a line of `…` for any lines).
fn lines_match(shown: &[String], printed: &[&str]) -> bool {
    match shown.split_first() {
        None => printed.is_empty(),
        Some((any, rest)) if any == "…" => (0..=printed.len()).any(|skip| lines_match(rest, &printed[skip..])),
        Some((first, rest)) => {
            printed.split_first().is_some_and(|(line, more)| line_matches(first, line) && lines_match(rest, more))
        }
    }
}

/// The README and every `docs/*.md`.
fn documents() -> Vec<PathBuf> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut docs: Vec<PathBuf> = std::fs::read_dir(root.join("docs"))
        .unwrap()
        .map(|entry| entry.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "md"))
        .collect();
    docs.sort();
    [root.join("README.md")].into_iter().chain(docs).collect()
}

#[test]
fn the_documented_examples_print_what_they_show() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../..");
    let mut skipped = Vec::new();
    let mut ran = 0;
    for doc in documents() {
        let name = doc.file_name().unwrap_or_default().to_string_lossy().into_owned();
        let dir = scratch_dir(&format!("docs-{name}"));
        std::fs::remove_dir_all(&dir).unwrap();
        let dir = scratch_dir(&format!("docs-{name}"));
        #[cfg(unix)]
        std::os::unix::fs::symlink(root.join("examples").canonicalize().unwrap(), dir.join("examples")).unwrap();
        for example in examples(&doc) {
            if SKIPPED.iter().any(|(command, _)| *command == example.command) {
                skipped.push(example.command);
                continue;
            }
            // `--rules` needs the script engine: run with `--features script` (as CI does).
            if example.command.contains("--rules") && !cfg!(feature = "script") {
                continue;
            }
            let out = shell_in(&dir, &example.command);
            let printed: Vec<&str> = text(&out.stdout).lines().collect();
            assert!(
                lines_match(&example.output, &printed),
                "{}:{}: $ {}\nshown:\n{}\nprinted:\n{}",
                example.file,
                example.line,
                example.command,
                example.output.join("\n"),
                printed.join("\n")
            );
            ran += 1;
        }
        std::fs::remove_dir_all(&dir).unwrap();
    }
    // The blocks are found (18 examples ran when this was written).
    assert!(ran >= 15, "{ran} examples run");
    for (command, why) in SKIPPED {
        assert!(skipped.contains(&command.to_string()), "skipped ({why}) but not in the documents: {command}");
    }
}

/// The rules for what an example leaves out.
#[test]
fn elisions_stand_for_what_they_leave_out() {
    let shown = |lines: &[&str]| lines.iter().map(|l| l.to_string()).collect::<Vec<_>>();
    assert!(lines_match(&shown(&["a", "…", "d"]), &["a", "b", "c", "d"]));
    assert!(lines_match(&shown(&["a", "…"]), &["a"]));
    assert!(!lines_match(&shown(&["a", "d"]), &["a", "b", "d"]));
    assert!(!lines_match(&shown(&["a"]), &["a", "b"]));
    assert!(line_matches(
        "no period proven: the bound of 9 values was reached; …",
        "no period proven: the bound of 9 values was reached; 3 rare"
    ));
    assert!(!line_matches(
        "no period proven: the time bound of 3600 s was reached; …",
        "no period proven: the bound of 9 values was reached; 3 rare"
    ));
    assert!(line_matches("G(0..…) of 0.6; go on", "G(0..12) of 0.6; go on"));
    assert!(!line_matches("G(0..…) of 0.6", "G(0..12) of 0.7"));
    assert!(line_matches("time: 0.000 s (1 values/s)", "time: 2.5 s (7 values/s)"));
    assert!(line_matches(r#"{"a":1,"seconds":0.1}"#, r#"{"seconds":2,"a":1}"#));
    assert!(!line_matches(r#"{"a":1,"seconds":0.1}"#, r#"{"seconds":2,"a":2}"#));
}
