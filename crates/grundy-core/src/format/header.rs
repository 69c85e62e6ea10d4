//! The blob header and its bincode encoding (the only place that knows about bincode).
//!
//! Bincode 2 with fixed-int little-endian integers: a `String` or `Vec` is a `u64` length and
//! its elements, an enum a `u32` variant index, integers their fixed width. `docs/blob-format.md`
//! lists the bytes field by field.

use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use bincode::error::DecodeError;
use serde::{Deserialize, Serialize};

use super::BlobError;

/// Which game a table belongs to.
///
/// Bincode stores the variant's index, so variants are only ever added at the end.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[non_exhaustive]
pub enum TableKind {
    /// Grundy values of one leaper (its move set in the entry; the hyper knight in the default
    /// blob), `rows x cols` square indexed `x * cols + y`.
    LeaperSquare,
    /// Misère Nim outcome, `2 x 4` cells indexed by [`misere::table_index`](crate::misere::table_index)
    /// (0: the mover loses, 1: the mover wins, 2: no position of that class).
    MisereNim,
    /// Mine: Grundy value of a blank region with `b` face-down numbers, `1 x p` cells indexed `b mod p`.
    MineRegion,
    /// Mine: Grundy value of a number that touches no blank region, `1 x 1`.
    MineNumber,
    /// The certified closed form of one leaper (its move set in the entry), valid on all of N²:
    /// `1 x len` bytes in the encoding of [`leaper::codec`](crate::leaper::codec), stored as [`CellEncoding::Bytes`].
    LeaperForm,
    /// One heap game's values and proven period (the game is named in the payload): `1 x len`
    /// bytes in the encoding of [`heap::table`](crate::heap::table), stored as [`CellEncoding::Bytes`].
    HeapValues,
    /// The values of a game defined by rules (a script or a `Rules` implementation): `1 x len`
    /// bytes in the encoding of [`rules::table`](crate::rules::table), stored as [`CellEncoding::Bytes`].
    RuleValues,
    /// One heap game's certified misère quotient (the game is named in the payload): `1 x len`
    /// bytes in the encoding of [`heap_misere::table`](crate::heap_misere::table), stored as
    /// [`CellEncoding::Bytes`].
    MisereQuotient,
}

impl TableKind {
    /// The table's name in messages.
    pub fn name(self) -> &'static str {
        match self {
            TableKind::LeaperSquare => "leaper square",
            TableKind::MisereNim => "misère Nim",
            TableKind::MineRegion => "Mine region",
            TableKind::MineNumber => "Mine number",
            TableKind::LeaperForm => "closed-form",
            TableKind::HeapValues => "heap game",
            TableKind::RuleValues => "rules",
            TableKind::MisereQuotient => "misère quotient",
        }
    }

    /// How this game's cells are stored.
    pub fn cell_encoding(self) -> CellEncoding {
        match self {
            TableKind::LeaperForm | TableKind::HeapValues | TableKind::RuleValues | TableKind::MisereQuotient => {
                CellEncoding::Bytes
            }
            TableKind::LeaperSquare | TableKind::MisereNim | TableKind::MineRegion | TableKind::MineNumber => {
                CellEncoding::U8
            }
        }
    }

    /// Checks that table `table` of this kind may be `rows x cols`.
    pub(super) fn check_shape(self, table: usize, rows: u32, cols: u32) -> Result<(), BlobError> {
        let allowed = match self {
            TableKind::LeaperSquare if rows != cols || rows == 0 => {
                return Err(BlobError::NotSquare { table, rows, cols });
            }
            TableKind::LeaperSquare => true,
            TableKind::MisereNim => (rows, cols) == (2, 4),
            TableKind::MineRegion => rows == 1 && cols >= 1,
            TableKind::MineNumber => (rows, cols) == (1, 1),
            TableKind::LeaperForm | TableKind::HeapValues | TableKind::RuleValues | TableKind::MisereQuotient => {
                rows == 1 && cols >= 1
            }
        };
        if allowed { Ok(()) } else { Err(BlobError::BadShape { table, game: self, rows, cols }) }
    }

    /// Checks the payload of table `table` (computed for `moves`): an encoded structure must
    /// decode, a cell must hold a value its game can produce.
    pub(super) fn check_payload(self, table: usize, moves: &[(i8, i8)], payload: &[u8]) -> Result<(), BlobError> {
        let bad = |reason: String| BlobError::BadPayload { table, game: self, reason };
        let max = match self {
            TableKind::LeaperForm => {
                return crate::leaper::codec::decode(moves, payload).map(drop).map_err(|e| bad(e.to_string()));
            }
            TableKind::HeapValues => return crate::heap::table::decode(payload).map(drop).map_err(bad),
            TableKind::RuleValues => return crate::rules::table::decode(payload).map(drop).map_err(bad),
            TableKind::MisereQuotient => return crate::heap_misere::table::decode(payload).map(drop).map_err(bad),
            // A mex over at most `moves.len()` options.
            TableKind::LeaperSquare => moves.len().min(u8::MAX as usize) as u8,
            // An outcome bit, or the mark of an impossible class.
            TableKind::MisereNim => 2,
            // A mex over {0, the value with one number fewer}.
            TableKind::MineRegion => 2,
            // A mex over {0}.
            TableKind::MineNumber => 1,
        };
        match payload.iter().position(|&v| v > max) {
            Some(index) => Err(BlobError::BadCell { table, index, value: payload[index] }),
            None => Ok(()),
        }
    }
}

