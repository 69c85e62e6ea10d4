//! The Mine values a solver reads: one period of the region values and the lone-number value.

use super::recurrence::{REGION_VALUES, number_value, period};

/// Mine values: a blank region by its number of face-down numbers, and a lone number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MineTable<'a> {
    region: &'a [u8],
    number: u8,
}

impl<'a> MineTable<'a> {
    /// The table the recurrence gives ([`region_table`](super::region_table) and
    /// [`number_value`]), computed at compile time.
    pub const RULES: MineTable<'static> = {
        let Some(p) = period(&REGION_VALUES) else { panic!("SG(b) of a blank region is periodic") };
        MineTable::new(REGION_VALUES.split_at(p).0, number_value())
    };

    /// Wraps one period of the region values and the lone-number value.
    ///
    /// Panics if `region` is empty.
    pub const fn new(region: &'a [u8], number: u8) -> Self {
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
