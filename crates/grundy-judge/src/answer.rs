//! The answer lines, `Case k: Alice` (Hyper Knights, misère Nim) or `Case #k: Xiemao` (Mine),
//! one per case from 1 on, written without the formatting machinery: on inputs of many tiny
//! cases the output is larger than the input and most of the work.
//!
//! A line is two copies of fixed size: the head `Case k: ` ([`CaseHead`]), its case number kept
//! as ASCII digits, and the winner's name padded with its newline ([`Name`]), each then advanced
//! over by its true length. The head's last digit is kept apart and written over its place in
//! the copy, so that the head itself changes only every tenth line, when that digit carries:
//! changed every line a byte at a time, every line's copy would wait for the stores before it (a
//! wide load of bytes just stored one by one is not forwarded from the stores).

use grundy_core::Outcome;

/// Hyper Knights and misère Nim: `Alice` moves first, `Bob` second.
pub const fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Alice",
        Outcome::SecondPlayerWins => "Bob",
    }
}

/// Mine: `Xiemao` clicks first, `Fanglaoshi` second.
pub const fn mine_winner(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Xiemao",
        Outcome::SecondPlayerWins => "Fanglaoshi",
    }
}

/// Room for a head: `Case #`, up to 20 digits (`u64::MAX` has 20) and `: `.
pub const HEAD: usize = 32;

/// A winner's name and its newline, padded to `N` bytes: copied whole, advanced over by its
/// length.
#[derive(Debug, Clone, Copy)]
pub struct Name<const N: usize> {
    /// The name and its newline, then zeros.
    pub bytes: [u8; N],
    /// The length of the name and its newline.
    pub len: usize,
}

impl<const N: usize> Name<N> {
    /// `name` and a newline; `N` must exceed its length.
    pub const fn new(name: &str) -> Name<N> {
        let mut bytes = [0; N];
        let text = name.as_bytes();
        let mut i = 0;
        while i < text.len() {
            bytes[i] = text[i];
            i += 1;
        }
        bytes[i] = b'\n';
        Name { bytes, len: text.len() + 1 }
    }
}

/// The head `{prefix}{k}: ` of the answer line of case `k`, advanced case by case.
#[derive(Debug, Clone)]
pub struct CaseHead {
    /// `{prefix}{k}: ` in `head[..len]`, but the last digit of `k`, which is `last`.
    head: [u8; HEAD],
    len: usize,
    /// Where the case number starts.
    digits: usize,
    /// `k mod 10`.
    last: u8,
}

impl CaseHead {
    /// The head of case `first` (from 1 for a judge's lines), each starting `prefix` (`Case ` or
    /// `Case #`, at most 10 bytes).
    pub const fn new(prefix: &str, first: u64) -> CaseHead {
        let mut head = [0; HEAD];
        let digits = prefix.len();
        let mut i = 0;
        while i < digits {
            head[i] = prefix.as_bytes()[i];
            i += 1;
        }
        let end = digits
            + 1
            + (match first.checked_ilog10() {
                Some(log) => log as usize,
                None => 0,
            });
        let (mut at, mut k) = (end, first);
        while at > digits {
            at -= 1;
            head[at] = b'0' + (k % 10) as u8;
            k /= 10;
        }
        (head[end], head[end + 1]) = (b':', b' ');
        CaseHead { head, len: end + 2, digits, last: (first % 10) as u8 }
    }

    /// Copies the head into `to` (its first [`HEAD`] bytes, of which the head is the first
    /// `len`), returning its length `len`.
    #[inline(always)]
    pub fn copy_to(&self, to: &mut [u8; HEAD]) -> usize {
        *to = self.head;
        to[(self.len - 3) % HEAD] = b'0' + self.last;
        self.len
    }

    /// The next case's head: the last digit incremented, carrying through nines.
    #[inline(always)]
    pub fn advance(&mut self) {
        if self.last != 9 {
            self.last += 1;
            return;
        }
        self.last = 0;
        self.carry();
    }

    /// The carry out of a last digit 9 (its place in the head then a 9): trailing nines become
    /// zeros, the digit before them is incremented, or, when every digit was a 9, a leading 1
    /// is added.
    #[cold]
    #[inline(never)]
    fn carry(&mut self) {
        let mut i = self.len - 3;
        self.head[i % HEAD] = b'9';
        while self.head[i % HEAD] == b'9' {
            self.head[i % HEAD] = b'0';
            if i == self.digits {
                self.head.copy_within(self.digits..self.len, self.digits + 1);
                self.head[self.digits % HEAD] = b'1';
                self.len += 1;
                return;
            }
            i -= 1;
        }
        self.head[i % HEAD] += 1;
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;
    use std::string::String;

    use super::*;

    /// Lines as `format!` writes them.
    fn lines(prefix: &str, first: u64, count: u64) -> (String, String) {
        let alice = Name::<8>::new(winner_name(Outcome::FirstPlayerWins));
        let mut head = CaseHead::new(prefix, first);
        let (mut written, mut expected) = (String::new(), String::new());
        for case in (0..count).map(|i| first + i) {
            let mut line = [0; HEAD];
            let len = head.copy_to(&mut line);
            written += core::str::from_utf8(&line[..len]).unwrap();
            written += core::str::from_utf8(&alice.bytes[..alice.len]).unwrap();
            expected += &format!("{prefix}{case}: Alice\n");
            head.advance();
        }
        (written, expected)
    }

    /// Every head up to case 100 000 (every carry up to five nines), and heads past 10^k - 1
    /// for every k up to 19, are those `format!` writes.
    #[test]
    fn heads_are_those_format_writes() {
        let (written, expected) = lines("Case ", 1, 100_000);
        assert_eq!(written, expected);
        for k in 1..=19u32 {
            let (written, expected) = lines("Case #", 10u64.pow(k) - 2, 4);
            assert_eq!(written, expected, "10^{k}");
        }
        let (written, expected) = lines("Case #", u64::MAX - 1, 2);
        assert_eq!(written, expected);
    }

    #[test]
    fn names_are_padded_with_their_newline() {
        let name = Name::<16>::new(mine_winner(Outcome::SecondPlayerWins));
        assert_eq!(&name.bytes[..name.len], b"Fanglaoshi\n");
        assert_eq!(name.bytes[name.len..], [0; 5]);
        assert_eq!(mine_winner(Outcome::FirstPlayerWins), "Xiemao");
        assert_eq!(winner_name(Outcome::SecondPlayerWins), "Bob");
    }
}
