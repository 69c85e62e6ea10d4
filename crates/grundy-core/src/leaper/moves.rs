//! Move sets of a general leaper: parsing and printing the `"(dx,dy) (dx,dy)"` notation,
//! validation with typed errors, the smallest positive integer potential and mirror symmetry.
//!
//! A move `(dx, dy)` takes `(x, y)` to `(x + dx, y + dy)` and is legal iff both coordinates stay
//! `>= 0`. A set is accepted iff some potential `w = (a, b)` with integers `a, b >= 1` has
//! `a·dx + b·dy < 0` for every move: then every move lowers `w·(x, y)`, play ends, and the Grundy
//! function can be computed in increasing order of the potential.
//!
//! # The potential
//!
//! `w·d < 0` with `a, b > 0` is a condition on the ratio `r = a / b` only: a move with
//! `dx, dy <= 0` (not both zero) is lowered by every `w`; one with `dx, dy >= 0` by none; one with
//! `dx > 0 > dy` needs `r < -dy / dx`; one with `dx < 0 < dy` needs `r > dy / -dx`. So the
//! admissible ratios form an open interval `(lo, hi)`, and the set is accepted iff `lo < hi`.
//! When it is not, the two moves that realise `lo` and `hi` are named: no positive potential
//! lowers both. Among admissible `(a, b)` the one with the smallest `a + b` is unique (it is the
//! simplest fraction of the interval, which has both the smallest numerator and the smallest
//! denominator there), and it is found by trying `a + b = 2, 3, ...` with `a` increasing.

use alloc::vec::Vec;
use core::fmt;

/// A move `(dx, dy)`: from `(x, y)` to `(x + dx, y + dy)`, legal iff both stay `>= 0`.
pub type Move = (i32, i32);

/// The six hyper-knight moves of LightOJ 1315, with `x` the row and `y` the column.
pub const HYPER_KNIGHT_MOVES: [Move; 6] = [(-2, 1), (-3, -1), (-2, -1), (-1, -2), (-1, -3), (1, -2)];

/// The coordinates the runtime answers: `0 <= x, y <= MAX_COORDINATE = 2^63 - 1`. (A closed
/// form itself is exact on all of `u64`.)
pub const MAX_COORDINATE: u64 = i64::MAX as u64;

/// The largest `|dx|` or `|dy|` accepted.
pub const MAX_STEP: i32 = 64;

/// The most moves a set may have: Grundy values are at most the number of moves, and the sweep
/// collects the values it sees in a 64-bit mask, so values (and moves) must stay below 64.
pub const MAX_MOVES: usize = 63;

/// Why a move set (or its text) is refused.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum MoveSetError {
    /// The text is not a list of `(dx,dy)` pairs: `at` is the byte offset of the problem.
    #[allow(missing_docs)]
    Syntax { at: usize, reason: &'static str },
    /// The set has no moves.
    Empty,
    /// The move `(0, 0)`.
    ZeroMove,
    /// The same move twice.
    Duplicate(Move),
    /// A coordinate with `|d| > MAX_STEP` (the move as written, which may not fit a [`Move`]).
    TooLong((i64, i64)),
    /// More than [`MAX_MOVES`] moves.
    TooMany(usize),
    /// A move with `dx, dy >= 0`: no positive potential lowers it.
    NotLowered(Move),
    /// No positive potential lowers both moves at once.
    NoCommonPotential(Move, Move),
}

impl fmt::Display for MoveSetError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Syntax { at, reason } => write!(f, "malformed move list at byte {at}: {reason}"),
            Self::Empty => write!(f, "the move set is empty"),
            Self::ZeroMove => write!(f, "the move (0,0) is not a move"),
            Self::Duplicate((dx, dy)) => write!(f, "the move ({dx},{dy}) is listed twice"),
            Self::TooLong((dx, dy)) => write!(f, "the move ({dx},{dy}) is longer than {MAX_STEP} in a coordinate"),
            Self::TooMany(n) => {
                write!(f, "{n} moves: at most {MAX_MOVES} are supported (Grundy values must stay below 64)")
            }
            Self::NotLowered((dx, dy)) => {
                write!(f, "no positive potential a*x+b*y is lowered by the move ({dx},{dy}), so the game may not end")
            }
            Self::NoCommonPotential((a, b), (c, d)) => write!(
                f,
                "no positive potential a*x+b*y is lowered by both ({a},{b}) and ({c},{d}), so the game may not end"
            ),
        }
    }
}

impl core::error::Error for MoveSetError {}

