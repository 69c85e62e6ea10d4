//! Games whose rules the user writes: a [`Rules`] value lists a position's options, and the
//! values follow from the definition, `G(p) = mex { G(o) : o an option of p }`, a sum's value
//! being the XOR of its components'.
//!
//! Two shapes of game ([`Shape`]):
//! - **heap games**: a position is one heap `n`, and an option the heaps a move leaves in its
//!   place (none when the heap is gone, two for a split). [`HeapSequence`] computes `G(0)`,
//!   `G(1)`, … in order, so every heap an option leaves must be smaller than the heap moved
//!   (a heap that would grow is refused, naming it);
//! - **games on tuples** of `d` numbers (Wythoff's game on `[x, y]`): an option is a list of
//!   positions. [`TupleValues`] computes the values of a box `[0, side)^d` by an iterative
//!   depth-first search (an explicit stack, no recursion), which visits positions outside the
//!   box as options reach them; a position that reaches itself is refused, naming it, and so
//!   is a search past a bound on the positions visited (a game that may not be finite).
//!
//! Nothing here proves a regularity: [`observe`] reports a period or an arithmetic period seen
//! on the values computed, as an observation. [`table`] is the values' blob payload.
//!
//! The rules are asked once per position: the options are not cached, the values are.

mod heap;
mod observe;
pub mod table;
#[cfg(test)]
mod tests;
mod tuple;

pub use heap::HeapSequence;
pub use observe::{Regularity, observe};
pub use tuple::{MAX_DIMENSION, TupleValues};

use alloc::vec::Vec;
use core::fmt;

/// What a position is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Shape {
    /// One heap; an option is the heaps left in its place.
    Heap,
    /// A tuple of this many numbers (1 to [`MAX_DIMENSION`]); an option is a list of tuples.
    Tuple(usize),
}

impl Shape {
    /// The numbers in one position (1 for a heap).
    pub fn width(self) -> usize {
        match self {
            Shape::Heap => 1,
            Shape::Tuple(d) => d,
        }
    }
}

/// A game's rules.
pub trait Rules {
    /// What [`options`](Rules::options) may fail with (a script's run-time error; for rules
    /// written in Rust, usually [`core::convert::Infallible`]).
    type Error;

    /// The game's shape.
    fn shape(&self) -> Shape;

    /// Pushes each option of `position` (`[n]` for heap `n`, the tuple for a game on tuples)
    /// onto `options`.
    fn options(&self, position: &[u64], options: &mut Options) -> Result<(), Self::Error>;
}

/// The options of one position, in one buffer: each option the numbers of its components (a
/// heap's heaps; a tuple game's positions, one after the other).
#[derive(Debug, Clone, Default)]
pub struct Options {
    numbers: Vec<u64>,
    ends: Vec<usize>,
}

impl Options {
    /// No options.
    pub fn new() -> Self {
        Options::default()
    }

    /// Adds an option: the numbers of its components, in order.
    pub fn push(&mut self, numbers: &[u64]) {
        self.numbers.extend_from_slice(numbers);
        self.ends.push(self.numbers.len());
    }

    /// Removes every option.
    pub fn clear(&mut self) {
        self.numbers.clear();
        self.ends.clear();
    }

    /// The number of options.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are none.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The options, each as its numbers.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[u64]> + '_ {
        self.ends.iter().enumerate().map(|(i, &end)| {
            let start = if i == 0 { 0 } else { self.ends[i - 1] };
            &self.numbers[start..end]
        })
    }
}

/// Why values could not be computed.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RulesError<E> {
    /// The rules failed at this position.
    Rules {
        /// The position.
        position: Vec<u64>,
        /// Their error.
        error: E,
    },
    /// A heap game's option leaves a heap at least as large as the heap moved.
    Grows {
        /// The heap moved.
        heap: u64,
        /// The option.
        option: Vec<u64>,
    },
    /// An option's numbers are not a whole number of positions of the game's width.
    Ragged {
        /// The position.
        position: Vec<u64>,
        /// The option.
        option: Vec<u64>,
        /// The game's width.
        width: usize,
    },
    /// A position is an option of a position it leads to: the game is not finite.
    Cycle {
        /// The position reached again.
        position: Vec<u64>,
    },
    /// More positions than the limit were visited: the game may not be finite.
    TooManyPositions {
        /// The limit.
        limit: usize,
        /// The position whose search passed it.
        from: Vec<u64>,
    },
}

/// A position written as the rules take it: `n` for a heap, `x,y,…` for a tuple.
#[derive(Debug, Clone, Copy)]
pub struct PositionText<'a>(pub &'a [u64]);

impl fmt::Display for PositionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, x) in self.0.iter().enumerate() {
            if i > 0 {
                f.write_str(",")?;
            }
            write!(f, "{x}")?;
        }
        Ok(())
    }
}

/// An option written as its components: `[3, 4]`, or `[[1,2], [0,0]]` for tuples.
struct OptionText<'a>(&'a [u64], usize);

impl fmt::Display for OptionText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let OptionText(numbers, width) = *self;
        f.write_str("[")?;
        for (i, part) in numbers.chunks(width.max(1)).enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            if width == 1 {
                write!(f, "{}", part[0])?;
            } else {
                write!(f, "[{}]", PositionText(part))?;
            }
        }
        f.write_str("]")
    }
}

impl<E: fmt::Display> fmt::Display for RulesError<E> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            RulesError::Rules { position, error } => write!(f, "at position {}: {error}", PositionText(position)),
            RulesError::Grows { heap, option } => write!(
                f,
                "heap {heap} has the option {}, which leaves a heap of {heap} or more: every heap a move leaves must be smaller than the heap moved",
                OptionText(option, 1)
            ),
            RulesError::Ragged { position, option, width } => write!(
                f,
                "position {} has an option of {} numbers, not a list of positions of {width}",
                PositionText(position),
                option.len()
            ),
            RulesError::Cycle { position } => {
                write!(f, "position {} can be reached from itself: the game is not finite", PositionText(position))
            }
            RulesError::TooManyPositions { limit, from } => write!(
                f,
                "position {} leads to more than {limit} positions: the game may not be finite (or needs a larger limit)",
                PositionText(from)
            ),
        }
    }
}

impl<E: fmt::Debug + fmt::Display> core::error::Error for RulesError<E> {}

/// The mex of sets of values, one after another: each set's values are marked with a stamp of
/// its own, so no clearing is needed between sets.
#[derive(Debug, Clone, Default)]
struct Mex {
    marks: Vec<u32>,
    stamp: u32,
}

impl Mex {
    /// The least value not in `values`, a set of at most `count` values.
    fn of(&mut self, count: usize, values: impl Iterator<Item = u64>) -> u64 {
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.marks.fill(0);
            self.stamp = 1;
        }
        if self.marks.len() <= count {
            self.marks.resize((count + 1).next_power_of_two(), 0);
        }
        // The mex of `count` values is at most `count`: larger values need no mark.
        for v in values.filter(|&v| v < count as u64) {
            self.marks[v as usize] = self.stamp;
        }
        self.marks.iter().position(|&m| m != self.stamp).expect("a mark past the count is unset") as u64
    }
}
