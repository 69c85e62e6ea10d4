//! Games defined by their rules: grundy_core's [`Rules`] (written in Rust), or a script
//! ([`script`], feature `script`); their values computed as needed ([`Computed`]) or read from a
//! blob ([`RulesTable`]), and the judge of sums ([`RulesSums`]).

mod judge;
#[cfg(feature = "pictures")]
mod picture;
mod report;
#[cfg(feature = "script")]
pub mod script;
mod values;

pub use grundy_core::rules::table::RulesTable;
pub use grundy_core::rules::{Options, PositionText, Regularity, Rules, RulesError, Shape, observe};
pub use judge::RulesSums;
#[cfg(feature = "pictures")]
pub use picture::{MAX_PICTURE_CELLS, picture};
pub use report::{RulesCase, RulesMove};
pub use values::{ComputeError, ComputeLimits, Computed, MAX_BOX};

/// Where the judge of sums gets values (and, to show a winning move, options).
pub trait RulesLookup {
    /// The game's name.
    fn name(&self) -> &str;

    /// Heaps or tuples.
    fn shape(&self) -> Shape;

    /// The value of `position`, or why it is not known.
    fn value(&mut self, position: &[u64]) -> Result<u64, String>;

    /// Whether [`options`](RulesLookup::options) can answer.
    fn has_rules(&self) -> bool;

    /// The options of `position`; `None` for a source without rules (a table).
    fn options(&mut self, position: &[u64]) -> Option<Result<Options, String>>;
}

impl RulesLookup for RulesTable<'_> {
    fn name(&self) -> &str {
        RulesTable::name(self)
    }

    fn shape(&self) -> Shape {
        RulesTable::shape(self)
    }

    fn value(&mut self, position: &[u64]) -> Result<u64, String> {
        RulesTable::value(self, position).ok_or_else(|| {
            let side = self.side();
            match self.shape() {
                Shape::Heap => format!("heap {} is past the table (heaps 0..{side})", PositionText(position)),
                Shape::Tuple(d) => format!(
                    "{} is not in the table (positions of {d} numbers, each below {side})",
                    PositionText(position)
                ),
            }
        })
    }

    fn has_rules(&self) -> bool {
        false
    }

    fn options(&mut self, _: &[u64]) -> Option<Result<Options, String>> {
        None
    }
}

impl<R: Rules + Sync> RulesLookup for Computed<R>
where
    R::Error: Send + std::fmt::Display + Clone,
{
    fn name(&self) -> &str {
        Computed::name(self)
    }

    fn shape(&self) -> Shape {
        self.rules().shape()
    }

    fn value(&mut self, position: &[u64]) -> Result<u64, String> {
        Computed::value(self, position).map_err(|e| self.fail(e))
    }

    fn has_rules(&self) -> bool {
        true
    }

    fn options(&mut self, position: &[u64]) -> Option<Result<Options, String>> {
        Some(Computed::options(self, position).map_err(|e| self.fail(e.into())))
    }
}

/// A source lent to a judge, to be looked at after the run.
impl<T: RulesLookup + ?Sized> RulesLookup for &mut T {
    fn name(&self) -> &str {
        (**self).name()
    }

    fn shape(&self) -> Shape {
        (**self).shape()
    }

    fn value(&mut self, position: &[u64]) -> Result<u64, String> {
        (**self).value(position)
    }

    fn has_rules(&self) -> bool {
        (**self).has_rules()
    }

    fn options(&mut self, position: &[u64]) -> Option<Result<Options, String>> {
        (**self).options(position)
    }
}
