//! The catalogue of bad (and oddly laid out but valid) judge inputs, end to end: what each judge
//! accepts, and for what it rejects, where it says the input went wrong.
//!
//! The catalogue is a set of tables, one row an input. Every row runs the real `grundy` binary
//! three ways: with the input as a file argument, on standard input redirected from the file (both
//! read in chunks of exactly [`CHUNK`] bytes, so rows can place a token across the chunk
//! boundary) and on standard input through a pipe (chunks of whatever the pipe hands over). Each
//! way must give
//! - for a bad input: exit code 2, on stdout exactly the answers of the cases before the bad one
//!   (nothing of the bad case), on stderr one line `grundy: line L, column C: ...` with the
//!   row's message fragment;
//! - for an accepted input (CRLF, no final newline, tabs, blank lines, leading zeros...): exit
//!   code 0, the exact judge output, nothing on stderr.
//!
//! Decisions recorded here: `T = 0` is valid and prints nothing (the problem statements give no
//! lower bound for `T`); a knights case with `n = 0` is an empty sum (Bob), while misère Nim's
//! `k` and piles must be at least 1 (as the statement says); a lone `\r` is whitespace like a
//! CRLF's; the judges accept values beyond the statements' ranges where the answer is still exact
//! (coordinates up to 2^63 - 1, piles up to 2^64 - 1, `T`, `n`, `k`, `K` unbounded, Mine boards
//! up to 2^32 - 1 cells within 4 GiB of working memory), so only what cannot be answered exactly
//! is an error.

use std::fmt::Write as _;
use std::path::Path;
use std::process::Output;

use grundy::knight;

use crate::run::{Bin, Stdin, run, scratch_dir};

/// Bytes the judge reads per chunk from standard input (`grundy::judge::source::CHUNK`).
const CHUNK: usize = grundy::judge::source::CHUNK;

/// The most digits a number may have (`grundy::judge::scanner::MAX_DIGITS`).
const MAX_DIGITS: usize = grundy::judge::scanner::MAX_DIGITS;

/// An accepted input: name, input, the exact standard output.
type Good<'a> = (&'a str, &'a [u8], &'a str);

/// A bad input: name, input, the exact standard output (the answers of the cases before the bad
/// one), line and column of the error, a fragment of its message.
type Bad<'a> = (&'a str, &'a [u8], &'a str, (usize, usize), &'a str);

/// One row of the catalogue, ready to run.
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

/// The rows of `good` and `bad` as entries of `command`.
fn entries(command: &'static str, good: &[Good<'_>], bad: &[Bad<'_>]) -> Vec<Entry> {
    let good = good.iter().map(|&(name, input, stdout)| Entry {
        name: name.to_owned(),
        command,
        input: input.to_vec(),
        stdout: stdout.to_owned(),
        error: None,
    });
    let bad = bad.iter().map(|&(name, input, stdout, (line, column), message)| Entry {
        name: name.to_owned(),
        command,
        input: input.to_vec(),
        stdout: stdout.to_owned(),
        error: Some((line, column, message.to_owned())),
    });
    good.chain(bad).collect()
}

