//! The answer lines of the knights and misère Nim judges, `Case k: Alice` or `Case k: Bob`, one
//! per case, written without the formatting machinery: on inputs of many tiny cases (a million
//! cases of one knight) the output is larger than the input and most of the work.
//!
//! A line is two copies of fixed size into a buffer of up to [`CAP`] bytes: the head `Case k: `
//! (grundy-judge's [`CaseHead`], whose last digit is kept apart, so that the head changes only
//! every tenth line: changed every line a byte at a time, every line's copy waited for the
//! stores before it, 70% of this module's samples on a million cases of one knight), and the
//! winner's name padded to eight bytes, each then advanced over by its true length. The buffer is handed to the writer when it is nearly full, before a large last case (so the
//! answers before it are out before it is read) and at the end, after an error too.
//!
//! Outcomes are queued, [`QUEUE`] at a time, before their lines are written: a case's line
//! then does not wait for its value (a table lookup that may miss the cache), so the lookups
//! of the next cases overlap it instead of queueing behind the writes.

use std::io::Write;

use grundy_judge::answer::{CaseHead, HEAD, Name};

use super::JudgeError;
use super::answer::winner_name;
use crate::Outcome;

/// Bytes gathered before they are written.
const CAP: usize = 1 << 16;

/// The buffer's first size: it doubles up to [`CAP`] as lines need it, so that a run with a few
/// cases touches (and page-faults) one page of it, not sixteen.
const FIRST: usize = 1 << 12;

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
    /// The next line's head.
    head: CaseHead,
    /// The names of the first and the second player, each with its newline, padded.
    names: [Name<NAME>; 2],
}

impl CaseLines {
    /// Lines from case 1 on.
    pub(crate) fn new() -> CaseLines {
        let names = [Outcome::FirstPlayerWins, Outcome::SecondPlayerWins].map(|o| Name::new(winner_name(o)));
        CaseLines {
            queue: [false; QUEUE],
            queued: 0,
            buf: vec![0; FIRST],
            len: 0,
            head: CaseHead::new("Case ", 1),
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
            let name = &self.names[usize::from(self.queue[i])];
            let at = self.len;
            let head = self.buf[at..].first_chunk_mut::<HEAD>().expect("room for a head");
            let at = at + self.head.copy_to(head);
            self.buf[at..at + NAME].copy_from_slice(&name.bytes);
            self.len = at + name.len;
            self.head.advance();
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
            lines.head = CaseHead::new("Case ", first);
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
