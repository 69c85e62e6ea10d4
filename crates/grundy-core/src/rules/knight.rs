//! Hyper-knight moves and the Grundy table, computed iteratively in order of x + y.

use alloc::{format, string::String, vec, vec::Vec};

/// The coordinates the library answers: `0 <= x, y <= MAX_COORDINATE = 2^63 - 1`. (A closed
/// form itself is exact on all of `u64`.)
pub const MAX_COORDINATE: u64 = i64::MAX as u64;

/// A move `(dx, dy)`: from `(x, y)` to `(x + dx, y + dy)`, legal iff both stay `>= 0`.
pub type Move = (i8, i8);

/// The six hyper-knight moves of LightOJ 1315, with `x` the row and `y` the column.
pub const HYPER_KNIGHT_MOVES: [Move; 6] = [(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)];

/// A move set as text, `(dx,dy)` separated by spaces: `(-2,1) (-3,-1) ...`.
pub fn moves_text(moves: &[Move]) -> String {
    moves.iter().map(|(dx, dy)| format!("({dx},{dy})")).collect::<Vec<_>>().join(" ")
}

/// Why a move set cannot be tabulated by the x + y sweep.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveSetError {
    /// The set is empty.
    Empty,
    /// A move that does not lower x + y would make the sweep read cells not yet computed
    /// (and could make the game infinite).
    NotDecreasing(Move),
    /// More than 63 moves: Grundy values would no longer fit the 64-bit mex mask.
    TooMany(usize),
}

impl core::fmt::Display for MoveSetError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Empty => write!(f, "the move set is empty"),
            Self::NotDecreasing((dx, dy)) => {
                write!(f, "move ({dx},{dy}) does not lower x+y, so the game may not end")
            }
            Self::TooMany(n) => write!(f, "{n} moves: at most 63 are supported"),
        }
    }
}

impl core::error::Error for MoveSetError {}

/// Checks that every move lowers x + y, which makes the sweep by x + y well founded.
pub fn validate_moves(moves: &[Move]) -> Result<(), MoveSetError> {
    if moves.is_empty() {
        return Err(MoveSetError::Empty);
    }
    if moves.len() > 63 {
        return Err(MoveSetError::TooMany(moves.len()));
    }
    match moves.iter().find(|(dx, dy)| i16::from(*dx) + i16::from(*dy) >= 0) {
        Some(&m) => Err(MoveSetError::NotDecreasing(m)),
        None => Ok(()),
    }
}

/// Grundy values of the triangle `x + y <= max_sum`, stored diagonal by diagonal:
/// cell `(x, y)` with `s = x + y` lives at `s * (s + 1) / 2 + x`.
///
/// Every move lowers `x + y`, so each diagonal only reads earlier, finished diagonals, and those
/// reads are contiguous runs: the sweep is cache friendly and needs no recursion.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Triangle {
    max_sum: usize,
    cells: Vec<u8>,
}

impl Triangle {
    /// Computes the triangle by the mex recurrence, or says why `moves` cannot be swept.
    pub fn compute(moves: &[Move], max_sum: usize) -> Result<Triangle, MoveSetError> {
        validate_moves(moves)?;
        let mut cells = vec![0u8; diagonal_start(max_sum + 1)];
        // Per move: where its targets start in the finished part, and the x range where it is legal.
        let mut reach: Vec<(isize, usize, usize)> = Vec::with_capacity(moves.len());
        for s in 0..=max_sum {
            let (done, diagonal) = cells.split_at_mut(diagonal_start(s));
            reach.clear();
            for &(dx, dy) in moves {
                let (dx, dy) = (isize::from(dx), isize::from(dy));
                let target_sum = s as isize + dx + dy;
                // Legal iff x + dx >= 0 and y + dy >= 0, i.e. -dx <= x <= s + dy.
                let (lo, hi) = ((-dx).max(0), (s as isize + dy).min(s as isize));
                if target_sum >= 0 && lo <= hi {
                    let base = diagonal_start(target_sum as usize) as isize + dx;
                    reach.push((base, lo as usize, hi as usize));
                }
            }
            for (x, cell) in diagonal[..=s].iter_mut().enumerate() {
                let mut seen = 0u64;
                for &(base, lo, hi) in &reach {
                    if (lo..=hi).contains(&x) {
                        seen |= 1 << done[(base + x as isize) as usize];
                    }
                }
                *cell = (!seen).trailing_zeros() as u8;
            }
        }
        Ok(Triangle { max_sum, cells })
    }

    /// The largest `x + y` held.
    pub fn max_sum(&self) -> usize {
        self.max_sum
    }

    /// g(x, y), or `None` outside the triangle.
    pub fn get(&self, x: usize, y: usize) -> Option<u8> {
        let s = x.checked_add(y)?;
        (s <= self.max_sum).then(|| self.cells[diagonal_start(s) + x])
    }

    /// The square `x, y < bound`, row-major (`x * bound + y`). Needs `2 * bound - 2 <= max_sum`.
    pub fn square(&self, bound: usize) -> Vec<u8> {
        assert!(bound == 0 || 2 * bound - 2 <= self.max_sum, "square exceeds the triangle");
        let mut out = Vec::with_capacity(bound * bound);
        for x in 0..bound {
            out.extend((0..bound).map(|y| self.cells[diagonal_start(x + y) + x]));
        }
        out
    }
}

/// Index of the first cell of diagonal `s` in the triangle layout.
fn diagonal_start(s: usize) -> usize {
    s * (s + 1) / 2
}

/// The row-major Grundy square `x, y < bound`, exact: knights may leave the square
/// (a move can raise one coordinate), so the whole triangle `x + y <= 2 * bound - 2` is computed.
pub fn square_table(moves: &[Move], bound: usize) -> Result<Vec<u8>, MoveSetError> {
    Ok(Triangle::compute(moves, (2 * bound).saturating_sub(2))?.square(bound))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn move_sets_that_do_not_lower_x_plus_y_are_refused() {
        assert_eq!(validate_moves(&HYPER_KNIGHT_MOVES), Ok(()));
        assert_eq!(validate_moves(&[]), Err(MoveSetError::Empty));
        assert_eq!(validate_moves(&[(-1, 0), (2, -2)]), Err(MoveSetError::NotDecreasing((2, -2))));
        assert_eq!(validate_moves(&[(-1, -1); 64]), Err(MoveSetError::TooMany(64)));
    }

    #[test]
    fn triangle_layout_and_square() {
        // One move (-1, 0): g(x, y) = x mod 2.
        let t = Triangle::compute(&[(-1, 0)], 6).unwrap();
        assert_eq!(t.max_sum(), 6);
        assert_eq!((t.get(3, 3), t.get(4, 2), t.get(4, 3)), (Some(1), Some(0), None));
        assert_eq!(t.square(3), [0, 0, 0, 1, 1, 1, 0, 0, 0]);
        assert_eq!(square_table(&HYPER_KNIGHT_MOVES, 1).unwrap(), [0]);
        assert!(square_table(&HYPER_KNIGHT_MOVES, 0).unwrap().is_empty());
        assert_eq!(square_table(&[(0, 1)], 3), Err(MoveSetError::NotDecreasing((0, 1))));
    }
}
