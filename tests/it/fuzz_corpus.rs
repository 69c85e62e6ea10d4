//! Replays the committed fuzz corpora (`fuzz/corpus/<target>/`) through the fuzz targets' checks
//! on stable Rust, so every seed and every crash input found by fuzzing stays a regression test
//! of `cargo test`. Also keeps the valid seed blobs in step with the format.
//!
//! After a change of the blob format, rewrite the seed blobs with
//! `GRUNDY_BLESS=1 cargo test -p grundy --test it fuzz_corpus`.

use crate::checks;

use std::path::{Path, PathBuf};

use grundy_core::format::TableKind;
use grundy_core::format::{TableData, write_blob};

fn corpus(target: &str) -> Vec<(PathBuf, Vec<u8>)> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus").join(target);
    let mut files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|entry| entry.unwrap().path())
        .collect();
    files.sort();
    assert!(!files.is_empty(), "{} is empty", dir.display());
    files.into_iter().map(|path| (path.clone(), std::fs::read(&path).unwrap())).collect()
}

/// Runs `check` on every file, naming the file that fails.
fn replay(target: &str, check: fn(&[u8])) {
    for (path, bytes) in corpus(target) {
        if let Err(panic) = std::panic::catch_unwind(|| check(&bytes)) {
            eprintln!("fuzz corpus file {} fails", path.display());
            std::panic::resume_unwind(panic);
        }
    }
}

#[test]
fn blob_corpus() {
    replay("blob", checks::blob);
}

#[test]
fn knights_corpus() {
    replay("knights", checks::knights);
}

#[test]
fn misere_corpus() {
    replay("misere", checks::misere);
}

#[test]
fn heaps_corpus() {
    replay("heaps", checks::heaps);
}

#[test]
fn mine_corpus() {
    replay("mine", checks::mine);
}

/// The valid blobs seeded into `fuzz/corpus/blob/`: small, so the fuzzer mutates them quickly.
/// The `inconsistent-` ones pass every check of opening but break the game's rules: a square
/// with g(0, 0) = 1, and the hyper knight's square with another leaper's closed form.
fn seed_blobs() -> Vec<(&'static str, Vec<u8>)> {
    let (k1, k4, k8) = (
        grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 1),
        grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 4),
        grundy_core::leaper::leaper_square(&grundy_core::leaper::MoveSet::hyper_knight(), 8),
    );
    fn table<'a>(moves: &'a [(i8, i8)], side: u32, cells: &'a [u8]) -> TableData<'a> {
        TableData { game: TableKind::LeaperSquare, moves, rows: side, cols: side, cells }
    }
    // One step left or up: g(x, y) = (x + y) mod 2.
    let (rook_like, rook_cells) = ([(-1, 0), (0, -1)], [0, 1, 1, 0]);
    let hyper_knight = grundy_core::leaper::MoveSet::hyper_knight().to_bytes();
    let mut damaged = k4.clone();
    damaged[0] = 1;
    let other = grundy_core::leaper::MoveSet::parse("(-2,1) (-2,-1) (1,-2) (-1,-2)").unwrap();
    let form = grundy_core::leaper::analyze(&other, &grundy_core::leaper::Limits::default()).form().cloned().unwrap();
    let form = grundy_core::leaper::codec::encode(&form).unwrap();
    let form_table =
        TableData { game: TableKind::LeaperForm, moves: &hyper_knight, rows: 1, cols: form.len() as u32, cells: &form };
    vec![
        ("inconsistent-knight4-g00.sgt", write_blob("grundy seeds", &[table(&hyper_knight, 4, &damaged)])),
        ("inconsistent-foreign-form.sgt", write_blob("grundy seeds", &[table(&hyper_knight, 8, &k8), form_table])),
        ("valid-empty.sgt", write_blob("grundy seeds", &[])),
        ("valid-heap-kayles.sgt", heap_seed("0.77", 256)),
        ("valid-heap-grundy.sgt", heap_seed("grundy", 40)),
        ("valid-misere-0.75.sgt", misere_seed("0.75")),
        (
            "valid-knight1.sgt",
            write_blob("grundy seeds", &[table(&grundy_core::leaper::MoveSet::hyper_knight().to_bytes(), 1, &k1)]),
        ),
        (
            "valid-knight4.sgt",
            write_blob("grundy seeds", &[table(&grundy_core::leaper::MoveSet::hyper_knight().to_bytes(), 4, &k4)]),
        ),
        (
            "valid-knight8-two-tables.sgt",
            write_blob(
                "grundy seeds",
                &[
                    table(&grundy_core::leaper::MoveSet::hyper_knight().to_bytes(), 8, &k8),
                    table(&rook_like, 2, &rook_cells),
                ],
            ),
        ),
    ]
}

/// A heap game's blob from `first` values: Kayles proves its period at 256, Grundy's game has none.
fn heap_seed(spec: &str, first: usize) -> Vec<u8> {
    let game = grundy_core::heap::HeapGame::parse(spec).unwrap();
    let limits = grundy_core::heap::HeapLimits { first, max_heap: 2 * first, max_work: u64::MAX, ..Default::default() };
    grundy_core::generate::heap_blob(&grundy_core::heap::analyze_heap(&game, &limits)).unwrap()
}

/// A heap game's certified misère quotient (0.75: 8 elements, 10 images).
fn misere_seed(spec: &str) -> Vec<u8> {
    let game = grundy_core::heap::HeapGame::parse(spec).unwrap();
    let analysis = grundy_core::heap_misere::analyze_misere(&game, &Default::default());
    grundy_core::generate::misere_blob(&analysis).unwrap()
}

#[test]
fn blob_seeds_are_valid_and_current() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("fuzz/corpus/blob");
    let bless = std::env::var_os("GRUNDY_BLESS").is_some();
    for (name, blob) in seed_blobs() {
        grundy_core::format::validate(&blob).unwrap_or_else(|e| panic!("{name}: {e}"));
        let path = dir.join(name);
        if bless {
            std::fs::write(&path, &blob).unwrap();
        } else {
            let committed = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
            assert!(
                committed == blob,
                "{} is stale: rewrite with GRUNDY_BLESS=1 cargo test -p grundy --test it fuzz_corpus",
                path.display()
            );
        }
    }
}
