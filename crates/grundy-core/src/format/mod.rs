//! The `.sgt` table blob: its layout, the writer and the validating reader.
//!
//! ```text
//! 0 .. 8         magic "GRUNDYSG"
//! 8 .. 10        format version, u16
//! 10 .. 14       endian mark 0x01020304, u32
//! 14 .. 18       header length h, u32 (at most MAX_HEADER_LEN)
//! 18 .. 22       CRC-32 of the header bytes
//! 22 .. 22+h     header (bincode, fixed-int little-endian: generator and table entries)
//! .. 64k         zero padding
//! offset_i ..    payload of table i (64-byte aligned, one byte per cell, row-major, or the
//!                bytes of its family's encoding, see [`TableKind`]), zero padding between
//!                tables; the blob ends with the last payload
//! ```
//!
//! All integers are little-endian. The preamble (the first [`PREAMBLE_LEN`] bytes) is read by
//! hand, so a foreign file, a newer version or a corrupted header is named before anything is
//! decoded. `docs/blob-format.md` describes every byte.

use alloc::vec::Vec;

mod error;
pub mod header;

pub use error::BlobError;
pub use header::{CellEncoding, Header, TableEntry, TableKind};
use header::{ENDIAN_MARK, FORMAT_VERSION, MAGIC, MAX_HEADER_LEN};

/// Payload alignment in bytes.
pub const ALIGN: usize = 64;

/// Bytes before the header: magic, version, endian mark, header length, header CRC-32.
pub const PREAMBLE_LEN: usize = 22;

/// One table to write: its identity and its cells.
#[derive(Debug, Clone, Copy)]
pub struct TableData<'a> {
    /// Which game the cells belong to.
    pub game: TableKind,
    /// The move set the cells were computed for (empty where it does not apply).
    pub moves: &'a [(i8, i8)],
    /// Rows of cells.
    pub rows: u32,
    /// Columns of cells.
    pub cols: u32,
    /// `rows * cols` cells, row-major.
    pub cells: &'a [u8],
}

/// Serializes tables into a blob. Deterministic: the same tables give the same bytes.
pub fn write_blob(generator: &str, tables: &[TableData<'_>]) -> Vec<u8> {
    let mut header = Header {
        generator: generator.into(),
        tables: tables
            .iter()
            .map(|t| {
                assert_eq!(t.cells.len() as u64, u64::from(t.rows) * u64::from(t.cols), "cells vs dimensions");
                TableEntry {
                    game: t.game,
                    moves: t.moves.to_vec(),
                    rows: t.rows,
                    cols: t.cols,
                    cell: t.game.cell_encoding(),
                    offset: 0,
                    len: t.cells.len() as u64,
                    crc32: crc32fast::hash(t.cells),
                }
            })
            .collect(),
    };
    // Fixed-int encoding: the header length does not depend on the offsets filled in below.
    let mut end = PREAMBLE_LEN + header.encode().len();
    for entry in &mut header.tables {
        let offset = end.next_multiple_of(ALIGN);
        entry.offset = offset as u64;
        end = offset + entry.len as usize;
    }
    let mut blob = write_head(&header);
    blob.reserve(end - blob.len());
    for (entry, table) in header.tables.iter().zip(tables) {
        blob.resize(entry.offset as usize, 0);
        blob.extend_from_slice(table.cells);
    }
    blob
}

/// The preamble and the header: the bytes of a blob before its first payload's padding. With
/// [`read_head`], this lets a tool rewrite a header and keep the payloads.
pub fn write_head(header: &Header) -> Vec<u8> {
    let body = header.encode();
    assert!(body.len() <= MAX_HEADER_LEN, "a header of {} bytes is too long", body.len());
    let mut head = Vec::with_capacity(PREAMBLE_LEN + body.len());
    head.extend_from_slice(&MAGIC);
    head.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    head.extend_from_slice(&ENDIAN_MARK.to_le_bytes());
    head.extend_from_slice(&(body.len() as u32).to_le_bytes());
    head.extend_from_slice(&crc32fast::hash(&body).to_le_bytes());
    head.extend_from_slice(&body);
    head
}

/// Validates a whole blob once: preamble, header checksum, layout, padding, payload checksums
/// and cell ranges. On success every table's payload is `bytes[offset..offset + len]`.
pub fn validate(bytes: &[u8]) -> Result<Header, BlobError> {
    let (header, head_len) = read_head(bytes)?;
    let mut end = head_len as u64;
    for (i, entry) in header.tables.iter().enumerate() {
        end = check_table(bytes, i, entry, end)?;
    }
    if end != bytes.len() as u64 {
        return Err(BlobError::TrailingBytes { end, len: bytes.len() });
    }
    Ok(header)
}

/// Reads the preamble and the header, checking the header's checksum before decoding it;
/// returns the header and where it ends. The tables are not checked: [`validate`] does that.
pub fn read_head(bytes: &[u8]) -> Result<(Header, usize), BlobError> {
    let claimed = header_len(bytes)?;
    let end = PREAMBLE_LEN + claimed;
    let body = bytes.get(PREAMBLE_LEN..end).ok_or(BlobError::TruncatedHeader { needed: end, len: bytes.len() })?;
    let stored = u32::from_le_bytes(bytes[18..22].try_into().expect("4 bytes"));
    let computed = crc32fast::hash(body);
    if stored != computed {
        return Err(BlobError::HeaderChecksum { stored, computed });
    }
    Ok((Header::decode(body)?, end))
}

/// The header length a blob claims: the preamble's fields at their fixed offsets, in order.
/// Never reads past [`PREAMBLE_LEN`], so a reader can bound what it loads of a file.
pub fn header_len(bytes: &[u8]) -> Result<usize, BlobError> {
    let field = |range: core::ops::Range<usize>| bytes.get(range).ok_or(BlobError::TooShort { len: bytes.len() });
    let found: [u8; 8] = field(0..8)?.try_into().expect("8 bytes");
    if found != MAGIC {
        return Err(BlobError::BadMagic { found });
    }
    let version = u16::from_le_bytes(field(8..10)?.try_into().expect("2 bytes"));
    if version != FORMAT_VERSION {
        return Err(BlobError::UnsupportedVersion { found: version, supported: FORMAT_VERSION });
    }
    let mark = u32::from_le_bytes(field(10..14)?.try_into().expect("4 bytes"));
    if mark != ENDIAN_MARK {
        return Err(BlobError::ForeignEndianness { mark });
    }
    let claimed = u32::from_le_bytes(field(14..18)?.try_into().expect("4 bytes"));
    field(18..22)?;
    match usize::try_from(claimed) {
        Ok(len) if len <= MAX_HEADER_LEN => Ok(len),
        _ => Err(BlobError::HeaderTooLong { len: claimed, max: MAX_HEADER_LEN }),
    }
}

/// Checks table `i`, which must start at or after `previous_end`; returns where it ends.
fn check_table(bytes: &[u8], i: usize, entry: &TableEntry, previous_end: u64) -> Result<u64, BlobError> {
    let TableEntry { game, rows, cols, cell, offset, len, .. } = *entry;
    if cell != game.cell_encoding() {
        return Err(BlobError::BadEncoding { table: i, game, cell });
    }
    game.check_shape(i, rows, cols)?;
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
    game.check_payload(i, &entry.moves, payload)?;
    Ok(end)
}
