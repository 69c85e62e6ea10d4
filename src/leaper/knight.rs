//! Hyper Knights: the Grundy value of a knight, of a sum of knights, and the winner.
//!
//! Any cell `0 <= x, y <= 2^63 - 1` ([`MAX_COORDINATE`]) has a value: the embedded table
//! ([`embedded_table`]) answers inside its square, the proven closed form ([`closed_form`], found
//! and certified by `grundy_core::leaper`) outside. The only error of the hyper-knight functions
//! is a coordinate of 2^63 or more. A table with a custom move set has no closed form, so there a
//! knight outside the square is an error too.
//!
//! [`winning_move`] says how to win a sum of knights: which knight to move, and where.

pub use super::{KnightError, KnightMove};
pub use grundy_core::leaper::{HYPER_KNIGHT_MOVES, MAX_COORDINATE};

use std::sync::OnceLock;

use grundy_core::leaper::blocks::Blocks;
use grundy_core::leaper::codec;

use super::form_eval::Certified;
use super::{ClosedForm, LeaperTable};
use crate::table::embedded::{self, KNIGHT_BOUND};
use crate::{Nimber, Outcome};

/// [`HYPER_KNIGHT_MOVES`] as the blob stores moves, one byte a coordinate.
static MOVES: [(i8, i8); 6] = {
    let mut moves = [(0, 0); 6];
    let mut i = 0;
    while i < 6 {
        moves[i] = (HYPER_KNIGHT_MOVES[i].0 as i8, HYPER_KNIGHT_MOVES[i].1 as i8);
        i += 1;
    }
    moves
};

/// The embedded square in blocked form, if `build.rs` wrote one (when it is smaller).
static BLOCKS: Option<Blocks<'static>> = Blocks::new(embedded::KNIGHT_BLOCKS, KNIGHT_BOUND);

/// The closed form, decoded from the embedded blob on first use.
static FORM: OnceLock<Certified> = OnceLock::new();

/// The embedded hyper-knight square, `0 <= x, y < KNIGHT_BOUND`, with the closed form beyond it.
#[inline]
pub fn embedded_table() -> LeaperTable<'static> {
    LeaperTable::embedded(KNIGHT_BOUND, &MOVES, embedded::KNIGHT, BLOCKS, certified())
}

/// The hyper knight's certified closed form, as `build.rs` discovered and proved it with
/// `grundy_core::leaper::analyze` and stored it in the embedded blob (a `LeaperForm` table),
/// decoded on first use. `grundy verify` re-runs its proof.
#[inline]
pub fn closed_form() -> &'static ClosedForm {
    &certified().form
}

/// The closed form with its run-time evaluator.
#[inline]
pub(crate) fn certified() -> &'static Certified {
    FORM.get_or_init(|| {
        Certified::new(codec::decode(&MOVES, embedded::KNIGHT_FORM).expect("build.rs wrote a valid form"))
    })
}

/// g(x, y) of one hyper knight, for any `x, y <= 2^63 - 1`: the embedded table inside its
/// square, the closed form outside. Errs only with [`KnightError::TooLarge`].
///
/// ```
/// use grundy::knight;
/// assert_eq!(knight::value(5, 8).unwrap().0, 6);
/// assert_eq!(knight::value(1 << 40, 3 << 40).unwrap().0, 0); // x mod 4, far from y = 2x
/// assert!(knight::value(1 << 63, 0).is_err());
/// ```
pub fn value(x: u64, y: u64) -> Result<Nimber, KnightError> {
    embedded_table().value(x, y)
}

/// The nimber of a sum of hyper knights.
pub fn value_of_sum(knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Nimber, KnightError> {
    embedded_table().value_of_sum(knights)
}

/// A winning move in a sum of hyper knights for the player to move (Alice first), or `None`
/// when every move loses (the XOR of the values is 0). Errs only with
/// [`KnightError::TooLarge`] for a knight beyond 2^63 - 1.
///
/// The move takes a knight `i` whose value `g_i` has `g_i ^ s < g_i` (`s` the XOR of all
/// values) to a target of value `g_i ^ s`; one exists by the mex definition. The first such
/// knight is moved, and the first of its targets in the order of
/// [`HYPER_KNIGHT_MOVES`].
///
/// The board has no upper edge: from a coordinate of 2^63 - 1 the moves (-2, +1) and (+1, -2)
/// reach 2^63, which the value functions do not accept as input. Such a target is valued
/// exactly all the same (the closed form is exact on all of `u64`) and is chosen only when no
/// target within `0..=2^63 - 1` wins, so every coordinate of a move fits `u64`.
///
/// ```
/// use grundy::knight::winning_move;
/// assert_eq!(winning_move(&[(1, 0)]).unwrap(), None); // g = 0: Bob wins
/// let m = winning_move(&[(2, 5), (3, 5)]).unwrap().unwrap(); // *3 ^ *1 = *2
/// assert_eq!((m.knight, m.from, m.to), (0, (2, 5), (1, 3))); // *3 -> *1
/// ```
pub fn winning_move(knights: &[(u64, u64)]) -> Result<Option<KnightMove>, KnightError> {
    embedded_table().winning_move(knights)
}

/// Who wins a sum of hyper knights (Alice moves first).
pub fn outcome(knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Outcome, KnightError> {
    value_of_sum(knights).map(Nimber::outcome)
}

#[cfg(test)]
mod tests {
    /// The judge reads the square in blocked form: `build.rs` wrote its 52 kinds of block, and
    /// every cell read through them is the square's (which the tests check against the mex
    /// recurrence).
    #[test]
    #[cfg(feature = "knight-square")]
    fn the_embedded_square_has_its_blocks() {
        assert_eq!(super::BLOCKS.expect("build.rs wrote the blocked form").distinct(), 52);
        let table = super::embedded_table();
        for x in 0..table.bound() {
            for y in 0..table.bound() {
                assert_eq!(table.in_square(x, y), table.cells()[x * table.bound() + y], "({x}, {y})");
            }
        }
    }
}
