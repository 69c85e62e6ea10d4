//! The judge input, read with `read(2)` in chunks into a window that slides forward, and its
//! tokenizer: unsigned decimal numbers separated by spaces, tabs, `\n` and `\r`, as `grundy`
//! reads them (leading zeros allowed, at most [`MAX_DIGITS`] digits, up to `u64::MAX`). The
//! byte-level pieces are `grundy`'s own, from `grundy-judge`: the digits of a word ([`value`]),
//! a 64-byte block's masks ([`classify`]), the slow path's digits ([`parse_digits`]), the line
//! and column of an error ([`Origin`]) and what it says was found ([`Found`]).
//!
//! Lines are not counted while reading: the newlines and the column of the bytes the window
//! dropped are kept, and a position becomes a line and a column (in characters) only when an
//! error is reported. A regular file is watched as `grundy` watches it: reaching its end before
//! the size it had when opened, reading past it, or a changed modification time is an I/O
//! error naming it, and so is bad input read from a file that changed.

use alloc::vec;
use alloc::vec::Vec;
use core::ffi::{CStr, c_int};
use grundy_judge::block::classify;
use grundy_judge::found::Found;
use grundy_judge::position::Origin;
use grundy_judge::swar::{POW10, leading_digits, value};
use grundy_judge::token::{MAX_DIGITS, ScanError, is_space, parse_digits};

use crate::output::{Msg, Out};
use crate::sys;

/// Bytes read at a time.
const CHUNK: usize = 1 << 17;

/// Room the window may need besides a chunk: a token kept across a slide (at most
/// [`MAX_DIGITS`] + 1 bytes); and after it the sentinel and 16 bytes the fast path may read.
const SLACK: usize = MAX_DIGITS + 64;

/// What a number is, for messages: `{name}{index} of case {case}`, the index and the case left
/// out when 0 (`x of knight 3 of case 2`, `n, the number of knights of case 2`).
#[derive(Clone, Copy)]
pub struct What {
    pub name: &'static str,
    pub index: u64,
    pub case: u64,
}

impl Msg {
    /// Appends what a number is.
    pub fn what(&mut self, what: &What) -> &mut Msg {
        self.s(what.name);
        if what.index != 0 {
            self.n(what.index);
        }
        if what.case != 0 {
            self.s(" of case ").n(what.case);
        }
        self
    }
}

/// A regular file being read, and what it was when opened.
struct Watch {
    /// Size and modification time when opened, and the offset reading started at.
    was: sys::Status,
    at: u64,
    /// The bytes from where reading started to that size, and those read so far.
    expected: u64,
    read: u64,
}

/// The input and the tokenizer's place in it.
pub struct Scanner {
    fd: c_int,
    /// The window is `buf[..len]`; `buf[len]` is a sentinel (0: neither a digit nor a space), so
    /// that the fast path needs no bounds checks, and 16 more bytes follow it.
    buf: Vec<u8>,
    len: usize,
    /// The next unread byte.
    pos: usize,
    /// Whether the input may go on past the window.
    more: bool,
    /// Where the window starts, in lines and columns.
    origin: Origin,
    /// What messages call the input.
    name: &'static [u8],
    watch: Option<Watch>,
    /// The message of a read failure, once there is one.
    read_error: Msg,
    /// For a part of a file read at positions of its own: the offset of the next read and the
    /// end of the part.
    range: Option<(u64, u64)>,
}

/// The eight bytes of `buf` from `at` as a little-endian word (0, no digit, past the end: the
/// window keeps 16 bytes after its sentinel, so that never happens for a place at or before it).
#[inline(always)]
fn load(buf: &[u8], at: usize) -> u64 {
    buf.get(at..).and_then(<[u8]>::first_chunk).map_or(0, |word| u64::from_le_bytes(*word))
}

/// The next token from `p`: where it starts (the separators before it skipped), the word loaded
/// there and the number of digits it begins with. `buf[len]` is the sentinel, which stops the
/// skip, and digits run at most to it, so what is read past it is never taken for a number.
#[inline(always)]
fn token_at(buf: &[u8], mut p: usize) -> (usize, u64, u32) {
    while buf.get(p).is_some_and(|&b| is_space(b)) {
        p += 1;
    }
    let word = load(buf, p);
    (p, word, leading_digits(word) as u32)
}

