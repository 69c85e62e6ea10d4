//! The blob `build.rs` computed, embedded with `include_bytes!` at 64-byte alignment.

use super::{KnightTable, MineTable, MisereTable};
use crate::rules::closed_form::Patterns;
use crate::rules::knight::HYPER_KNIGHT_MOVES;

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// The closed form's pattern tables, as `build.rs` extracted them.
mod patterns {
    include!(concat!(env!("OUT_DIR"), "/closed_form.rs"));
}
use patterns::KNIGHT_PATTERNS;

/// Aligns its contents to 64 bytes (`include_bytes!` alone guarantees only 1).
#[repr(C, align(64))]
struct Align64<T: ?Sized>(T);

static BLOB: &Align64<[u8]> = &Align64(*include_bytes!(concat!(env!("OUT_DIR"), "/tables.sgt")));

static KNIGHT: &[u8] = BLOB.0.split_at(KNIGHT_OFFSET).1.split_at(KNIGHT_BOUND * KNIGHT_BOUND).0;
static MISERE_NIM: &[u8] = BLOB.0.split_at(MISERE_NIM_OFFSET).1.split_at(MISERE_NIM_LEN).0;
static MINE_REGION: &[u8] = BLOB.0.split_at(MINE_REGION_OFFSET).1.split_at(MINE_REGION_LEN).0;
static MINE_NUMBER: u8 = BLOB.0[MINE_NUMBER_OFFSET];

/// The whole embedded blob, as `build.rs` wrote it (and as `generated/tables.sgt` holds it).
pub fn blob() -> &'static [u8] {
    &BLOB.0
}

/// The embedded hyper-knight square, `0 <= x, y < KNIGHT_BOUND`, with the closed form beyond it.
#[inline]
pub fn knight() -> KnightTable<'static> {
    KnightTable { bound: KNIGHT_BOUND, moves: &HYPER_KNIGHT_MOVES, cells: KNIGHT, closed_form: Some(&KNIGHT_PATTERNS) }
}

/// The hyper-knight closed form's pattern tables, extracted and checked by `build.rs`
/// (`OUT_DIR/closed_form.rs`); `grundy_core::rules::certificate::prove` proves them right.
#[doc(hidden)] // For `grundy verify knight` and the tests.
#[inline]
pub fn knight_patterns() -> &'static Patterns {
    &KNIGHT_PATTERNS
}

/// The embedded misère Nim outcome table.
#[inline]
pub fn misere_nim() -> MisereTable<'static> {
    MisereTable::new(MISERE_NIM)
}

/// The embedded Mine values.
#[inline]
pub fn mine() -> MineTable<'static> {
    MineTable::new(MINE_REGION, MINE_NUMBER)
}
