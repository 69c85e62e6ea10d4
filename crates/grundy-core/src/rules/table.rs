//! The payload of a [`TableKind::RuleValues`](crate::format::TableKind::RuleValues) table: the
//! values of a game defined by rules, read in place ([`RulesTable`] borrows the payload).
//!
//! ```text
//! 0 .. 4        width w, u32: 0 for a heap game, else the numbers in a tuple (1 to 8)
//! 4 .. 12       side s, u64: a heap game's values G(0..s), or the box [0, s)^w
//! 12 .. 16      length L of the game's name, u32 (at most MAX_NAME)
//! 16 .. 16+L    the name, UTF-8 (the script's file name without its extension)
//! 16+L ..       the values, u32 little-endian: s of them, or s^w in row-major order
//! ```
//!
//! A reader checks the layout, the count of values, and `G(0) = 0` for a heap game (heap 0
//! has no move: a move leaves smaller heaps); a value outside the table is never guessed.

use alloc::format;
use alloc::string::String;
use alloc::vec::Vec;

use super::{MAX_DIMENSION, Shape};

/// The longest name stored.
pub const MAX_NAME: usize = 255;

/// Bytes before the name.
const FIXED: usize = 16;

/// The values of a game defined by rules, borrowed from a payload.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RulesTable<'a> {
    name: &'a str,
    shape: Shape,
    side: u64,
    values: &'a [u8],
}

impl<'a> RulesTable<'a> {
    /// The game's name.
    pub fn name(&self) -> &'a str {
        self.name
    }

    /// Heaps, or tuples of how many numbers.
    pub fn shape(&self) -> Shape {
        self.shape
    }

    /// Heaps `0..side`, or the box `[0, side)^width`.
    pub fn side(&self) -> u64 {
        self.side
    }

    /// The value of a position (`[n]` for heap `n`), or `None` outside the table.
    pub fn value(&self, position: &[u64]) -> Option<u64> {
        if position.len() != self.shape.width() {
            return None;
        }
        let side = self.side as usize;
        let index = position.iter().try_fold(0usize, |i, &x| (x < self.side).then(|| i * side + x as usize))?;
        let bytes = self.values[4 * index..4 * index + 4].try_into().expect("4 bytes");
        Some(u64::from(u32::from_le_bytes(bytes)))
    }

    /// The values stored, row-major.
    pub fn values(&self) -> impl ExactSizeIterator<Item = u64> + '_ {
        self.values.chunks_exact(4).map(|b| u64::from(u32::from_le_bytes(b.try_into().expect("4 bytes"))))
    }
}

/// Why values cannot be stored.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum EncodeError {
    /// The name is longer than [`MAX_NAME`] bytes.
    LongName,
    /// A value does not fit 32 bits.
    LargeValue(u64),
    /// More values than a payload holds.
    TooManyValues(usize),
    /// The count of values is not `side` (heaps) or `side^width` (tuples).
    WrongCount,
}

impl core::fmt::Display for EncodeError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            EncodeError::LongName => write!(f, "a name longer than {MAX_NAME} bytes"),
            EncodeError::LargeValue(v) => write!(f, "the value {v} does not fit 32 bits"),
            EncodeError::TooManyValues(n) => write!(f, "{n} values do not fit one table"),
            EncodeError::WrongCount => write!(f, "the values do not fill the table"),
        }
    }
}

impl core::error::Error for EncodeError {}

/// Encodes a game's values: a heap game's `G(0..side)`, or a box of side `side` row-major.
pub fn encode(name: &str, shape: Shape, side: u64, values: &[u64]) -> Result<Vec<u8>, EncodeError> {
    if name.len() > MAX_NAME {
        return Err(EncodeError::LongName);
    }
    let count = usize::try_from(side).ok().and_then(|s| s.checked_pow(shape.width() as u32));
    if count != Some(values.len()) {
        return Err(EncodeError::WrongCount);
    }
    if values.len() > (u32::MAX as usize - FIXED - MAX_NAME) / 4 {
        return Err(EncodeError::TooManyValues(values.len()));
    }
    let width = match shape {
        Shape::Heap => 0u32,
        Shape::Tuple(d) => d as u32,
    };
    let mut out = Vec::with_capacity(FIXED + name.len() + 4 * values.len());
    out.extend_from_slice(&width.to_le_bytes());
    out.extend_from_slice(&side.to_le_bytes());
    out.extend_from_slice(&(name.len() as u32).to_le_bytes());
    out.extend_from_slice(name.as_bytes());
    for &v in values {
        out.extend_from_slice(&u32::try_from(v).map_err(|_| EncodeError::LargeValue(v))?.to_le_bytes());
    }
    Ok(out)
}

/// Decodes and checks a payload (see the module documentation); the error says what is wrong.
pub fn decode(bytes: &[u8]) -> Result<RulesTable<'_>, String> {
    let field = |at: usize, len: usize, what: &str| {
        bytes.get(at..at + len).ok_or_else(|| format!("{} bytes end before {what}", bytes.len()))
    };
    let width = u32::from_le_bytes(field(0, 4, "the width")?.try_into().expect("4 bytes")) as usize;
    let side = u64::from_le_bytes(field(4, 8, "the side")?.try_into().expect("8 bytes"));
    let len = u32::from_le_bytes(field(12, 4, "the name's length")?.try_into().expect("4 bytes")) as usize;
    let shape = match width {
        0 => Shape::Heap,
        d if d <= MAX_DIMENSION => Shape::Tuple(d),
        d => return Err(format!("tuples of {d} numbers (at most {MAX_DIMENSION})")),
    };
    if len > MAX_NAME {
        return Err(format!("a name of {len} bytes (at most {MAX_NAME})"));
    }
    let name = core::str::from_utf8(field(FIXED, len, "the name")?).map_err(|_| "the name is not UTF-8")?;
    let values = &bytes[FIXED + len..];
    let count = usize::try_from(side).ok().and_then(|s| s.checked_pow(shape.width() as u32));
    if side == 0 || count.and_then(|c| c.checked_mul(4)) != Some(values.len()) {
        return Err(format!(
            "{} bytes of values for a table of side {side} (4 bytes a value, at least one)",
            values.len()
        ));
    }
    let table = RulesTable { name, shape, side, values };
    if shape == Shape::Heap && table.value(&[0]) != Some(0) {
        return Err("G(0) is not 0, but a heap of 0 has no moves".into());
    }
    Ok(table)
}
