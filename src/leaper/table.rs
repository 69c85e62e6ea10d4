//! A leaper's table: its Grundy square, and its certified closed form beyond the square; the
//! value of a knight, of a sum of knights, and a winning move.

use std::fmt;

use grundy_core::leaper::blocks::Blocks;
use grundy_core::leaper::{ClosedForm, MAX_COORDINATE};
use serde::Serialize;

use super::form_eval::Certified;
use crate::Nimber;

/// A leaper's Grundy square `0 <= x, y < bound`, one byte per cell, row-major, with the
/// certified closed form of the same move set beyond the square when there is one.
#[derive(Debug, Clone, Copy)]
pub struct LeaperTable<'a> {
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

impl<'a> LeaperTable<'a> {
    /// Wraps a square payload; `cells.len()` must be `bound * bound`, and `closed_form` must be
    /// the certified form of the move set `moves`.
    pub(crate) fn new(
        bound: usize,
        moves: &'a [(i8, i8)],
        cells: &'a [u8],
        closed_form: Option<&'a Certified>,
    ) -> Self {
        assert_eq!(cells.len(), bound * bound, "knight payload vs bound");
        LeaperTable { bound, moves, cells, blocks: None, closed_form }
    }

    /// The embedded square, with its blocked form and the hyper knight's closed form.
    pub(crate) fn embedded(
        bound: usize,
        moves: &'a [(i8, i8)],
        cells: &'a [u8],
        blocks: Option<Blocks<'a>>,
        closed_form: &'a Certified,
    ) -> Self {
        LeaperTable { bound, moves, cells, blocks, closed_form: Some(closed_form) }
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
        if let Some(form) = self.closed_form
            && let Some(g) = form.far(x, y)
        {
            return Some(g);
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

/// Why a knight has no value.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
#[non_exhaustive]
pub enum KnightError {
    /// A coordinate is above [`MAX_COORDINATE`] (2^63 - 1).
    TooLarge {
        /// The knight's row.
        x: u64,
        /// The knight's column.
        y: u64,
    },
    /// The table has a custom move set (no closed form) and does not hold the knight.
    OutsideTable {
        /// The knight's row.
        x: u64,
        /// The knight's column.
        y: u64,
        /// The table holds `0 <= x, y < bound`.
        bound: usize,
    },
    /// The table breaks the mex recurrence: the knight at (`x`, `y`) should have a move to a
    /// smaller value and has none (a damaged blob that passed its checksums).
    Inconsistent {
        /// The knight's row.
        x: u64,
        /// The knight's column.
        y: u64,
    },
}

impl fmt::Display for KnightError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            KnightError::TooLarge { x, y } => {
                write!(f, "knight ({x}, {y}) is out of range: coordinates must be at most 2^63 - 1 = {MAX_COORDINATE}")
            }
            KnightError::OutsideTable { x, y, bound } => write!(
                f,
                "knight ({x}, {y}) is outside the table (0 <= x, y < {bound}), whose custom move set has no closed form"
            ),
            KnightError::Inconsistent { x, y } => write!(
                f,
                "the table is inconsistent: knight ({x}, {y}) has no move to a smaller value that the mex definition \
                 guarantees (`grundy inspect` recomputes the tables)"
            ),
        }
    }
}

impl std::error::Error for KnightError {}

/// A move of one knight: knight `knight` (0-based index into the knights given) from `from` to
/// `to`, both `(x, y)` = (row, column). Serialises as
/// `{"knight": i, "from": [x, y], "to": [x2, y2]}`.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[non_exhaustive]
pub struct KnightMove {
    /// Which knight, 0-based.
    pub knight: usize,
    /// Where it stands.
    pub from: (u64, u64),
    /// Where it goes.
    pub to: (u64, u64),
}

impl LeaperTable<'_> {
    /// g(x, y) of one knight: the square inside, the closed form outside (hyper-knight tables).
    #[inline]
    pub fn value(&self, x: u64, y: u64) -> Result<Nimber, KnightError> {
        match self.lookup(x, y) {
            Some(g) => Ok(Nimber::from(g)),
            None if x > MAX_COORDINATE || y > MAX_COORDINATE => Err(KnightError::TooLarge { x, y }),
            None => Err(KnightError::OutsideTable { x, y, bound: self.bound() }),
        }
    }

    /// The nimber of a sum of knights: the XOR of their values.
    pub fn value_of_sum(&self, knights: impl IntoIterator<Item = (u64, u64)>) -> Result<Nimber, KnightError> {
        knights.into_iter().map(|(x, y)| self.value(x, y)).sum()
    }

    /// A winning move in the sum `knights` for the player to move, or `None` when the XOR of the
    /// values is 0 (every move loses). See [`knight::winning_move`](crate::knight::winning_move).
    pub fn winning_move(&self, knights: &[(u64, u64)]) -> Result<Option<KnightMove>, KnightError> {
        let mut s = Nimber::ZERO;
        for &(x, y) in knights {
            s ^= self.value(x, y)?;
        }
        if s == Nimber::ZERO {
            return Ok(None);
        }
        // A knight whose value g has g ^ s < g exists (the top bit of s), and by the mex
        // definition it has a target of value g ^ s. Targets inside 0..=2^63 - 1 come first;
        // one at 2^63 (only (-2, +1) and (+1, -2) from 2^63 - 1 reach it) is the last resort.
        let (mut unvalued, mut to_move) = (None, None);
        for beyond in [false, true] {
            for (i, &(x, y)) in knights.iter().enumerate() {
                let g = self.value(x, y)?;
                let t = g ^ s;
                if t >= g {
                    continue;
                }
                to_move.get_or_insert((x, y));
                for &(dx, dy) in self.moves() {
                    let (Some(x2), Some(y2)) = (x.checked_add_signed(dx.into()), y.checked_add_signed(dy.into()))
                    else {
                        continue; // off the board: not a legal move
                    };
                    if (x2.max(y2) > MAX_COORDINATE) != beyond {
                        continue;
                    }
                    match self.value_unbounded(x2, y2) {
                        Some(v) if Nimber::from(v) == t => {
                            return Ok(Some(KnightMove { knight: i, from: (x, y), to: (x2, y2) }));
                        }
                        Some(_) => {}
                        None => {
                            unvalued.get_or_insert(KnightError::OutsideTable { x: x2, y: y2, bound: self.bound() });
                        }
                    }
                }
            }
        }
        // A custom move set's table, whose targets can leave the square, gets here; so does a
        // table whose values break the mex recurrence (a damaged blob).
        let (x, y) = to_move.unwrap_or(knights[0]);
        Err(unvalued.unwrap_or(KnightError::Inconsistent { x, y }))
    }
}
