//! Misère Nim's outcome table: a lookup is one index into bytes.

use grundy_core::misere;

use crate::table::embedded;

/// Misère Nim outcomes by class: `2 x 4` cells indexed by [`misere::table_index`].
#[derive(Debug, Clone, Copy)]
pub struct MisereTable<'a> {
    cells: &'a [u8],
}

impl<'a> MisereTable<'a> {
    /// Wraps the `2 x 4` payload.
    pub(crate) fn new(cells: &'a [u8]) -> Self {
        assert_eq!(cells.len(), (misere::ROWS * misere::COLS) as usize, "misère table size");
        MisereTable { cells }
    }

    /// The cell of a class: [`misere::FIRST_PLAYER_WINS`], [`misere::SECOND_PLAYER_WINS`] or
    /// [`misere::IMPOSSIBLE`].
    #[inline]
    pub fn get(&self, all_ones: bool, xor_zero: bool, k_odd: bool) -> u8 {
        self.cells[misere::table_index(all_ones, xor_zero, k_odd)]
    }

    /// The raw cells.
    pub fn cells(&self) -> &'a [u8] {
        self.cells
    }
}

/// The embedded misère Nim outcome table.
#[inline]
pub fn embedded_table() -> MisereTable<'static> {
    MisereTable::new(embedded::MISERE_NIM)
}
