//! The notation of heap games: take-and-break codes, finite subtraction sets and Grundy's game.
//!
//! # Take-and-break codes
//!
//! A code `d0.d1d2…dt` lists one hexadecimal digit per number of tokens removed. Digit `di`
//! says what may follow removing `i` tokens from one heap of size `n >= i`:
//!
//! | bit | the move is legal when | the heap is replaced by |
//! |---|---|---|
//! | 1 | `n == i` | nothing |
//! | 2 | `n - i >= 1` | one heap of `n - i` |
//! | 4 | `n - i >= 2` | two non-empty heaps summing to `n - i` |
//! | 8 | `n - i >= 3` | three non-empty heaps summing to `n - i` |
//!
//! So `0.77` is Kayles, `0.07` Dawson's Kayles, `4.07` allows in addition splitting a heap without
//! removing anything. `d0` may hold bits 4 and 8 only (a move that removes nothing and leaves the
//! heap as it was would make the game loop); the leading `0` may be omitted (`.07`), and the
//! point may be written as Winning Ways' middle dot (`·07`, `4·07`). Trailing zeros do not change
//! the game and are removed, so `0.070` and `0.07` are the same [`HeapGame`]. The largest `i`
//! with `di != 0` is the code's length `t` ([`HeapGame::max_take`]), at most [`MAX_TAKE`].
//!
//! # Subtraction sets and Grundy's game
//!
//! `{1,3,4}` (spaces allowed) is the subtraction game "remove 1, 3 or 4 tokens", which is the
//! code with digit 3 at those places (`0.3033`); the two notations give equal games. `grundy`
//! (any letter case) is Grundy's game: split one heap into two *unequal* non-empty heaps. It is
//! the only game here whose splits are constrained, and no periodicity theorem covers it.
//!
//! # Canonical text
//!
//! [`HeapGame`]'s `Display` prints `grundy` or the normalised code with `d0` always written and
//! lower-case hexadecimal digits (`0.07`, `4.07`, `0.3033` for `{1,3,4}`); parsing it gives the
//! same game back.

use alloc::vec::Vec;
use core::fmt;
use core::str::FromStr;

/// The most tokens one move may remove: the longest code has `MAX_TAKE + 1` digits, the largest
/// member of a subtraction set is `MAX_TAKE`.
pub const MAX_TAKE: usize = 255;

/// Why a heap-game text (or digit list) is refused. `at` is a byte offset into the text (for
/// [`HeapGame::from_digits`], the index of the digit).
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum HeapGameError {
    /// The text is empty or only white space.
    Empty,
    /// A character that is not a hexadecimal digit where a code digit was expected.
    UnknownDigit {
        /// Byte offset of the character.
        at: usize,
        /// The character.
        found: char,
    },
    /// `d0` holds bit 1 or 2: removing nothing would leave the position unchanged.
    LoopingFirstDigit {
        /// Byte offset of `d0`.
        at: usize,
        /// Its value.
        digit: u8,
    },
    /// The code has a non-zero digit beyond `d`[`MAX_TAKE`].
    CodeTooLong {
        /// Byte offset of the first digit beyond the limit.
        at: usize,
    },
    /// `{}`: a subtraction set without members.
    EmptySet {
        /// Byte offset of the opening brace.
        at: usize,
    },
    /// A member of a set that is 0 or negative.
    NotPositive {
        /// Byte offset of the number (of its sign, if any).
        at: usize,
    },
    /// A member of a set larger than [`MAX_TAKE`].
    TooLarge {
        /// Byte offset of the number.
        at: usize,
    },
    /// A `{` without its `}`.
    UnclosedBrace {
        /// Byte offset of the opening brace.
        at: usize,
    },
    /// Some other character where it does not belong.
    Unexpected {
        /// Byte offset of the character.
        at: usize,
        /// The character.
        found: char,
        /// What was expected there.
        expected: &'static str,
    },
    /// A code whose digits are all zero: no move at all.
    NoMove,
}