/// The values of two numbers of 1 to 4 digits, each the first `len` bytes of its word: both as
/// 4-byte lanes of one word (digits at the top of each, zeros below), combined by the first two
/// steps of [`value`].
#[inline(always)]
fn two_short((first, len): (u64, u32), (second, more): (u64, u32)) -> (u64, u64) {
    let lane = |word: u64, len: u32| u64::from((word as u32 ^ 0x3030_3030) << (8 * (4 - len)));
    let d = lane(first, len) | lane(second, more) << 32;
    let d = (d.wrapping_mul(10) + (d >> 8)) & 0x00FF_00FF_00FF_00FF;
    let d = (d.wrapping_mul(100) + (d >> 16)) & 0x0000_FFFF_0000_FFFF;
    (d & 0xFFFF, d >> 32)
}

/// The number of `buf[at + start..=at + end]`, if it has at most 8 digits.
#[inline(always)]
fn short_number(buf: &[u8], at: usize, start: u32, end: u32) -> Option<u64> {
    let len = end + 1 - start;
    if len <= 8 { Some(value(load(buf, at + start as usize), len as usize)) } else { None }
}

impl Scanner {
    /// Opens `file` (standard input for `None` or `-`). Errs with the message of an I/O failure.
    pub fn open(file: Option<&'static CStr>) -> Result<Scanner, Msg> {
        let path = file.filter(|p| p.to_bytes() != b"-");
        let (fd, name): (c_int, &'static [u8]) = match path {
            Some(p) => match sys::open_read(p) {
                Ok(fd) => (fd, p.to_bytes()),
                Err(e) => return Err(named(p.to_bytes(), |m| m.os_error(e))),
            },
            None => (sys::STDIN, b"standard input"),
        };
        let mut scan = Scanner {
            fd,
            buf: vec![0; CHUNK + SLACK],
            len: 0,
            pos: 0,
            more: true,
            origin: Origin::default(),
            name,
            watch: None,
            read_error: Msg::new(),
            range: None,
        };
        match sys::status(fd) {
            Ok(st) if st.directory => {
                return Err(named(name, |m| m.s("is a directory, not a judge input file")));
            }
            // A file the kernel sizes at 0 may still have content (`/proc/self/status`): a stream.
            Ok(st) if st.regular && st.size > 0 => {
                let at = sys::offset(fd);
                scan.watch = Some(Watch { was: st, at, expected: st.size.saturating_sub(at), read: 0 });
            }
            Ok(_) => {}
            // Standard input closed: empty, as for a Rust program (its runtime opens /dev/null).
            Err(sys::EBADF) if path.is_none() => scan.more = false,
            Err(e) => return Err(named(name, |m| m.os_error(e))),
        }
        if path.is_none() && sys::is_terminal(sys::STDIN) {
            crate::output::report(b"reading the judge input from standard input (the terminal); end it with Ctrl-D");
        }
        Ok(scan)
    }

    /// The next number.
    #[inline(always)]
    pub fn number(&mut self) -> Result<u64, ScanError> {
        let buf = &self.buf[..];
        let (p, word, len) = token_at(buf, self.pos);
        // 1 to 16 digits ended by a space: the space is inside the window.
        if len < 8 && is_space((word >> (8 * len)) as u8) && len > 0 {
            self.pos = p + len as usize;
            return Ok(value(word, len as usize));
        }
        if len == 8 {
            let low = load(buf, p + 8);
            let more = leading_digits(low) as u32;
            if more < 8 && is_space((low >> (8 * more)) as u8) {
                self.pos = p + 8 + more as usize;
                let high = value(word, 8);
                return Ok(if more == 0 { high } else { high * POW10[more as usize] + value(low, more as usize) });
            }
        }
        self.pos = p;
        self.number_slow()
    }

