//! The verification of a blob's heap table: its values recomputed from the game's rules and
//! its period re-proven by the independent checker, on as many values as the theorem needs.
//! [`TableFile::verify_contents`](crate::table::TableFile::verify_contents) recomputes the
//! values stored; this proves the period that answers every heap past them.

use std::fmt;

use grundy_core::heap::{CheckFailure, HeapGame, HeapTable, HeapValues, MAX_HEAPS, Period, PeriodRule, ValuesError};

/// A heap table's period, proven.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ProvenPeriod {
    /// The game.
    pub game: HeapGame,
    /// Its period.
    pub period: Period,
    /// The values computed and checked.
    pub checked: u64,
}

/// Why a heap table's period is not proven.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PeriodError {
    /// The table holds values only, no period.
    NoPeriod {
        /// The game.
        game: HeapGame,
        /// The values stored.
        stored: u64,
    },
    /// No periodicity theorem covers the game.
    NoTheorem {
        /// The game.
        game: HeapGame,
    },
    /// The theorem needs more values than can be computed.
    TooManyValues {
        /// The game.
        game: HeapGame,
        /// The values needed.
        needed: u64,
    },
    /// The values could not be computed.
    Values {
        /// The game.
        game: HeapGame,
        /// Why.
        source: ValuesError,
    },
    /// A stored value is not the game's.
    WrongValue {
        /// The game.
        game: HeapGame,
        /// The heap.
        heap: u64,
        /// The value stored.
        stored: u16,
        /// The value the rules give.
        rules: u16,
    },
    /// The checker refuses the period.
    Refuted {
        /// The game.
        game: HeapGame,
        /// Why.
        source: CheckFailure,
    },
}

impl fmt::Display for PeriodError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::NoPeriod { game, stored } => write!(f, "{game} has no period, its {stored} values only"),
            Self::NoTheorem { game } => write!(f, "no periodicity theorem covers {game}"),
            Self::TooManyValues { game, needed } => write!(f, "{game} needs {needed} values, too many"),
            Self::Values { game, source } => write!(f, "{game}: {source}"),
            Self::WrongValue { game, heap, stored, rules } => {
                write!(f, "{game}: G({heap}) is stored as {stored}, the rules give {rules}")
            }
            Self::Refuted { game, source } => write!(f, "{game}: {source}"),
        }
    }
}

impl std::error::Error for PeriodError {}

/// Recomputes the values `table`'s period needs, compares the stored ones with them, and
/// re-proves the period with [`check_period`](grundy_core::heap::check_period).
pub fn verify_period(table: &HeapTable<'_>) -> Result<ProvenPeriod, PeriodError> {
    let game = table.game().clone();
    let Some(period) = table.period() else {
        return Err(PeriodError::NoPeriod { game, stored: table.stored() });
    };
    let Some(needed) = PeriodRule::of(&game).values_needed(period.period, period.preperiod) else {
        return Err(PeriodError::NoTheorem { game });
    };
    let Some(count) = usize::try_from(needed).ok().filter(|&n| n <= MAX_HEAPS) else {
        return Err(PeriodError::TooManyValues { game, needed });
    };
    let mut values = HeapValues::new(&game);
    if let Err(source) = values.extend_to(count, u64::MAX) {
        return Err(PeriodError::Values { game, source });
    }
    let computed = values.values();
    if let Some((heap, (stored, &rules))) = table.values().zip(computed).enumerate().find(|(_, (s, c))| s != *c) {
        return Err(PeriodError::WrongValue { game, heap: heap as u64, stored, rules });
    }
    match grundy_core::heap::check_period(&game, computed, period) {
        Ok(()) => Ok(ProvenPeriod { game, period, checked: needed }),
        Err(source) => Err(PeriodError::Refuted { game, source }),
    }
}
