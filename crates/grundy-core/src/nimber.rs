//! Nimbers (Grundy values) and the outcome they decide.

use core::fmt;
use core::ops::{BitXor, BitXorAssign};

use serde::Serialize;

/// A Grundy value. Adding games is XOR of their nimbers (Sprague–Grundy). Serialises as the
/// bare number.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize)]
pub struct Nimber(pub u64);

impl Nimber {
    /// The value of a finished game.
    pub const ZERO: Nimber = Nimber(0);

    /// Who wins a game of this value under normal play.
    pub fn outcome(self) -> Outcome {
        if self.0 == 0 { Outcome::SecondPlayerWins } else { Outcome::FirstPlayerWins }
    }
}

impl From<u8> for Nimber {
    fn from(value: u8) -> Self {
        Nimber(u64::from(value))
    }
}

impl BitXor for Nimber {
    type Output = Nimber;
    fn bitxor(self, rhs: Nimber) -> Nimber {
        Nimber(self.0 ^ rhs.0)
    }
}

impl BitXorAssign for Nimber {
    fn bitxor_assign(&mut self, rhs: Nimber) {
        self.0 ^= rhs.0;
    }
}

/// The nim-sum (XOR) of any number of nimbers.
impl core::iter::Sum for Nimber {
    fn sum<I: Iterator<Item = Nimber>>(iter: I) -> Nimber {
        iter.fold(Nimber::ZERO, BitXor::bitxor)
    }
}

impl fmt::Display for Nimber {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "*{}", self.0)
    }
}

/// Who wins with perfect play.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Outcome {
    /// The player to move (Alice, Xiemao) wins.
    FirstPlayerWins,
    /// The player to move loses (Bob, Fanglaoshi wins).
    SecondPlayerWins,
}
