//! The parse floor as a program of its own, the like-for-like floor of the `grundy` binary:
//! `sum-integers FILE` or `sum-integers < FILE` (standard input: a file or a pipe) reads its
//! input with plain `read` calls into one reused buffer, on one thread, sums every unsigned
//! integer in it with the in-process floor's own function and prints the sum.
//!
//! Each buffer's numbers are summed up to its last non-digit; the digits after it (a number
//! the next read continues) are moved to the buffer's front and read on after, so that every
//! number is summed whole, as in one pass over all the bytes.

mod floor;

use std::io::{Read, Write};

/// Bytes asked for per `read`.
const BUFFER: usize = 1 << 16;

fn main() -> std::io::Result<()> {
    let mut input: Box<dyn Read> = match std::env::args_os().nth(1) {
        Some(path) => Box::new(std::fs::File::open(path)?),
        None => Box::new(std::io::stdin().lock()),
    };
    let mut buf = vec![0; BUFFER];
    let (mut sum, mut kept) = (0u64, 0);
    loop {
        if kept == buf.len() {
            // A number as long as the buffer: room for more of it.
            buf.resize(2 * buf.len(), 0);
        }
        let end = match input.read(&mut buf[kept..]) {
            Ok(0) => break,
            Ok(n) => kept + n,
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        let whole = buf[..end].iter().rposition(|b| !b.is_ascii_digit()).map_or(0, |at| at + 1);
        sum = sum.wrapping_add(floor::sum_integers(&buf[..whole]));
        buf.copy_within(whole..end, 0);
        kept = end - whole;
    }
    sum = sum.wrapping_add(floor::sum_integers(&buf[..kept]));
    writeln!(std::io::stdout(), "{sum}")
}
