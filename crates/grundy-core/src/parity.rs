//! The parity tables of misère Nim and Mine, derived by their recurrences ([`super::misere`],
//! [`super::mine`]): what the default blob stores for them, and what a reader recomputes to
//! verify a blob.

use alloc::vec::Vec;

use super::{mine, misere};

/// The misère Nim and Mine parity tables.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParityTables {
    /// `misere::ROWS x misere::COLS` outcome cells.
    pub misere_nim: Vec<u8>,
    /// One period of a blank region's value by its number of face-down numbers.
    pub mine_region: Vec<u8>,
    /// The value of a number that touches no blank region.
    pub mine_number: u8,
}

impl ParityTables {
    /// Runs the recurrences. Panics if the misère classification is inconsistent (it is not).
    pub fn derive() -> ParityTables {
        let misere_nim = misere::outcome_table().unwrap_or_else(|e| panic!("misère Nim table: {e}"));
        ParityTables { misere_nim, mine_region: mine::region_table(), mine_number: mine::number_value() }
    }
}
