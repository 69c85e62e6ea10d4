//! Properties of the `.sgt` blob: writing then validating gives the tables back, and every
//! single-byte change and every truncation of a valid blob is rejected with the error of the
//! region it hits (never accepted, never a panic).

use grundy::table::{TableFile, embedded};
use grundy_core::format::TableKind;
use grundy_core::format::{self, ALIGN, BlobError, TableData};
use proptest::prelude::*;

/// One table to write.
#[derive(Debug, Clone)]
struct Table {
    moves: Vec<(i8, i8)>,
    side: u32,
    cells: Vec<u8>,
}

/// A blob to write: the generator string and its tables.
#[derive(Debug, Clone)]
struct Blob {
    generator: String,
    tables: Vec<Table>,
}

impl Blob {
    fn write(&self) -> Vec<u8> {
        let data: Vec<TableData<'_>> = self
            .tables
            .iter()
            .map(|t| TableData {
                game: TableKind::LeaperSquare,
                moves: &t.moves,
                rows: t.side,
                cols: t.side,
                cells: &t.cells,
            })
            .collect();
        format::write_blob(&self.generator, &data)
    }
}

/// A knight table of random side and move set, every cell in range for its move set.
fn table() -> impl Strategy<Value = Table> {
    (prop::collection::vec(any::<(i8, i8)>(), 0..8), 1u32..12).prop_flat_map(|(moves, side)| {
        let max = moves.len() as u8;
        let cells = prop::collection::vec(0..=max, (side * side) as usize);
        cells.prop_map(move |cells| Table { moves: moves.clone(), side, cells })
    })
}

fn blob() -> impl Strategy<Value = Blob> {
    ("\\PC{0,16}", prop::collection::vec(table(), 0..4)).prop_map(|(generator, tables)| Blob { generator, tables })
}

/// A few fixed blobs small enough to corrupt exhaustively.
fn small_blobs() -> Vec<Vec<u8>> {
    let k = |bound| grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), bound);
    let knight =
        |side: u32, cells| Table { moves: grundy_core::leaper::MoveSet::hyper_knight().to_bytes(), side, cells };
    let blobs = [
        Blob { generator: String::new(), tables: vec![] },
        Blob { generator: "grundy test".into(), tables: vec![knight(1, k(1))] },
        Blob { generator: "grundy test".into(), tables: vec![knight(5, k(5))] },
        Blob {
            generator: "grundy ünïcode".into(),
            tables: vec![knight(3, k(3)), Table { moves: vec![(-1, 0), (0, -1)], side: 2, cells: vec![0, 1, 1, 0] }],
        },
    ];
    blobs.iter().map(Blob::write).collect()
}

/// Which part of a valid blob byte `pos` lies in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Region {
    Magic,
    Version,
    EndianMark,
    HeaderLength,
    HeaderChecksum,
    HeaderBody,
    Padding,
    Payload(usize),
}

fn region(blob: &[u8], pos: usize) -> Region {
    let (header, end) = format::read_head(blob).expect("a valid blob");
    match pos {
        0..8 => Region::Magic,
        8..10 => Region::Version,
        10..14 => Region::EndianMark,
        14..18 => Region::HeaderLength,
        18..22 => Region::HeaderChecksum,
        _ if pos < end => Region::HeaderBody,
        _ => header
            .tables
            .iter()
            .position(|t| (t.offset..t.offset + t.len).contains(&(pos as u64)))
            .map_or(Region::Padding, Region::Payload),
    }
}

/// `blob` (valid) with byte `pos` replaced by `value` (different) must be rejected, with the
/// error its region calls for. The change is made in place and undone (no copy of a large blob).
fn assert_change_rejected(blob: &mut [u8], pos: usize, value: u8) {
    let region = region(blob, pos);
    let original = blob[pos];
    assert_ne!(original, value);
    blob[pos] = value;
    let result = format::validate(blob);
    blob[pos] = original;
    let err = match result {
        Ok(_) => panic!("byte {pos} changed to {value:#04x} and the blob is still accepted"),
        Err(e) => e,
    };
    let expected = match region {
        Region::Magic => matches!(err, BlobError::BadMagic { .. }),
        Region::Version => matches!(err, BlobError::UnsupportedVersion { .. }),
        Region::EndianMark => matches!(err, BlobError::ForeignEndianness { .. }),
        // A longer claim runs past the blob or the limit, or covers bytes the checksum did not.
        Region::HeaderLength => matches!(
            err,
            BlobError::HeaderTooLong { .. } | BlobError::TruncatedHeader { .. } | BlobError::HeaderChecksum { .. }
        ),
        // The checksum is checked before the header is decoded: damage is named as such.
        Region::HeaderChecksum | Region::HeaderBody => matches!(err, BlobError::HeaderChecksum { .. }),
        Region::Padding => matches!(err, BlobError::NonZeroPadding { offset } if offset == pos),
        Region::Payload(i) => matches!(err, BlobError::PayloadChecksum { table, .. } if table == i),
    };
    assert!(expected, "byte {pos} ({region:?}) changed to {value:#04x}: unexpected {err:?}");
}

fn assert_truncation_rejected(blob: &[u8], len: usize) {
    if let Ok(header) = format::validate(&blob[..len]) {
        panic!("the blob cut to {len} of {} bytes is accepted: {header:?}", blob.len());
    }
}

#[test]
fn every_single_byte_change_of_small_blobs_is_rejected() {
    for mut blob in small_blobs() {
        for pos in 0..blob.len() {
            let original = blob[pos];
            for value in (0..=u8::MAX).filter(|&v| v != original) {
                assert_change_rejected(&mut blob, pos, value);
            }
        }
    }
}

