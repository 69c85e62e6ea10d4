//! Where a heap judge's values come from: a table, or values computed as the cases need them.

use super::HeapTable;
use crate::judge::JudgeError;
use grundy_core::heap::{Beyond, HeapGame, Period};

/// Where a heap judge's values come from: one game's `G(heap)`, for every heap this source
/// reaches.
pub trait HeapLookup {
    /// The game.
    fn game(&self) -> &HeapGame;

    /// The proven period, if any.
    fn period(&self) -> Option<Period>;

    /// Makes `G(0..=heap)` available to [`HeapLookup::value`] where this source can (a source
    /// that computes its values computes them now), before case `case` asks for `G(heap)`. An
    /// error stops the judge at that case. A table has all it will have: nothing to do.
    fn reach(&mut self, case: u64, heap: u64) -> Result<(), JudgeError> {
        let _ = (case, heap);
        Ok(())
    }

    /// `G(heap)`, or why this source does not reach it.
    fn value(&self, heap: u64) -> Result<u32, Beyond>;
}

impl HeapLookup for HeapTable<'_> {
    fn game(&self) -> &HeapGame {
        HeapTable::game(self)
    }

    fn period(&self) -> Option<Period> {
        HeapTable::period(self)
    }

    fn value(&self, heap: u64) -> Result<u32, Beyond> {
        HeapTable::value(self, heap)
    }
}

/// A source lent to a judge, to be looked at after the run.
impl<T: HeapLookup + ?Sized> HeapLookup for &mut T {
    fn game(&self) -> &HeapGame {
        (**self).game()
    }

    fn period(&self) -> Option<Period> {
        (**self).period()
    }

    fn reach(&mut self, case: u64, heap: u64) -> Result<(), JudgeError> {
        (**self).reach(case, heap)
    }

    fn value(&self, heap: u64) -> Result<u32, Beyond> {
        (**self).value(heap)
    }
}
