//! What an error says was found where a number was expected: a readable name for a character,
//! a byte-order mark or a byte that is not UTF-8.

use core::fmt;

/// The character at the start of the rest of the input, as an error names it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Found<'a> {
    /// Nothing: the input ended.
    End,
    /// A UTF-8 byte-order mark (U+FEFF).
    ByteOrderMark,
    /// A control character or a Unicode space, shown escaped as Rust's `{:?}` shows it: for any
    /// but a separator (never found), `'\0'` or `'\u{…}'` with the code point in hexadecimal.
    Escaped(char),
    /// Any other character, shown as it is (its UTF-8 bytes).
    Char(&'a str),
    /// A byte that does not start a UTF-8 character.
    NotUtf8(u8),
}

impl Found<'_> {
    /// What starts `rest`.
    pub fn at_start(rest: &[u8]) -> Found<'_> {
        let len = match rest.first() {
            None => return Found::End,
            Some(&b) if b < 0x80 => 1,
            Some(&b) if b >= 0xF0 => 4,
            Some(&b) if b >= 0xE0 => 3,
            Some(_) => 2,
        };
        let Some(Ok(text)) = rest.get(..len).map(core::str::from_utf8) else { return Found::NotUtf8(rest[0]) };
        match text.chars().next().map_or(0, u32::from) {
            0xFEFF => Found::ByteOrderMark,
            // `char::is_control` or `char::is_whitespace`, written out (the tables cost size).
            c @ (0..=0x20 | 0x7F..=0xA0 | 0x1680 | 0x2000..=0x200A | 0x2028 | 0x2029 | 0x202F | 0x205F | 0x3000) => {
                Found::Escaped(char::from_u32(c).unwrap_or_default())
            }
            _ => Found::Char(text),
        }
    }
}

impl fmt::Display for Found<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Found::End => f.write_str("end of input"),
            Found::ByteOrderMark => f.write_str("a UTF-8 byte-order mark (U+FEFF; save the file without it)"),
            Found::Escaped(c) => write!(f, "character {c:?}"),
            Found::Char(text) => write!(f, "'{text}'"),
            Found::NotUtf8(b) => write!(f, "byte {b:#04x} (not UTF-8)"),
        }
    }
}

#[cfg(test)]
mod tests {
    extern crate std;
    use std::format;
    use std::string::ToString;

    use super::*;

    /// Every character is escaped exactly when it is a control character or a space, and but
    /// for the separators and NUL, Rust's `{:?}` shows it as `'\u{…}'`.
    #[test]
    fn escaped_characters_are_the_controls_and_the_spaces() {
        let (mut buf, mut other) = ([0; 4], [0; 4]);
        for c in (0..=0x10FFFF).filter_map(char::from_u32) {
            let found = Found::at_start(c.encode_utf8(&mut buf).as_bytes());
            let expected = match c {
                '\u{feff}' => Found::ByteOrderMark,
                c if c.is_control() || c.is_whitespace() => Found::Escaped(c),
                _ => Found::Char(c.encode_utf8(&mut other)),
            };
            assert_eq!(found, expected, "{c:?}");
            if let Found::Escaped(c) = found
                && !matches!(c, '\0' | ' ' | '\t' | '\n' | '\r')
            {
                assert_eq!(format!("{c:?}"), format!("'\\u{{{:x}}}'", u32::from(c)));
            }
        }
    }

    #[test]
    fn messages_name_what_was_found() {
        let shown = |rest: &[u8]| Found::at_start(rest).to_string();
        assert_eq!(shown(b""), "end of input");
        assert_eq!(shown(b"x1"), "'x'");
        assert_eq!(shown("é".as_bytes()), "'é'");
        assert_eq!(shown(b"\0"), "character '\\0'");
        assert_eq!(shown(b"\x0b"), "character '\\u{b}'");
        assert_eq!(shown("\u{a0}".as_bytes()), "character '\\u{a0}'");
        assert_eq!(shown("\u{feff}1".as_bytes()), "a UTF-8 byte-order mark (U+FEFF; save the file without it)");
        assert_eq!(shown(&[0xff, b'1']), "byte 0xff (not UTF-8)");
        assert_eq!(shown(&[0xe2, 0x82]), "byte 0xe2 (not UTF-8)");
    }
}