/// A validated move set with its potential. The moves are kept in the order given.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct MoveSet {
    moves: Vec<Move>,
    potential: (i64, i64),
}

impl MoveSet {
    /// Validates `moves` and finds the smallest potential (see the module documentation).
    pub fn new(moves: &[Move]) -> Result<MoveSet, MoveSetError> {
        if moves.is_empty() {
            return Err(MoveSetError::Empty);
        }
        if moves.len() > MAX_MOVES {
            return Err(MoveSetError::TooMany(moves.len()));
        }
        for (i, &m) in moves.iter().enumerate() {
            if m == (0, 0) {
                return Err(MoveSetError::ZeroMove);
            }
            // `unsigned_abs`: `i32::MIN.abs()` overflows.
            if m.0.unsigned_abs() > MAX_STEP.unsigned_abs() || m.1.unsigned_abs() > MAX_STEP.unsigned_abs() {
                return Err(MoveSetError::TooLong((i64::from(m.0), i64::from(m.1))));
            }
            if moves[..i].contains(&m) {
                return Err(MoveSetError::Duplicate(m));
            }
            if m.0 >= 0 && m.1 >= 0 {
                return Err(MoveSetError::NotLowered(m));
            }
        }
        // lo: the move with dx < 0 < dy and the largest dy / -dx; hi: dx > 0 > dy, smallest -dy / dx.
        let ratio_gt = |(n1, d1): (i64, i64), (n2, d2): (i64, i64)| n1 * d2 > n2 * d1;
        let mut lo: Option<(Move, (i64, i64))> = None;
        let mut hi: Option<(Move, (i64, i64))> = None;
        for &m in moves {
            let (dx, dy) = (i64::from(m.0), i64::from(m.1));
            if dx < 0 && dy > 0 && lo.is_none_or(|(_, r)| ratio_gt((dy, -dx), r)) {
                lo = Some((m, (dy, -dx)));
            }
            if dx > 0 && dy < 0 && hi.is_none_or(|(_, r)| ratio_gt(r, (-dy, dx))) {
                hi = Some((m, (-dy, dx)));
            }
        }
        if let (Some((ml, rl)), Some((mh, rh))) = (lo, hi)
            && !ratio_gt(rh, rl)
        {
            return Err(MoveSetError::NoCommonPotential(ml, mh));
        }
        let lowers = |a: i64, b: i64| moves.iter().all(|&(dx, dy)| a * i64::from(dx) + b * i64::from(dy) < 0);
        // The interval is open and non-empty with endpoints of denominator <= MAX_STEP, so a
        // fraction with a + b <= 4 * MAX_STEP + 2 lies in it; the loop always returns.
        for sum in 2i64.. {
            if let Some(a) = (1..sum).find(|&a| lowers(a, sum - a)) {
                return Ok(MoveSet { moves: moves.to_vec(), potential: (a, sum - a) });
            }
        }
        unreachable!("an admissible potential exists")
    }

    /// Parses the notation its `Display` prints: `(dx,dy)` pairs separated by spaces
    /// and/or commas, with optional spaces inside the brackets, e.g. `"(-2,1) (1,-2)"` or
    /// `"(-2, 1), (1, -2)"`.
    pub fn parse(text: &str) -> Result<MoveSet, MoveSetError> {
        MoveSet::new(&parse_moves(text)?)
    }

    /// The hyper knight ([`HYPER_KNIGHT_MOVES`]).
    pub fn hyper_knight() -> MoveSet {
        MoveSet::new(&HYPER_KNIGHT_MOVES).expect("the hyper knight is a leaper")
    }

    /// The moves as a blob stores them, one byte a coordinate (`|d| <= MAX_STEP` fits an `i8`).
    pub fn from_bytes(moves: &[(i8, i8)]) -> Result<MoveSet, MoveSetError> {
        MoveSet::new(&moves.iter().map(|&(dx, dy)| (i32::from(dx), i32::from(dy))).collect::<Vec<_>>())
    }

    /// The moves as a blob stores them (the inverse of [`from_bytes`](Self::from_bytes)).
    pub fn to_bytes(&self) -> Vec<(i8, i8)> {
        self.moves.iter().map(|&(dx, dy)| (dx as i8, dy as i8)).collect()
    }

    /// Whether `moves` are this set's moves, in any order (the order does not change the game).
    pub fn is_set_of(&self, moves: &[(i8, i8)]) -> bool {
        same_set(&self.to_bytes(), moves)
    }

    /// The moves, in the order given.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The smallest positive potential `(a, b)`: every move lowers `a·x + b·y`.
    pub fn potential(&self) -> (i64, i64) {
        self.potential
    }