    /// Pairs of numbers (a knight's `x y`, a mine's `X Y`) read a 64-byte block at a time: the
    /// common case, where every byte of a block is a digit or a space and every number has 1 to
    /// 8 digits. `take` gets each pair and says whether it is accepted; reading stops before a
    /// pair it refuses, after `limit` pairs, and before anything else (a block with another
    /// byte, a longer number, a number running past the block, the window's end), for the
    /// caller to read one number at a time. Returns the pairs read.
    ///
    /// Where the numbers are comes from two masks of the block (its digits and its separators),
    /// sixteen bytes at a time ([`classify`]); then each number is read from the word at its
    /// start, both numbers of a pair in one word when the block has no number of more than 4
    /// digits (the judges' usual coordinates). No read waits for the previous number's length,
    /// so the numbers of a block are read side by side.
    #[inline(always)]
    pub fn pairs(&mut self, limit: u64, mut take: impl FnMut(u64, u64) -> bool) -> u64 {
        let mut read = 0;
        while read < limit {
            let at = self.pos;
            let Some(block) = self.buf.get(at..self.len).and_then(<[u8]>::first_chunk::<64>) else { break };
            let (digits, spaces) = classify(block);
            if digits | spaces != u64::MAX {
                break;
            }
            // Numbers as their first and last digits; one reaching the block's end may go on, and
            // is left for the next block.
            let mut starts = digits & !(digits << 1);
            let mut ends = digits & !(digits >> 1);
            let mut next = at + 64;
            if digits >> 63 != 0 {
                let last = 63 - starts.leading_zeros();
                next = at + last as usize;
                starts &= !(1 << last);
                ends &= !(1 << 63);
            }
            // No number of 5 digits or more in the block: each is read from 4 bytes.
            let short = digits & digits >> 1 & digits >> 2 & digits >> 3 & digits >> 4 == 0;
            let mut stopped = false;
            while starts.count_ones() >= 2 {
                let (s1, e1) = (starts.trailing_zeros(), ends.trailing_zeros());
                let (s2, e2) = ((starts & (starts - 1)).trailing_zeros(), (ends & (ends - 1)).trailing_zeros());
                let buf = &self.buf[..];
                let pair = if short {
                    let number = |s: u32, e: u32| (load(buf, at + s as usize), e + 1 - s);
                    Some(two_short(number(s1, e1), number(s2, e2)))
                } else {
                    short_number(buf, at, s1, e1).zip(short_number(buf, at, s2, e2))
                };
                let accepted = match pair {
                    Some((x, y)) => read < limit && take(x, y),
                    None => false,
                };
                if !accepted {
                    (next, stopped) = (at + s1 as usize, true);
                    break;
                }
                read += 1;
                for _ in 0..2 {
                    starts &= starts - 1;
                    ends &= ends - 1;
                }
            }
            if !stopped && starts != 0 {
                // A number without its pair: the next block starts with it.
                next = at + starts.trailing_zeros() as usize;
            }
            self.pos = next;
            if stopped || next == at {
                break;
            }
        }
        read
    }

    /// The next two numbers, when each has 1 to 4 digits, one separator is between them and
    /// they are below `bounds` (a knight's `x y`, a mine's `X Y`: the common case, read at
    /// once); otherwise `None`, having read nothing (the caller reads them one by one then).
    #[inline(always)]
    pub fn pair_below(&mut self, bounds: [u64; 2]) -> Option<(u64, u64)> {
        let buf = &self.buf[..];
        let (p, first, len) = token_at(buf, self.pos);
        if len.wrapping_sub(1) >= 4 || !is_space((first >> (8 * len)) as u8) {
            return None;
        }
        // `second` starts right after a space, which is inside the window.
        let q = p + len as usize + 1;
        let second = load(buf, q);
        let more = leading_digits(second) as u32;
        if more.wrapping_sub(1) >= 4 || !is_space((second >> (8 * more)) as u8) {
            return None;
        }
        let (x, y) = two_short((first, len), (second, more));
        if x >= bounds[0] || y >= bounds[1] {
            return None;
        }
        self.pos = q + more as usize;
        Some((x, y))
    }

    /// The next number; an input error (or a read error) ends the process, `what` naming it.
    #[inline(never)]
    pub fn expect(&mut self, out: &mut Out, what: What) -> u64 {
        match self.number() {
            Ok(value) => value,
            Err(e) => self.fail(out, e, &what),
        }
    }

    /// Byte by byte: long numbers, tokens that run into the window's end, and every error.
    #[inline(never)]
    fn number_slow(&mut self) -> Result<u64, ScanError> {
        let mut start = self.pos;
        loop {
            while start < self.len && is_space(self.buf[start]) {
                start += 1;
            }
            let (value, p) = match parse_digits(&self.buf[..self.len], start) {
                Ok(number) => number,
                Err(e) => return self.failed(start, e),
            };
            if p - start > MAX_DIGITS {
                return self.failed(start, ScanError::TooLong);
            }
            if p == self.len && self.more {
                // The token, or the spaces before it, may go on past the window.
                start -= self.slide(start)?;
                continue;
            }
            if p == start {
                return match self.buf.get(p) {
                    _ if p == self.len => self.failed(p, ScanError::End),
                    Some(b'+' | b'-') => self.failed(p, ScanError::Sign),
                    _ => self.failed(p, ScanError::NotANumber),
                };
            }
            if p < self.len && !is_space(self.buf[p]) {
                return self.failed(p, ScanError::NotANumber);
            }
            self.pos = p;
            return Ok(value);
        }
    }

