//! The `.sgt` blob: round trip, alignment, the committed copy in generated/, and each kind of
//! corruption rejected with its own error.

use grundy::knight;
use grundy::table::{TableError, TableFile, embedded};
use grundy_core::format::header::{CellEncoding, FORMAT_VERSION, Header, MAX_HEADER_LEN, TableKind};
use grundy_core::format::{ALIGN, BlobError, PREAMBLE_LEN, TableData, read_head, validate, write_blob, write_head};
use grundy_core::generate::{DEFAULT_BOUND, default_blob, leaper_blob, leaper_blob_with};
use grundy_core::leaper::Limits;
use grundy_core::leaper::MoveSet;

const BLOB_PATH: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/generated/tables.sgt");

/// A small blob with two knight tables (the second one padded to a later boundary).
fn small_blob() -> Vec<u8> {
    let a = grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 7);
    let b = grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 3);
    let moves = grundy_core::leaper::MoveSet::hyper_knight().to_bytes();
    write_blob(
        "test",
        &[
            TableData { game: TableKind::LeaperSquare, moves: &moves, rows: 7, cols: 7, cells: &a },
            TableData { game: TableKind::LeaperSquare, moves: &moves, rows: 3, cols: 3, cells: &b },
        ],
    )
}

/// Where the header ends.
fn header_end(blob: &[u8]) -> usize {
    read_head(blob).unwrap().1
}

/// Rewrites the header with `edit` applied and a fresh header checksum, keeping the payloads.
fn with_header(blob: &[u8], edit: impl FnOnce(&mut Header)) -> Vec<u8> {
    let (mut header, end) = read_head(blob).unwrap();
    edit(&mut header);
    let mut out = write_head(&header);
    assert_eq!(out.len(), end, "edits must keep the header length");
    out.extend_from_slice(&blob[end..]);
    out
}

/// The blob with its header checksum made to match whatever the header bytes are now.
fn with_fresh_header_checksum(mut blob: Vec<u8>) -> Vec<u8> {
    let crc = crc32fast::hash(&blob[PREAMBLE_LEN..header_end_claimed(&blob)]);
    blob[18..22].copy_from_slice(&crc.to_le_bytes());
    blob
}

/// Where the preamble says the header ends.
fn header_end_claimed(blob: &[u8]) -> usize {
    PREAMBLE_LEN + u32::from_le_bytes(blob[14..18].try_into().unwrap()) as usize
}

#[test]
fn round_trip() {
    let blob = small_blob();
    let file = TableFile::from_bytes(blob.clone()).unwrap();
    let table = file.leaper().unwrap();
    assert_eq!(table.bound(), 7);
    assert_eq!(table.cells(), grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 7));
    assert_eq!(table.moves(), grundy_core::leaper::MoveSet::hyper_knight().to_bytes());
    assert_eq!(file.header().tables.len(), 2);
    for t in &file.header().tables {
        assert_eq!(t.offset % ALIGN as u64, 0);
    }
    assert_eq!(small_blob(), blob, "writing is deterministic");
}

#[test]
fn preamble_sits_at_fixed_offsets() {
    let blob = small_blob();
    assert_eq!(&blob[..8], b"GRUNDYSG");
    assert_eq!(u16::from_le_bytes([blob[8], blob[9]]), grundy_core::format::header::FORMAT_VERSION);
    assert_eq!(&blob[10..14], &grundy_core::format::header::ENDIAN_MARK.to_le_bytes());
    let end = header_end(&blob);
    assert_eq!(header_end_claimed(&blob), end, "the header length");
    assert_eq!(&blob[18..22], &crc32fast::hash(&blob[PREAMBLE_LEN..end]).to_le_bytes(), "the header checksum");
    assert_eq!(Header::decode(&blob[PREAMBLE_LEN..end]).unwrap(), read_head(&blob).unwrap().0);
}

#[test]
fn embedded_blob_and_knight_payload_are_64_byte_aligned() {
    assert_eq!(embedded::blob().as_ptr() as usize % 64, 0);
    assert_eq!(knight::embedded_table().cells().as_ptr() as usize % 64, 0);
    let header = validate(embedded::blob()).unwrap();
    assert_eq!(header.generator, grundy_core::generate::GENERATOR);
}

