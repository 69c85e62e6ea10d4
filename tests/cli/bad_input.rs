//! The catalogue of bad (and oddly laid out but valid) judge inputs, end to end (issue 7).
//!
//! Every entry runs the real `grundy` binary three ways: with the input as a file argument (the
//! file is memory-mapped, or streamed when empty), on standard input redirected from the file
//! (read in 1 MiB chunks exactly, so entries can place a token across the chunk boundary) and on
//! standard input through a pipe (chunks of whatever the pipe hands over). Each way must give
//! - for a bad input: exit code 2, on stdout exactly the answers of the cases before the bad one
//!   (nothing of the bad case), on stderr one line `grundy: line L, column C: ...` with the
//!   entry's message fragment;
//! - for an accepted input (CRLF, no final newline, tabs, blank lines, leading zeros...): exit
//!   code 0, the exact judge output, nothing on stderr.
//!
//! Decisions recorded here: `T = 0` is valid and prints nothing (SPEC.md gives no lower bound
//! for `T`); a knights case with `n = 0` is an empty sum (Bob), while misère Nim's `k` and piles
//! must be at least 1 (SPEC.md); a lone `\r` is whitespace like a CRLF's; the judges accept
//! values beyond SPEC.md's ranges where the answer is still exact (coordinates up to 2^63 - 1,
//! piles up to 2^64 - 1, `T`, `n`, `k`, `K` unbounded, Mine boards up to 2^32 - 1 cells within
//! 4 GiB of working memory), so only what cannot be answered exactly is an error.

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use grundy::solver::knight;

/// Bytes the judge reads per chunk from standard input (`grundy::judge::source::CHUNK`).
const CHUNK: usize = grundy::judge::source::CHUNK;

/// One catalogue entry.
struct Entry {
    name: String,
    /// `knights`, `misere-nim` or `mine`.
    command: &'static str,
    input: Vec<u8>,
    /// The exact standard output.
    stdout: String,
    /// `None`: accepted (exit 0). Otherwise line, column and a fragment of the message.
    error: Option<(usize, usize, String)>,
}

fn bad(
    command: &'static str,
    name: &str,
    input: impl Into<Vec<u8>>,
    stdout: &str,
    at: (usize, usize),
    msg: &str,
) -> Entry {
    Entry {
        name: name.to_owned(),
        command,
        input: input.into(),
        stdout: stdout.to_owned(),
        error: Some((at.0, at.1, msg.to_owned())),
    }
}

fn good(command: &'static str, name: &str, input: impl Into<Vec<u8>>, stdout: &str) -> Entry {
    Entry { name: name.to_owned(), command, input: input.into(), stdout: stdout.to_owned(), error: None }
}

fn scratch_dir() -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-bad-input-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn run(command: &str, file: Option<&Path>, stdin: Stdio, pipe_input: Option<&[u8]>) -> Output {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_grundy"));
    cmd.arg(command);
    if let Some(file) = file {
        cmd.arg(file);
    }
    let mut child = cmd.stdin(stdin).stdout(Stdio::piped()).stderr(Stdio::piped()).spawn().expect("run grundy");
    let writer = pipe_input.map(|input| {
        let mut pipe = child.stdin.take().unwrap();
        let input = input.to_vec();
        // The judge stops reading at the error: a broken pipe here is expected.
        std::thread::spawn(move || {
            let _ = pipe.write_all(&input);
        })
    });
    let out = child.wait_with_output().unwrap();
    if let Some(writer) = writer {
        writer.join().unwrap();
    }
    out
}

