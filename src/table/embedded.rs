//! The blob `build.rs` computed, embedded with `include_bytes!` at 64-byte alignment.

use std::sync::OnceLock;

use crate::leaper::form_eval::Certified;
use crate::leaper::{ClosedForm, LeaperTable};
use crate::mine::MineTable;
use crate::misere::MisereTable;
use grundy_core::leaper::HYPER_KNIGHT_MOVES;
use grundy_core::leaper::blocks::Blocks;
use grundy_core::leaper::codec;

/// [`HYPER_KNIGHT_MOVES`] as the blob stores moves, one byte a coordinate.
static KNIGHT_MOVES: [(i8, i8); 6] = {
    let mut moves = [(0, 0); 6];
    let mut i = 0;
    while i < 6 {
        moves[i] = (HYPER_KNIGHT_MOVES[i].0 as i8, HYPER_KNIGHT_MOVES[i].1 as i8);
        i += 1;
    }
    moves
};

include!(concat!(env!("OUT_DIR"), "/tables.rs"));

/// Aligns its contents to 64 bytes (`include_bytes!` alone guarantees only 1).
#[repr(C, align(64))]
struct Align64<T: ?Sized>(T);

static BLOB: &Align64<[u8]> = &Align64(*include_bytes!(concat!(env!("OUT_DIR"), "/tables.sgt")));

static KNIGHT: &[u8] = BLOB.0.split_at(KNIGHT_OFFSET).1.split_at(KNIGHT_BOUND * KNIGHT_BOUND).0;
static MISERE_NIM: &[u8] = BLOB.0.split_at(MISERE_NIM_OFFSET).1.split_at(MISERE_NIM_LEN).0;
static MINE_REGION: &[u8] = BLOB.0.split_at(MINE_REGION_OFFSET).1.split_at(MINE_REGION_LEN).0;
static MINE_NUMBER: u8 = BLOB.0[MINE_NUMBER_OFFSET];
/// The knight square as its distinct blocks (`build.rs` wrote them from the blob's square), if
/// that form is smaller.
static KNIGHT_BLOCKS: Option<Blocks<'static>> =
    Blocks::new(include_bytes!(concat!(env!("OUT_DIR"), "/knight_blocks.bin")), KNIGHT_BOUND);
static KNIGHT_FORM_BYTES: &[u8] = BLOB.0.split_at(KNIGHT_FORM_OFFSET).1.split_at(KNIGHT_FORM_LEN).0;
/// The hyper knight's closed form, decoded from the blob on first use.
static KNIGHT_FORM: OnceLock<Certified> = OnceLock::new();

/// The whole embedded blob, as `build.rs` wrote it (and as `generated/tables.sgt` holds it).
pub fn blob() -> &'static [u8] {
    &BLOB.0
}

/// The embedded hyper-knight square, `0 <= x, y < KNIGHT_BOUND`, with the closed form beyond it.
#[inline]
pub fn knight() -> LeaperTable<'static> {
    LeaperTable::embedded(KNIGHT_BOUND, &KNIGHT_MOVES, KNIGHT, KNIGHT_BLOCKS, knight_certified())
}

/// The hyper knight's certified closed form, as `build.rs` discovered and proved it with
/// `grundy_core::leaper::analyze` and stored it in the blob (a `LeaperForm` table),
/// decoded on first use. `grundy verify` re-runs its proof.
#[inline]
pub fn knight_form() -> &'static ClosedForm {
    &knight_certified().form
}

/// The form with its run-time evaluator.
#[inline]
pub(crate) fn knight_certified() -> &'static Certified {
    KNIGHT_FORM.get_or_init(|| {
        Certified::new(codec::decode(&KNIGHT_MOVES, KNIGHT_FORM_BYTES).expect("build.rs wrote a valid form"))
    })
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

#[cfg(test)]
mod tests {
    /// The judge reads the square in blocked form: `build.rs` wrote its 52 kinds of block, and
    /// every cell read through them is the square's (which the tests check against the mex
    /// recurrence).
    #[test]
    #[cfg(feature = "knight-square")]
    fn the_embedded_square_has_its_blocks() {
        assert_eq!(super::KNIGHT_BLOCKS.expect("build.rs wrote the blocked form").distinct(), 52);
        let table = super::knight();
        for x in 0..table.bound() {
            for y in 0..table.bound() {
                assert_eq!(table.in_square(x, y), table.cells()[x * table.bound() + y], "({x}, {y})");
            }
        }
    }
}