#[test]
fn generated_directory_matches_the_build() {
    if embedded::KNIGHT_BOUND != DEFAULT_BOUND {
        eprintln!("skipped: built with a non-default knight bound ({})", embedded::KNIGHT_BOUND);
        return;
    }
    let committed = std::fs::read(BLOB_PATH).expect("generated/tables.sgt");
    assert!(
        committed == embedded::blob(),
        "generated/tables.sgt is stale: run `cargo run --release -- generate -o generated/`"
    );
    assert!(default_blob(DEFAULT_BOUND).unwrap() == committed, "the runtime generator disagrees with build.rs");
    // A bound outside 1..=MAX_BOUND is refused as leaper_blob refuses it, not written as a blob
    // that no reader opens.
    for bound in [0, grundy_core::generate::MAX_BOUND + 1, usize::MAX] {
        assert_eq!(
            default_blob(bound).unwrap_err().to_string(),
            leaper_blob(&MoveSet::hyper_knight(), bound).unwrap_err().to_string()
        );
    }
}

#[test]
fn foreign_files_are_rejected() {
    assert_eq!(validate(b""), Err(BlobError::TooShort { len: 0 }));
    assert!(matches!(validate(b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR"), Err(BlobError::BadMagic { .. })));
    let msg = validate(b"PK\x03\x04 this is a zip file").unwrap_err().to_string();
    assert!(msg.contains("not a grundy table blob"), "{msg}");
}

/// A header that passes its checksum but does not decode is described in words, naming the
/// field: no decoder's debug text.
#[test]
fn header_decode_errors_name_the_field_in_words() {
    let blob = small_blob();
    let generator_len = u64::from_le_bytes(blob[PREAMBLE_LEN..PREAMBLE_LEN + 8].try_into().unwrap()) as usize;
    let tables_at = PREAMBLE_LEN + 8 + generator_len;
    let game_at = tables_at + 8;
    let message = |edit: &dyn Fn(&mut Vec<u8>)| {
        let mut b = blob.clone();
        edit(&mut b);
        match validate(&with_fresh_header_checksum(b)) {
            Err(e @ BlobError::HeaderDecode(_)) => e.to_string(),
            other => panic!("{other:?}"),
        }
    };
    type Edit<'a> = &'a dyn Fn(&mut Vec<u8>);
    let cases: [(Edit<'_>, String); 5] = [
        (
            &|b| b[PREAMBLE_LEN..PREAMBLE_LEN + 8].copy_from_slice(&u64::MAX.to_le_bytes()),
            format!("the generator name (at byte {PREAMBLE_LEN} of the blob) claims"),
        ),
        (
            &|b| b[PREAMBLE_LEN + 8] = 0xff,
            format!("the generator name (at byte {PREAMBLE_LEN} of the blob) is not valid UTF-8"),
        ),
        (
            &|b| b[game_at..game_at + 4].copy_from_slice(&99u32.to_le_bytes()),
            format!("table 0's game (at byte {game_at} of the blob) is 99, which this version of grundy does not know"),
        ),
        (&|b| b[tables_at..tables_at + 8].copy_from_slice(&3u64.to_le_bytes()), "table 2's game (at byte".into()),
        (
            &|b| b[tables_at..tables_at + 8].copy_from_slice(&3u64.to_le_bytes()),
            "runs past the end of the header (4 more bytes needed)".into(),
        ),
    ];
    for (edit, expected) in cases {
        let m = message(edit);
        assert!(m.starts_with("header does not decode: ") && m.contains(&expected), "{m:?}, expected {expected:?}");
        assert!(!m.contains(['{', '}', '`']) && !m.contains("Unexpected") && !m.contains("Utf8"), "{m:?}");
    }
}

#[test]
fn each_corruption_has_its_own_error() {
    let blob = small_blob();
    let h = header_end(&blob);
    let first = read_head(&blob).unwrap().0.tables[0].clone();
    assert!(first.offset as usize > h, "the first payload is padded to its boundary");

    let mut b = blob.clone();
    b[8] = 9;
    assert_eq!(validate(&b), Err(BlobError::UnsupportedVersion { found: 9, supported: FORMAT_VERSION }));
    b[8] = 1; // version 1 kept its header length nowhere: refused by version, not misread
    assert_eq!(validate(&b), Err(BlobError::UnsupportedVersion { found: 1, supported: FORMAT_VERSION }));

    let mut b = blob.clone();
    b[10..14].reverse();
    assert_eq!(validate(&b), Err(BlobError::ForeignEndianness { mark: 0x0403_0201 }));

    assert_eq!(validate(&blob[..PREAMBLE_LEN - 1]), Err(BlobError::TooShort { len: PREAMBLE_LEN - 1 }));
    let mut b = blob.clone();
    b[14..18].copy_from_slice(&(MAX_HEADER_LEN as u32 + 1).to_le_bytes());
    assert_eq!(validate(&b), Err(BlobError::HeaderTooLong { len: MAX_HEADER_LEN as u32 + 1, max: MAX_HEADER_LEN }));
    assert_eq!(validate(&blob[..h - 2]), Err(BlobError::TruncatedHeader { needed: h, len: h - 2 }));

    let mut b = blob.clone();
    b[h - 1] ^= 1; // the last header byte: the second table's checksum
    assert!(matches!(validate(&b), Err(BlobError::HeaderChecksum { .. })));

    // A header whose checksum matches but whose bytes are not a header: a generator length
    // past the end of the header.
    let mut b = blob.clone();
    b[PREAMBLE_LEN..PREAMBLE_LEN + 8].copy_from_slice(&u64::MAX.to_le_bytes());
    assert!(matches!(validate(&with_fresh_header_checksum(b)), Err(BlobError::HeaderDecode(_))));

    let mut b = blob.clone();
    b[first.offset as usize + 3] ^= 0x40;
    assert!(matches!(validate(&b), Err(BlobError::PayloadChecksum { table: 0, .. })));

    let mut b = blob.clone();
    b[h] = 1;
    assert_eq!(validate(&b), Err(BlobError::NonZeroPadding { offset: h }));

    assert!(matches!(validate(&blob[..blob.len() - 1]), Err(BlobError::Truncated { table: 1, .. })));

    let mut b = blob.clone();
    b.push(0);
    assert!(matches!(validate(&b), Err(BlobError::TrailingBytes { .. })));

    let b = with_header(&blob, |hd| hd.tables[0].offset += 1);
    assert!(matches!(validate(&b), Err(BlobError::Misaligned { table: 0, .. })));

    let b = with_header(&blob, |hd| hd.tables[1].offset = hd.tables[0].offset);
    assert!(matches!(validate(&b), Err(BlobError::Overlap { table: 1, .. })));

    let b = with_header(&blob, |hd| hd.tables[0].rows = 6);
    assert!(matches!(validate(&b), Err(BlobError::NotSquare { table: 0, .. })));

    let b = with_header(&blob, |hd| {
        hd.tables[0].rows = 6;
        hd.tables[0].cols = 6;
    });
    assert!(matches!(validate(&b), Err(BlobError::DimensionMismatch { table: 0, .. })));
}

#[test]
fn impossible_cells_are_rejected_even_with_a_matching_checksum() {
    let mut cells = grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 4);
    cells[5] = 7; // six moves: a mex is at most 6
    let blob = write_blob(
        "test",
        &[TableData {
            game: TableKind::LeaperSquare,
            moves: &grundy_core::leaper::MoveSet::hyper_knight().to_bytes(),
            rows: 4,
            cols: 4,
            cells: &cells,
        }],
    );
    assert_eq!(validate(&blob), Err(BlobError::BadCell { table: 0, index: 5, value: 7 }));
}

#[test]
fn missing_table_is_named() {
    let blob = write_blob("test", &[]);
    let file = TableFile::from_bytes(blob).unwrap();
    assert_eq!(file.leaper().unwrap_err(), TableError::Missing { game: TableKind::LeaperSquare });
}

#[test]
fn wrong_contents_with_valid_checksums_are_found_by_recomputation() {
    let blob = TableFile::from_bytes(embedded::blob().to_vec()).unwrap();
    // Without the `knight-square` feature the embedded knight table is a single cell.
    let knights = if cfg!(feature = "knight-square") { 500 * 500 } else { 1 };
    assert_eq!(blob.verify_contents(), Ok(knights + 11), "the knight square and 11 parity cells");

    let mut cells = grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 6);
    cells[13] ^= 1; // g(2, 1) = 2 becomes 3: in range, checksummed, wrong
    let blob = write_blob(
        "test",
        &[TableData {
            game: TableKind::LeaperSquare,
            moves: &grundy_core::leaper::MoveSet::hyper_knight().to_bytes(),
            rows: 6,
            cols: 6,
            cells: &cells,
        }],
    );
    let file = TableFile::from_bytes(blob).unwrap();
    assert_eq!(file.verify_contents(), Err(TableError::WrongCell { table: 0, index: 13, value: 3, expected: 2 }));

    let cells = [0u8; 4];
    let loops = vec![(1, 0), (-1, 0)]; // (1, 0) lowers no positive potential: no sweep tabulates it
    let blob = write_blob(
        "test",
        &[TableData { game: TableKind::LeaperSquare, moves: &loops, rows: 2, cols: 2, cells: &cells }],
    );
    let file = TableFile::from_bytes(blob).unwrap();
    assert!(matches!(file.verify_contents(), Err(TableError::Unverifiable { table: 0, .. })));
    // (1, -1) keeps x + y but lowers x + 2y: the leaper sweep recomputes it (g(1, 0) = 1).
    let slanted = vec![(1, -1), (-1, 0)];
    let blob = write_blob(
        "test",
        &[TableData { game: TableKind::LeaperSquare, moves: &slanted, rows: 2, cols: 2, cells: &cells }],
    );
    let file = TableFile::from_bytes(blob).unwrap();
    assert!(matches!(file.verify_contents(), Err(TableError::WrongCell { table: 0, .. })));
}

/// A leaper blob (square and certified closed form) for the four-move knight.
fn form_blob() -> (Vec<u8>, usize) {
    let set = MoveSet::parse("(-2,1) (-2,-1) (1,-2) (-1,-2)").unwrap();
    let blob = leaper_blob(&set, 8).unwrap();
    let header = validate(&blob).unwrap();
    assert_eq!(header.tables.len(), 2);
    assert_eq!(header.tables[1].game, TableKind::LeaperForm);
    assert_eq!(header.tables[1].cell, CellEncoding::Bytes);
    (blob, header.tables[1].offset as usize)
}

/// Rewrites table `i`'s payload checksum after an edit of its bytes (so only the form's own
/// checks can catch the edit).
fn with_fresh_payload_checksum(blob: &[u8], i: usize) -> Vec<u8> {
    let (header, _) = read_head(blob).unwrap();
    let t = &header.tables[i];
    let crc = crc32fast::hash(&blob[t.offset as usize..(t.offset + t.len) as usize]);
    with_header(blob, |hd| hd.tables[i].crc32 = crc)
}

#[test]
fn a_closed_form_table_round_trips_and_answers_beyond_its_square() {
    let (blob, _) = form_blob();
    let file = TableFile::from_bytes(blob).unwrap();
    let table = file.leaper().unwrap();
    assert_eq!(table.bound(), 8);
    assert!(table.has_closed_form());
    // The form is the one analyze certifies, and it answers like the blob's square inside it.
    for x in 0..8 {
        for y in 0..8 {
            assert_eq!(table.closed_form().unwrap().eval(x, y), table.get(x, y).unwrap());
        }
    }
    assert!(table.value(1 << 50, 3).is_ok());
    // The embedded blob holds the hyper knight's form, after the parity tables.
    let header = validate(embedded::blob()).unwrap();
    let form = header.tables.iter().find(|t| t.game == TableKind::LeaperForm).expect("a closed form");
    assert_eq!(form.moves, grundy_core::leaper::MoveSet::hyper_knight().to_bytes());
}

#[test]
fn a_corrupt_closed_form_has_its_own_error() {
    let (blob, at) = form_blob();
    // Damage without a fresh checksum is damage.
    let mut b = blob.clone();
    b[at + 2] ^= 1;
    assert!(matches!(validate(&b), Err(BlobError::PayloadChecksum { table: 1, .. })));
    // With matching checksums: the structure is checked, then the form's own rules.
    type Edit = fn(&mut Vec<u8>, usize);
    let edits: &[(&str, Edit)] = &[
        ("a core size past the payload", |b, at| b[at..at + 4].copy_from_slice(&u32::MAX.to_le_bytes())),
        ("a strip count of 1", |b, at| {
            let n = u32::from_le_bytes(b[at..at + 4].try_into().unwrap()) as usize;
            b[at + 4 + n * n..at + 8 + n * n].copy_from_slice(&1u32.to_le_bytes());
        }),
        ("a value of 200 in the last sector's pattern", |b, _| {
            let last = b.len() - 1;
            b[last] = 200;
        }),
    ];
    for (what, edit) in edits {
        let mut b = blob.clone();
        edit(&mut b, at);
        let b = with_fresh_payload_checksum(&b, 1);
        match validate(&b) {
            Err(BlobError::BadPayload { table: 1, reason, .. }) => assert!(!reason.is_empty(), "{what}"),
            other => panic!("{what}: {other:?}"),
        }
        assert!(TableFile::from_bytes(b).is_err(), "{what}");
    }
    // A form stored for another move set than it was found for: its shape may still be valid,
    // so the move set's own checks come first; a refused move set is named.
    let b = with_header(&blob, |hd| hd.tables[1].moves = vec![(1, 0), (-1, 0), (0, -1), (0, -2)]);
    match validate(&b) {
        Err(BlobError::BadPayload { table: 1, reason, .. }) => assert!(reason.contains("move set"), "{reason}"),
        other => panic!("{other:?}"),
    }
    // A closed form must be stored as bytes, a square as cells.
    let b = with_header(&blob, |hd| hd.tables[1].cell = CellEncoding::U8);
    assert!(matches!(validate(&b), Err(BlobError::BadEncoding { table: 1, .. })));
    let b = with_header(&blob, |hd| hd.tables[0].cell = CellEncoding::Bytes);
    assert!(matches!(validate(&b), Err(BlobError::BadEncoding { table: 0, .. })));
    let b = with_header(&blob, |hd| {
        hd.tables[1].rows = hd.tables[1].cols;
        hd.tables[1].cols = 1;
    });
    assert!(matches!(validate(&b), Err(BlobError::BadShape { table: 1, .. })));
}

#[test]
fn a_square_without_a_form_answers_only_inside() {
    let set = MoveSet::parse("(-4,-3) (-4,2) (-3,-2) (-3,1) (-2,-4) (-1,-4) (-1,-1)").unwrap();
    // No analysis: the square only, as for a set without a certified form.
    let limits = Limits { start_cells: 1 << 12, max_cells: 1 << 14, ..Limits::default() };
    let analysis = grundy_core::leaper::analyze(&set, &limits);
    assert!(analysis.form().is_none());
    let blob = leaper_blob_with(&set, 9, &analysis).unwrap();
    let file = TableFile::from_bytes(blob).unwrap();
    let table = file.leaper().unwrap();
    assert!(!table.has_closed_form());
    assert!(table.value(8, 8).is_ok());
    assert!(table.value(9, 0).unwrap_err().to_string().contains("< 9"));
    assert_eq!(file.header().tables.len(), 1);
}

/// A blob whose checksums all match but whose contents break the game's rules: taking the table
/// or asking for a winning move reports it, never a panic or a silent wrong answer.
#[test]
fn inconsistent_blobs_with_valid_checksums_are_reported() {
    // g(0, 0) = 1 in the hyper knight's square (its checksum rewritten): (0, 0) has no move, so
    // no winning move exists where the values say one must.
    let blob = leaper_blob(&MoveSet::hyper_knight(), 20).unwrap();
    let square = validate(&blob).unwrap().tables[0].offset as usize;
    let mut damaged = blob.clone();
    damaged[square] = 1;
    let file = TableFile::from_bytes(with_fresh_payload_checksum(&damaged, 0)).unwrap();
    let table = file.leaper().unwrap();
    assert_eq!(table.winning_move(&[(0, 0)]), Err(grundy::knight::KnightError::Inconsistent { x: 0, y: 0 }));
    assert!(matches!(file.verify_contents(), Err(TableError::WrongCell { table: 0, index: 0, value: 1, expected: 0 })));

    // The hyper knight's square with the closed form of another leaper stored under the hyper
    // knight's moves: the square's border disagrees with that form.
    let other = MoveSet::parse("(-2,1) (-2,-1) (1,-2) (-1,-2)").unwrap();
    let form = grundy_core::leaper::analyze(&other, &Limits::default()).form().cloned().expect("certified");
    let payload = grundy_core::leaper::codec::encode(&form).unwrap();
    let moves = MoveSet::hyper_knight().to_bytes();
    let cells = grundy_core::leaper::leaper_square(&MoveSet::hyper_knight(), 20);
    let tables = [
        TableData { game: TableKind::LeaperSquare, moves: &moves, rows: 20, cols: 20, cells: &cells },
        TableData { game: TableKind::LeaperForm, moves: &moves, rows: 1, cols: payload.len() as u32, cells: &payload },
    ];
    let file = TableFile::from_bytes(write_blob("test", &tables)).unwrap();
    assert!(matches!(file.leaper(), Err(TableError::FormDisagrees { table: 0, .. })));
}
