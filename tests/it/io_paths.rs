//! The library's I/O paths: blob files read only as far as their header allows, judge input read
//! in chunks (answers and errors as from bytes in memory), and a file cut while it is read.

use std::io::{self, Write};
use std::path::PathBuf;

use grundy::judge::Input;
use grundy::judge::source::{CHUNK, Chunks};
use grundy::judge::{Judge, JudgeError};
use grundy::knight;
use grundy::leaper::Knights;
use grundy::table::{MAX_READ_LEN, OpenError, TableFile, embedded};
use grundy_core::format;

use crate::run::TempFile;
use proptest::prelude::*;

/// The embedded blob with its tables' offsets and lengths replaced, the header checksum made to
/// match (so the reader gets as far as the claimed sizes).
fn claiming(tables: &[(u64, u64)]) -> Vec<u8> {
    let blob = embedded::blob();
    let (mut header, used) = format::read_head(blob).unwrap();
    for (entry, &(offset, len)) in header.tables.iter_mut().zip(tables) {
        (entry.offset, entry.len) = (offset, len);
    }
    let head = format::write_head(&header);
    assert_eq!(head.len(), used, "fixed-int encoding: the same length");
    let mut bytes = blob[..blob.len().min(4096)].to_vec();
    bytes[..used].copy_from_slice(&head);
    bytes
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// A header claiming any sizes (up to 2^64 - 1), on a file of any length (sparse, up to 8 GiB):
    /// `read` and `map` refuse it without a panic and `read` without reading more than the
    /// header allows, and never more than [`MAX_READ_LEN`].
    #[test]
    fn blobs_claiming_huge_sizes_are_refused(
        tables in prop::collection::vec((any::<u64>(), prop_oneof![any::<u64>(), 0..1u64 << 34]), 4),
        file_len in prop_oneof![Just(None), (0..1u64 << 24).prop_map(Some), (MAX_READ_LEN + 1..1u64 << 33).prop_map(Some)],
    ) {
        let bytes = claiming(&tables);
        let file = TempFile::new(&bytes);
        if let Some(len) = file_len {
            std::fs::OpenOptions::new().write(true).open(&file.path).unwrap().set_len(len).unwrap();
        }
        match TableFile::read(&file.path) {
            Ok(_) => prop_assert!(false, "a damaged blob was accepted"),
            Err(OpenError::Io { source, .. }) => {
                prop_assert!(source.to_string().contains("a blob read into memory may have at most"), "{}", source)
            }
            Err(_) => {} // invalid: refused as a blob
        }
        // SAFETY: the temporary file is not changed while mapped.
        let mapped = unsafe { TableFile::map(&file.path) };
        prop_assert!(mapped.is_err(), "a damaged blob was mapped");
    }
}

/// A sparse file of 2 GiB whose header claims exactly that: refused before anything past the
/// header is read.
#[test]
fn a_blob_claiming_more_than_the_read_bound_is_not_read() {
    let size = 2 * MAX_READ_LEN;
    let file = TempFile::new(&claiming(&[(4096, size - 4096)]));
    std::fs::OpenOptions::new().write(true).open(&file.path).unwrap().set_len(size).unwrap();
    let Err(OpenError::Io { source, .. }) = TableFile::read(&file.path) else { panic!("refused as too large") };
    assert_eq!(
        source.to_string(),
        format!("its header describes {size} bytes of tables; a blob read into memory may have at most {MAX_READ_LEN}")
    );
}

/// A blob file longer than its header says is refused with the file's real length.
#[test]
fn a_blob_with_bytes_after_its_tables_reports_the_files_length() {
    let mut bytes = embedded::blob().to_vec();
    let end = bytes.len();
    bytes.extend_from_slice(&[0; 1000]);
    let file = TempFile::new(&bytes);
    let Err(OpenError::Invalid { source, .. }) = TableFile::read(&file.path) else { panic!("trailing bytes") };
    assert_eq!(source, grundy_core::format::BlobError::TrailingBytes { end: end as u64, len: end + 1000 });
    assert!(TableFile::read(&TempFile::new(embedded::blob()).path).is_ok());
}

/// A reader that hands out at most `step` bytes per call, then fails if `fail` is set.
struct Trickle {
    bytes: Vec<u8>,
    at: usize,
    step: usize,
    fail: bool,
}

impl io::Read for Trickle {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let n = self.step.min(self.bytes.len() - self.at).min(buf.len());
        if n == 0 && self.fail {
            return Err(io::Error::other("the device went away"));
        }
        buf[..n].copy_from_slice(&self.bytes[self.at..self.at + n]);
        self.at += n;
        Ok(n)
    }
}

fn knights(source: Chunks) -> (Vec<u8>, Result<(), String>) {
    let mut out = Vec::new();
    let result = Knights { table: knight::embedded_table() }
        .solve(&mut grundy::judge::scanner::Scanner::new(source), &mut out)
        .map_err(|e| e.to_string());
    (out, result)
}

