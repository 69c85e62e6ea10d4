//! The `.sgt` table blob: its layout, the writer and the validating reader.
//!
//! ```text
//! 0 .. h        header (bincode, fixed-int little-endian; magic, version and endian mark first)
//! h .. h+4      CRC-32 of the header bytes, little-endian
//! .. 64k        zero padding
//! offset_i ..   payload of table i (64-byte aligned, one byte per cell, row-major),
//!               zero padding between tables; the blob ends with the last payload
//! ```
//!
//! Shared with `build.rs`, so it must not refer to the rest of the crate.

use alloc::vec::Vec;

mod error;
pub mod header;

pub use error::BlobError;
use header::{CellEncoding, ENDIAN_MARK, FORMAT_VERSION, Game, Header, MAGIC, TableEntry};

/// Payload alignment in bytes.
pub const ALIGN: usize = 64;

/// One table to write: its identity and its cells.
pub struct TableData<'a> {
    pub game: Game,
    pub moves: Vec<(i8, i8)>,
    pub rows: u32,
    pub cols: u32,
    pub cells: &'a [u8],
}

/// Serializes tables into a blob. Deterministic: the same tables give the same bytes.
pub fn write_blob(generator: &str, tables: &[TableData<'_>]) -> Vec<u8> {
    let mut header = Header {
        magic: MAGIC,
        format_version: FORMAT_VERSION,
        endian_mark: ENDIAN_MARK,
        generator: generator.into(),
        tables: tables
            .iter()
            .map(|t| {
                assert_eq!(t.cells.len() as u64, u64::from(t.rows) * u64::from(t.cols), "cells vs dimensions");
                TableEntry {
                    game: t.game,
                    moves: t.moves.clone(),
                    rows: t.rows,
                    cols: t.cols,
                    cell: CellEncoding::U8,
                    offset: 0,
                    len: t.cells.len() as u64,
                    crc32: crc32fast::hash(t.cells),
                }
            })
            .collect(),
    };
    // Fixed-int encoding: the header length does not depend on the offsets filled in below.
    let mut end = header.encode().len() + 4;
    for entry in &mut header.tables {
        let offset = end.next_multiple_of(ALIGN);
        entry.offset = offset as u64;
        end = offset + entry.len as usize;
    }
    let head = header.encode();
    let mut blob = Vec::with_capacity(end);
    blob.extend_from_slice(&head);
    blob.extend_from_slice(&crc32fast::hash(&head).to_le_bytes());
    for (entry, table) in header.tables.iter().zip(tables) {
        blob.resize(entry.offset as usize, 0);
        blob.extend_from_slice(table.cells);
    }
    blob
}

/// Validates a whole blob once: preamble, header checksum, layout, padding, payload checksums
/// and cell ranges. On success every table's payload is `bytes[offset..offset + len]`.
pub fn validate(bytes: &[u8]) -> Result<Header, BlobError> {
    check_preamble(bytes)?;
    let (header, used) = Header::decode(bytes).map_err(BlobError::HeaderDecode)?;
    let crc_end = used + 4;
    let stored = bytes.get(used..crc_end).ok_or(BlobError::TruncatedHeader { needed: crc_end, len: bytes.len() })?;
    let stored = u32::from_le_bytes(stored.try_into().expect("4 bytes"));
    let computed = crc32fast::hash(&bytes[..used]);
    if stored != computed {
        return Err(BlobError::HeaderChecksum { stored, computed });
    }
    let mut end = crc_end as u64;
    for (i, entry) in header.tables.iter().enumerate() {
        end = check_table(bytes, i, entry, end)?;
    }
    if end != bytes.len() as u64 {
        return Err(BlobError::TrailingBytes { end, len: bytes.len() });
    }
    Ok(header)
}

/// Magic, version and endian mark, read at their fixed offsets before anything is decoded.
fn check_preamble(bytes: &[u8]) -> Result<(), BlobError> {
    let Some(preamble) = bytes.get(..14) else {
        return Err(BlobError::TooShort { len: bytes.len() });
    };
    let found: [u8; 8] = preamble[..8].try_into().expect("8 bytes");
    if found != MAGIC {
        return Err(BlobError::BadMagic { found });
    }
    let version = u16::from_le_bytes([preamble[8], preamble[9]]);
    if version != FORMAT_VERSION {
        return Err(BlobError::UnsupportedVersion { found: version, supported: FORMAT_VERSION });
    }
    let mark = u32::from_le_bytes(preamble[10..14].try_into().expect("4 bytes"));
    if mark != ENDIAN_MARK {
        return Err(BlobError::ForeignEndianness { mark });
    }
    Ok(())
}

/// Checks table `i`, which must start at or after `previous_end`; returns where it ends.
fn check_table(bytes: &[u8], i: usize, entry: &TableEntry, previous_end: u64) -> Result<u64, BlobError> {
    let TableEntry { game, rows, cols, offset, len, .. } = *entry;
    if game == Game::Knight && (rows != cols || rows == 0) {
        return Err(BlobError::NotSquare { table: i, rows, cols });
    }
    let shape_ok = match game {
        Game::Knight => true,
        Game::MisereNim => (rows, cols) == (2, 4),
        Game::MineRegion => rows == 1 && cols >= 1,
        Game::MineNumber => (rows, cols) == (1, 1),
    };
    if !shape_ok {
        return Err(BlobError::BadShape { table: i, game, rows, cols });
    }
    if offset % ALIGN as u64 != 0 {
        return Err(BlobError::Misaligned { table: i, offset });
    }
    if offset < previous_end {
        return Err(BlobError::Overlap { table: i, offset, previous_end });
    }
    if u64::from(rows) * u64::from(cols) != len {
        return Err(BlobError::DimensionMismatch { table: i, rows, cols, len });
    }
    let end = offset.checked_add(len).filter(|&end| end <= bytes.len() as u64);
    let end = end.ok_or(BlobError::Truncated { table: i, end: offset.saturating_add(len), len: bytes.len() })?;
    let (start, stop) = (offset as usize, end as usize);
    if let Some(pad) = bytes[previous_end as usize..start].iter().position(|&b| b != 0) {
        return Err(BlobError::NonZeroPadding { offset: previous_end as usize + pad });
    }
    let payload = &bytes[start..stop];
    let computed = crc32fast::hash(payload);
    if computed != entry.crc32 {
        return Err(BlobError::PayloadChecksum { table: i, stored: entry.crc32, computed });
    }
    let max = max_cell(entry);
    if let Some(index) = payload.iter().position(|&v| v > max) {
        return Err(BlobError::BadCell { table: i, index, value: payload[index] });
    }
    Ok(end)
}

/// The largest value a cell of this table can hold.
fn max_cell(entry: &TableEntry) -> u8 {
    match entry.game {
        // A mex over at most `moves.len()` options.
        Game::Knight => entry.moves.len().min(u8::MAX as usize) as u8,
        // An outcome bit, or the mark of an impossible class.
        Game::MisereNim => 2,
        // A mex over {0, the value with one number fewer}.
        Game::MineRegion => 2,
        // A mex over {0}.
        Game::MineNumber => 1,
    }
}