/// Runs an entry the three ways; returns what went wrong, if anything.
fn check(entry: &Entry, dir: &Path) -> Vec<String> {
    let path = dir.join(format!("{}-{}.in", entry.command, entry.name.replace([' ', '/'], "-")));
    std::fs::write(&path, &entry.input).unwrap();
    let ways: [(&str, Output); 3] = [
        ("file argument", run(entry.command, Some(&path), Stdio::null(), None)),
        ("stdin from the file", run(entry.command, None, Stdio::from(std::fs::File::open(&path).unwrap()), None)),
        ("stdin through a pipe", run(entry.command, None, Stdio::piped(), Some(&entry.input))),
    ];
    std::fs::remove_file(&path).unwrap();
    let mut failures = Vec::new();
    for (way, out) in ways {
        let mut fail = |what: String| failures.push(format!("{} {:?} via {way}: {what}", entry.command, entry.name));
        let stdout = String::from_utf8_lossy(&out.stdout);
        let stderr = String::from_utf8_lossy(&out.stderr);
        if stdout != entry.stdout {
            fail(format!("stdout {:?}, expected {:?}", clip(&stdout), clip(&entry.stdout)));
        }
        match &entry.error {
            None => {
                if out.status.code() != Some(0) || !stderr.is_empty() {
                    fail(format!("exit {:?}, stderr {stderr:?}; expected success", out.status.code()));
                }
            }
            Some((line, column, message)) => {
                if out.status.code() != Some(2) {
                    fail(format!("exit {:?}, expected 2 (stderr {stderr:?})", out.status.code()));
                }
                let at = format!("grundy: line {line}, column {column}: ");
                if !(stderr.starts_with(&at) && stderr.contains(message.as_str()) && stderr.lines().count() == 1) {
                    fail(format!("stderr {stderr:?}, expected one line {at:?}... with {message:?}"));
                }
            }
        }
    }
    failures
}

fn clip(s: &str) -> String {
    if s.len() <= 200 {
        s.to_owned()
    } else {
        format!("{}... ({} bytes)", s.chars().take(200).collect::<String>(), s.len())
    }
}

/// Runs a catalogue, reporting every failing entry at once.
fn run_catalogue(entries: Vec<Entry>) {
    eprintln!("{} entries, each run 3 ways", entries.len());
    let dir = scratch_dir();
    let failures: Vec<String> = entries.iter().flat_map(|e| check(e, &dir)).collect();
    assert!(failures.is_empty(), "{} failure(s):\n{}", failures.len(), failures.join("\n"));
}

const KNIGHTS: &str = "2\n1\n1 0\n2\n2 5\n3 5\n";
const KNIGHTS_OUT: &str = "Case 1: Bob\nCase 2: Alice\n";
const MISERE: &str = "3\n4\n2 3 4 5\n5\n1 1 2 4 10\n1\n1\n";
const MISERE_OUT: &str = "Case 1: Bob\nCase 2: Alice\nCase 3: Bob\n";
const MINE: &str = "2\n3 3 0\n3 3 1\n1 1\n";
const MINE_OUT: &str = "Case #1: Xiemao\nCase #2: Fanglaoshi\n";

/// The layouts every judge accepts, applied to a sample: the exact sample answers, exit 0.
fn accepted_layouts(command: &'static str, sample: &str, out: &str) -> Vec<Entry> {
    let spaced: String = sample.lines().map(|l| format!("  {}\t\n\n", l.replace(' ', " \t "))).collect();
    vec![
        good(command, "sample", sample, out),
        good(command, "CRLF everywhere", sample.replace('\n', "\r\n"), out),
        good(command, "no final newline", sample.trim_end(), out),
        good(command, "CRLF and no final newline", sample.trim_end().replace('\n', "\r\n"), out),
        good(command, "tabs, blank lines, leading spaces", spaced, out),
        good(command, "all on one line", sample.split_whitespace().collect::<Vec<_>>().join(" "), out),
        good(command, "lone CR as separator", sample.replace('\n', "\r"), out),
        good(
            command,
            "leading zeros",
            sample.split('\n').map(|l| l.replace(' ', " 00")).collect::<Vec<_>>().join("\n"),
            out,
        ),
        good(command, "trailing whitespace lines", format!("{sample}\n \t\r\n\n"), out),
        good(command, "T = 0 prints nothing", "0\n", ""),
        good(command, "T = 0 without newline", "0", ""),
    ]
}

