//! Standard output through one buffer written with `write(2)`, the answer lines `Case k: ...`
//! (grundy-judge's, as `grundy` writes them), messages built by hand (decimal numbers without
//! the formatting machinery), and how the process ends: exit code, message, and the rule for
//! output (a closed pipe ends quietly; any other write error is exit 1).

use alloc::boxed::Box;
use alloc::vec::Vec;
use grundy_judge::answer::{CaseHead, HEAD};

use crate::sys;

/// Bytes gathered before they are written.
const CAP: usize = 1 << 16;

/// Room a line needs: a head of up to [`HEAD`] bytes and a name of up to [`NAME`].
const LINE: usize = HEAD + NAME;

/// Buffered standard output: `buf[..len]` is gathered.
pub struct Out {
    buf: Box<[u8; CAP]>,
    len: usize,
}

impl Out {
    pub fn new() -> Out {
        Out { buf: Box::new([0; CAP]), len: 0 }
    }

    /// Writes what is gathered; a failure ends the process (quietly on a closed pipe, as a
    /// success; else exit 1 with a message).
    #[cold]
    #[inline(never)]
    fn flush(&mut self) {
        if let Err(e) = sys::write_all(sys::STDOUT, &self.buf[..self.len]) {
            write_failed(e, None);
        }
        self.len = 0;
    }

    /// Ends the run: what is gathered is written, then `code` and its `message` (none for 0)
    /// end the process. A write error wins over `message` (exit 1, its message naming the
    /// other), except a closed pipe, which ends the process quietly with 0.
    pub fn exit(&mut self, code: i32, message: &[u8]) -> ! {
        if let Err(e) = sys::write_all(sys::STDOUT, &self.buf[..self.len]) {
            write_failed(e, (code != 0).then_some(message));
        }
        if code != 0 {
            report(message);
        }
        sys::exit(code)
    }
}

/// A failed write of standard output: `EPIPE` ends the process quietly with 0; anything else
/// is exit 1, the message naming an earlier error if there was one.
#[cold]
fn write_failed(errnum: i32, earlier: Option<&[u8]>) -> ! {
    if errnum == sys::EPIPE {
        sys::exit(0);
    }
    let mut m = Msg::new();
    m.s("writing output: ").os_error(errnum);
    if let Some(earlier) = earlier {
        m.s(" (after an earlier error: ").b(earlier).s(")");
    }
    report(&m.0);
    sys::exit(1)
}

/// `grundy-tiny: {message}` on standard error (which may be closed: nothing is done about it).
pub fn report(message: &[u8]) {
    let mut line = Msg::new();
    line.s("grundy-tiny: ").b(message).s("\n");
    let _ = sys::write_all(sys::STDERR, &line.0);
}

/// A message for standard error, built piece by piece.
pub struct Msg(pub Vec<u8>);

impl Msg {
    pub fn new() -> Msg {
        Msg(Vec::new())
    }

    /// Appends text.
    pub fn s(&mut self, text: &str) -> &mut Msg {
        self.b(text.as_bytes())
    }

    /// Appends bytes.
    pub fn b(&mut self, bytes: &[u8]) -> &mut Msg {
        self.0.extend_from_slice(bytes);
        self
    }

    /// Appends `n` in decimal.
    pub fn n(&mut self, n: u64) -> &mut Msg {
        self.n128(u128::from(n))
    }

    /// Appends `n` in decimal: its four 32-bit limbs divided by 10 in 64 bits, as 128-bit
    /// division would bring in a library routine of 190 bytes.
    pub fn n128(&mut self, n: u128) -> &mut Msg {
        let mut limbs = [(n >> 96) as u32, (n >> 64) as u32, (n >> 32) as u32, n as u32];
        let mut digits = [0u8; 39];
        let mut at = digits.len();
        loop {
            let mut rest = 0;
            for limb in &mut limbs {
                let x = rest << 32 | u64::from(*limb);
                *limb = (x / 10) as u32;
                rest = x % 10;
            }
            at -= 1;
            digits[at] = b'0' + rest as u8;
            if limbs == [0; 4] {
                break;
            }
        }
        self.b(&digits[at..])
    }

    /// Appends the C library's text for `errnum` and `(os error N)`, as Rust shows an I/O error.
    pub fn os_error(&mut self, errnum: i32) -> &mut Msg {
        self.b(sys::error_text(errnum)).s(" (os error ").n(errnum as u64).s(")")
    }
}

/// Room for a winner's name and its newline.
const NAME: usize = 16;

/// A winner's name with its newline, padded to [`NAME`] bytes.
pub type Name = grundy_judge::answer::Name<NAME>;

/// The answer lines, `{prefix}{k}: {name}`, one per case from 1 on.
pub struct Lines {
    head: CaseHead,
}

impl Lines {
    /// Lines from case 1 on, each starting `prefix` (`Case ` or `Case #`).
    pub const fn new(prefix: &str) -> Lines {
        Lines { head: CaseHead::new(prefix, 1) }
    }

    /// Writes the next case's line, won by `name`.
    #[inline]
    pub fn push(&mut self, out: &mut Out, name: &Name) {
        if out.len > CAP - LINE {
            out.flush();
        }
        // The whole head and name are copied as arrays (two moves, where slices of a run-time
        // length were calls in this size-optimised build), then the length covers only the
        // line. `out.len <= CAP - LINE` after the flush above; the head is at most `HEAD` bytes.
        let line = out.buf.get_mut(out.len..).and_then(<[u8]>::first_chunk_mut::<LINE>).expect("room for a line");
        let len = self.head.copy_to(line.first_chunk_mut::<HEAD>().expect("HEAD <= LINE"));
        *line[len.min(HEAD)..].first_chunk_mut::<NAME>().expect("HEAD + NAME = LINE") = name.bytes;
        out.len += len + name.len;
        self.head.advance();
    }
}