impl fmt::Display for HeapGameError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Empty => {
                write!(f, "empty game text: expected a code such as 0.137, a set such as {{1,3,4}}, or grundy")
            }
            Self::UnknownDigit { at, found } => {
                write!(f, "unknown digit {found:?} at byte {at}: code digits are 0-9 and a-f")
            }
            Self::LoopingFirstDigit { at, digit } => write!(
                f,
                "first digit {digit:x} at byte {at} holds bit 1 or 2: removing nothing must split the heap (d0 may only be 0, 4, 8 or c)"
            ),
            Self::CodeTooLong { at } => {
                write!(f, "code digit at byte {at} is beyond d{MAX_TAKE}: a move may remove at most {MAX_TAKE} tokens")
            }
            Self::EmptySet { at } => write!(f, "the subtraction set opened at byte {at} is empty"),
            Self::NotPositive { at } => {
                write!(f, "set member at byte {at} is not positive: members are 1..={MAX_TAKE}")
            }
            Self::TooLarge { at } => write!(f, "set member at byte {at} is larger than {MAX_TAKE}"),
            Self::UnclosedBrace { at } => write!(f, "the brace at byte {at} is never closed"),
            Self::Unexpected { at, found, expected } => {
                write!(f, "unexpected {found:?} at byte {at}: expected {expected}")
            }
            Self::NoMove => write!(f, "the code allows no move (all its digits are 0)"),
        }
    }
}

impl core::error::Error for HeapGameError {}

/// A heap game: a take-and-break code (subtraction sets included) or Grundy's game.
///
/// In a code `d0.d1d2…dt`, digit `di` says what may follow removing `i` tokens from one heap of
/// size `n >= i`: bit 1, nothing left (`n == i`); bit 2, one non-empty heap; bit 4, two non-empty
/// heaps; bit 8, three non-empty heaps. `d0` may hold bits 4 and 8 only; trailing zeros are
/// removed. `{1,3,4}` is the code with digit 3 at places 1, 3 and 4 (`0.3033`); `grundy` splits a
/// heap into two unequal non-empty heaps. `Display` prints `grundy` or the normalised code
/// (`d0` always written, lower-case digits), which parses back to the same game.
///
/// Equal games compare equal whatever notation they were written in.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct HeapGame {
    /// `d0..=dt`, `dt != 0`, `d0 & 3 == 0`, each `<= 15`.
    digits: Vec<u8>,
    /// Grundy's game (`digits == [4]`, equal parts forbidden).
    unequal: bool,
}

impl HeapGame {
    /// Grundy's game: split one heap into two unequal non-empty heaps.
    pub fn grundy() -> HeapGame {
        HeapGame { digits: alloc::vec![4], unequal: true }
    }

    /// The game of the code `d0.d1d2…` given as digit values (`digits[i]` = `di`), normalised
    /// (trailing zeros removed). Errors name the index of the offending digit as `at`.
    pub fn from_digits(digits: &[u8]) -> Result<HeapGame, HeapGameError> {
        for (i, &d) in digits.iter().enumerate() {
            if d > 15 {
                let found = char::from_digit(u32::from(d % 36), 36).unwrap_or('?');
                return Err(HeapGameError::UnknownDigit { at: i, found });
            }
        }
        Self::normalise(digits, |i| i)
    }

    /// The subtraction game "remove `s` tokens for any `s` in `set`" (order and repeats do not
    /// matter). Errors name the index of the offending member as `at`.
    pub fn subtraction(set: &[u64]) -> Result<HeapGame, HeapGameError> {
        if set.is_empty() {
            return Err(HeapGameError::EmptySet { at: 0 });
        }
        let mut digits = alloc::vec![0u8; MAX_TAKE + 1];
        for (at, &s) in set.iter().enumerate() {
            if s == 0 {
                return Err(HeapGameError::NotPositive { at });
            }
            if s > MAX_TAKE as u64 {
                return Err(HeapGameError::TooLarge { at });
            }
            digits[s as usize] = 3;
        }
        Self::normalise(&digits, |i| i)
    }

    /// Parses a code (`0.137`, `.07`, `4.07`, `·07` with a middle dot, hexadecimal digits `8`-`f`
    /// in either case), a subtraction set (`{1,3,4}`) or `grundy`; white space around the text is
    /// ignored. Never panics; see [`HeapGame`] for the meaning.
    pub fn parse(text: &str) -> Result<HeapGame, HeapGameError> {
        let start = text.len() - text.trim_start().len();
        let body = text.trim();
        if body.is_empty() {
            return Err(HeapGameError::Empty);
        }
        if body.eq_ignore_ascii_case("grundy") {
            return Ok(Self::grundy());
        }
        if body.starts_with('{') {
            return parse_set(body, start);
        }
        parse_code(body, start)
    }

