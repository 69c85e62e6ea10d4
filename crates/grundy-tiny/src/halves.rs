//! A large last case read on both cores, as `grundy` reads it: when the rest of a regular file
//! is at least [`MIN_BYTES`], a second thread summarises its second half (from a line break
//! near the middle) while this one summarises the first, each reading its half by positioned
//! reads. The caller takes the summaries only when they account for the case exactly and the
//! file has not changed; otherwise nothing was consumed and the case is read as any other, so
//! answers and error messages are the same either way.

use core::ffi::c_void;

use crate::input::Scanner;
use crate::sys;

/// Below this many unread bytes a second thread costs more than it saves.
const MIN_BYTES: u64 = 1 << 22;

/// Bytes looked at from the middle for a line break (else a space) to split after.
const NEAR: usize = 1 << 12;

/// What a half is reduced to (the judge's choice: items read, their XOR, ...). `None` when
/// anything is off in it: a bad token, an item out of range.
pub type Summary = [u64; 3];

/// A half for the second thread, and its summary once done.
struct Job {
    scan: Scanner,
    summarise: fn(&mut Scanner) -> Option<Summary>,
    result: Option<Summary>,
}

/// The second thread: summarises its half.
extern "C" fn run(job: *mut c_void) -> *mut c_void {
    // SAFETY: `job` is the `Job` `read_rest_in_halves` handed over, which it keeps alive and
    // does not touch until this thread has been joined.
    let job = unsafe { &mut *job.cast::<Job>() };
    job.result = (job.summarise)(&mut job.scan);
    core::ptr::null_mut()
}

/// The summaries of the two halves of the rest of the input, by `summarise`, when `scan` reads a
/// regular file with at least [`MIN_BYTES`] left, both halves are well formed and the file is
/// unchanged. Consumes nothing.
pub fn read_rest_in_halves(scan: &Scanner, summarise: fn(&mut Scanner) -> Option<Summary>) -> Option<[Summary; 2]> {
    let (fd, start, end) = scan.rest_of_file()?;
    if end.saturating_sub(start) < MIN_BYTES {
        return None;
    }
    let middle = start + (end - start) / 2;
    let mut near = [0; NEAR];
    let got = sys::read_into(fd, &mut near, Some(middle)).ok()?;
    let near = &near[..got];
    let after = near.iter().position(|&b| b == b'\n').or_else(|| near.iter().position(|&b| b" \t\r".contains(&b)))?;
    let split = middle + after as u64 + 1;
    let mut job = Job { scan: Scanner::range(fd, split, end), summarise, result: None };
    // SAFETY: `job` lives on this stack frame until after the thread is joined below.
    let thread = unsafe { sys::spawn(run, (&raw mut job).cast()) }?;
    let first = summarise(&mut Scanner::range(fd, start, split));
    sys::join(thread);
    Some([first?, job.result?]).filter(|_| scan.unchanged())
}