    /// Records where a token failed.
    fn failed<T>(&mut self, at: usize, e: ScanError) -> Result<T, ScanError> {
        self.pos = at;
        Err(e)
    }

    /// Drops the window before `keep`, counting its lines, and reads more after what is left.
    /// Returns how many bytes were dropped; [`ScanError::Read`] when reading failed or a watched
    /// file turned out to have changed.
    fn slide(&mut self, keep: usize) -> Result<usize, ScanError> {
        self.origin.advance(&self.buf[..keep]);
        self.buf.copy_within(keep..self.len, 0);
        self.len -= keep;
        self.pos -= self.pos.min(keep);
        let mut room = (self.buf.len() - 17).min(self.len + CHUNK);
        if let Some((at, end)) = self.range {
            room = room.min(self.len + usize::try_from(end - at).unwrap_or(usize::MAX));
        }
        let n = match sys::read_into(self.fd, &mut self.buf[self.len..room], self.range.map(|(at, _)| at)) {
            Ok(n) => n,
            Err(e) => return Err(self.read_failed(|m| m.os_error(e))),
        };
        self.len += n;
        self.buf[self.len] = 0;
        self.more = n > 0;
        if let Some((at, _)) = &mut self.range {
            *at += n as u64;
        }
        if let Some(watch) = &mut self.watch {
            watch.read += n as u64;
            let misread = [watch.read < watch.expected, watch.read > watch.expected];
            if (n == 0 || misread[1])
                && let Some(what) = self.change(misread)
            {
                return Err(self.read_failed(|m| m.b(&what.0)));
            }
        }
        Ok(keep)
    }

    /// How a watched file differs from what it was when opened, or `None`. `[short, long]`: the
    /// reader found fewer or more bytes than it had.
    fn change(&self, [short, long]: [bool; 2]) -> Option<Msg> {
        let watch = self.watch.as_ref()?;
        let now = sys::status(self.fd).ok()?;
        let (was, mut m) = (watch.was.size, Msg::new());
        if short || now.size < was {
            m.s("the file shrank while it was read (").n(was).s(" bytes when opened, ").n(now.size).s(" now)");
        } else if long || now.size > was {
            m.s("the file grew while it was read (").n(was).s(" bytes when opened, ").n(now.size).s(" now)");
        } else if now.modified != watch.was.modified {
            m.s("the file was modified while it was read");
        } else {
            return None;
        }
        Some(m)
    }

    /// Keeps the message of a read failure, `what` describing it after the input's name.
    #[cold]
    fn read_failed(&mut self, what: impl FnOnce(&mut Msg) -> &mut Msg) -> ScanError {
        self.read_error.s("reading input: ").b(self.name).s(": ");
        what(&mut self.read_error);
        self.more = false;
        ScanError::Read
    }

    /// Bytes `from..to` of the file `fd` reads, read at their positions (for a second thread:
    /// see `halves.rs`). Its errors are never reported: a caller reads the same bytes again
    /// with the scanner of the whole input then.
    pub fn range(fd: c_int, from: u64, to: u64) -> Scanner {
        Scanner {
            fd,
            buf: vec![0; CHUNK + SLACK],
            len: 0,
            pos: 0,
            more: true,
            origin: Origin::default(),
            name: b"",
            watch: None,
            read_error: Msg::new(),
            range: Some((from, to)),
        }
    }

    /// The regular file being read, the offset in it of the next unread byte, and its size when
    /// opened; `None` for anything but a regular file.
    pub fn rest_of_file(&self) -> Option<(c_int, u64, u64)> {
        let watch = self.watch.as_ref()?;
        let next = watch.at + watch.read - (self.len - self.pos) as u64;
        Some((self.fd, next, watch.was.size))
    }

    /// Whether the file being read still has the size and modification time it had when opened.
    pub fn unchanged(&self) -> bool {
        self.watch.as_ref().is_some_and(|w| sys::status(self.fd).is_ok_and(|now| now == w.was))
    }

    /// Marks the whole input as read (after the rest was read some other way).
    pub fn skip_to_end(&mut self) {
        self.pos = self.len;
        self.more = false;
    }