    /// Validates `d0` and the length, removes trailing zeros. `offset(i)` is the byte offset (or
    /// index) of digit `i` for error messages.
    fn normalise(digits: &[u8], offset: impl Fn(usize) -> usize) -> Result<HeapGame, HeapGameError> {
        let d0 = digits.first().copied().unwrap_or(0);
        if d0 & 3 != 0 {
            return Err(HeapGameError::LoopingFirstDigit { at: offset(0), digit: d0 });
        }
        let Some(last) = digits.iter().rposition(|&d| d != 0) else {
            return Err(HeapGameError::NoMove);
        };
        if last > MAX_TAKE {
            let at = (MAX_TAKE + 1..=last).find(|&i| digits[i] != 0).unwrap_or(last);
            return Err(HeapGameError::CodeTooLong { at: offset(at) });
        }
        Ok(HeapGame { digits: digits[..=last].to_vec(), unequal: false })
    }

    /// The normalised digits `d0..=dt` (`dt != 0`); `[4]` for Grundy's game.
    pub fn digits(&self) -> &[u8] {
        &self.digits
    }

    /// Whether this is Grundy's game (splits into equal heaps forbidden).
    pub fn is_grundy(&self) -> bool {
        self.unequal
    }

    /// `t`: the most tokens a move removes (0 for Grundy's game and codes like `4.`).
    pub fn max_take(&self) -> usize {
        self.digits.len() - 1
    }

    /// The most heaps a move leaves: 1 without splits, 2 with bit-4 digits, 3 with bit-8 digits.
    pub fn max_heaps(&self) -> u32 {
        let all = self.digits.iter().fold(0u8, |a, &d| a | d);
        if all & 8 != 0 {
            3
        } else if all & 4 != 0 {
            2
        } else {
            1
        }
    }

    /// Whether this is a pure subtraction game: `d0 = 0` and every digit 0 or 3 (a move of `i`
    /// tokens is legal from every heap `n >= i`).
    pub fn is_subtraction(&self) -> bool {
        !self.unequal && self.digits[0] == 0 && self.digits.iter().all(|&d| d == 0 || d == 3)
    }
}

impl fmt::Display for HeapGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.unequal {
            return write!(f, "grundy");
        }
        write!(f, "{:x}.", self.digits[0])?;
        for d in &self.digits[1..] {
            write!(f, "{d:x}")?;
        }
        Ok(())
    }
}

impl FromStr for HeapGame {
    type Err = HeapGameError;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        HeapGame::parse(s)
    }
}

fn hex(c: char) -> Option<u8> {
    c.to_digit(16).map(|d| d as u8)
}

/// `body` is trimmed and non-empty; `base` is its offset in the original text.
fn parse_code(body: &str, base: usize) -> Result<HeapGame, HeapGameError> {
    let mut chars = body.char_indices().peekable();
    let mut digits: Vec<u8> = Vec::new();
    let mut offsets: Vec<usize> = Vec::new();
    // d0, then the point.
    match chars.next() {
        Some((_, '.' | '·')) => {
            digits.push(0);
            offsets.push(base);
        }
        Some((at, c)) => {
            let Some(d) = hex(c) else {
                return Err(HeapGameError::Unexpected {
                    at: base + at,
                    found: c,
                    expected: "a code such as 0.137, a set such as {1,3,4}, or grundy",
                });
            };
            digits.push(d);
            offsets.push(base + at);
            match chars.next() {
                Some((_, '.' | '·')) => {}
                Some((at2, c2)) => {
                    return Err(HeapGameError::Unexpected {
                        at: base + at2,
                        found: c2,
                        expected: "'.' after the first digit (a code is d0.d1d2...)",
                    });
                }
                None => {
                    return Err(HeapGameError::Unexpected {
                        at: base + at,
                        found: c,
                        expected: "a code d0.d1d2... with its point",
                    });
                }
            }
        }
        None => return Err(HeapGameError::Empty),
    }
    for (at, c) in chars {
        let Some(d) = hex(c) else {
            return Err(HeapGameError::UnknownDigit { at: base + at, found: c });
        };
        // Stop storing far past the limit: only a non-zero digit there matters.
        if digits.len() > MAX_TAKE {
            if d != 0 {
                return Err(HeapGameError::CodeTooLong { at: base + at });
            }
            continue;
        }
        digits.push(d);
        offsets.push(base + at);
    }
    HeapGame::normalise(&digits, |i| offsets[i])
}

