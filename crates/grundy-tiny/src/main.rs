//! `grundy-tiny knights|misere-nim|mine [FILE]`: `grundy`'s three judge solvers in a binary of
//! under a hundred kilobytes: no standard library (`no_std`, on the C library), no formatting
//! machinery. It answers every valid input byte for byte as `grundy` does, with its exit codes:
//! 0 success, 1 an I/O failure, 2 invalid input or usage, 3 a Mine case refused. Its arguments
//! mean what they mean to `grundy`: FILE absent or `-` is standard input; `-h`, `--help` and
//! `help` print the usage on standard output (exit 0), and `-V` or `--version` before the game
//! its name and version (exit 0); any other argument starting with `-` is an option, which it
//! has none of (exit 2), but after `--`, which makes `-x` a FILE.

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

const USAGE_LINE: &[u8] = b"usage: grundy-tiny knights|misere-nim|mine [FILE]\n";
const USAGE: &[u8] = USAGE_LINE.split_last().expect("a line").1;
const VERSION_LINE: &[u8] = concat!("grundy-tiny ", env!("CARGO_PKG_VERSION"), "\n").as_bytes();

/// The C runtime's entry point.
#[unsafe(no_mangle)]
extern "C" fn main(argc: c_int, argv: *const *const c_char) -> c_int {
    sys::ignore_sigpipe();
    // SAFETY: the C runtime passes `argc` pointers to NUL-terminated strings, which live until
    // the process ends.
    let args = unsafe { core::slice::from_raw_parts(argv, argc as usize) };
    // grundy's rules: before `--`, `-h` (`-hx` too) or `--help` shows the usage, before the game
    // `-V` (`-Vx` too) or `--version` the version, and any other argument starting with `-` (but
    // `-` alone) is an option, which tiny has none of; then the game, and at most one FILE, not
    // empty.
    let mut game = None;
    let mut file = None;
    let mut options = true;
    for &p in args.get(1..).unwrap_or_default() {
        // SAFETY: as above.
        let a = unsafe { CStr::from_ptr(p) };
        let bytes = a.to_bytes();
        if options && bytes.len() > 1 && bytes[0] == b'-' {
            if bytes[1] == b'h' || sys::same(a, c"--help") {
                show(USAGE_LINE);
            }
            if game.is_none() && (bytes[1] == b'V' || sys::same(a, c"--version")) {
                show(VERSION_LINE);
            }
            if game.is_none() || !sys::same(a, c"--") {
                usage();
            }
            options = false;
        } else if game.is_none() {
            game = Some(a);
        } else if bytes.is_empty() || file.replace(a).is_some() {
            usage();
        }
    }
    let game = game.unwrap_or_else(|| usage());
    // `help` alone or with a game: the usage.
    if sys::same(game, c"help") && file.is_none_or(|f| solver(f).is_some()) {
        show(USAGE_LINE);
    }
    let solve = solver(game).unwrap_or_else(|| usage());
    let mut scan = match Scanner::open(file) {
        Ok(scan) => scan,
        Err(message) => fail(1, &message.0),
    };
    let mut out = Out::new();
    solve(&mut scan, &mut out);
    out.exit(0, b"")
}

/// The judge named `game`.
fn solver(game: &CStr) -> Option<fn(&mut Scanner, &mut Out)> {
    if sys::same(game, c"knights") {
        Some(knights::solve)
    } else if sys::same(game, c"misere-nim") {
        Some(misere::solve)
    } else if sys::same(game, c"mine") {
        Some(mine::solve)
    } else {
        None
    }
}

/// `text` (the usage or the version) on standard output, exit 0.
fn show(text: &[u8]) -> ! {
    let _ = sys::write_all(sys::STDOUT, text);
    sys::exit(0)
}

/// The usage on standard error, exit 2.
fn usage() -> ! {
    fail(2, USAGE)
}

/// Ends the process before any output: `message` on standard error, exit `code`.
fn fail(code: c_int, message: &[u8]) -> ! {
    output::report(message);
    sys::exit(code)
}
