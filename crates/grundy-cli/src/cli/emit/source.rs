//! Assembling an emitted program from its language's template: sections, placeholders, the
//! comment header and the packed values as a string literal.

use std::collections::BTreeMap;

use clap::ValueEnum;

/// The languages `emit` writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum Lang {
    /// C99.
    C,
    /// C++17.
    Cpp,
    /// Python 3.
    Python,
    /// Rust (2021 edition or later).
    Rust,
}

impl Lang {
    /// The name `--lang` takes.
    pub fn name(self) -> &'static str {
        match self {
            Lang::C => "c",
            Lang::Cpp => "cpp",
            Lang::Python => "python",
            Lang::Rust => "rust",
        }
    }

    fn template(self) -> &'static str {
        match self {
            Lang::C => include_str!("templates/solver.c.in"),
            Lang::Cpp => include_str!("templates/solver.cpp.in"),
            Lang::Python => include_str!("templates/solver.py.in"),
            Lang::Rust => include_str!("templates/solver.rs.in"),
        }
    }

    fn comment(self) -> &'static str {
        match self {
            Lang::Python => "#",
            _ => "//",
        }
    }

    fn boolean(self, b: bool) -> &'static str {
        match (self, b) {
            (Lang::Python, true) => "True",
            (Lang::Python, false) => "False",
            (Lang::C, true) => "1",
            (Lang::C, false) => "0",
            (_, true) => "true",
            (_, false) => "false",
        }
    }

    /// A string literal of `text` (base64 characters only), split over lines of `WIDTH`.
    fn literal(self, text: &str) -> String {
        const WIDTH: usize = 96;
        let chunks: Vec<&str> =
            text.as_bytes().chunks(WIDTH).map(|c| std::str::from_utf8(c).expect("base64 is ASCII")).collect();
        if chunks.is_empty() {
            return "\"\"".into();
        }
        match self {
            // Adjacent literals are concatenated (in Python inside the call's parentheses).
            Lang::C | Lang::Cpp | Lang::Python => {
                chunks.iter().map(|c| format!("    \"{c}\"")).collect::<Vec<_>>().join("\n")
            }
            // A backslash at the end of a line skips the newline and the next line's indentation.
            Lang::Rust => format!("\"{}\"", chunks.join("\\\n    ")),
        }
    }
}

/// What an emitted program holds: the template sections after the prelude, the values of their
/// placeholders, and the lines of the header comment that describe it.
#[derive(Debug)]
pub struct Program {
    /// The game, when the input line does not name it.
    pub game: Option<String>,
    /// Its values: how they are held, how far they go.
    pub about: Vec<String>,
    /// The judge input the program reads, one line.
    pub input: &'static str,
    /// The template sections, in order, after `prelude`.
    pub sections: Vec<&'static str>,
    /// The placeholders' values.
    pub fills: Vec<(&'static str, Fill)>,
    /// The game's arguments of the `grundy emit` command that regenerates the program.
    pub command: String,
    /// What to change when the program is over the size limit.
    pub smaller: &'static str,
}

/// A placeholder's value.
#[derive(Debug)]
pub enum Fill {
    /// Text as is.
    Text(String),
    /// A boolean literal.
    Bool(bool),
    /// Integers, comma-separated.
    List(Vec<i64>),
    /// Values packed into a string literal: fills `DATA`, and their count and width `NVAL` and
    /// `BITS`.
    Values(Vec<u16>),
}

/// Bits per value: enough for the largest (at least 1).
fn bits_for(values: &[u16]) -> u32 {
    let max = values.iter().copied().max().unwrap_or(0);
    (16 - max.leading_zeros()).max(1)
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `values` packed `bits` bits each, least significant bit first, six bits per character.
fn pack(values: impl ExactSizeIterator<Item = u16>, bits: u32) -> String {
    let mut out = String::with_capacity(values.len() * bits as usize / 6 + 1);
    let (mut acc, mut have) = (0u32, 0u32);
    for v in values {
        acc |= u32::from(v) << have;
        have += bits;
        while have >= 6 {
            out.push(B64[(acc & 63) as usize] as char);
            acc >>= 6;
            have -= 6;
        }
    }
    if have > 0 {
        out.push(B64[(acc & 63) as usize] as char);
    }
    out
}

/// The template's sections by name.
fn sections(template: &str) -> BTreeMap<&str, String> {
    let mut out = BTreeMap::new();
    let mut name = "";
    let mut body = String::new();
    for line in template.lines() {
        if let Some(next) = line.strip_prefix("@@section ") {
            if !name.is_empty() {
                out.insert(name, std::mem::take(&mut body));
            }
            name = next.trim();
        } else {
            body.push_str(line);
            body.push('\n');
        }
    }
    out.insert(name, body);
    out
}

/// The whole source: the header comment, then the template's sections with their placeholders
/// filled in.
pub fn render(lang: Lang, program: &Program, header: &[String]) -> String {
    let parts = sections(lang.template());
    let mut subs: Vec<(&str, String)> = Vec::new();
    for (key, fill) in &program.fills {
        match fill {
            Fill::Text(text) => subs.push((key, text.clone())),
            Fill::Bool(b) => subs.push((key, lang.boolean(*b).into())),
            Fill::List(values) => {
                subs.push((key, values.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")));
            }
            Fill::Values(values) => {
                let bits = bits_for(values);
                subs.push(("NVAL", values.len().to_string()));
                subs.push(("BITS", bits.to_string()));
                subs.push((key, lang.literal(&pack(values.iter().copied(), bits))));
            }
        }
    }
    let names = std::iter::once("prelude").chain(program.sections.iter().copied());
    let mut text = String::new();
    for line in header {
        let line = format!("{} {line}", lang.comment());
        text.push_str(line.trim_end());
        text.push('\n');
    }
    text.push('\n');
    for name in names {
        let mut body = parts.get(name).unwrap_or_else(|| panic!("template section {name}")).clone();
        for (key, value) in &subs {
            body = body.replace(&format!("@@{key}@@"), value);
        }
        debug_assert!(!body.contains("@@"), "a placeholder left in section {name}");
        text.push_str(&body);
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn packing_is_lsb_first() {
        // 3-bit values 1, 2: bits 001 010 -> 0b010001 = 17 = 'R'.
        assert_eq!(pack([1, 2].into_iter(), 3), "R");
        assert_eq!(pack([63, 0].into_iter(), 6), "/A");
        assert_eq!(pack([].into_iter(), 1), "");
        assert_eq!(bits_for(&[0, 6]), 3);
        assert_eq!(bits_for(&[0]), 1);
        // 9-bit values 257, 3: 257 + (3 << 9) = 1793 = 28 * 64 + 1: sixes 1, 28, 0.
        assert_eq!(pack([257u16, 3].into_iter(), 9), "BcA");
        assert_eq!(bits_for(&[0, 256]), 9);
        assert_eq!(bits_for(&[u16::MAX]), 16);
    }

    #[test]
    fn every_template_has_every_section() {
        for lang in [Lang::C, Lang::Cpp, Lang::Python, Lang::Rust] {
            let parts = sections(lang.template());
            for name in ["prelude", "unpack", "form", "table", "knights", "misere", "heaps", "heap_misere", "mine"] {
                assert!(parts.contains_key(name), "{lang:?}: {name}");
            }
        }
    }
}
