//! A heap game's values in order: `G(n)` from the options of heap `n`, every heap they leave
//! already computed.

use alloc::vec::Vec;

use super::{Mex, Options, Rules, RulesError};

/// `G(0..len)` of a heap game, extended one heap at a time ([`push`](HeapSequence::push)) or to
/// a length ([`extend`](HeapSequence::extend)).
#[derive(Debug, Clone, Default)]
pub struct HeapSequence {
    values: Vec<u64>,
    mex: Mex,
}

impl HeapSequence {
    /// No values yet.
    pub fn new() -> Self {
        HeapSequence::default()
    }

    /// `G(0..len())`.
    pub fn values(&self) -> &[u64] {
        &self.values
    }

    /// How many values are known.
    pub fn len(&self) -> u64 {
        self.values.len() as u64
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// Computes `G(len())` from the options of heap `len()` and returns it. Refuses an option
    /// leaving a heap `>= len()`.
    pub fn push<E>(&mut self, options: &Options) -> Result<u64, RulesError<E>> {
        let heap = self.len();
        if let Some(option) = options.iter().find(|o| o.iter().any(|&h| h >= heap)) {
            return Err(RulesError::Grows { heap, option: option.to_vec() });
        }
        let values = &self.values;
        let sums = options.iter().map(|o| o.iter().fold(0, |x, &h| x ^ values[h as usize]));
        let g = self.mex.of(options.len(), sums);
        self.values.push(g);
        Ok(g)
    }

    /// Computes values until `len() == len`, asking `rules` for each heap's options.
    pub fn extend<R: Rules>(&mut self, rules: &R, len: u64) -> Result<(), RulesError<R::Error>> {
        let mut options = Options::new();
        while self.len() < len {
            options.clear();
            let heap = self.len();
            rules
                .options(&[heap], &mut options)
                .map_err(|error| RulesError::Rules { position: [heap].into(), error })?;
            self.push(&options)?;
        }
        Ok(())
    }
}
