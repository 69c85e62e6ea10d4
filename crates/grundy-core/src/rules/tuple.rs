//! A game on tuples: the values of a box `[0, side)^d`, each position's by an iterative
//! depth-first search over its options.
//!
//! The search keeps a stack of positions whose options are being valued, each with its options
//! and a cursor over their components. A component not valued yet is pushed; one already on
//! the stack means a position reaches itself (refused); when the cursor is past the last
//! component, the position's value is the mex of its options' XOR sums and it is popped. Every
//! position's options are asked for once, when it is pushed.

use alloc::collections::BTreeMap;
use alloc::vec::Vec;

use super::{Mex, Options, Rules, RulesError};

/// The most numbers in a tuple.
pub const MAX_DIMENSION: usize = 8;

/// A position's state in the memo: a value, or one of these two.
const UNKNOWN: u64 = u64::MAX;
const ON_STACK: u64 = u64::MAX - 1;

/// The values of a game on tuples of `width` numbers: those in the box `[0, side)^width` in a
/// dense array, those outside it that options reach in a map.
#[derive(Debug, Clone)]
pub struct TupleValues {
    width: usize,
    side: u64,
    inside: Vec<u64>,
    outside: BTreeMap<Vec<u64>, u64>,
    /// Positions whose options were asked for, and the most allowed.
    visited: usize,
    limit: usize,
    mex: Mex,
}

/// A position on the search's stack.
struct Frame {
    position: Vec<u64>,
    options: Options,
    /// The next component to look at, as an index into `options.numbers`.
    cursor: usize,
}

impl TupleValues {
    /// An empty memo for tuples of `width` numbers (1 to [`MAX_DIMENSION`]) and the box of
    /// `side^width` positions (at most `max_box`), visiting at most `limit` positions in all;
    /// `None` when the width or the box is out of range.
    pub fn new(width: usize, side: u64, max_box: usize, limit: usize) -> Option<Self> {
        if !(1..=MAX_DIMENSION).contains(&width) {
            return None;
        }
        let cells = (0..width).try_fold(1usize, |n, _| n.checked_mul(usize::try_from(side).ok()?))?;
        (cells <= max_box).then(|| TupleValues {
            width,
            side,
            inside: alloc::vec![UNKNOWN; cells],
            outside: BTreeMap::new(),
            visited: 0,
            limit,
            mex: Mex::default(),
        })
    }

    /// The numbers in a position.
    pub fn width(&self) -> usize {
        self.width
    }

    /// The box's side.
    pub fn side(&self) -> u64 {
        self.side
    }

    /// The positions valued so far, in the box and out of it.
    pub fn visited(&self) -> usize {
        self.visited
    }

    /// The box's values in row-major order (the last number varying fastest), once
    /// [`fill`](TupleValues::fill) has run.
    pub fn box_values(&self) -> &[u64] {
        &self.inside
    }

    /// Values every position of the box, in row-major order.
    pub fn fill<R: Rules>(&mut self, rules: &R) -> Result<(), RulesError<R::Error>> {
        let mut position = alloc::vec![0u64; self.width];
        for index in 0..self.inside.len() {
            let mut rest = index as u64;
            for x in position.iter_mut().rev() {
                *x = rest % self.side;
                rest /= self.side;
            }
            self.value(rules, &position)?;
        }
        Ok(())
    }

    /// The value of `position` (of [`width`](TupleValues::width) numbers), computed with every
    /// position it leads to that is not valued yet.
    pub fn value<R: Rules>(&mut self, rules: &R, position: &[u64]) -> Result<u64, RulesError<R::Error>> {
        assert_eq!(position.len(), self.width, "a position of the game's width");
        match self.state(position) {
            ON_STACK => unreachable!("the stack is empty between searches"),
            UNKNOWN => {}
            value => return Ok(value),
        }
        let mut stack = Vec::new();
        stack.push(self.enter(rules, position, position)?);
        while let Some(top) = stack.last_mut() {
            let next = top.options.numbers.get(top.cursor..top.cursor + self.width);
            if let Some(component) = next {
                match self.state(component) {
                    ON_STACK => {
                        let position = component.to_vec();
                        return Err(self.abandon(stack, RulesError::Cycle { position }));
                    }
                    UNKNOWN => {
                        let component = component.to_vec();
                        match self.enter(rules, &component, position) {
                            Ok(frame) => stack.push(frame),
                            Err(e) => return Err(self.abandon(stack, e)),
                        }
                    }
                    _ => top.cursor += self.width,
                }
                continue;
            }
            let frame = stack.pop().expect("the top");
            let sums = frame.options.iter().map(|o| o.chunks(self.width).fold(0, |x, c| x ^ self.state(c)));
            let sums: Vec<u64> = sums.collect();
            let value = self.mex.of(sums.len(), sums.into_iter());
            self.set(&frame.position, value);
        }
        Ok(self.state(position))
    }

    /// Marks `position` on the stack and asks for its options; `root` is the search's start.
    fn enter<R: Rules>(&mut self, rules: &R, position: &[u64], root: &[u64]) -> Result<Frame, RulesError<R::Error>> {
        if self.visited >= self.limit {
            return Err(RulesError::TooManyPositions { limit: self.limit, from: root.to_vec() });
        }
        self.visited += 1;
        let mut options = Options::new();
        rules
            .options(position, &mut options)
            .map_err(|error| RulesError::Rules { position: position.to_vec(), error })?;
        if let Some(option) = options.iter().find(|o| !o.len().is_multiple_of(self.width)) {
            return Err(RulesError::Ragged { position: position.to_vec(), option: option.to_vec(), width: self.width });
        }
        self.set(position, ON_STACK);
        Ok(Frame { position: position.to_vec(), options, cursor: 0 })
    }

    /// Forgets the positions on the stack (they have no value), and returns `error`.
    fn abandon<E>(&mut self, stack: Vec<Frame>, error: RulesError<E>) -> RulesError<E> {
        for frame in stack {
            self.set(&frame.position, UNKNOWN);
        }
        error
    }

    fn index(&self, position: &[u64]) -> Option<usize> {
        position.iter().try_fold(0usize, |i, &x| (x < self.side).then(|| i * self.side as usize + x as usize))
    }

    fn state(&self, position: &[u64]) -> u64 {
        match self.index(position) {
            Some(i) => self.inside[i],
            None => self.outside.get(position).copied().unwrap_or(UNKNOWN),
        }
    }

    fn set(&mut self, position: &[u64], state: u64) {
        match self.index(position) {
            Some(i) => self.inside[i] = state,
            None if state == UNKNOWN => {
                self.outside.remove(position);
            }
            None => {
                self.outside.insert(position.to_vec(), state);
            }
        }
    }
}