/// Inputs of several chunks, with tokens across every chunk boundary (short numbers, a number
/// of 20 digits, a long bad token), read in chunks on this thread and on a second one: the same
/// answers and errors as from the bytes in memory.
#[test]
fn chunked_input_reads_like_bytes_in_memory() {
    let mut inputs = Vec::new();
    for pad in [0, 1, 3, 20, 64, 65] {
        // Case 2 is `count` knights `1 1`, ending `pad` bytes before the first chunk's end.
        let count = (CHUNK - pad - 20) / 4;
        let base = format!("3\n1\n1 2\n{count}\n{}", "1 1\n".repeat(count));
        let base = format!("{}{base}", " ".repeat(CHUNK - pad - base.len()));
        inputs.push(format!("{base}1\n00000000000000000001 2\n"));
        inputs.push(format!("{base}1\n{}x 2\n", "9".repeat(70)));
        inputs.push(format!("{base}2\n3 4 5\n"));
    }
    for input in inputs {
        let mut expected = Vec::new();
        let expected_result = Knights { table: knight::embedded_table() }
            .solve_bytes(input.as_bytes(), &mut expected)
            .map_err(|e| e.to_string());
        for threaded in [false, true] {
            for step in [7, 1 << 21] {
                let reader = Trickle { bytes: input.clone().into_bytes(), at: 0, step, fail: false };
                let source = if threaded { Chunks::new(Box::new(reader)) } else { Chunks::here(Box::new(reader)) };
                let (out, result) = knights(source);
                assert_eq!(result, expected_result, "threaded {threaded}, step {step}");
                assert!(out == expected, "threaded {threaded}, step {step}: answers differ");
            }
        }
    }
}

/// A read error after some input: the cases read before it are answered, then the error.
#[test]
fn a_read_error_comes_after_the_answers_before_it() {
    let input = b"3\n1\n1 0\n1\n2 5\n1\n3 ".to_vec();
    for threaded in [false, true] {
        let reader = Trickle { bytes: input.clone(), at: 0, step: 5, fail: true };
        let source = if threaded { Chunks::new(Box::new(reader)) } else { Chunks::here(Box::new(reader)) };
        let (out, result) = knights(source);
        assert_eq!(out, b"Case 1: Bob\nCase 2: Alice\n");
        assert_eq!(result, Err("reading input: the device went away".to_owned()));
    }
}

/// A reader that ends once, then has more (a terminal after Ctrl-D, a FIFO with a new writer).
struct EndsThenMore {
    parts: Vec<&'static [u8]>,
}

impl io::Read for EndsThenMore {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some(part) = self.parts.first_mut() else { return Ok(0) };
        let n = part.len().min(buf.len());
        buf[..n].copy_from_slice(&part[..n]);
        *part = &part[n..];
        if part.is_empty() {
            self.parts.remove(0);
        }
        Ok(n)
    }
}

/// The input ends where a read first returns nothing: whatever the reader has after that is
/// not read, however the chunks are read.
#[test]
fn the_input_ends_at_the_first_end() {
    for threaded in [false, true] {
        let reader = EndsThenMore { parts: vec![b"2\n1\n1 0\n1\n", b"", b"1 0\n"] };
        let source = if threaded { Chunks::new(Box::new(reader)) } else { Chunks::here(Box::new(reader)) };
        let (out, result) = knights(source);
        assert_eq!(out, b"Case 1: Bob\n", "threaded {threaded}");
        let error = result.unwrap_err();
        assert!(error.contains("unexpected end of input"), "threaded {threaded}: {error}");
    }
}

/// Output that cuts the input file to `cut` bytes when the first answer is written.
struct CutOnFirstWrite {
    path: PathBuf,
    cut: u64,
    out: Vec<u8>,
}