/// Runs an entry the three ways; returns what went wrong, if anything.
fn check(entry: &Entry, dir: &Path) -> Vec<String> {
    let path = dir.join(format!("{}-{}.in", entry.command, entry.name.replace([' ', '/'], "-")));
    std::fs::write(&path, &entry.input).unwrap();
    let file = path.to_str().expect("a UTF-8 temporary path");
    let ways: [(&str, Output); 3] = [
        ("file argument", run(Bin::Grundy, &[entry.command, file], Stdin::Null)),
        ("stdin from the file", run(Bin::Grundy, &[entry.command], Stdin::File(&path))),
        ("stdin through a pipe", run(Bin::Grundy, &[entry.command], Stdin::Pipe(&entry.input))),
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
fn run_catalogue(entries: impl IntoIterator<Item = Vec<Entry>>) {
    let entries: Vec<Entry> = entries.into_iter().flatten().collect();
    eprintln!("{} entries, each run 3 ways", entries.len());
    let dir = scratch_dir("bad-input");
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
    let crlf = sample.replace('\n', "\r\n");
    let trimmed = sample.trim_end();
    let trimmed_crlf = trimmed.replace('\n', "\r\n");
    let one_line = sample.split_whitespace().collect::<Vec<_>>().join(" ");
    let lone_cr = sample.replace('\n', "\r");
    let zeros = sample.split('\n').map(|l| l.replace(' ', " 00")).collect::<Vec<_>>().join("\n");
    let trailing = format!("{sample}\n \t\r\n\n");
    // T with as many digits as a number may have, leading zeros.
    let longest = format!("{}{sample}", "0".repeat(MAX_DIGITS - 1));
    #[rustfmt::skip]
    let good: &[Good<'_>] = &[
        ("sample", sample.as_bytes(), out),
        ("CRLF everywhere", crlf.as_bytes(), out),
        ("no final newline", trimmed.as_bytes(), out),
        ("CRLF and no final newline", trimmed_crlf.as_bytes(), out),
        ("tabs, blank lines, leading spaces", spaced.as_bytes(), out),
        ("all on one line", one_line.as_bytes(), out),
        ("lone CR as separator", lone_cr.as_bytes(), out),
        ("leading zeros", zeros.as_bytes(), out),
        ("the most leading zeros", longest.as_bytes(), out),
        ("trailing whitespace lines", trailing.as_bytes(), out),
        ("T = 0 prints nothing", b"0\n", ""),
        ("T = 0 without newline", b"0", ""),
    ];
    entries(command, good, &[])
}

/// Bad inputs every judge rejects the same way (T and what surrounds the cases).
fn common_bad(command: &'static str, sample: &str, out: &str) -> Vec<Entry> {
    let lines = sample.lines().count();
    let last = sample.lines().last().unwrap().len();
    let more_cases = sample.replacen(sample.lines().next().unwrap(), "7", 1);
    let t = &sample[..1];
    let rest = &sample[2..];
    let all_but_last = &out[..out.trim_end().rfind('\n').map_or(0, |i| i + 1)];
    let bom = format!("\u{feff}{sample}");
    let (vt, ff, nbsp) = (format!("{t}\x0b{rest}"), format!("{t}\x0c{rest}"), format!("{t}\u{a0}{rest}"));
    let (extra_number, extra_text) = (format!("{sample}7\n"), format!("{sample}\n\n  end"));
    let nul_after = format!("{sample}\0");
    let nul_glued = format!("{}\0\n", sample.trim_end());
    let nul_line = format!("{sample}\0\n");
    let too_long = format!("{}{sample}", "0".repeat(MAX_DIGITS));
    #[rustfmt::skip]
    let bad: &[Bad<'_>] = &[
        ("empty input", b"", "", (1, 1), "unexpected end of input: expected T, the number of cases"),
        ("only whitespace", b" \n\t\r\n  ", "", (3, 3), "unexpected end of input: expected T"),
        ("T larger than the cases present", more_cases.as_bytes(), out, (lines + 1, 1), "unexpected end of input"),
        ("T not a number", b"two\n", "", (1, 1), "expected T, the number of cases, found 't'"),
        ("T negative", b"-2\n", "", (1, 1), "found a sign"),
        ("T with a plus sign", b"+2\n", "", (1, 1), "found a sign"),
        ("T of too many leading zeros", too_long.as_bytes(), "", (1, 1), "T, the number of cases has more than 4096 digits"),
        ("T past u64", b"18446744073709551616\n", "", (1, 1), "T, the number of cases is too large"),
        ("T of 30 digits", b"123456789012345678901234567890\n", "", (1, 1), "too large"),
        ("T in hex", b"0x2\n", "", (1, 2), "found 'x'"),
        ("T as a decimal", b"2.0\n", "", (1, 2), "found '.'"),
        ("NUL byte for T", b"\0", "", (1, 1), "found character '\\0'"),
        ("invalid UTF-8", b"\xff\xfe", "", (1, 1), "found byte 0xff (not UTF-8)"),
        ("UTF-8 BOM", bom.as_bytes(), "", (1, 1), "found a UTF-8 byte-order mark (U+FEFF"),
        ("non-ASCII digit", "\u{0662}\n".as_bytes(), "", (1, 1), "found '\u{0662}'"),
        ("vertical tab separator", vt.as_bytes(), "", (1, 2), "found character '\\u{b}'"),
        ("form feed separator", ff.as_bytes(), "", (1, 2), "found character '\\u{c}'"),
        ("no-break space separator", nbsp.as_bytes(), "", (1, 2), "found character '\\u{a0}'"),
        ("extra number after the cases", extra_number.as_bytes(), out, (lines + 1, 1), "unexpected data after case"),
        ("extra text after the cases", extra_text.as_bytes(), out, (lines + 3, 3), "unexpected data after case"),
        ("NUL after the cases", nul_after.as_bytes(), out, (lines + 1, 1), "unexpected data after case"),
        // Glued to the last number, the NUL spoils it: the last case is not answered.
        ("NUL after the last number", nul_glued.as_bytes(), all_but_last, (lines, last + 1), "found character '\\0'"),
        ("NUL after the last line", nul_line.as_bytes(), out, (lines + 1, 1), "unexpected data after case"),
    ];
    entries(command, &[], bad)
}

#[test]
fn knights_catalogue() {
    let c = "knights";
    let max = knight::MAX_COORDINATE;
    let far = knight::value(max, 0).unwrap().0;
    let far_out = format!("Case 1: {}\n", if far != 0 { "Alice" } else { "Bob" });
    let (at_max, past_max) = (format!("1\n1\n{max} 0\n"), format!("1\n1\n{} 0\n", max + 1));
    let y_max = format!("1\n1\n0 {}\n", u64::MAX);
    #[rustfmt::skip]
    let good: &[Good<'_>] = &[
        ("n = 0 is an empty sum", b"1\n0\n", "Case 1: Bob\n"),
        ("coordinate 2^63 - 1", at_max.as_bytes(), &far_out),
        ("beyond the statement's 500", b"1\n2\n5000 3\n3 5000\n", "Case 1: Bob\n"),
    ];
    #[rustfmt::skip]
    let bad: &[Bad<'_>] = &[
        ("coordinate 2^63", past_max.as_bytes(), "", (3, 1), "x of knight 1 of case 1 is too large"),
        ("y = 2^64 - 1", y_max.as_bytes(), "", (3, 3), "y of knight 1 of case 1 is too large"),
        ("y past u64", b"1\n1\n0 18446744073709551616\n", "", (3, 3), "y of knight 1 of case 1 is too large"),
        ("x of 25 digits", b"1\n1\n1234567890123456789012345 0\n", "", (3, 1), "too large"),
        ("x not a number", b"1\n1\nx 0\n", "", (3, 1), "expected x of knight 1 of case 1, found 'x'"),
        ("y with a letter", b"1\n1\n1 2a\n", "", (3, 4), "expected y of knight 1 of case 1, found 'a'"),
        ("x negative", b"1\n1\n-1 0\n", "", (3, 1), "found a sign"),
        ("y with a plus sign", b"1\n1\n1 +0\n", "", (3, 3), "found a sign"),
        ("NUL between x and y", b"1\n1\n1\x000\n", "", (3, 2), "expected x of knight 1 of case 1, found character '\\0'"),
        ("invalid UTF-8 for y", b"1\n1\n1 \xc3\n", "", (3, 3), "found byte 0xc3 (not UTF-8)"),
        ("accented letter for y", "1\n1\n1 \u{e9}\n".as_bytes(), "", (3, 3), "found '\u{e9}'"),
        ("n larger than the knights present", b"2\n1\n1 0\n3\n1 0\n2 5\n", "Case 1: Bob\n", (7, 1), "expected x of knight 3 of case 2"),
        ("a knight without y", b"1\n2\n1 0\n2\n", "", (5, 1), "unexpected end of input: expected y of knight 2 of case 1"),
        ("n negative", b"1\n-1\n", "", (2, 1), "n, the number of knights of case 1 as an unsigned number"),
        ("second case bad", "2\n1\n1 2\n1\n3 \u{ff}5\n".as_bytes(), "Case 1: Alice\n", (5, 3), "expected y of knight 1 of case 2"),
    ];
    run_catalogue([
        accepted_layouts(c, KNIGHTS, KNIGHTS_OUT),
        common_bad(c, KNIGHTS, KNIGHTS_OUT),
        entries(c, good, bad),
    ]);
}

#[test]
fn misere_catalogue() {
    let c = "misere-nim";
    let huge_piles = format!("1\n2\n{0} {0}\n", u64::MAX);
    let many_piles = format!("1\n101\n{}\n", vec!["1"; 101].join(" "));
    let long_pile = format!("1\n1\n{}\n", "9".repeat(40));
    #[rustfmt::skip]
    let good: &[Good<'_>] = &[
        ("pitfall: one pile of one", b"1\n1\n1\n", "Case 1: Bob\n"),
        ("pitfall: two piles of one", b"1\n2\n1 1\n", "Case 1: Alice\n"),
        ("piles of 2^64 - 1", huge_piles.as_bytes(), "Case 1: Bob\n"),
        ("k beyond the statement's 100", many_piles.as_bytes(), "Case 1: Bob\n"),
    ];
    #[rustfmt::skip]
    let bad: &[Bad<'_>] = &[
        ("k = 0", b"2\n1\n1\n0\n\n", "Case 1: Bob\n", (4, 1), "case 2 has no piles: k must be at least 1"),
        ("a pile of 0", b"1\n3\n1 0 2\n", "", (3, 3), "pile 2 of case 1 is empty: piles hold at least one stone"),
        ("a pile of 00", b"1\n1\n00\n", "", (3, 1), "pile 1 of case 1 is empty"),
        ("pile past u64", b"1\n2\n1 18446744073709551616\n", "", (3, 3), "the size of pile 2 of case 1 is too large"),
        ("pile of 40 digits", long_pile.as_bytes(), "", (3, 1), "too large"),
        ("k past u64", b"1\n99999999999999999999\n1\n", "", (2, 1), "k, the number of piles of case 1 is too large"),
        ("k larger than the piles present", b"1\n3\n1 2\n", "", (4, 1), "unexpected end of input: expected the size of pile 3 of case 1"),
        ("k smaller than the piles present", b"2\n1\n1 2\n2\n1 2\n", "Case 1: Bob\nCase 2: Alice\n", (5, 3), "unexpected data after case 2"),
        ("negative pile", b"1\n2\n3 -4\n", "", (3, 3), "found a sign"),
        ("pile with a plus sign", b"1\n2\n+3 4\n", "", (3, 1), "found a sign"),
        ("pile as a decimal", b"1\n1\n1.5\n", "", (3, 2), "found '.'"),
        ("pile in exponent notation", b"1\n1\n1e9\n", "", (3, 2), "found 'e'"),
        ("NUL inside a pile", b"1\n1\n1\x002\n", "", (3, 2), "found character '\\0'"),
        ("invalid UTF-8 pile", b"1\n2\n3 \x80\n", "", (3, 3), "found byte 0x80 (not UTF-8)"),
        ("third case bad", b"3\n1\n1\n2\n1 1\n1\nx\n", "Case 1: Bob\nCase 2: Alice\n", (7, 1), "expected the size of pile 1 of case 3, found 'x'"),
    ];
    run_catalogue([accepted_layouts(c, MISERE, MISERE_OUT), common_bad(c, MISERE, MISERE_OUT), entries(c, good, bad)]);
}

#[test]
fn mine_catalogue() {
    let c = "mine";
    #[rustfmt::skip]
    let good: &[Good<'_>] = &[
        ("K = 0", b"1\n1 1 0\n", "Case #1: Xiemao\n"),
        ("K = N * M", b"1\n2 2 4\n0 0\n0 1\n1 0\n1 1\n", "Case #1: Fanglaoshi\n"),
        ("repeated mines are one mine", b"1\n3 3 4\n1 1\n1 1\n1 1\n1 1\n", "Case #1: Fanglaoshi\n"),
        ("K larger than N * M with repeats", b"1\n1 2 3\n0 0\n0 0\n0 0\n", "Case #1: Xiemao\n"),
        ("the last row and column", b"1\n3 4 1\n2 3\n", "Case #1: Xiemao\n"),
    ];
    #[rustfmt::skip]
    let bad: &[Bad<'_>] = &[
        ("X = N (row outside)", b"1\n3 4 1\n3 0\n", "", (3, 1), "X = 3 of mine 1 of case 1 is outside the board: it must be below 3"),
        ("Y = M (column outside)", b"1\n3 4 1\n0 4\n", "", (3, 3), "Y = 4 of mine 1 of case 1 is outside the board: it must be below 4"),
        ("X far outside", b"2\n1 1 0\n3 4 2\n0 0\n1000000 0\n", "Case #1: Xiemao\n", (5, 1), "X = 1000000 of mine 2 of case 2 is outside"),
        ("Y past u64", b"1\n3 4 1\n0 18446744073709551616\n", "", (3, 3), "Y of mine 1 of case 1 is too large"),
        ("X negative", b"1\n3 4 1\n-1 0\n", "", (3, 1), "found a sign"),
        ("N = 0", b"1\n0 3 0\n", "", (2, 1), "N, the number of rows of case 1 is 0: a board has at least one cell"),
        ("M = 0", b"1\n3 0 0\n", "", (2, 3), "M, the number of columns of case 1 is 0"),
        ("N = M = 0", b"1\n0 0 0\n", "", (2, 1), "N, the number of rows of case 1 is 0"),
        ("N * M = 10^10 cells", b"2\n3 3 0\n100000 100000 0\n", "Case #1: Xiemao\n", (3, 8), "a 100000 x 100000 board has 10000000000 cells; at most 4294967295"),
        ("N * M = 2^32 cells", b"1\n4294967296 1 0\n", "", (2, 12), "at most 4294967295 are supported"),
        ("N * M past u64", b"1\n18446744073709551615 18446744073709551615 0\n", "", (2, 22), "340282366920938463426481119284349108225 cells"),
        ("N * M within 2^32 but 36 GB to solve", b"1\n1000000000 4 0\n", "", (2, 12), "bytes of memory to solve; at most 4294967296 (4 GiB)"),
        ("N past u64", b"1\n18446744073709551616 1 0\n", "", (2, 1), "N, the number of rows of case 1 is too large"),
        ("K larger than the mines present", b"1\n3 3 5\n1 1\n", "", (4, 1), "unexpected end of input: expected X of mine 2 of case 1"),
        ("K past u64", b"1\n3 3 18446744073709551616\n", "", (2, 5), "K, the number of mines of case 1 is too large"),
        ("a mine without Y", b"1\n3 3 2\n1 1\n2\n", "", (5, 1), "unexpected end of input: expected Y of mine 2 of case 1"),
        ("a mine line with three numbers", b"1\n3 3 1\n1 1 1\n", "Case #1: Fanglaoshi\n", (3, 5), "unexpected data after case 1"),
        ("NUL in a mine line", b"1\n3 3 1\n1\x001\n", "", (3, 2), "found character '\\0'"),
        ("N with a letter", b"1\n3x 3 0\n", "", (2, 2), "expected N, the number of rows of case 1, found 'x'"),
    ];
    run_catalogue([accepted_layouts(c, MINE, MINE_OUT), common_bad(c, MINE, MINE_OUT), entries(c, good, bad)]);
}

/// A knights case of `n` knights at (5, 8) (value 6): Alice iff `n` is odd.
fn knights_case(text: &mut String, n: usize) {
    writeln!(text, "{n}").unwrap();
    for _ in 0..n {
        text.push_str("5 8\n");
    }
}

/// Where an error is on its line, in a row of [`BOUNDARY`].
#[derive(Debug, Clone, Copy)]
enum Column {
    /// This column.
    At(usize),
    /// The column of the token's byte `i` (from 0; the line is ASCII up to it).
    InToken(usize),
}

/// How many bytes before the first chunk boundary each token of [`BOUNDARY`] starts.
const BEFORE: &[usize] = &[1, 2, 3, 5, 8, 12, 19];

/// Tokens across the first chunk boundary (a file is read [`CHUNK`] bytes exactly at first). A row:
/// its name (`{before}` stands for the distance), the distances it is tried at, the input as a
/// prefix, the token and a suffix (the prefix is padded with spaces so that the token starts
/// `before` bytes before the boundary), the exact standard output (`None`: the answer to a first
/// case of one knight at `(123456789012345, 0)`), and line, column and a fragment of the message
/// of the error.
type Straddle = (
    &'static str,
    &'static [usize],
    &'static str,
    &'static str,
    &'static str,
    Option<&'static str>,
    usize,
    Column,
    &'static str,
);

#[rustfmt::skip]
const BOUNDARY: &[Straddle] = &[
    // A valid number across the boundary, then a bad token: the number was read whole.
    ("number {before} bytes before the boundary", BEFORE, "2\n1\n", "123456789012345", " 0\n1\n1 y\n", None, 5, Column::At(3), "found 'y'"),
    // A bad token across the boundary: reported at its first bad byte.
    ("bad token {before} bytes before the boundary", BEFORE, "1\n1\n", "12345678901234567x", " 0\n", Some(""), 3, Column::InToken(17), "found 'x'"),
    // An overflowing number across the boundary: reported at its start.
    ("overflow {before} bytes before the boundary", BEFORE, "1\n1\n", "99999999999999999999999", " 0\n", Some(""), 3, Column::InToken(0), "too large"),
    // A multi-byte character across the boundary.
    ("euro sign {before} bytes before the boundary", BEFORE, "1\n1\n", "\u{20ac}", " 0\n", Some(""), 3, Column::InToken(0), "found '\u{20ac}'"),
    // The end of the input just after the boundary.
    ("end {before} bytes before the boundary", BEFORE, "1\n2\n", "1 2", "\n", Some(""), 4, Column::At(1), "expected x of knight 2"),
    // A newline exactly at the boundary (its last byte), the error on the next line.
    ("newline at the boundary", &[1], "1\n1\n", "\n", "1 z\n", Some(""), 4, Column::At(3), "found 'z'"),
];

/// The entries of [`BOUNDARY`], each row at each of its distances.
fn boundary_entries() -> Vec<Entry> {
    let value = knight::value(123_456_789_012_345, 0).unwrap().0;
    let first = format!("Case 1: {}\n", if value != 0 { "Alice" } else { "Bob" });
    let mut all = Vec::new();
    for &(name, befores, prefix, token, suffix, stdout, line, column, message) in BOUNDARY {
        for &before in befores {
            let pad = CHUNK - before - prefix.len();
            let input = format!("{prefix}{}{token}{suffix}", " ".repeat(pad));
            // Characters on the token's line before it.
            let col = pad + prefix.len() - prefix.rfind('\n').map_or(0, |i| i + 1);
            let column = match column {
                Column::At(column) => column,
                Column::InToken(i) => col + 1 + i,
            };
            let name = name.replace("{before}", &before.to_string());
            let row: Bad<'_> = (&name, input.as_bytes(), stdout.unwrap_or(&first), (line, column), message);
            all.extend(entries("knights", &[], &[row]));
        }
    }
    all
}

/// Inputs of several MiB: errors far into the input, past chunk boundaries, on long lines.
#[test]
fn big_inputs_catalogue() {
    // 3 MiB of knights (about 390 cases of 1000 or 1001 knights), the last line bad.
    let mut out = String::new();
    let mut cases = 0;
    let mut body = String::new();
    while body.len() < 3 * CHUNK {
        cases += 1;
        let n = 1000 + cases % 2;
        knights_case(&mut body, n);
        writeln!(out, "Case {cases}: {}", if n % 2 == 1 { "Alice" } else { "Bob" }).unwrap();
    }
    let last_bad = format!("{}\n{body}1\n5 8x\n", cases + 1);
    let last_bad_line = last_bad.lines().count();
    let last_bad_message = format!("of case {}, found 'x'", cases + 1);
    // The same, valid: every answer; then with data after it.
    let valid = format!("{cases}\n{body}");
    let then_data = format!("{valid}\n\n\n   \t9");
    let then_data_line = format!("{valid}\n\n\n").lines().count() + 1;
    let then_data_message = format!("unexpected data after case {cases}");
    // A 5 MB line of spaces before a bad token: the column counts every one.
    let spaces = " ".repeat(5_000_000);
    let (spaces_bad, spaces_then_line) = (format!("1\n1\n{spaces}1 x\n"), format!("1\n1\n{spaces}1 0\n{spaces}2\n"));
    // 16 M zeros before a coordinate: refused at the token's start, without reading it whole
    // into memory or again at every chunk.
    let zeros = format!("1\n1\n{}1 0\n", "0".repeat(16 << 20));
    #[rustfmt::skip]
    let knights: &[Bad<'_>] = &[
        ("16 M leading zeros", zeros.as_bytes(), "", (3, 1), "x of knight 1 of case 1 has more than 4096 digits"),
        ("3 MiB, the last line bad", last_bad.as_bytes(), &out, (last_bad_line, 4), &last_bad_message),
        ("3 MiB then data", then_data.as_bytes(), &out, (then_data_line, 5), &then_data_message),
        ("5 MB of spaces then a bad token", spaces_bad.as_bytes(), "", (3, 5_000_003), "found 'x'"),
        ("5 MB of spaces then a good line and a bad one", spaces_then_line.as_bytes(), "Case 1: Bob\n", (4, 5_000_001), "unexpected data after case 1"),
    ];

    // Misère Nim: one line of 1.5 million piles (3 MB), the last one bad or empty.
    let piles = 1_500_000;
    let last_bad_pile = format!("2\n1\n1\n{piles}\n{}7x\n", "7 ".repeat(piles - 1));
    let last_empty_pile = format!("1\n{}\n{}7 0\n", piles + 1, "7 ".repeat(piles - 1));
    #[rustfmt::skip]
    let misere: &[Bad<'_>] = &[
        ("3 MB line, last pile bad", last_bad_pile.as_bytes(), "Case 1: Bob\n", (5, 2 * piles), "found 'x'"),
        ("3 MB line, last pile empty", last_empty_pile.as_bytes(), "", (3, 2 * piles + 1), "pile 1500001 of case 1 is empty"),
    ];

    // Mine: a 1000 x 1000 board with 400,000 mine lines (3 MB), the last one outside the board.
    let mut mines = String::from("2\n3 3 0\n1000 1000 400000\n");
    for i in 0..399_999u32 {
        writeln!(mines, "{} {}", i % 1000, (i * 7) % 1000).unwrap();
    }
    mines.push_str("999 1000\n");
    let mines_line = mines.lines().count();
    #[rustfmt::skip]
    let mine: &[Bad<'_>] = &[
        ("3 MB of mines, the last outside", mines.as_bytes(), "Case #1: Xiemao\n", (mines_line, 5), "Y = 1000 of mine 400000 of case 2"),
    ];

    run_catalogue([
        entries("knights", &[("3 MiB valid", valid.as_bytes(), &out)], knights),
        boundary_entries(),
        entries("misere-nim", &[], misere),
        entries("mine", &[], mine),
    ]);
}