/// Bad inputs every judge rejects the same way (T and what surrounds the cases).
fn common_bad(command: &'static str, sample: &str, out: &str) -> Vec<Entry> {
    let lines = sample.lines().count();
    let last = sample.lines().last().unwrap().len();
    let more_cases = sample.replacen(sample.lines().next().unwrap(), "7", 1);
    let t = &sample[..1];
    let rest = &sample[2..];
    let all_but_last = &out[..out.trim_end().rfind('\n').map_or(0, |i| i + 1)];
    vec![
        bad(command, "empty input", "", "", (1, 1), "unexpected end of input: expected T, the number of cases"),
        bad(command, "only whitespace", " \n\t\r\n  ", "", (3, 3), "unexpected end of input: expected T"),
        bad(command, "T larger than the cases present", more_cases, out, (lines + 1, 1), "unexpected end of input"),
        bad(command, "T not a number", "two\n", "", (1, 1), "expected T, the number of cases, found 't'"),
        bad(command, "T negative", "-2\n", "", (1, 1), "found a sign"),
        bad(command, "T with a plus sign", "+2\n", "", (1, 1), "found a sign"),
        bad(command, "T past u64", "18446744073709551616\n", "", (1, 1), "T, the number of cases is too large"),
        bad(command, "T of 30 digits", "123456789012345678901234567890\n", "", (1, 1), "too large"),
        bad(command, "T in hex", "0x2\n", "", (1, 2), "found 'x'"),
        bad(command, "T as a decimal", "2.0\n", "", (1, 2), "found '.'"),
        bad(command, "NUL byte for T", "\0", "", (1, 1), "found character '\\0'"),
        bad(command, "invalid UTF-8", b"\xff\xfe".to_vec(), "", (1, 1), "found byte 0xff (not UTF-8)"),
        bad(command, "UTF-8 BOM", format!("\u{feff}{sample}"), "", (1, 1), "found a UTF-8 byte-order mark (U+FEFF"),
        bad(command, "non-ASCII digit", "\u{0662}\n", "", (1, 1), "found '\u{0662}'"),
        bad(command, "vertical tab separator", format!("{t}\x0b{rest}"), "", (1, 2), "found character '\\u{b}'"),
        bad(command, "form feed separator", format!("{t}\x0c{rest}"), "", (1, 2), "found character '\\u{c}'"),
        bad(command, "no-break space separator", format!("{t}\u{a0}{rest}"), "", (1, 2), "found character '\\u{a0}'"),
        bad(
            command,
            "extra number after the cases",
            format!("{sample}7\n"),
            out,
            (lines + 1, 1),
            "unexpected data after the",
        ),
        bad(
            command,
            "extra text after the cases",
            format!("{sample}\n\n  end"),
            out,
            (lines + 3, 3),
            "unexpected data after the",
        ),
        bad(command, "NUL after the cases", format!("{sample}\0"), out, (lines + 1, 1), "unexpected data after the"),
        // Glued to the last number, the NUL spoils it: the last case is not answered.
        bad(
            command,
            "NUL after the last number",
            format!("{}\0\n", sample.trim_end()),
            all_but_last,
            (lines, last + 1),
            "found character '\\0'",
        ),
        bad(
            command,
            "NUL after the last line",
            format!("{sample}\0\n"),
            out,
            (lines + 1, 1),
            "unexpected data after the",
        ),
    ]
}