    /// `a·x + b·y`.
    pub fn potential_of(&self, x: i64, y: i64) -> i64 {
        self.potential.0 * x + self.potential.1 * y
    }

    /// The largest `-(w·d)` over the moves: how many potential levels back a move reaches.
    pub fn reach(&self) -> i64 {
        self.moves.iter().map(|&(dx, dy)| -self.potential_of(i64::from(dx), i64::from(dy))).max().unwrap_or(0)
    }

    /// True iff the set equals its mirror image `(dx, dy) -> (dy, dx)`; then `g(x, y) = g(y, x)`.
    pub fn is_symmetric(&self) -> bool {
        self.moves.iter().all(|&(dx, dy)| self.moves.contains(&(dy, dx)))
    }

    /// The mirror image `(dx, dy) -> (dy, dx)` (same order).
    pub fn mirror(&self) -> MoveSet {
        let moves: Vec<Move> = self.moves.iter().map(|&(dx, dy)| (dy, dx)).collect();
        MoveSet { moves, potential: (self.potential.1, self.potential.0) }
    }
}

impl fmt::Display for MoveSet {
    /// `(dx,dy) (dx,dy) ...`, the notation [`MoveSet::parse`] reads.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        MovesText(&self.to_bytes()).fmt(f)
    }
}

/// Whether two move lists hold the same moves, in any order (each list without repeats).
pub fn same_set(a: &[(i8, i8)], b: &[(i8, i8)]) -> bool {
    a.len() == b.len() && a.iter().all(|m| b.contains(m)) && b.iter().all(|m| a.contains(m))
}

/// Moves as a blob stores them, displayed in the notation [`MoveSet::parse`] reads:
/// `(dx,dy) (dx,dy) ...` (a blob's moves need not form a valid set).
#[derive(Debug, Clone, Copy)]
pub struct MovesText<'a>(pub &'a [(i8, i8)]);

impl fmt::Display for MovesText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (dx, dy)) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(" ")?;
            }
            write!(f, "({dx},{dy})")?;
        }
        Ok(())
    }
}