/// `body` is trimmed, starts with `{`; `base` is its offset in the original text.
fn parse_set(body: &str, base: usize) -> Result<HeapGame, HeapGameError> {
    let open = base;
    let bytes = body.as_bytes();
    let mut i = 1;
    let mut set: Vec<u64> = Vec::new();
    let skip_space = |mut i: usize| {
        while i < bytes.len() && bytes[i].is_ascii_whitespace() {
            i += 1;
        }
        i
    };
    let found_at = |i: usize| body[i..].chars().next().unwrap_or(' ');
    loop {
        i = skip_space(i);
        if i >= bytes.len() {
            return Err(HeapGameError::UnclosedBrace { at: open });
        }
        if bytes[i] == b'}' && set.is_empty() {
            return Err(HeapGameError::EmptySet { at: open });
        }
        // A member.
        let at = base + i;
        if bytes[i] == b'-' {
            return Err(HeapGameError::NotPositive { at });
        }
        if bytes[i] == b'+' {
            i += 1;
        }
        let digits_start = i;
        let mut value: u64 = 0;
        while i < bytes.len() && bytes[i].is_ascii_digit() {
            value = value.saturating_mul(10).saturating_add(u64::from(bytes[i] - b'0'));
            i += 1;
        }
        if i == digits_start {
            if i >= bytes.len() {
                return Err(HeapGameError::UnclosedBrace { at: open });
            }
            return Err(HeapGameError::Unexpected { at: base + i, found: found_at(i), expected: "a positive number" });
        }
        if value == 0 {
            return Err(HeapGameError::NotPositive { at });
        }
        if value > MAX_TAKE as u64 {
            return Err(HeapGameError::TooLarge { at });
        }
        set.push(value);
        i = skip_space(i);
        if i >= bytes.len() {
            return Err(HeapGameError::UnclosedBrace { at: open });
        }
        match bytes[i] {
            b',' => i += 1,
            b'}' => {
                i += 1;
                break;
            }
            _ => {
                return Err(HeapGameError::Unexpected { at: base + i, found: found_at(i), expected: "',' or '}'" });
            }
        }
    }
    if i < bytes.len() {
        return Err(HeapGameError::Unexpected { at: base + i, found: found_at(i), expected: "nothing after '}'" });
    }
    HeapGame::subtraction(&set)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::string::{String, ToString};

    #[test]
    fn codes() {
        let g = HeapGame::parse("0.137").unwrap();
        assert_eq!(g.digits(), &[0, 1, 3, 7]);
        assert_eq!(g.max_take(), 3);
        assert_eq!(g.max_heaps(), 2);
        assert_eq!(HeapGame::parse(".07").unwrap(), HeapGame::parse("0.07").unwrap());
        assert_eq!(HeapGame::parse("0.0700").unwrap(), HeapGame::parse("0.07").unwrap());
        assert_eq!(HeapGame::parse("4.07").unwrap().digits(), &[4, 0, 7]);
        assert_eq!(HeapGame::parse("0.8").unwrap().max_heaps(), 3);
        assert_eq!(HeapGame::parse(" 0.Fa ").unwrap().digits(), &[0, 15, 10]);
        assert_eq!(HeapGame::parse("4.").unwrap().max_take(), 0);
        assert_eq!(HeapGame::parse("c.1").unwrap().digits(), &[12, 1]);
        assert!(!HeapGame::parse("0.07").unwrap().is_subtraction());
        assert!(HeapGame::parse("0.33").unwrap().is_subtraction());
        // Winning Ways' middle dot is the point; errors after it still name byte offsets.
        assert_eq!(HeapGame::parse("·6").unwrap(), HeapGame::parse("0.6").unwrap());
        assert_eq!(HeapGame::parse("4·07").unwrap().digits(), &[4, 0, 7]);
        assert_eq!(HeapGame::parse("0·1g").unwrap_err(), HeapGameError::UnknownDigit { at: 4, found: 'g' });
        assert!(HeapGame::parse("0.·6").is_err());
    }

    #[test]
    fn sets_and_grundy() {
        let s = HeapGame::parse("{1,3,4}").unwrap();
        assert_eq!(s, HeapGame::parse("0.3033").unwrap());
        assert_eq!(s, HeapGame::parse("{ 4 , 1,3 }").unwrap());
        assert_eq!(s, HeapGame::subtraction(&[4, 3, 1, 1]).unwrap());
        assert!(s.is_subtraction());
        assert_eq!(s.max_heaps(), 1);
        let g = HeapGame::parse("Grundy").unwrap();
        assert!(g.is_grundy());
        assert_eq!(g.to_string(), "grundy");
        assert_ne!(g, HeapGame::parse("4.").unwrap());
    }

    #[test]
    fn errors() {
        use HeapGameError::*;
        let e = |t: &str| HeapGame::parse(t).unwrap_err();
        assert_eq!(e(""), Empty);
        assert_eq!(e("   "), Empty);
        assert_eq!(e("0.1g"), UnknownDigit { at: 3, found: 'g' });
        assert_eq!(e("1.07"), LoopingFirstDigit { at: 0, digit: 1 });
        assert_eq!(e(" 6.07"), LoopingFirstDigit { at: 1, digit: 6 });
        assert_eq!(e("{}"), EmptySet { at: 0 });
        assert_eq!(e("{ }"), EmptySet { at: 0 });
        assert_eq!(e("{1,0}"), NotPositive { at: 3 });
        assert_eq!(e("{-2}"), NotPositive { at: 1 });
        assert_eq!(e("{1,256}"), TooLarge { at: 3 });
        assert_eq!(e("{1,99999999999999999999999}"), TooLarge { at: 3 });
        assert_eq!(e("{1,3"), UnclosedBrace { at: 0 });
        assert_eq!(e("{1,"), UnclosedBrace { at: 0 });
        assert_eq!(e("0.000"), NoMove);
        assert_eq!(e("."), NoMove);
        assert_eq!(e("4"), Unexpected { at: 0, found: '4', expected: "a code d0.d1d2... with its point" });
        assert!(matches!(e("07"), Unexpected { at: 1, found: '7', .. }));
        assert!(matches!(e("{1 3}"), Unexpected { at: 3, found: '3', .. }));
        assert!(matches!(e("{1}x"), Unexpected { at: 3, found: 'x', .. }));
        assert!(matches!(e("grundyx"), Unexpected { at: 0, found: 'g', .. }));
        let mut long = String::from("0.");
        long.extend(core::iter::repeat_n('0', MAX_TAKE));
        long.push('1');
        assert_eq!(e(&long), CodeTooLong { at: MAX_TAKE + 2 });
        long.pop();
        long.push('0');
        long.push('0');
        assert_eq!(e(&long), NoMove);
        // Errors display their position.
        assert!(e("0.1g").to_string().contains("byte 3"));
        assert!(HeapGame::from_digits(&[0, 16]).is_err());
        assert_eq!(HeapGame::from_digits(&[2, 1]), Err(LoopingFirstDigit { at: 0, digit: 2 }));
        assert_eq!(HeapGame::subtraction(&[]), Err(EmptySet { at: 0 }));
    }

    #[test]
    fn display_round_trips() {
        for t in ["0.137", ".07", "4.07", "0.8", "c.", "{2,5,7}", "grundy", "0.FF0", "8.123456789abcdef"] {
            let g = HeapGame::parse(t).unwrap();
            let shown = g.to_string();
            assert_eq!(HeapGame::parse(&shown).unwrap(), g, "{t} -> {shown}");
        }
        assert_eq!(HeapGame::parse("{1,3,4}").unwrap().to_string(), "0.3033");
        assert_eq!(HeapGame::parse(".070").unwrap().to_string(), "0.07");
    }

    /// A fuzz-like sweep: random short strings over an alphabet of the notation's characters and
    /// a few others never panic, and every accepted text round-trips through `Display`.
    #[test]
    fn random_texts_never_panic() {
        const ALPHABET: &[char] =
            &['0', '1', '3', '4', '7', '8', 'c', 'F', 'g', '.', '·', '{', '}', ',', ' ', '-', '+', '9', 'é', '\t', 'x'];
        let mut rng = grundy_test_support::Rng(0x9e37_79b9_7f4a_7c15);
        let mut accepted = 0;
        for _ in 0..50_000 {
            let len = (rng.next() % 12) as usize;
            let text: String = (0..len).map(|_| ALPHABET[(rng.next() % ALPHABET.len() as u64) as usize]).collect();
            match HeapGame::parse(&text) {
                Ok(g) => {
                    accepted += 1;
                    assert_eq!(HeapGame::parse(&g.to_string()).as_ref(), Ok(&g), "{text:?}");
                }
                Err(e) => {
                    let _ = e.to_string();
                    // Offsets point into the text.
                    let at = match e {
                        HeapGameError::UnknownDigit { at, .. }
                        | HeapGameError::LoopingFirstDigit { at, .. }
                        | HeapGameError::CodeTooLong { at }
                        | HeapGameError::EmptySet { at }
                        | HeapGameError::NotPositive { at }
                        | HeapGameError::TooLarge { at }
                        | HeapGameError::UnclosedBrace { at }
                        | HeapGameError::Unexpected { at, .. } => at,
                        _ => 0,
                    };
                    assert!(at <= text.len(), "{text:?}: {e}");
                }
            }
        }
        assert!(accepted > 100, "{accepted}");
    }
}
