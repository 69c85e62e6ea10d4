//! The small parity tables of misère Nim and Mine. A lookup is one index into bytes.

use grundy_core::misere;

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

/// Mine values: a blank region by its number of face-down numbers, and a lone number.
#[derive(Debug, Clone, Copy)]
pub struct MineTable<'a> {
    region: &'a [u8],
    number: u8,
}

impl<'a> MineTable<'a> {
    /// Wraps one period of the region values and the lone-number value.
    pub(crate) fn new(region: &'a [u8], number: u8) -> Self {
        assert!(!region.is_empty(), "the region table holds at least one period");
        MineTable { region, number }
    }

    /// SG of a blank region with `hidden` face-down numbers around it.
    #[inline]
    pub fn region(&self, hidden: u64) -> u8 {
        self.region[(hidden % self.region.len() as u64) as usize]
    }

    /// SG of a number that touches no blank region.
    #[inline]
    pub fn number(&self) -> u8 {
        self.number
    }

    /// The period of the region values (the table's length).
    pub fn period(&self) -> usize {
        self.region.len()
    }

    /// One period of the region values.
    pub fn region_cells(&self) -> &'a [u8] {
        self.region
    }
}
