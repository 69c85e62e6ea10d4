//! The code behind the crate's `unsafe` blocks: blob files memory-mapped by `TableFile::map`,
//! judge input files mapped by `Input::map`, and the 64-byte aligned embedded blob. These tests
//! are the ones to run under valgrind (see fuzz/README.md).

use std::path::Path;

use grundy::judge::Input;
use grundy::judge::Judge;
use grundy::knight;
use grundy::leaper::Knights;
use grundy::table::{OpenError, TableFile, embedded};
use grundy_core::format::header::{FORMAT_VERSION, TableKind};
use grundy_core::format::{self, ALIGN, BlobError, TableData};

use crate::run::TempFile;

fn small_blob() -> Vec<u8> {
    let cells = grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 9);
    let table = TableData {
        game: TableKind::LeaperSquare,
        moves: &grundy_core::leaper::MoveSet::hyper_knight().to_bytes(),
        rows: 9,
        cols: 9,
        cells: &cells,
    };
    format::write_blob("grundy test", &[table])
}

/// Opens `path` both ways; the two must agree.
fn open_both(path: &Path) -> Result<(TableFile, TableFile), BlobError> {
    let invalid = |e: OpenError| match e {
        OpenError::Invalid { source, .. } => source,
        e => panic!("I/O error opening a readable file: {e}"),
    };
    let read = TableFile::read(path).map_err(invalid);
    // SAFETY: the file lives in a directory of this test alone and nothing writes to it while
    // the map is alive.
    let mapped = unsafe { TableFile::map(path) }.map_err(invalid);
    match (read, mapped) {
        (Ok(r), Ok(m)) => Ok((r, m)),
        (Err(a), Err(b)) => {
            assert_eq!(a, b, "read and map reject differently");
            Err(a)
        }
        (r, m) => panic!("read: {:?}, map: {:?}", r.err(), m.err()),
    }
}

#[test]
fn mapped_blobs_answer_like_read_ones() {
    for blob in [small_blob(), embedded::blob().to_vec()] {
        let file = TempFile::new(&blob);
        let (read, mapped) = open_both(&file.path).unwrap();
        assert_eq!(mapped.bytes(), &blob[..]);
        assert_eq!(read.header(), mapped.header());
        // A map starts on a page boundary, so the payload keeps its 64-byte alignment.
        let knight = mapped.leaper().unwrap();
        assert_eq!(knight.cells().as_ptr() as usize % ALIGN, 0);
        let from_read = read.leaper().unwrap();
        let b = knight.bound() as u64;
        for x in 0..b {
            for y in 0..b {
                assert_eq!(knight.get(x, y), from_read.get(x, y));
                if b == embedded::KNIGHT_BOUND as u64 {
                    assert_eq!(knight.get(x, y), knight::embedded_table().get(x, y));
                }
            }
        }
        assert_eq!(knight.get(b, 0), None);
    }
}

#[test]
fn the_judge_answers_alike_from_a_mapped_table() {
    let blob = TempFile::new(embedded::blob());
    let input = TempFile::new(b"3\n1\n1 0\n2\n2 5\n3 5\n2\n499 499\n5 8\n");
    // SAFETY: as in `open_both`.
    let mapped = unsafe { TableFile::map(&blob.path) }.unwrap();
    // SAFETY: the temporary file is not changed while mapped.
    let input = unsafe { Input::map(&input.path) }.unwrap();
    let input = input.mapped().expect("a regular file is mapped");
    let (mut from_map, mut from_embedded) = (Vec::new(), Vec::new());
    Knights { table: mapped.leaper().unwrap() }.solve_bytes(input, &mut from_map).unwrap();
    Knights { table: knight::embedded_table() }.solve_bytes(input, &mut from_embedded).unwrap();
    assert_eq!(from_map, b"Case 1: Bob\nCase 2: Alice\nCase 3: Alice\n");
    assert_eq!(from_map, from_embedded);
}

#[test]
fn input_map_maps_files_whole() {
    for bytes in [&b""[..], b"1\n1\n0 0", &vec![b' '; 1 << 20]] {
        let file = TempFile::new(bytes);
        // SAFETY: the temporary file is not changed while mapped.
        match unsafe { Input::map(&file.path) }.unwrap().mapped() {
            Some(map) => assert_eq!(map, bytes),
            None => assert!(bytes.is_empty(), "only unmappable (empty) files are streamed"),
        }
        assert!(Input::open(Some(&file.path)).unwrap().mapped().is_none(), "open reads in chunks");
    }
    assert!(Input::open(Some(Path::new("/nonexistent/grundy/input"))).is_err());
    // SAFETY: nothing is mapped.
    assert!(unsafe { Input::map(Path::new("/nonexistent/grundy/input")) }.is_err());
}