    /// Succeeds when only spaces are left; otherwise an input error at the first other byte.
    pub fn finish(&mut self, out: &mut Out, cases: u64) {
        loop {
            match self.buf[self.pos..self.len].iter().position(|&b| !is_space(b)) {
                Some(i) => {
                    self.pos += i;
                    let mut m = Msg::new();
                    match cases {
                        0 => m.s("unexpected data after the case count 0"),
                        n => m.s("unexpected data after case ").n(n),
                    };
                    self.fail_at(out, self.pos, &m)
                }
                None if self.more => {
                    if self.slide(self.len).is_err() {
                        out.exit(1, &self.read_error.0)
                    }
                }
                None => return,
            }
        }
    }

    /// Ends the process on a number that could not be read (exit 2), `what` naming it.
    #[cold]
    #[inline(never)]
    pub fn fail(&mut self, out: &mut Out, e: ScanError, what: &What) -> ! {
        let mut m = Msg::new();
        match e {
            ScanError::End => m.s("unexpected end of input: expected ").what(what),
            ScanError::Sign => m.s("expected ").what(what).s(" as an unsigned number, found a sign"),
            ScanError::NotANumber => {
                // A character is up to 4 bytes: make sure the window holds all of it.
                while self.len - self.pos < 4 && self.more && self.slide(self.pos).is_ok() {}
                m.s("expected ").what(what).s(", found ");
                describe(&mut m, &self.buf[self.pos..self.len]);
                &mut m
            }
            ScanError::Overflow => m.what(what).s(" is too large (the largest is 18446744073709551615)"),
            ScanError::TooLong => {
                m.what(what).s(" has more than 4096 digits (leading zeros included), too many to read")
            }
            ScanError::Read => out.exit(1, &self.read_error.0),
        };
        self.fail_at(out, self.pos, &m)
    }

    /// Ends the process on an input error at the start of the last token read (a number out of
    /// range, say).
    #[cold]
    #[inline(never)]
    pub fn fail_at_token(&self, out: &mut Out, message: &Msg) -> ! {
        let start = self.buf[..self.pos].iter().rposition(|&b| is_space(b)).map_or(0, |i| i + 1);
        self.fail_at(out, start, message)
    }

    /// Ends the process on an input error at `at` in the window (exit 2): `line L, column C:
    /// {message}`; a read error instead (exit 1) when the input is a file that changed since it
    /// was opened (the bad bytes may be the change's).
    fn fail_at(&self, out: &mut Out, at: usize, message: &Msg) -> ! {
        let (line, column) = self.origin.locate(&self.buf[..at]);
        let mut m = Msg::new();
        m.s("line ").n(line + 1).s(", column ").n(column + 1).s(": ").b(&message.0);
        if let Some(what) = self.change([false; 2]) {
            let mut read = Msg::new();
            read.s("reading input: ").b(self.name).s(": ").b(&what.0).s(" (then, as read: ").b(&m.0).s(")");
            out.exit(1, &read.0)
        }
        out.exit(2, &m.0)
    }
}

/// `{name}: {what}`.
fn named(name: &[u8], what: impl FnOnce(&mut Msg) -> &mut Msg) -> Msg {
    let mut m = Msg::new();
    m.b(name).s(": ");
    what(&mut m);
    m
}

/// What `grundy` says was found at the start of `rest` ([`Found`]), without the formatting
/// machinery.
fn describe(m: &mut Msg, rest: &[u8]) {
    match Found::at_start(rest) {
        Found::End => m.s("end of input"),
        Found::ByteOrderMark => m.s("a UTF-8 byte-order mark (U+FEFF; save the file without it)"),
        Found::Escaped('\0') => m.s("character '\\0'"),
        Found::Escaped(c) => m.s("character '\\u{").hex(u32::from(c), 1).s("}'"),
        Found::Char(text) => m.s("'").s(text).s("'"),
        Found::NotUtf8(b) => m.s("byte 0x").hex(u32::from(b), 2).s(" (not UTF-8)"),
    };
}

impl Msg {
    /// Appends `n` in lower-case hexadecimal, at least `digits` digits.
    fn hex(&mut self, n: u32, digits: u32) -> &mut Msg {
        let shown = (32 - n.leading_zeros()).div_ceil(4).max(digits);
        for i in (0..shown).rev() {
            self.b(&[b"0123456789abcdef"[(n >> (4 * i) & 15) as usize]]);
        }
        self
    }
}
