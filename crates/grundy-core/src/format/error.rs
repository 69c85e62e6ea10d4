//! Why a blob was rejected.

use alloc::string::String;

use super::header::{CellEncoding, TableKind};

/// A blob failed validation; the message says which check failed. Each check has its own
/// variant, and new checks may be added.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
#[allow(missing_docs)] // The fields are named for what they hold; each variant says what failed.
pub enum BlobError {
    /// Shorter than the fixed preamble (magic, version, endian mark, header length, checksum).
    TooShort { len: usize },
    /// The first eight bytes are not the grundy magic: not a table blob at all.
    BadMagic { found: [u8; 8] },
    /// Written by a format version this reader does not know.
    UnsupportedVersion { found: u16, supported: u16 },
    /// The endian mark does not read back as written: foreign byte order.
    ForeignEndianness { mark: u32 },
    /// The preamble claims a header longer than any reader accepts.
    HeaderTooLong { len: u32, max: usize },
    /// The blob ends inside the header.
    TruncatedHeader { needed: usize, len: usize },
    /// The header's CRC-32 does not match.
    HeaderChecksum { stored: u32, computed: u32 },
    /// The header passed its checksum but does not decode (a writer bug, or forged bytes).
    HeaderDecode(String),
    /// A table's payload does not start on a 64-byte boundary.
    Misaligned { table: usize, offset: u64 },
    /// A table's payload starts before the previous part of the blob ends.
    Overlap { table: usize, offset: u64, previous_end: u64 },
    /// A table's payload runs past the end of the blob.
    Truncated { table: usize, end: u64, len: usize },
    /// A table's dimensions do not match its payload length.
    DimensionMismatch { table: usize, rows: u32, cols: u32, len: u64 },
    /// A knight table that is not square, or empty.
    NotSquare { table: usize, rows: u32, cols: u32 },
    /// A parity table whose dimensions its game does not allow.
    BadShape { table: usize, game: TableKind, rows: u32, cols: u32 },
    /// A padding byte is not zero.
    NonZeroPadding { offset: usize },
    /// Bytes after the last table.
    TrailingBytes { end: u64, len: usize },
    /// A table's payload CRC-32 does not match.
    PayloadChecksum { table: usize, stored: u32, computed: u32 },
    /// A cell holds a value its game cannot produce.
    BadCell { table: usize, index: usize, value: u8 },
    /// A table's cell encoding is not its game's (`Bytes` for a closed form, `U8` otherwise).
    BadEncoding { table: usize, game: TableKind, cell: CellEncoding },
    /// An encoded payload (a closed form, a heap game's values) that passed its checksum but
    /// does not decode.
    BadPayload { table: usize, game: TableKind, reason: String },
}

impl core::fmt::Display for BlobError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::TooShort { len } => write!(f, "{len} bytes is too short for a table blob"),
            Self::BadMagic { found } => write!(
                f,
                "not a grundy table blob: starts with {:?}, expected {:?}",
                String::from_utf8_lossy(found),
                String::from_utf8_lossy(&super::header::MAGIC)
            ),
            Self::UnsupportedVersion { found, supported } => {
                write!(f, "format version {found} is not supported (this build reads version {supported})")
            }
            Self::ForeignEndianness { mark } => {
                write!(f, "endian mark reads {mark:#010x}: written with a foreign byte order")
            }
            Self::HeaderTooLong { len, max } => {
                write!(f, "the preamble claims a {len}-byte header, more than the {max} bytes allowed")
            }
            Self::TruncatedHeader { needed, len } => {
                write!(f, "truncated header: needs {needed} bytes, the blob has {len}")
            }
            Self::HeaderChecksum { stored, computed } => {
                write!(f, "header checksum mismatch: stored {stored:#010x}, computed {computed:#010x}")
            }
            Self::HeaderDecode(why) => write!(f, "header does not decode: {why}"),
            Self::Misaligned { table, offset } => {
                write!(f, "table {table}: payload offset {offset} is not a multiple of 64")
            }
            Self::Overlap { table, offset, previous_end } => {
                write!(f, "table {table}: payload offset {offset} overlaps the data ending at {previous_end}")
            }
            Self::Truncated { table, end, len } => {
                write!(f, "truncated: table {table} ends at byte {end}, the blob has {len}")
            }
            Self::DimensionMismatch { table, rows, cols, len } => {
                write!(f, "table {table}: {rows} x {cols} cells do not fit a {len}-byte payload")
            }
            Self::NotSquare { table, rows, cols } => {
                write!(f, "table {table}: a knight table must be square and non-empty, this one is {rows} x {cols}")
            }
            Self::BadShape { table, game, rows, cols } => {
                write!(f, "table {table}: a {game:?} table cannot be {rows} x {cols}")
            }
            Self::NonZeroPadding { offset } => write!(f, "padding byte {offset} is not zero"),
            Self::TrailingBytes { end, len } => {
                write!(f, "{} unexpected bytes after the last table (ends at {end})", *len as u64 - end)
            }
            Self::PayloadChecksum { table, stored, computed } => {
                write!(f, "table {table}: payload checksum mismatch: stored {stored:#010x}, computed {computed:#010x}")
            }
            Self::BadCell { table, index, value } => {
                write!(f, "table {table}: cell {index} holds {value}, impossible for its game")
            }
            Self::BadEncoding { table, game, cell } => {
                write!(f, "table {table}: a {game:?} table cannot be stored as {cell:?}")
            }
            Self::BadPayload { table, game, reason } => {
                write!(f, "table {table}: not a valid {} table: {reason}", game.name())
            }
        }
    }
}

impl core::error::Error for BlobError {}
