//! Reading the rest of a large input on both cores: this thread takes the first half, a second
//! thread the second (split after a newline near the middle, else after any whitespace), each
//! summarising its half on its own.
//!
//! The rest is either in memory (a mapped file: the two halves are slices of it) or the rest of
//! a regular file read in chunks: then each thread reads its half itself, in chunks, by
//! positioned reads, so the halves need no more memory than a chunk each, and the summaries
//! count only if the file still has the size and modification time it had when opened.
//!
//! A judge uses it for its last case only (a case before it cannot be the rest of the input, and
//! trying would scan the rest once per case), when that case holds most of the input (20 M
//! knights, 10 M piles). The
//! caller accepts the two summaries only when they account for the case exactly; on `None`, or
//! when they do not add up, nothing was consumed and the sequential reader takes over, so answers
//! and error messages are the same as without it.

use super::scanner::{Scanner, is_space};
use super::source::Source;

/// Below this many unread bytes a second thread costs more than it saves.
pub const MIN_BYTES: usize = 1 << 22;

/// What each half is reduced to: a count of items and their summary, say.
pub trait Summarise: Sync {
    /// A half's summary.
    type Summary: Send;

    /// The summary of everything `scan` reads, or `None` if anything is off (a bad token: the
    /// sequential reader will report it).
    fn summarise<S: Source>(&self, scan: Scanner<S>) -> Option<Self::Summary>;
}

/// Bytes searched from the middle for a line break before any whitespace will do.
const NEAR: usize = 1 << 12;

/// Where to split `after` (the bytes from the middle on): after a line break near its start, else
/// after its first whitespace.
fn split_after(after: &[u8]) -> Option<usize> {
    let near = &after[..after.len().min(NEAR)];
    near.iter().position(|&b| b == b'\n').or_else(|| after.iter().position(|&b| is_space(b))).map(|at| at + 1)
}

/// `summarise` run on the two halves of the unread input, in parallel. `None` without the
/// `parallel` feature, or when the input is streamed from something other than a regular file,
/// is smaller than [`MIN_BYTES`], has no whitespace past its middle (near it, for a file), a
/// thread cannot be had, either half's summary is `None`, or the file changed. Consumes nothing.
pub fn read_rest_in_halves<S: Source, F: Summarise>(scan: &Scanner<S>, f: &F) -> Option<(F::Summary, F::Summary)> {
    if !cfg!(feature = "parallel") {
        return None;
    }
    if let Some(rest) = scan.unread_whole() {
        if rest.len() < MIN_BYTES {
            return None;
        }
        let middle = rest.len() / 2;
        let (first, second) = rest.split_at(middle + split_after(&rest[middle..])?);
        return std::thread::scope(|threads| {
            let other = std::thread::Builder::new().spawn_scoped(threads, || f.summarise(Scanner::new(second))).ok()?;
            let mine = f.summarise(Scanner::new(first));
            Some((mine?, other.join().ok()??))
        });
    }
    in_file_halves(scan, f)
}

/// The rest of a regular file read in chunks, each half by its own thread.
#[cfg(unix)]
fn in_file_halves<S: Source, F: Summarise>(scan: &Scanner<S>, f: &F) -> Option<(F::Summary, F::Summary)> {
    use std::os::unix::fs::FileExt;

    use super::source::{Chunks, OpenedFile};
    let (file, at) = scan.unread_file()?;
    let end = file.size;
    if end.saturating_sub(at) < MIN_BYTES as u64 {
        return None;
    }
    let middle = at + (end - at) / 2;
    let mut near = vec![0; NEAR];
    let got = file.file.read_at(&mut near, middle).ok()?;
    let split = middle + split_after(&near[..got])? as u64;
    let half = |from, to| Scanner::new(Chunks::here(Box::new(OpenedFile::range(file, from, to))));
    let (first, second) = (half(at, split), half(split, end));
    let summaries = std::thread::scope(|threads| {
        let other = std::thread::Builder::new().spawn_scoped(threads, || f.summarise(second)).ok()?;
        let mine = f.summarise(first);
        Some((mine?, other.join().ok()??))
    })?;
    file.unchanged().then_some(summaries)
}

#[cfg(not(unix))]
fn in_file_halves<S: Source, F: Summarise>(_: &Scanner<S>, _: &F) -> Option<(F::Summary, F::Summary)> {
    None
}