impl Write for CutOnFirstWrite {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if self.out.is_empty() {
            std::fs::OpenOptions::new().write(true).open(&self.path)?.set_len(self.cut)?;
        }
        self.out.extend_from_slice(buf);
        Ok(buf.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

/// A file cut while it is read, after its first case was answered (the reader is then at most
/// four chunks, 4 MiB, ahead, far from the cut at 8 MiB of 10): the cases before the cut are answered,
/// then an I/O error names the file.
/// Runs the knights judge on `input` from a file that is cut to `cut` bytes at the first write
/// of an answer; checks the read error names the file and both sizes; returns the output.
fn judge_cut_at_first_write(input: &str, cut: usize) -> Vec<u8> {
    let file = TempFile::new(input.as_bytes());
    let mut out = CutOnFirstWrite { path: file.path.clone(), cut: cut as u64, out: Vec::new() };
    let result =
        Knights { table: knight::embedded_table() }.solve_input(Input::open(Some(&file.path)).unwrap(), &mut out);
    let Err(JudgeError::Read(e)) = result else { panic!("a read error, not {result:?}") };
    let expected = format!(
        "{}: the file shrank while it was read ({} bytes when opened, {cut} now)",
        file.path.display(),
        input.len()
    );
    assert_eq!(e.to_string(), expected);
    out.out
}

#[test]
fn a_file_cut_while_it_is_read_fails_naming_it() {
    let case = "2\n1 1\n2 2\n";
    let cases = (10 << 20) / case.len();
    let input = format!("{cases}\n{}", case.repeat(cases));
    let cut_case = (8 << 20) / case.len();
    let cut = format!("{cases}\n").len() + cut_case * case.len();
    let out = judge_cut_at_first_write(&input, cut);
    let value = grundy::knight::value(1, 1).unwrap().0 ^ grundy::knight::value(2, 2).unwrap().0;
    let line = if value != 0 { "Alice" } else { "Bob" };
    let answers: String = (1..=cut_case).map(|k| format!("Case {k}: {line}\n")).collect();
    assert!(out == answers.as_bytes(), "the answers of the {cut_case} cases before the cut");
}

/// A file changed in place (the same size) after it was opened and before its bytes were read,
/// so that they are bad where the change is: the change is reported, an I/O error naming the
/// file (the bad bytes' position after it), not the bad bytes as an input error; the cases
/// before are answered.
#[test]
fn bad_bytes_of_a_file_changed_while_it_is_read_report_the_change() {
    use std::io::{Seek, SeekFrom};
    let input = "2\n1\n1 1\n1\n2 2\n";
    let file = TempFile::new(input.as_bytes());
    let opened = Input::open(Some(&file.path)).unwrap();
    let mut f = std::fs::OpenOptions::new().write(true).open(&file.path).unwrap();
    f.seek(SeekFrom::Start(12)).unwrap();
    f.write_all(b"x").unwrap();
    // A modification time of its own, whatever the file system's clock granularity.
    f.set_modified(std::time::SystemTime::UNIX_EPOCH + std::time::Duration::from_secs(1 << 30)).unwrap();
    drop(f);
    let mut out = Vec::new();
    let result = Knights { table: knight::embedded_table() }.solve_input(opened, &mut out);
    let Err(JudgeError::Read(e)) = result else { panic!("a read error, not {result:?}") };
    let expected =
        format!("{}: the file was modified while it was read (then, as read: line 5, column 3: ", file.path.display());
    assert!(e.to_string().starts_with(&expected), "{e}");
    let line = if grundy::knight::value(1, 1).unwrap().0 != 0 { "Alice" } else { "Bob" };
    assert_eq!(String::from_utf8_lossy(&out), format!("Case 1: {line}\n"));
    // Unchanged, the same bytes are an input error.
    let changed = std::fs::read(&file.path).unwrap();
    let result = Knights { table: knight::embedded_table() }.solve_bytes(&changed, &mut Vec::new());
    assert!(matches!(result, Err(JudgeError::Input(_))), "{result:?}");
}

/// A large last case of a file read in chunks (which its two halves are, by positioned reads,
/// one per thread): the same answers and errors as from the bytes in memory, whether the case is
/// whole, has a bad token in its second half, or has fewer or more knights than it says.
#[test]
fn a_large_last_case_of_a_file_reads_like_bytes_in_memory() {
    let count = (6 << 20) / 8;
    // Knights in the square (read in bulk), and every 97th beyond it (read token by token).
    let knight = |i: usize| if i.is_multiple_of(97) { (500 + i % 3000, i % 7) } else { (i % 500, (i * 7) % 500) };
    let knights: String = (0..count).map(|i| format!("{} {}\n", knight(i).0, knight(i).1)).collect();
    let mut inputs = vec![
        format!("2\n1\n3 4\n{count}\n{knights}"),
        format!("2\n1\n3 4\n{}\n{knights}", count + 1),
        format!("2\n1\n3 4\n{}\n{knights}", count - 1),
    ];
    let bad = knights.len() * 3 / 4;
    let bad = bad + knights[bad..].find('\n').unwrap() + 1;
    inputs.push(format!("1\n{count}\n{}x{}", &knights[..bad], &knights[bad + 1..]));
    for input in inputs {
        let mut expected = Vec::new();
        let expected_result = Knights { table: knight::embedded_table() }
            .solve_bytes(input.as_bytes(), &mut expected)
            .map_err(|e| e.to_string());
        let file = TempFile::new(input.as_bytes());
        let mut out = Vec::new();
        let result = Knights { table: knight::embedded_table() }
            .solve_input(Input::open(Some(&file.path)).unwrap(), &mut out)
            .map_err(|e| e.to_string());
        assert_eq!(result, expected_result);
        assert!(out == expected, "answers differ");
    }
}

/// A file cut after its first case was answered, before its large last case is read in halves:
/// the halves do not count (the file changed), and the sequential reader reports the cut.
#[test]
fn a_file_cut_before_its_large_last_case_fails_naming_it() {
    let count = (6 << 20) / 4;
    let input = format!("2\n1\n3 4\n{count}\n{}", "1 1\n".repeat(count));
    let cut = input.len() / 2;
    let out = judge_cut_at_first_write(&input, cut);
    let line = if grundy::knight::value(3, 4).unwrap().0 != 0 { "Alice" } else { "Bob" };
    assert_eq!(out, format!("Case 1: {line}\n").as_bytes());
}
