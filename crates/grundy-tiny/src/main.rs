//! `grundy-tiny knights|misere-nim|mine [FILE]`: `grundy`'s three judge solvers in a binary of
//! under a hundred kilobytes: no standard library (`no_std`, on the C library), no formatting
//! machinery. It answers every valid input byte for byte as `grundy` does, with its exit codes:
//! 0 success, 1 an I/O failure, 2 invalid input or usage, 3 a Mine case refused. FILE absent or
//! `-` is standard input; any other FILE starting with `-` is refused as an option (it has none:
//! `./-x` names such a file).

// Without the standard library where panics abort (the `tiny` and `release` profiles). On stable
// Rust a no_std binary cannot unwind, so the unoptimised `dev` build, which unwinds, links the
// standard library for its unwinder and panic handler (it is not the binary that is measured);
// so does a build of the whole workspace, where grundy-core is built with `std` (`build.rs` sets
// `std_linked` then).
#![cfg_attr(all(panic = "abort", not(std_linked)), no_std)]
#![no_main]

extern crate alloc;

mod halves;
mod input;
mod knights;
mod mine;
mod misere;
mod output;
mod sys;

use core::ffi::{CStr, c_char, c_int};

use input::Scanner;
use output::Out;

const USAGE: &[u8] = b"usage: grundy-tiny knights|misere-nim|mine [FILE]";

/// The C runtime's entry point.
#[unsafe(no_mangle)]
extern "C" fn main(argc: c_int, argv: *const *const c_char) -> c_int {
    sys::ignore_sigpipe();
    let arg = |i: c_int| -> Option<&'static CStr> {
        // SAFETY: the C runtime passes `argc` pointers to NUL-terminated strings, which live
        // until the process ends.
        (i < argc).then(|| unsafe { CStr::from_ptr(*argv.add(i as usize)) })
    };
    let (Some(game), file) = (arg(1), arg(2)) else { fail(2, USAGE) };
    // It has no options: a FILE that looks like one (`--help`, `--`) is a usage error, not a name.
    let option = file.is_some_and(|f| matches!(f.to_bytes(), [b'-', _, ..]));
    let solve: fn(&mut Scanner, &mut Out) = match game.to_bytes() {
        _ if argc > 3 || option => fail(2, USAGE),
        b"knights" => knights::solve,
        b"misere-nim" => misere::solve,
        b"mine" => mine::solve,
        _ => fail(2, USAGE),
    };
    let mut scan = match Scanner::open(file) {
        Ok(scan) => scan,
        Err(message) => fail(1, &message.0),
    };
    let mut out = Out::new();
    solve(&mut scan, &mut out);
    out.exit(0, b"")
}

/// Ends the process before any output: `message` on standard error, exit `code`.
fn fail(code: c_int, message: &[u8]) -> ! {
    output::report(message);
    sys::exit(code)
}