#[test]
fn knights_catalogue() {
    let c = "knights";
    let mut entries = accepted_layouts(c, KNIGHTS, KNIGHTS_OUT);
    entries.extend(common_bad(c, KNIGHTS, KNIGHTS_OUT));
    let max = knight::MAX_COORDINATE;
    let far = knight::grundy(max, 0).unwrap().0;
    let far_out = format!("Case 1: {}\n", if far != 0 { "Alice" } else { "Bob" });
    entries.extend([
        good(c, "n = 0 is an empty sum", "1\n0\n", "Case 1: Bob\n"),
        good(c, "coordinate 2^63 - 1", format!("1\n1\n{max} 0\n"), &far_out),
        good(c, "beyond the spec's 500", "1\n2\n5000 3\n3 5000\n", "Case 1: Bob\n"),
        bad(c, "coordinate 2^63", format!("1\n1\n{} 0\n", max + 1), "", (3, 1), "x of knight 1 of case 1 is too large"),
        bad(c, "y = 2^64 - 1", format!("1\n1\n0 {}\n", u64::MAX), "", (3, 3), "y of knight 1 of case 1 is too large"),
        bad(c, "y past u64", "1\n1\n0 18446744073709551616\n", "", (3, 3), "y of knight 1 of case 1 is too large"),
        bad(c, "x of 25 digits", "1\n1\n1234567890123456789012345 0\n", "", (3, 1), "too large"),
        bad(c, "x not a number", "1\n1\nx 0\n", "", (3, 1), "expected x of knight 1 of case 1, found 'x'"),
        bad(c, "y with a letter", "1\n1\n1 2a\n", "", (3, 4), "expected y of knight 1 of case 1, found 'a'"),
        bad(c, "x negative", "1\n1\n-1 0\n", "", (3, 1), "found a sign"),
        bad(c, "y with a plus sign", "1\n1\n1 +0\n", "", (3, 3), "found a sign"),
        bad(
            c,
            "NUL between x and y",
            "1\n1\n1\x000\n",
            "",
            (3, 2),
            "expected x of knight 1 of case 1, found character '\\0'",
        ),
        bad(c, "invalid UTF-8 for y", b"1\n1\n1 \xc3\n".to_vec(), "", (3, 3), "found byte 0xc3 (not UTF-8)"),
        bad(c, "accented letter for y", "1\n1\n1 \u{e9}\n", "", (3, 3), "found '\u{e9}'"),
        bad(
            c,
            "n larger than the knights present",
            "2\n1\n1 0\n3\n1 0\n2 5\n",
            "Case 1: Bob\n",
            (7, 1),
            "expected x of knight 3 of case 2",
        ),
        bad(
            c,
            "a knight without y",
            "1\n2\n1 0\n2\n",
            "",
            (5, 1),
            "unexpected end of input: expected y of knight 2 of case 1",
        ),
        bad(c, "n negative", "1\n-1\n", "", (2, 1), "n, the number of knights of case 1 as an unsigned number"),
        bad(
            c,
            "second case bad",
            "2\n1\n1 2\n1\n3 \u{ff}5\n",
            "Case 1: Alice\n",
            (5, 3),
            "expected y of knight 1 of case 2",
        ),
    ]);
    run_catalogue(entries);
}

#[test]
fn misere_catalogue() {
    let c = "misere-nim";
    let mut entries = accepted_layouts(c, MISERE, MISERE_OUT);
    entries.extend(common_bad(c, MISERE, MISERE_OUT));
    entries.extend([
        good(c, "pitfall: one pile of one", "1\n1\n1\n", "Case 1: Bob\n"),
        good(c, "pitfall: two piles of one", "1\n2\n1 1\n", "Case 1: Alice\n"),
        good(c, "piles of 2^64 - 1", format!("1\n2\n{0} {0}\n", u64::MAX), "Case 1: Bob\n"),
        good(c, "k beyond the spec's 100", format!("1\n101\n{}\n", vec!["1"; 101].join(" ")), "Case 1: Bob\n"),
        bad(c, "k = 0", "2\n1\n1\n0\n\n", "Case 1: Bob\n", (4, 1), "case 2 has no piles: k must be at least 1"),
        bad(c, "a pile of 0", "1\n3\n1 0 2\n", "", (3, 3), "pile 2 of case 1 is empty: piles hold at least one stone"),
        bad(c, "a pile of 00", "1\n1\n00\n", "", (3, 1), "pile 1 of case 1 is empty"),
        bad(
            c,
            "pile past u64",
            "1\n2\n1 18446744073709551616\n",
            "",
            (3, 3),
            "the size of pile 2 of case 1 is too large",
        ),
        bad(c, "pile of 40 digits", format!("1\n1\n{}\n", "9".repeat(40)), "", (3, 1), "too large"),
        bad(
            c,
            "k past u64",
            "1\n99999999999999999999\n1\n",
            "",
            (2, 1),
            "k, the number of piles of case 1 is too large",
        ),
        bad(
            c,
            "k larger than the piles present",
            "1\n3\n1 2\n",
            "",
            (4, 1),
            "unexpected end of input: expected the size of pile 3 of case 1",
        ),
        bad(
            c,
            "k smaller than the piles present",
            "2\n1\n1 2\n2\n1 2\n",
            "Case 1: Bob\nCase 2: Alice\n",
            (5, 3),
            "unexpected data after the 2 cases",
        ),
        bad(c, "negative pile", "1\n2\n3 -4\n", "", (3, 3), "found a sign"),
        bad(c, "pile with a plus sign", "1\n2\n+3 4\n", "", (3, 1), "found a sign"),
        bad(c, "pile as a decimal", "1\n1\n1.5\n", "", (3, 2), "found '.'"),
        bad(c, "pile in exponent notation", "1\n1\n1e9\n", "", (3, 2), "found 'e'"),
        bad(c, "NUL inside a pile", "1\n1\n1\x002\n", "", (3, 2), "found character '\\0'"),
        bad(c, "invalid UTF-8 pile", b"1\n2\n3 \x80\n".to_vec(), "", (3, 3), "found byte 0x80 (not UTF-8)"),
        bad(
            c,
            "third case bad",
            "3\n1\n1\n2\n1 1\n1\nx\n",
            "Case 1: Bob\nCase 2: Alice\n",
            (7, 1),
            "expected the size of pile 1 of case 3, found 'x'",
        ),
    ]);
    run_catalogue(entries);
}