/// How a cell is stored in the payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellEncoding {
    /// One unsigned byte per cell.
    U8,
    /// An encoded structure (a [`TableKind::LeaperForm`], [`TableKind::HeapValues`] or
    /// [`TableKind::MisereQuotient`]), `len` bytes with
    /// `rows = 1`, `cols = len`.
    Bytes,
}

/// One table of the blob: what it is and where its payload lies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEntry {
    /// Which game, and so how the cells are read.
    pub game: TableKind,
    /// The move set `(dx, dy)` the table was computed for (empty where it does not apply).
    pub moves: Vec<(i8, i8)>,
    /// Rows of cells (`x` for a knight square).
    pub rows: u32,
    /// Columns of cells (`y` for a knight square).
    pub cols: u32,
    /// How each cell is stored.
    pub cell: CellEncoding,
    /// Byte offset of the payload from the start of the blob; a multiple of 64.
    pub offset: u64,
    /// Payload length in bytes: `rows * cols` for [`CellEncoding::U8`].
    pub len: u64,
    /// CRC-32 (IEEE) of the payload.
    pub crc32: u32,
}

impl TableEntry {
    /// The move set as text, `(dx,dy)` pairs separated by spaces (empty for none).
    pub fn moves_text(&self) -> crate::leaper::MovesText<'_> {
        crate::leaper::MovesText(&self.moves)
    }
}

/// What the blob says about its tables: the part of the header bincode encodes. The magic,
/// version, endian mark, length and checksum before it are written by hand
/// ([`super::PREAMBLE_LEN`] bytes at fixed offsets), so a reader names a foreign, newer or
/// corrupted file before it decodes anything.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// `grundy <version>` of the generator that wrote the blob.
    pub generator: String,
    /// The tables, in payload order.
    pub tables: Vec<TableEntry>,
}

/// The first eight bytes of every blob.
pub const MAGIC: [u8; 8] = *b"GRUNDYSG";

/// The layout version this code reads and writes. Version 1 stored the magic, version and
/// endian mark inside the bincode header and its checksum after it; it is refused by version.
pub const FORMAT_VERSION: u16 = 2;

/// The byte-order sentinel stored in every preamble.
pub const ENDIAN_MARK: u32 = 0x0102_0304;

/// The largest header a reader accepts; a longer claimed length is corruption.
pub const MAX_HEADER_LEN: usize = 1 << 16;

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_little_endian().with_fixed_int_encoding().with_limit::<MAX_HEADER_LEN>()
}

