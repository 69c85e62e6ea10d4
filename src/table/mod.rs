//! Runtime lookup: the tables embedded at build time, and blob files read or memory-mapped.
//! Inside a table a lookup is one index into bytes (the knights judge makes two, into the embedded
//! square's blocked form, `grundy_core::blocks`, which a level-1 cache holds); outside it, a
//! leaper table falls back to its certified closed form ([`ClosedForm`], a few table reads) when
//! the blob holds one (or, for the hyper knight, the embedded blob does).

pub mod embedded;
mod file;
mod form_eval;
mod leaper;
mod parity;

use std::fmt;

pub use crate::format::BlobError;
pub use crate::format::header::{Game, Header, TableEntry};
pub use crate::rules::knight::MoveSetError;
#[doc(hidden)] // For the command line's messages about `-o` targets.
pub use file::file_kind;
pub use file::{MAX_READ_LEN, OpenError, TableFile};
pub use grundy_core::rules::leaper::form::ClosedForm;
pub use leaper::{LeaperError, leaper_table_file};
pub use parity::{MineTable, MisereTable};

use crate::rules::knight::MAX_COORDINATE;
use form_eval::Certified;
use grundy_core::blocks::Blocks;

/// A valid blob that does not hold what was asked of it, or holds wrong values.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum TableError {
    /// The blob holds no table of this game.
    Missing {
        /// The game asked for.
        game: Game,
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
}

impl fmt::Display for TableError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Missing { game } => write!(f, "the blob holds no {game:?} table"),
            Self::WrongCell { table, index, value, expected } => {
                write!(f, "table {table}: cell {index} holds {value}, but its game's rules give {expected}")
            }
            Self::Unverifiable { table, source } => write!(f, "table {table} cannot be recomputed: {source}"),
        }
    }
}

impl std::error::Error for TableError {
    fn source(&self) -> Option<&(dyn std::error::Error + 'static)> {
        match self {
            Self::Unverifiable { source, .. } => Some(source),
            _ => None,
        }
    }
}

/// A leaper's Grundy square `0 <= x, y < bound`, one byte per cell, row-major, with the
/// certified closed form of the same move set beyond the square when there is one.
#[derive(Debug, Clone, Copy)]
pub struct KnightTable<'a> {
    bound: usize,
    moves: &'a [(i8, i8)],
    cells: &'a [u8],
    /// The same square as its distinct 8 x 8 blocks, which the judge reads instead of `cells`
    /// ([`in_square`](Self::in_square)): the embedded square's, which `build.rs` made.
    blocks: Option<Blocks<'a>>,
    /// The closed form of exactly this move set (the caller matched it): a move set without a
    /// certified form must not silently get another game's.
    closed_form: Option<&'a Certified>,
}

impl<'a> KnightTable<'a> {
    /// Wraps a square payload; `cells.len()` must be `bound * bound`, and `closed_form` must be
    /// the certified form of the move set `moves`.
    pub(crate) fn new(
        bound: usize,
        moves: &'a [(i8, i8)],
        cells: &'a [u8],
        closed_form: Option<&'a Certified>,
    ) -> Self {
        assert_eq!(cells.len(), bound * bound, "knight payload vs bound");
        KnightTable { bound, moves, cells, blocks: None, closed_form }
    }

    /// The certified closed form answering beyond the square, if any.
    pub fn closed_form(&self) -> Option<&'a ClosedForm> {
        self.closed_form.map(|c| &c.form)
    }

    /// `F(x, y)` of the closed form by the run-time evaluator (the same function as
    /// [`ClosedForm::eval`], compiled for speed), or `None` without a form.
    #[doc(hidden)] // For the tests and benchmarks that compare the two.
    #[inline]
    pub fn form_value(&self, x: u64, y: u64) -> Option<u8> {
        self.closed_form.map(|c| c.eval(x, y))
    }

    /// g(x, y) from the square alone, or `None` when `(x, y)` is outside it.
    #[inline]
    pub fn get(&self, x: u64, y: u64) -> Option<u8> {
        let (x, y) = (usize::try_from(x).ok()?, usize::try_from(y).ok()?);
        if x < self.bound && y < self.bound { Some(self.cells[x * self.bound + y]) } else { None }
    }

    /// g(x, y) for `x, y < bound()`, from the blocked form when the table has it, else the
    /// cells. Two reads instead of one, but from 7 KB instead of 250 KB for the embedded square,
    /// which a level-1 cache holds: faster in a judge, whose input and output stream through
    /// the caches meanwhile; a loop of lookups alone is faster on the cells ([`get`](Self::get)).
    #[inline(always)]
    pub(crate) fn in_square(&self, x: usize, y: usize) -> u8 {
        match &self.blocks {
            Some(blocks) => blocks.get(x, y),
            None => self.cells[x * self.bound + y],
        }
    }

    /// g(x, y): the square inside, the closed form outside (coordinates up to
    /// [`MAX_COORDINATE`] = 2^63 - 1). `None` when neither applies: a coordinate is 2^63 or
    /// more, or a move set without a certified form and the cell outside its square.
    #[inline(always)]
    pub(crate) fn lookup(&self, x: u64, y: u64) -> Option<u8> {
        // The coarse path first (one comparison, and the form is g inside the square too), then
        // a plain branch on the square, not `get(x, y).or_else(..)`: with the `Option` chain a
        // far query of `cargo bench -p grundy-bench --bench lookup` took 11 ns, with this 4.3.
        if let Some(form) = self.closed_form {
            if let Some(g) = form.far(x, y) {
                return Some(g);
            }
        }
        let bound = self.bound as u64;
        if x < bound && y < bound { Some(self.cells[x as usize * self.bound + y as usize]) } else { self.beyond(x, y) }
    }

    /// g(x, y) for any `u64` cell: like [`lookup`](Self::lookup), but the closed form also answers
    /// coordinates of 2^63 and more. [`ClosedForm::eval`] is exact on all of `u64` and the
    /// certificate proves it equals g on all of N², so this is exact; it exists for the targets of
    /// winning moves, which can reach a coordinate of 2^63 from 2^63 - 1.
    #[inline]
    pub(crate) fn value_unbounded(&self, x: u64, y: u64) -> Option<u8> {
        self.get(x, y).or_else(|| self.closed_form.map(|c| c.eval(x, y)))
    }

    /// The closed form outside the square (coordinates up to [`MAX_COORDINATE`]), when it
    /// applies; the square is not looked at.
    #[inline(always)]
    pub(crate) fn beyond(&self, x: u64, y: u64) -> Option<u8> {
        let form = self.closed_form?;
        (x <= MAX_COORDINATE && y <= MAX_COORDINATE).then(|| form.eval(x, y))
    }

    /// Whether cells outside the square are answered by a certified closed form.
    pub fn has_closed_form(&self) -> bool {
        self.closed_form.is_some()
    }

    /// The square holds `0 <= x, y < bound()`.
    pub fn bound(&self) -> usize {
        self.bound
    }

    /// The move set the table was computed for.
    pub fn moves(&self) -> &'a [(i8, i8)] {
        self.moves
    }

    /// The raw cells, row-major.
    pub fn cells(&self) -> &'a [u8] {
        self.cells
    }
}
