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

/// What an emitted program holds (one per run, so the variants' sizes do not matter).
#[derive(Debug)]
#[allow(clippy::large_enum_variant)]
pub enum Piece {
    /// A closed form's parameters (see `ClosedForm`): core size, modulus, the clamps of `x` and
    /// `y`, per strip its direction, band, phase length and first value, per sector its basis and
    /// first value; `values` is the core, the strip patterns and the sector patterns in order.
    Form {
        core: i64,
        modulus: u64,
        b0: i64,
        b1: i64,
        fp: Vec<i64>,
        fq: Vec<i64>,
        flo: Vec<i64>,
        fhi: Vec<i64>,
        flen: Vec<i64>,
        f_off: Vec<i64>,
        sa: Vec<i64>,
        sb: Vec<i64>,
        sd: Vec<i64>,
        s_off: Vec<i64>,
        values: Vec<u8>,
    },
    /// `g` for `0 <= x, y < bound`, row-major (rows from `x` on when `symmetric`).
    Table { bound: u64, symmetric: bool, values: Vec<u8> },
    /// A heap game's table for the heaps judge: `G(0..values.len())` and, when proven, the
    /// period (`G(n) = G(preperiod + (n - preperiod) mod period)` from `preperiod` on).
    Heaps { game: String, period: Option<(u64, u64)>, values: Vec<u16> },
    /// Misère Nim needs no values.
    Misere,
}

/// A program: the lines describing its values, and the values.
#[derive(Debug)]
pub struct Program {
    pub about: Vec<String>,
    pub piece: Piece,
}

/// Bits per value: enough for the largest (at least 1).
fn bits_for(values: &[u8]) -> u32 {
    let max = values.iter().copied().max().unwrap_or(0);
    (8 - max.leading_zeros()).max(1)
}

/// Bits per 16-bit value: enough for the largest (at least 1).
fn bits_for16(values: &[u16]) -> u32 {
    let max = values.iter().copied().max().unwrap_or(0);
    (16 - max.leading_zeros()).max(1)
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

/// `values` packed `bits` bits each, least significant bit first, six bits per character.
pub fn pack(values: &[u8], bits: u32) -> String {
    pack16(values.iter().map(|&v| u16::from(v)), bits)
}

/// [`pack`] for values of up to 16 bits.
fn pack16(values: impl ExactSizeIterator<Item = u16>, bits: u32) -> String {
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

fn list(values: &[i64]) -> String {
    values.iter().map(i64::to_string).collect::<Vec<_>>().join(", ")
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
    let mut names = vec!["prelude"];
    match &program.piece {
        Piece::Form { core, modulus, b0, b1, fp, fq, flo, fhi, flen, f_off, sa, sb, sd, s_off, values } => {
            names.extend(["unpack", "form", "knights"]);
            let bits = bits_for(values);
            subs.extend([
                ("K", fp.len().to_string()),
                ("C", core.to_string()),
                ("Q", modulus.to_string()),
                ("B0", b0.to_string()),
                ("B1", b1.to_string()),
                ("FP", list(fp)),
                ("FQ", list(fq)),
                ("FLO", list(flo)),
                ("FHI", list(fhi)),
                ("FLEN", list(flen)),
                ("FOFF", list(f_off)),
                ("SA", list(sa)),
                ("SB", list(sb)),
                ("SD", list(sd)),
                ("SOFF", list(s_off)),
                ("NVAL", values.len().to_string()),
                ("BITS", bits.to_string()),
                ("DATA", lang.literal(&pack(values, bits))),
                ("RANGE", "is beyond 2^63 - 1, the largest coordinate accepted".into()),
            ]);
        }
        Piece::Table { bound, symmetric, values } => {
            names.extend(["unpack", "table", "knights"]);
            let bits = bits_for(values);
            subs.extend([
                ("BOUND", bound.to_string()),
                ("SYM", lang.boolean(*symmetric).into()),
                ("NVAL", values.len().to_string()),
                ("BITS", bits.to_string()),
                ("DATA", lang.literal(&pack(values, bits))),
                (
                    "RANGE",
                    format!(
                        "is beyond {}, the edge of this program's table (regenerate it with a larger --bound)",
                        bound - 1
                    ),
                ),
            ]);
        }
        Piece::Misere => names.push("misere"),
        Piece::Heaps { game, period, values } => {
            names.push("heaps");
            let bits = bits_for16(values);
            // Without a period, PERIOD is 1 (never used) so that no program divides by zero.
            let (p, n0) = period.unwrap_or((1, 0));
            subs.extend([
                ("GAME", game.clone()),
                ("NVAL", values.len().to_string()),
                ("BITS", bits.to_string()),
                ("PERIODIC", lang.boolean(period.is_some()).into()),
                ("PERIOD", p.to_string()),
                ("PREPERIOD", n0.to_string()),
                ("DATA", lang.literal(&pack16(values.iter().copied(), bits))),
            ]);
        }
    }
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
        assert_eq!(pack(&[1, 2], 3), "R");
        assert_eq!(pack(&[63, 0], 6), "/A");
        assert_eq!(pack(&[], 1), "");
        assert_eq!(bits_for(&[0, 6]), 3);
        assert_eq!(bits_for(&[0]), 1);
        // 9-bit values 257, 3: 257 + (3 << 9) = 1793 = 28 * 64 + 1: sixes 1, 28, 0.
        assert_eq!(pack16([257u16, 3].into_iter(), 9), "BcA");
        assert_eq!(bits_for16(&[0, 256]), 9);
        assert_eq!(bits_for16(&[u16::MAX]), 16);
    }

    #[test]
    fn every_template_has_every_section() {
        for lang in [Lang::C, Lang::Cpp, Lang::Python, Lang::Rust] {
            let parts = sections(lang.template());
            for name in ["prelude", "unpack", "form", "table", "knights", "misere", "heaps"] {
                assert!(parts.contains_key(name), "{lang:?}: {name}");
            }
        }
    }
}
