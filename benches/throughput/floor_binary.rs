//! The parse floor as a program of its own, the like-for-like floor of the `grundy` binary:
//! `sum-integers FILE` or `sum-integers < FILE` (standard input: a file or a pipe) reads its
//! input with plain `read` calls into one reused buffer, on one thread, sums every unsigned
//! integer in it ([`floor::Sum`]) and prints the sum.

#[allow(dead_code)] // The in-process whole-slice form is the harness's.
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
    let mut sum = floor::Sum::default();
    loop {
        match input.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => sum.feed(&buf[..n]),
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    writeln!(std::io::stdout(), "{}", sum.finish())
}