impl Header {
    /// The header's bytes (fixed-int, little-endian bincode).
    pub fn encode(&self) -> Vec<u8> {
        bincode::serde::encode_to_vec(self, config()).expect("a header always encodes")
    }

    /// Decodes a header that must fill `bytes` exactly. The error says, in words, which field
    /// does not decode and why.
    pub fn decode(bytes: &[u8]) -> Result<Header, BlobError> {
        let (header, used) = bincode::serde::decode_from_slice(bytes, config())
            .map_err(|e| BlobError::HeaderDecode(diagnose(bytes, &e)))?;
        if used != bytes.len() {
            return Err(BlobError::HeaderDecode(format!(
                "{} bytes are left after the last table's entry",
                bytes.len() - used
            )));
        }
        Ok(header)
    }
}

/// Why `bytes` is not a header, naming the field where decoding stops: found by decoding the
/// fields one at a time, in the order `docs/blob-format.md` lists them (only once the whole
/// header failed to decode, as `whole`).
fn diagnose(bytes: &[u8], whole: &DecodeError) -> String {
    let mut fields = Fields { bytes, at: 0 };
    let stopped = (|| {
        fields.next::<String>("the generator name")?;
        let tables = fields.next::<u64>("the number of tables")?;
        for i in 0..tables {
            let name = |field: &str| format!("table {i}'s {field}");
            fields.variant::<TableKind>(&name("game"))?;
            fields.next::<Vec<(i8, i8)>>(&name("move set"))?;
            fields.next::<u32>(&name("number of rows"))?;
            fields.next::<u32>(&name("number of columns"))?;
            fields.variant::<CellEncoding>(&name("cell encoding"))?;
            fields.next::<u64>(&name("payload offset"))?;
            fields.next::<u64>(&name("payload length"))?;
            fields.next::<u32>(&name("CRC-32"))?;
        }
        Ok(())
    })();
    match stopped {
        Err(why) => why,
        Ok(()) => format!("it is malformed ({})", describe(whole)),
    }
}

/// The fields of a header read one at a time, from `at` on.
struct Fields<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl Fields<'_> {
    /// The next field, `name` in messages.
    fn next<T: serde::de::DeserializeOwned>(&mut self, name: &str) -> Result<T, String> {
        match bincode::serde::decode_from_slice::<T, _>(&self.bytes[self.at..], config()) {
            Ok((value, used)) => {
                self.at += used;
                Ok(value)
            }
            Err(e) => Err(format!("{name} (at byte {} of the blob) {}", super::PREAMBLE_LEN + self.at, describe(&e))),
        }
    }

    /// The next field, an enum stored as its variant's index: one this reader does not know is
    /// named by its number.
    fn variant<T: serde::de::DeserializeOwned>(&mut self, name: &str) -> Result<T, String> {
        let at = self.at;
        let index = self.next::<u32>(name)?;
        self.at = at;
        self.next::<T>(name).map_err(|_| {
            format!(
                "{name} (at byte {} of the blob) is {index}, which this version of grundy does not know \
                 (a blob from a newer version?)",
                super::PREAMBLE_LEN + at
            )
        })
    }
}

/// What is wrong with a field, in words (bincode's errors display as their debug form).
fn describe(e: &DecodeError) -> String {
    match e {
        DecodeError::UnexpectedEnd { additional } => {
            format!("runs past the end of the header ({additional} more bytes needed)")
        }
        DecodeError::LimitExceeded => format!("claims more bytes than a header may have ({MAX_HEADER_LEN})"),
        DecodeError::OutsideUsizeRange(n) => format!("claims a length of {n}, more than can be addressed"),
        DecodeError::Utf8 { .. } => "is not valid UTF-8".to_string(),
        DecodeError::UnexpectedVariant { found, .. } => format!("is {found}, not a value this version knows"),
        _ => "is malformed".to_string(),
    }
}
