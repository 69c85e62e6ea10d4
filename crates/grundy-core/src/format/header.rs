//! The blob header and its bincode encoding (the only place that knows about bincode).

use alloc::{
    string::{String, ToString},
    vec::Vec,
};
use serde::{Deserialize, Serialize};

/// Which game a table belongs to.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum Game {
    /// Grundy values of one knight, `rows x cols` square indexed `x * cols + y`.
    Knight,
    /// Misère Nim outcome, `2 x 4` cells indexed by `rules::misere::table_index`
    /// (0: the mover loses, 1: the mover wins, 2: no position of that class).
    MisereNim,
    /// Mine: Grundy value of a blank region with `b` face-down numbers, `1 x p` cells indexed `b mod p`.
    MineRegion,
    /// Mine: Grundy value of a number that touches no blank region, `1 x 1`.
    MineNumber,
}

/// How a cell is stored in the payload.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
pub enum CellEncoding {
    /// One unsigned byte per cell.
    U8,
}

/// One table of the blob: what it is and where its payload lies.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct TableEntry {
    pub game: Game,
    /// The move set `(dx, dy)` the table was computed for (empty where it does not apply).
    pub moves: Vec<(i8, i8)>,
    pub rows: u32,
    pub cols: u32,
    pub cell: CellEncoding,
    /// Byte offset of the payload from the start of the blob; a multiple of 64.
    pub offset: u64,
    /// Payload length in bytes: `rows * cols` for [`CellEncoding::U8`].
    pub len: u64,
    /// CRC-32 (IEEE) of the payload.
    pub crc32: u32,
}

/// Everything the blob says about itself. With the fixed-int little-endian encoding the first
/// three fields sit at fixed offsets (magic `0..8`, version `8..10`, endian mark `10..14`), so a
/// reader can name a foreign or newer file before decoding the rest.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
pub struct Header {
    /// [`MAGIC`].
    pub magic: [u8; 8],
    /// [`FORMAT_VERSION`] of the writer.
    pub format_version: u16,
    /// [`ENDIAN_MARK`] as written; any other value means a foreign byte order.
    pub endian_mark: u32,
    /// `grundy <version>` of the generator that wrote the blob.
    pub generator: String,
    pub tables: Vec<TableEntry>,
}

/// The first eight bytes of every blob.
pub const MAGIC: [u8; 8] = *b"GRUNDYSG";

/// The layout version this code reads and writes.
pub const FORMAT_VERSION: u16 = 1;

/// The byte-order sentinel stored in every header.
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

    /// Decodes a header from the start of `bytes`; returns it and the number of bytes it used.
    pub fn decode(bytes: &[u8]) -> Result<(Header, usize), String> {
        bincode::serde::decode_from_slice(bytes, config()).map_err(|e| e.to_string())
    }
}