#[test]
fn mine_catalogue() {
    let c = "mine";
    let mut entries = accepted_layouts(c, MINE, MINE_OUT);
    entries.extend(common_bad(c, MINE, MINE_OUT));
    entries.extend([
        good(c, "K = 0", "1\n1 1 0\n", "Case #1: Xiemao\n"),
        good(c, "K = N * M", "1\n2 2 4\n0 0\n0 1\n1 0\n1 1\n", "Case #1: Fanglaoshi\n"),
        good(c, "repeated mines are one mine", "1\n3 3 4\n1 1\n1 1\n1 1\n1 1\n", "Case #1: Fanglaoshi\n"),
        good(c, "K larger than N * M with repeats", "1\n1 2 3\n0 0\n0 0\n0 0\n", "Case #1: Xiemao\n"),
        good(c, "the last row and column", "1\n3 4 1\n2 3\n", "Case #1: Xiemao\n"),
        bad(
            c,
            "X = N (row outside)",
            "1\n3 4 1\n3 0\n",
            "",
            (3, 1),
            "X = 3 of mine 1 of case 1 is outside the board: it must be below 3",
        ),
        bad(
            c,
            "Y = M (column outside)",
            "1\n3 4 1\n0 4\n",
            "",
            (3, 3),
            "Y = 4 of mine 1 of case 1 is outside the board: it must be below 4",
        ),
        bad(
            c,
            "X far outside",
            "2\n1 1 0\n3 4 2\n0 0\n1000000 0\n",
            "Case #1: Xiemao\n",
            (5, 1),
            "X = 1000000 of mine 2 of case 2 is outside",
        ),
        bad(c, "Y past u64", "1\n3 4 1\n0 18446744073709551616\n", "", (3, 3), "Y of mine 1 of case 1 is too large"),
        bad(c, "X negative", "1\n3 4 1\n-1 0\n", "", (3, 1), "found a sign"),
        bad(
            c,
            "N = 0",
            "1\n0 3 0\n",
            "",
            (2, 1),
            "N, the number of rows of case 1 is 0: a board has at least one cell",
        ),
        bad(c, "M = 0", "1\n3 0 0\n", "", (2, 3), "M, the number of columns of case 1 is 0"),
        bad(c, "N = M = 0", "1\n0 0 0\n", "", (2, 1), "N, the number of rows of case 1 is 0"),
        bad(
            c,
            "N * M = 10^10 cells",
            "2\n3 3 0\n100000 100000 0\n",
            "Case #1: Xiemao\n",
            (3, 8),
            "a 100000 x 100000 board has 10000000000 cells; at most 4294967295",
        ),
        bad(c, "N * M = 2^32 cells", "1\n4294967296 1 0\n", "", (2, 12), "at most 4294967295 are supported"),
        bad(
            c,
            "N * M past u64",
            "1\n18446744073709551615 18446744073709551615 0\n",
            "",
            (2, 22),
            "340282366920938463426481119284349108225 cells",
        ),
        bad(
            c,
            "N * M within 2^32 but 36 GB to solve",
            "1\n1000000000 4 0\n",
            "",
            (2, 12),
            "bytes of memory to solve; at most 4294967296 (4 GiB)",
        ),
        bad(
            c,
            "N past u64",
            "1\n18446744073709551616 1 0\n",
            "",
            (2, 1),
            "N, the number of rows of case 1 is too large",
        ),
        bad(
            c,
            "K larger than the mines present",
            "1\n3 3 5\n1 1\n",
            "",
            (4, 1),
            "unexpected end of input: expected X of mine 2 of case 1",
        ),
        bad(
            c,
            "K past u64",
            "1\n3 3 18446744073709551616\n",
            "",
            (2, 5),
            "K, the number of mines of case 1 is too large",
        ),
        bad(
            c,
            "a mine without Y",
            "1\n3 3 2\n1 1\n2\n",
            "",
            (5, 1),
            "unexpected end of input: expected Y of mine 2 of case 1",
        ),
        bad(
            c,
            "a mine line with three numbers",
            "1\n3 3 1\n1 1 1\n",
            "Case #1: Fanglaoshi\n",
            (3, 5),
            "unexpected data after the 1 case",
        ),
        bad(c, "NUL in a mine line", "1\n3 3 1\n1\x001\n", "", (3, 2), "found character '\\0'"),
        bad(c, "N with a letter", "1\n3x 3 0\n", "", (2, 2), "expected N, the number of rows of case 1, found 'x'"),
    ]);
    run_catalogue(entries);
}