/// Parses `(dx,dy)` pairs without validating the set.
pub fn parse_moves(text: &str) -> Result<Vec<Move>, MoveSetError> {
    let bytes = text.as_bytes();
    let mut at = 0;
    let mut moves = Vec::new();
    let skip = |at: &mut usize, seps: &[u8]| {
        while *at < bytes.len() && seps.contains(&bytes[*at]) {
            *at += 1;
        }
    };
    let syntax = |at: usize, reason| MoveSetError::Syntax { at, reason };
    let number = |at: &mut usize| -> Result<i64, MoveSetError> {
        skip(at, b" \t");
        let start = *at;
        if *at < bytes.len() && (bytes[*at] == b'-' || bytes[*at] == b'+') {
            *at += 1;
        }
        let digits = *at;
        while *at < bytes.len() && bytes[*at].is_ascii_digit() {
            *at += 1;
        }
        if *at == digits {
            return Err(syntax(start, "expected an integer"));
        }
        let value: i64 = text[start..*at].parse().map_err(|_| syntax(start, "integer out of range"))?;
        skip(at, b" \t");
        Ok(value)
    };
    loop {
        skip(&mut at, b" \t\r\n,");
        if at == bytes.len() {
            break;
        }
        if bytes[at] != b'(' {
            return Err(syntax(at, if bytes[at] == b')' { "unbalanced ')'" } else { "expected '('" }));
        }
        at += 1;
        let dx = number(&mut at)?;
        if at >= bytes.len() || bytes[at] != b',' {
            return Err(syntax(at, "expected ',' between dx and dy"));
        }
        at += 1;
        let dy = number(&mut at)?;
        if at >= bytes.len() || bytes[at] != b')' {
            return Err(syntax(at, "expected ')' (unbalanced brackets?)"));
        }
        at += 1;
        // A coordinate past an `i32` is past `MAX_STEP` too: refused here, as written.
        match (i32::try_from(dx), i32::try_from(dy)) {
            (Ok(dx), Ok(dy)) => moves.push((dx, dy)),
            _ => return Err(MoveSetError::TooLong((dx, dy))),
        }
    }
    Ok(moves)
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::format;
    use alloc::string::ToString;

    #[test]
    fn notation_round_trips() {
        let m = MoveSet::parse("(-2,1) (1,-2), (-2, -1),(-1,-2)").unwrap();
        assert_eq!(m.moves(), &[(-2, 1), (1, -2), (-2, -1), (-1, -2)]);
        assert_eq!(m.to_string(), "(-2,1) (1,-2) (-2,-1) (-1,-2)");
        assert_eq!(MoveSet::parse(&m.to_string()).unwrap(), m);
    }

    #[test]
    fn malformed_text_is_a_syntax_error() {
        for bad in ["(-1,0", "-1,0)", "(-1 0)", "(a,0)", "(-1,0))", "(1.5,0)", "((-1,0)", "(-1,)"] {
            assert!(matches!(MoveSet::parse(bad), Err(MoveSetError::Syntax { .. })), "{bad}");
        }
        assert_eq!(MoveSet::parse(""), Err(MoveSetError::Empty));
        assert!(MoveSet::parse("(99999999999999999999,0)").unwrap_err().to_string().contains("out of range"));
    }

    #[test]
    fn invalid_sets_are_typed_errors() {
        assert_eq!(MoveSet::parse("(0,0) (-1,0)"), Err(MoveSetError::ZeroMove));
        assert_eq!(MoveSet::parse("(-1,0) (-1,0)"), Err(MoveSetError::Duplicate((-1, 0))));
        assert_eq!(MoveSet::parse("(-1,0) (1,0)"), Err(MoveSetError::NotLowered((1, 0))));
        assert_eq!(MoveSet::parse("(-1,1) (1,-1)"), Err(MoveSetError::NoCommonPotential((-1, 1), (1, -1))));
        assert_eq!(MoveSet::parse("(-2,1) (2,-1) (-1,-1)"), Err(MoveSetError::NoCommonPotential((-2, 1), (2, -1))));
        assert_eq!(MoveSet::parse("(-3,1) (2,-1)").unwrap().potential(), (2, 5));
        assert_eq!(MoveSet::parse("(-65,0)"), Err(MoveSetError::TooLong((-65, 0))));
        // Coordinates at and past i32::MIN are too long (not a wrapped absolute value), and the
        // refusal names the move as written, past i32 too.
        for (bad, m) in [
            ("(-2147483648,1)", (-2147483648, 1)),
            ("(-4294967296,0)", (-4294967296, 0)),
            ("(-9223372036854775808,-1)", (i64::MIN, -1)),
            ("(-1,-2147483648)", (-1, -2147483648)),
            ("(3000000000, -1)", (3000000000, -1)),
        ] {
            let e = MoveSet::parse(bad).unwrap_err();
            assert_eq!(e, MoveSetError::TooLong(m), "{bad}");
            assert_eq!(e.to_string(), format!("the move ({},{}) is longer than 64 in a coordinate", m.0, m.1));
        }
        let many: Vec<Move> = (1..=64).map(|k| (-k, 0)).collect();
        assert_eq!(MoveSet::new(&many), Err(MoveSetError::TooMany(64)));
    }

    #[test]
    fn the_potential_is_the_smallest() {
        let w = |s: &str| MoveSet::parse(s).unwrap().potential();
        assert_eq!(w("(-2,1) (1,-2) (-2,-1) (-1,-2) (-3,-1) (-1,-3)"), (1, 1));
        assert_eq!(w("(-4,-3) (-4,2) (-3,-2) (-3,1) (-2,-4) (-1,-4) (-1,-1)"), (1, 1));
        assert_eq!(w("(-3,2) (1,-1)"), (3, 4)); // needs a < b < 1.5 a
        assert_eq!(w("(-1,1) (2,-3)"), (4, 3)); // 1 < a/b < 3/2
        // Brute force over all small potentials.
        for s in ["(-1,1) (2,-3)", "(-3,2) (1,-1)", "(-5,4) (7,-6) (-1,-1)"] {
            let set = MoveSet::parse(s).unwrap();
            let (a, b) = set.potential();
            for a2 in 1..40i64 {
                for b2 in 1..40i64 {
                    let ok = set.moves().iter().all(|&(dx, dy)| a2 * i64::from(dx) + b2 * i64::from(dy) < 0);
                    assert!(!ok || a2 + b2 > a + b || (a2, b2) == (a, b), "{s}: ({a2},{b2}) vs ({a},{b})");
                }
            }
        }
    }

    #[test]
    fn symmetry() {
        assert!(MoveSet::parse("(-2,1) (1,-2) (-1,-1)").unwrap().is_symmetric());
        assert!(!MoveSet::parse("(-2,1) (-1,-1)").unwrap().is_symmetric());
        let m = MoveSet::parse("(-3,2) (1,-1)").unwrap();
        assert_eq!(m.mirror().potential(), (4, 3));
        assert_eq!(MoveSet::new(m.mirror().moves()).unwrap().potential(), (4, 3));
    }
}
