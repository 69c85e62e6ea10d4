//! The answer lines of the knights and misère Nim judges, `Case k: Alice` or `Case k: Bob`, one
//! per case, written without the formatting machinery: on inputs of many tiny cases (a million
//! cases of one knight) the output is larger than the input and most of the work.
//!
//! The line's head, `Case k: `, is kept as bytes with the case number in ASCII digits but the
//! last, which is kept apart (`k mod 10`): a line is a copy of fixed size of the head's whole
//! array into a buffer of up to [`CAP`] bytes, the last digit written over its place there, and
//! a copy of the winner's name padded to eight bytes, each then advanced over by its true
//! length. The head itself changes every tenth line, when the last digit carries (through the
//! nines before it). Changing it every line, a byte at a time, made every line's copy wait: a
//! wide load of bytes just stored one by one is not forwarded from the stores (on a million
//! cases of one knight, 70% of this module's samples were that load).
//! The buffer is handed to the writer when it is nearly full, before a large last case (so the
//! answers before it are out before it is read) and at the end, after an error too.
//!
//! Outcomes are queued, [`QUEUE`] at a time, before their lines are written: a case's line
//! then does not wait for its value (a table lookup that may miss the cache), so the lookups
//! of the next cases overlap it instead of queueing behind the writes.

use std::io::Write;

use super::JudgeError;
use super::answer::winner_name;
use crate::Outcome;

/// Bytes gathered before they are written.
const CAP: usize = 1 << 16;

/// The buffer's first size: it doubles up to [`CAP`] as lines need it, so that a run with a few
/// cases touches (and page-faults) one page of it, not sixteen.
const FIRST: usize = 1 << 12;

/// Room for a head: `Case ` and up to 21 digits (u64::MAX has 20) and `: `.
const HEAD: usize = 32;

/// Room for a winner's name and the newline.
const NAME: usize = 8;

/// Outcomes queued before their lines are written.
const QUEUE: usize = 64;

/// The answer lines, gathered.
pub(crate) struct CaseLines {
    /// Outcomes not yet written: whether the second player wins.
    queue: [bool; QUEUE],
    queued: usize,
    buf: Vec<u8>,
    len: usize,
    /// `Case k: ` in `head[..head_len]`, the digits of `k` from [`DIGITS`] to `head_len - 2`,
    /// but the last one's byte, which is `last`.
    head: [u8; HEAD],
    head_len: usize,
    /// `k mod 10`.
    last: u8,
    /// The names of the first and the second player, each with its newline, padded.
    names: [([u8; NAME], usize); 2],
}

/// Where the case number starts in the head.
const DIGITS: usize = b"Case ".len();

impl CaseLines {
    /// Lines from case 1 on.
    pub(crate) fn new() -> CaseLines {
        let mut head = [0; HEAD];
        head[..DIGITS + 3].copy_from_slice(b"Case 1: ");
        let name = |outcome| {
            let mut padded = [0; NAME];
            let name = winner_name(outcome).as_bytes();
            padded[..name.len()].copy_from_slice(name);
            padded[name.len()] = b'\n';
            (padded, name.len() + 1)
        };
        let names = [name(Outcome::FirstPlayerWins), name(Outcome::SecondPlayerWins)];
        CaseLines {
            queue: [false; QUEUE],
            queued: 0,
            buf: vec![0; FIRST],
            len: 0,
            head,
            head_len: DIGITS + 3,
            last: 1,
            names,
        }
    }

    /// Queues the next case's line, `outcome` naming its winner.
    #[inline(always)]
    pub(crate) fn push<W: Write>(&mut self, out: &mut W, outcome: Outcome) -> std::io::Result<()> {
        self.queue[self.queued] = outcome == Outcome::SecondPlayerWins;
        self.queued += 1;
        if self.queued == QUEUE { self.write_queued(out) } else { Ok(()) }
    }