/// Each kind of damage to a blob file gives its own error, from `map` as from `read`.
#[test]
fn corrupt_blob_files_give_the_right_error() {
    let good = small_blob();
    let (header, used) = format::read_head(&good).unwrap();
    let payload = header.tables[0].offset as usize;
    let with = |pos: usize, value: u8| {
        let mut bad = good.clone();
        bad[pos] = value;
        bad
    };
    type Check = Box<dyn Fn(&BlobError) -> bool>;
    let is = |expected: BlobError| -> Check { Box::new(move |e| *e == expected) };
    let cases: Vec<(&str, Vec<u8>, Check)> = vec![
        ("empty", vec![], is(BlobError::TooShort { len: 0 })),
        ("preamble only", good[..10].to_vec(), is(BlobError::TooShort { len: 10 })),
        ("magic", with(0, b'X'), Box::new(|e| matches!(e, BlobError::BadMagic { found } if found[0] == b'X'))),
        ("version", with(8, 1), is(BlobError::UnsupportedVersion { found: 1, supported: FORMAT_VERSION })),
        (
            "endianness",
            good[..10].iter().chain(&[1, 2, 3, 4]).chain(&good[14..]).copied().collect(),
            is(BlobError::ForeignEndianness { mark: 0x0403_0201 }),
        ),
        (
            "header byte",
            with(used - 1, good[used - 1] ^ 1),
            Box::new(|e| matches!(e, BlobError::HeaderChecksum { .. })),
        ),
        ("header checksum", with(18, good[18] ^ 1), Box::new(|e| matches!(e, BlobError::HeaderChecksum { .. }))),
        ("header cut", good[..used - 2].to_vec(), is(BlobError::TruncatedHeader { needed: used, len: used - 2 })),
        ("padding", with(used, 1), is(BlobError::NonZeroPadding { offset: used })),
        (
            "payload byte",
            with(payload + 3, good[payload + 3] ^ 4),
            Box::new(|e| matches!(e, BlobError::PayloadChecksum { table: 0, .. })),
        ),
        (
            "payload cut",
            good[..good.len() - 1].to_vec(),
            Box::new(|e| matches!(e, BlobError::Truncated { table: 0, .. })),
        ),
        (
            "trailing byte",
            [&good[..], &[0]].concat(),
            is(BlobError::TrailingBytes { end: good.len() as u64, len: good.len() + 1 }),
        ),
        ("not a blob", b"2\n1\n1 0\n2\n2 5\n3 5\n".to_vec(), Box::new(|e| matches!(e, BlobError::BadMagic { .. }))),
    ];
    for (what, bytes, is_expected) in cases {
        let file = TempFile::new(&bytes);
        match open_both(&file.path) {
            Ok(_) => panic!("{what}: a damaged blob file opens"),
            Err(e) => assert!(is_expected(&e), "{what}: unexpected {e:?} ({e})"),
        }
    }
}

#[test]
fn missing_blob_files_are_io_errors() {
    let path = Path::new("/nonexistent/grundy/tables.sgt");
    assert!(matches!(TableFile::read(path), Err(OpenError::Io { .. })));
    // SAFETY: there is no file, so nothing is mapped.
    assert!(matches!(unsafe { TableFile::map(path) }, Err(OpenError::Io { .. })));
}

/// `include_bytes!` is only 1-aligned: the `Align64` wrapper must put the blob, and so the
/// knight payload at its 64-multiple offset, on a 64-byte boundary.
#[test]
fn the_embedded_blob_is_64_byte_aligned() {
    let blob = embedded::blob();
    assert_eq!(blob.as_ptr() as usize % ALIGN, 0);
    let knight = knight::embedded_table();
    assert_eq!(knight.cells().as_ptr() as usize % ALIGN, 0);
    let header = format::validate(blob).unwrap();
    let entry = &header.tables[0];
    assert_eq!(knight.cells().as_ptr(), blob[entry.offset as usize..].as_ptr());
    assert_eq!(knight.cells().len() as u64, entry.len);
}
