//! The blob `build.rs` computed, embedded with `include_bytes!` at 64-byte alignment, and where
//! each of its tables lies. Each game family makes its embedded table from these bytes.

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// Aligns its contents to 64 bytes (`include_bytes!` alone guarantees only 1).
#[repr(C, align(64))]
struct Align64<T: ?Sized>(T);

static BLOB: &Align64<[u8]> = &Align64(*include_bytes!(concat!(env!("OUT_DIR"), "/tables.sgt")));

/// The knight square's payload, `KNIGHT_BOUND x KNIGHT_BOUND` cells.
pub(crate) static KNIGHT: &[u8] = BLOB.0.split_at(KNIGHT_OFFSET).1.split_at(KNIGHT_BOUND * KNIGHT_BOUND).0;
/// The knight square as its distinct blocks, as `build.rs` wrote them from the blob's square
/// (empty when that form is not smaller).
pub(crate) static KNIGHT_BLOCKS: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/knight_blocks.bin"));
/// The hyper knight's certified closed form, encoded.
pub(crate) static KNIGHT_FORM: &[u8] = BLOB.0.split_at(KNIGHT_FORM_OFFSET).1.split_at(KNIGHT_FORM_LEN).0;
/// The misère Nim outcome table's payload.
pub(crate) static MISERE_NIM: &[u8] = BLOB.0.split_at(MISERE_NIM_OFFSET).1.split_at(MISERE_NIM_LEN).0;
/// The Mine region table's payload.
pub(crate) static MINE_REGION: &[u8] = BLOB.0.split_at(MINE_REGION_OFFSET).1.split_at(MINE_REGION_LEN).0;
/// The Mine isolated-number value.
pub(crate) static MINE_NUMBER: u8 = BLOB.0[MINE_NUMBER_OFFSET];

/// The whole embedded blob, as `build.rs` wrote it (and as `generated/tables.sgt` holds it).
pub fn blob() -> &'static [u8] {
    &BLOB.0
}