    /// Writes the queued lines into the buffer, the buffer to `out` when it is nearly full.
    fn write_queued<W: Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        for i in 0..std::mem::take(&mut self.queued) {
            let (name, name_len) = &self.names[usize::from(self.queue[i])];
            let at = self.len;
            self.buf[at..at + HEAD].copy_from_slice(&self.head);
            self.buf[at + self.head_len - 3] = b'0' + self.last;
            let at = at + self.head_len;
            self.buf[at..at + NAME].copy_from_slice(name);
            self.len = at + name_len;
            self.advance();
            if self.len > self.buf.len() - HEAD - NAME {
                self.make_room(out)?;
            }
        }
        Ok(())
    }

    /// Room for the next line: the buffer doubled while it is below [`CAP`], else written out.
    #[cold]
    fn make_room<W: Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        if self.buf.len() < CAP {
            self.buf.resize((2 * self.buf.len()).min(CAP), 0);
            return Ok(());
        }
        self.flush_buffer(out)
    }

    /// The next case number: the last digit incremented, carrying through nines.
    #[inline(always)]
    fn advance(&mut self) {
        if self.last != 9 {
            self.last += 1;
            return;
        }
        self.last = 0;
        let at = self.head_len - 3;
        self.head[at] = b'9';
        self.carry();
    }

    /// The carry out of a last digit 9: trailing nines become zeros, the digit before them is
    /// incremented, or, when every digit was a 9, a leading 1 is added.
    #[cold]
    fn carry(&mut self) {
        let mut i = self.head_len - 3;
        while i >= DIGITS && self.head[i] == b'9' {
            self.head[i] = b'0';
            i -= 1;
        }
        if i >= DIGITS {
            self.head[i] += 1;
        } else {
            self.head.copy_within(DIGITS..self.head_len, DIGITS + 1);
            self.head[DIGITS] = b'1';
            self.head_len += 1;
        }
    }

    /// Writes the buffer. It is emptied even when writing fails, so nothing is written twice.
    fn flush_buffer<W: Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        let len = std::mem::take(&mut self.len);
        out.write_all(&self.buf[..len])
    }

    /// Writes every line queued or gathered to `out`.
    pub(crate) fn write_out<W: Write>(&mut self, out: &mut W) -> std::io::Result<()> {
        self.write_queued(out)?;
        self.flush_buffer(out)
    }

    /// `result` of the judge's loop, after the lines gathered are written: a write error is
    /// kept, and it does not hide an input error that came first (see [`combine`](super::combine)).
    pub(crate) fn finish<W: Write>(mut self, out: &mut W, result: Result<(), JudgeError>) -> Result<(), JudgeError> {
        let flushed = self.write_out(out);
        super::combine(result, flushed)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every line up to case 100 000 (every carry up to five nines), and lines past 10^k - 1
    /// for every k up to 19, are those `format!` writes.
    #[test]
    fn lines_are_those_format_writes() {
        let outcome =
            |case: u64| if case.is_multiple_of(3) { Outcome::SecondPlayerWins } else { Outcome::FirstPlayerWins };
        let mut lines = CaseLines::new();
        let (mut out, mut expected) = (Vec::new(), String::new());
        for case in 1..=100_000 {
            lines.push(&mut out, outcome(case)).unwrap();
            expected += &format!("Case {case}: {}\n", winner_name(outcome(case)));
        }
        lines.finish(&mut out, Ok(())).unwrap();
        assert_eq!(String::from_utf8(out).unwrap(), expected);

        for k in 1..=19u32 {
            let first = 10u64.pow(k) - 2;
            let mut lines = CaseLines::new();
            let digits = first.to_string();
            lines.head[DIGITS..DIGITS + digits.len()].copy_from_slice(digits.as_bytes());
            lines.head[DIGITS + digits.len()..DIGITS + digits.len() + 2].copy_from_slice(b": ");
            lines.head_len = DIGITS + digits.len() + 2;
            lines.last = (first % 10) as u8;
            let (mut out, mut expected) = (Vec::new(), String::new());
            for case in first..first + 4 {
                lines.push(&mut out, outcome(case)).unwrap();
                expected += &format!("Case {case}: {}\n", winner_name(outcome(case)));
            }
            lines.finish(&mut out, Ok(())).unwrap();
            assert_eq!(String::from_utf8(out).unwrap(), expected, "from {first}");
        }
    }
}
