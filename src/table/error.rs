//! Why a valid blob cannot serve what was asked of it.

use std::fmt;

use grundy_core::format::TableKind;

/// A valid blob that does not hold what was asked of it, or holds wrong values.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The blob holds no table of this kind.
    Missing {
        /// The kind asked for.
        game: TableKind,
    },
    /// The blob holds no table of the game asked for, among the games of one kind it holds
    /// (with `None`, it does not hold exactly one).
    NoSuchGame {
        /// The kind of table.
        kind: TableKind,
        /// The game asked for, if one was named.
        game: Option<String>,
        /// The games of that kind it holds.
        held: Vec<String>,
    },
    /// A cell differs from the value its game's rules give (found by recomputing the table).
    WrongCell {
        /// The table's index in the header.
        table: usize,
        /// The cell's index in the payload.
        index: usize,
        /// What the cell holds.
        value: u8,
        /// What the rules give.
        expected: u8,
    },
    /// A stored value `G(position)` differs from the value its game's rules give (found by
    /// recomputing).
    WrongValue {
        /// The table's index in the header.
        table: usize,
        /// The position.
        position: u64,
        /// What the table holds.
        stored: u16,
        /// What the rules give.
        expected: u16,
    },
    /// A misère quotient differs from the one its game's rules give (found by recomputing it).
    WrongQuotient {
        /// The table's index in the header.
        table: usize,
        /// What differs.
        reason: String,
    },
    /// A table's contents cannot be recomputed: its rules cannot be run (a move set no potential
    /// lowers), or not within the work a check may take.
    Unverifiable {
        /// The table's index in the header.
        table: usize,
        /// Why.
        reason: String,
    },
    /// A leaper square disagrees with the certified closed form of its move set on the square's
    /// border (checked when the table is taken from the blob): one of the two is wrong.
    FormDisagrees {
        /// The square's index in the header.
        table: usize,
        /// The cell's row.
        x: u64,
        /// The cell's column.
        y: u64,
        /// What the square holds.
        square: u8,
        /// What the closed form gives.
        form: u8,
    },
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Missing { game } => write!(f, "the blob holds no {} table", game.name()),
            Self::NoSuchGame { kind, game, held } => {
                let kind = kind.name();
                match (game, held.is_empty()) {
                    (Some(game), true) => write!(f, "the blob holds no {kind} table ({game} asked for)"),
                    (Some(game), false) => {
                        write!(f, "the blob holds no table of {game} (it holds {})", held.join(", "))
                    }
                    (None, true) => write!(f, "the blob holds no {kind} table"),
                    (None, false) => write!(f, "the blob holds several {kind} tables ({}): name one", held.join(", ")),
                }
            }
            Self::WrongCell { table, index, value, expected } => {
                write!(f, "table {table}: cell {index} holds {value}, but its game's rules give {expected}")
            }
            Self::WrongValue { table, position, stored, expected } => {
                write!(f, "table {table}: G({position}) is stored as {stored}, but its game's rules give {expected}")
            }
            Self::WrongQuotient { table, reason } => write!(f, "table {table}: wrong misère quotient: {reason}"),
            Self::Unverifiable { table, reason } => write!(f, "table {table} cannot be recomputed: {reason}"),
            Self::FormDisagrees { table, x, y, square, form } => write!(
                f,
                "table {table}: the square holds {square} at ({x}, {y}), where the closed form of its moves gives \
                 {form}: the blob is inconsistent (`grundy inspect` recomputes its tables)"
            ),
        }
    }
}

impl std::error::Error for TableError {}
