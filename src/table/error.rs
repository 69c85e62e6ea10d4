//! Why a valid blob cannot serve what was asked of it.

use std::fmt;

use grundy_core::format::TableKind;
use grundy_core::{
    heap::{HeapGame, ValuesError},
    leaper::MoveSetError,
};

/// A valid blob that does not hold what was asked of it, or holds wrong values.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The blob holds no table of this game.
    Missing {
        /// The game asked for.
        game: TableKind,
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
    /// A table's move set cannot be swept, so its contents cannot be recomputed.
    Unverifiable {
        /// The table's index in the header.
        table: usize,
        /// Why the move set cannot be swept.
        source: MoveSetError,
    },
    /// A heap game's stored value differs from the value its rules give (found by recomputing).
    WrongHeapValue {
        /// The table's index in the header.
        table: usize,
        /// The heap.
        heap: u64,
        /// What the table holds.
        stored: u16,
        /// What the rules give.
        expected: u16,
    },
    /// A heap game's values cannot be recomputed within the work a check may take.
    HeapUnverifiable {
        /// The table's index in the header.
        table: usize,
        /// Why the values stop.
        source: ValuesError,
    },
    /// The blob holds no table of the heap game asked for (with `None`, not exactly one).
    MissingHeap {
        /// The game asked for, if one was named.
        game: Option<HeapGame>,
        /// The heap games it holds.
        held: Vec<HeapGame>,
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
            Self::Missing { game } => {
                let name = match game {
                    TableKind::LeaperSquare => "leaper square",
                    TableKind::MisereNim => "misère Nim",
                    TableKind::MineRegion => "Mine region",
                    TableKind::MineNumber => "Mine number",
                    TableKind::LeaperForm => "closed-form",
                    TableKind::HeapValues => "heap game",
                    _ => return write!(f, "the blob holds no {game:?} table"),
                };
                write!(f, "the blob holds no {name} table")
            }
            Self::WrongCell { table, index, value, expected } => {
                write!(f, "table {table}: cell {index} holds {value}, but its game's rules give {expected}")
            }
            Self::Unverifiable { table, source } => write!(f, "table {table} cannot be recomputed: {source}"),
            Self::WrongHeapValue { table, heap, stored, expected } => {
                write!(f, "table {table}: G({heap}) is stored as {stored}, but its game's rules give {expected}")
            }
            Self::HeapUnverifiable { table, source } => {
                write!(f, "table {table}: its values cannot be recomputed: {source}")
            }
            Self::MissingHeap { game, held } => {
                let held: Vec<String> = held.iter().map(ToString::to_string).collect();
                match (game, held.is_empty()) {
                    (Some(game), true) => write!(f, "the blob holds no heap game ({game} asked for)"),
                    (Some(game), false) => {
                        write!(f, "the blob holds no table of {game} (it holds {})", held.join(", "))
                    }
                    (None, true) => write!(f, "the blob holds no heap game"),
                    (None, false) => write!(f, "the blob holds several heap games ({}): name one", held.join(", ")),
                }
            }
            Self::FormDisagrees { table, x, y, square, form } => write!(
                f,
                "table {table}: the square holds {square} at ({x}, {y}), where the closed form of its moves gives \
                 {form}: the blob is inconsistent (`grundy inspect` recomputes its tables)"
            ),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Unverifiable { source, .. } => Some(source),
            Self::HeapUnverifiable { source, .. } => Some(source),
            _ => None,
        }
    }
}
