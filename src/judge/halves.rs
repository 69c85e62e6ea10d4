//! Reading the rest of a large input on both cores: this thread takes the first half, a second
//! thread the second (split after a newline near the middle, else after any whitespace), each
//! summarising its half on its own.
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

/// `summarise` run on the two halves of the unread input, in parallel. `None` without the
/// `parallel` feature, or when the input is streamed, smaller than [`MIN_BYTES`], has no whitespace past its middle, a thread cannot
/// be had, or either half's summary is `None`. Consumes nothing.
pub fn read_rest_in_halves<S: Source, T: Send>(
    scan: &Scanner<S>,
    summarise: impl Fn(&[u8]) -> Option<T> + Sync,
) -> Option<(T, T)> {
    if !cfg!(feature = "parallel") {
        return None;
    }
    let rest = scan.unread_whole().filter(|rest| rest.len() >= MIN_BYTES)?;
    let middle = rest.len() / 2;
    let after = &rest[middle..];
    // A line break keeps `x y` lines whole; a long line (all piles of one case) splits at a space.
    let near = &after[..after.len().min(1 << 12)];
    let at = near.iter().position(|&b| b == b'\n').or_else(|| after.iter().position(|&b| is_space(b)))?;
    let split = middle + at + 1;
    let (first, second) = rest.split_at(split);
    std::thread::scope(|threads| {
        let other = std::thread::Builder::new().spawn_scoped(threads, || summarise(second)).ok()?;
        let mine = summarise(first);
        Some((mine?, other.join().ok()??))
    })
}