/// A knights case of `n` knights at (5, 8) (value 6): Alice iff `n` is odd.
fn knights_case(text: &mut String, n: usize) {
    writeln!(text, "{n}").unwrap();
    for _ in 0..n {
        text.push_str("5 8\n");
    }
}

/// Inputs of several MiB: errors far into the input, past chunk boundaries, on long lines.
#[test]
fn big_inputs_catalogue() {
    let mut entries = Vec::new();

    // 3 MiB of knights (about 390 cases of 1000 or 1001 knights), the last line bad.
    let mut text = String::new();
    let mut out = String::new();
    let mut cases = 0;
    let mut body = String::new();
    while body.len() < 3 * CHUNK {
        cases += 1;
        let n = 1000 + cases % 2;
        knights_case(&mut body, n);
        writeln!(out, "Case {cases}: {}", if n % 2 == 1 { "Alice" } else { "Bob" }).unwrap();
    }
    write!(text, "{}\n{body}1\n5 8x\n", cases + 1).unwrap();
    let line = text.lines().count();
    entries.push(bad(
        "knights",
        "3 MiB, the last line bad",
        text,
        &out,
        (line, 4),
        &format!("of case {}, found 'x'", cases + 1),
    ));

    // The same, valid: every answer.
    let mut valid = format!("{cases}\n{body}");
    entries.push(good("knights", "3 MiB valid", valid.clone(), &out));
    valid.push_str("\n\n\n");
    let lines = valid.lines().count();
    valid.push_str("   \t9");
    entries.push(bad(
        "knights",
        "3 MiB then data",
        valid,
        &out,
        (lines + 1, 5),
        &format!("unexpected data after the {cases} cases"),
    ));

    // A 5 MB line of spaces before a bad token: the column counts every one.
    let spaces = " ".repeat(5_000_000);
    entries.push(bad(
        "knights",
        "5 MB of spaces then a bad token",
        format!("1\n1\n{spaces}1 x\n"),
        "",
        (3, 5_000_003),
        "found 'x'",
    ));
    entries.push(bad(
        "knights",
        "5 MB of spaces then a good line and a bad one",
        format!("1\n1\n{spaces}1 0\n{spaces}2\n"),
        "Case 1: Bob\n",
        (4, 5_000_001),
        "unexpected data after the 1 case",
    ));

    // Tokens across the first 1 MiB boundary (stdin from a file reads exactly 1 MiB first).
    // `prefix` is padded with spaces so that `token` starts `before` bytes before the boundary.
    let straddle = |prefix: &str, before: usize, token: &str, suffix: &str| {
        let pad = CHUNK - before - prefix.len();
        (
            format!("{prefix}{}{token}{suffix}", " ".repeat(pad)),
            pad + prefix.len() - prefix.rfind('\n').map_or(0, |i| i + 1),
        )
    };
    for before in [1, 2, 3, 5, 8, 12, 19] {
        // A valid number across the boundary, then a bad token: the number was read whole.
        let (input, _) = straddle("2\n1\n", before, "123456789012345", " 0\n1\n1 y\n");
        let value = knight::grundy(123_456_789_012_345, 0).unwrap().0;
        let first = format!("Case 1: {}\n", if value != 0 { "Alice" } else { "Bob" });
        entries.push(bad(
            "knights",
            &format!("number {before} bytes before the boundary"),
            input,
            &first,
            (5, 3),
            "found 'y'",
        ));
        // A bad token across the boundary: reported at its first bad byte.
        let (input, col) = straddle("1\n1\n", before, "12345678901234567x", " 0\n");
        entries.push(bad(
            "knights",
            &format!("bad token {before} bytes before the boundary"),
            input,
            "",
            (3, col + 18),
            "found 'x'",
        ));
        // An overflowing number across the boundary: reported at its start.
        let (input, col) = straddle("1\n1\n", before, "99999999999999999999999", " 0\n");
        entries.push(bad(
            "knights",
            &format!("overflow {before} bytes before the boundary"),
            input,
            "",
            (3, col + 1),
            "too large",
        ));
        // A multi-byte character across the boundary.
        let (input, col) = straddle("1\n1\n", before, "\u{20ac}", " 0\n");
        entries.push(bad(
            "knights",
            &format!("euro sign {before} bytes before the boundary"),
            input,
            "",
            (3, col + 1),
            "found '\u{20ac}'",
        ));
        // The end of the input just after the boundary.
        let (input, _) = straddle("1\n2\n", before, "1 2", "\n");
        entries.push(bad(
            "knights",
            &format!("end {before} bytes before the boundary"),
            input,
            "",
            (4, 1),
            "expected x of knight 2",
        ));
    }
    // A newline exactly at the boundary, the error on the next line.
    let (mut input, _) = straddle("1\n1\n", 0, "", "");
    input.replace_range(CHUNK - 1..CHUNK, "\n");
    input.push_str("1 z\n");
    entries.push(bad("knights", "newline at the boundary", input, "", (4, 3), "found 'z'"));

    // Misère Nim: one line of 1.5 million piles (3 MB), the last one bad.
    let piles = 1_500_000;
    let line = format!("{}7x\n", "7 ".repeat(piles - 1));
    entries.push(bad(
        "misere-nim",
        "3 MB line, last pile bad",
        format!("2\n1\n1\n{piles}\n{line}"),
        "Case 1: Bob\n",
        (5, 2 * piles),
        "found 'x'",
    ));
    let line = format!("{}7 0\n", "7 ".repeat(piles - 1));
    entries.push(bad(
        "misere-nim",
        "3 MB line, last pile empty",
        format!("1\n{}\n{line}", piles + 1),
        "",
        (3, 2 * piles + 1),
        "pile 1500001 of case 1 is empty",
    ));

    // Mine: a 1000 x 1000 board with 400,000 mine lines (3 MB), the last one outside the board.
    let mut text = String::from("2\n3 3 0\n1000 1000 400000\n");
    for i in 0..399_999u32 {
        writeln!(text, "{} {}", i % 1000, (i * 7) % 1000).unwrap();
    }
    text.push_str("999 1000\n");
    let line = text.lines().count();
    entries.push(bad(
        "mine",
        "3 MB of mines, the last outside",
        text,
        "Case #1: Xiemao\n",
        (line, 5),
        "Y = 1000 of mine 400000 of case 2",
    ));

    run_catalogue(entries);
}