#[test]
fn every_truncation_and_extension_of_small_blobs_is_rejected() {
    for blob in small_blobs() {
        format::validate(&blob).expect("valid");
        for len in 0..blob.len() {
            assert_truncation_rejected(&blob, len);
        }
        for extra in [&[0u8][..], &[0; 64], &[1]] {
            let longer = [&blob[..], extra].concat();
            assert!(matches!(format::validate(&longer), Err(BlobError::TrailingBytes { .. })));
        }
    }
}

/// The embedded 250 KB blob: every header and padding byte with a few other values (all 255 of
/// them are tried on the small blobs above; on this header, values that blow up a length field
/// make the decoder work for milliseconds), payload bytes at a stride, every truncation.
#[test]
fn embedded_blob_changes_and_truncations_are_rejected() {
    let mut copy = embedded::blob().to_vec();
    let blob = &mut copy[..];
    let header = format::validate(blob).expect("the embedded blob is valid");
    let first_payload = header.tables.iter().map(|t| t.offset as usize).min().unwrap_or(blob.len());
    let some_values = |v: u8| [v ^ 1, v ^ 0x80, v.wrapping_add(1), v.wrapping_sub(1), !v];
    for pos in 0..first_payload {
        for value in some_values(blob[pos]) {
            assert_change_rejected(blob, pos, value);
        }
    }
    for pos in (first_payload..blob.len()).step_by(4999).chain([first_payload, blob.len() - 1]) {
        for value in some_values(blob[pos]) {
            assert_change_rejected(blob, pos, value);
        }
    }
    for len in 0..blob.len() {
        assert_truncation_rejected(blob, len);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// write_blob then validate gives back every table, at aligned offsets, and the loaders
    /// (`TableFile::from_bytes`, the knight lookup) answer exactly the written cells.
    #[test]
    fn write_then_validate_round_trips(spec in blob()) {
        let bytes = spec.write();
        let header = format::validate(&bytes).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(&header.generator, &spec.generator);
        prop_assert_eq!(header.tables.len(), spec.tables.len());
        for (entry, table) in header.tables.iter().zip(&spec.tables) {
            prop_assert_eq!(entry.game, TableKind::LeaperSquare);
            prop_assert_eq!(&entry.moves, &table.moves);
            prop_assert_eq!((entry.rows, entry.cols), (table.side, table.side));
            prop_assert_eq!(entry.offset % ALIGN as u64, 0);
            let payload = &bytes[entry.offset as usize..(entry.offset + entry.len) as usize];
            prop_assert_eq!(payload, &table.cells[..]);
        }
        // The header bytes are canonical: decoding and encoding again gives the same bytes.
        let (decoded, end) = format::read_head(&bytes).unwrap();
        prop_assert_eq!(&decoded.encode()[..], &bytes[format::PREAMBLE_LEN..end]);
        // Deterministic.
        prop_assert_eq!(&spec.write(), &bytes);

        let file = TableFile::from_bytes(bytes.clone()).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(file.header(), &header);
        match (spec.tables.first(), file.leaper()) {
            (None, Err(e)) => prop_assert_eq!(e, grundy::table::TableError::Missing { game: TableKind::LeaperSquare }),
            (Some(table), Ok(knight)) => {
                let side = u64::from(table.side);
                prop_assert_eq!(knight.bound() as u64, side);
                for x in 0..=side {
                    for y in 0..=side {
                        let expected = (x < side && y < side).then(|| table.cells[(x * side + y) as usize]);
                        prop_assert_eq!(knight.get(x, y), expected);
                    }
                }
            }
            (t, k) => prop_assert!(false, "table {:?} vs knight() {:?}", t.is_some(), k.err()),
        }
    }

    /// Any byte of any valid blob changed to any other value: rejected by its region's error.
    #[test]
    fn single_byte_changes_are_rejected(spec in blob(), pos in any::<prop::sample::Index>(), value in any::<u8>()) {
        let mut bytes = spec.write();
        let pos = pos.index(bytes.len());
        prop_assume!(bytes[pos] != value);
        assert_change_rejected(&mut bytes, pos, value);
    }

    /// Every truncation of a valid blob is rejected.
    #[test]
    fn truncations_are_rejected(spec in blob()) {
        let bytes = spec.write();
        for len in 0..bytes.len() {
            assert_truncation_rejected(&bytes, len);
        }
    }

    /// A knight table that is not square, or empty, is rejected even with consistent checksums.
    #[test]
    fn non_square_knight_tables_are_rejected(rows in 0u32..6, cols in 0u32..6) {
        prop_assume!(rows != cols || rows == 0);
        let cells = vec![0u8; (rows * cols) as usize];
        let data = [TableData { game: TableKind::LeaperSquare, moves: &grundy_core::leaper::MoveSet::hyper_knight().to_bytes(), rows, cols, cells: &cells }];
        let bytes = format::write_blob("grundy test", &data);
        prop_assert_eq!(format::validate(&bytes), Err(BlobError::NotSquare { table: 0, rows, cols }));
    }

    /// A cell above what its move set allows is rejected even with consistent checksums.
    #[test]
    fn out_of_range_cells_are_rejected(mut spec in table(), index in any::<prop::sample::Index>(), excess in 1u8..=100) {
        prop_assume!(!spec.cells.is_empty());
        let i = index.index(spec.cells.len());
        let value = spec.moves.len() as u8 + excess;
        spec.cells[i] = value;
        let bytes = Blob { generator: "g".into(), tables: vec![spec] }.write();
        let expected = BlobError::BadCell { table: 0, index: i, value };
        prop_assert_eq!(format::validate(&bytes), Err(expected));
    }
}
