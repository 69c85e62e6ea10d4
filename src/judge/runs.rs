//! Runs of numbers (misère piles) or of `x y` pairs (knights, mines): read in bulk by
//! [`Scanner::positive_numbers`] or [`Scanner::pairs_below`] where it can, token by token where
//! it stops, so that errors are always the token-by-token path's.

use super::JudgeError;
use super::scanner::Scanner;
use super::source::Source;

/// Items read in bulk at a time, then handed on: a few blocks' worth (the batch is zeroed for
/// every run, a case's piles or knights, so it is kept small).
const BATCH: usize = 128;

/// Runs of at most this many items are read token by token.
const FEW: u64 = 16;

/// Items read token by token where the bulk path stops short: at first 8, twice as many each
/// time it then stops at once again (numbers too long for it, say), up to 4096.
const SLOW: [u64; 2] = [8, 4096];

/// What the items of a run are given to: one at a time (`I`, read token by token) or a batch
/// read in bulk (of `B`), which a summary can take whole (misère Nim's, vectorised).
pub(crate) trait Take<B, I> {
    /// One item.
    fn one(&mut self, item: I);
    /// A batch of items read in bulk.
    fn batch(&mut self, items: &[B]);
}

/// Each `x y` pair (a knight's, a mine's), given to a closure.
pub(crate) struct EachPair<F>(pub F);

impl<F: FnMut(u64, u64)> Take<[u32; 2], (u64, u64)> for EachPair<F> {
    #[inline(always)]
    fn one(&mut self, (x, y): (u64, u64)) {
        (self.0)(x, y);
    }

    #[inline(always)]
    fn batch(&mut self, items: &[[u32; 2]]) {
        for &[x, y] in items {
            (self.0)(x.into(), y.into());
        }
    }
}

/// Piles kept one by one (for explained output).
impl Take<u64, u64> for Vec<u64> {
    fn one(&mut self, stones: u64) {
        self.push(stones);
    }

    fn batch(&mut self, piles: &[u64]) {
        self.extend_from_slice(piles);
    }
}

/// Reads `count` pairs into `into`, each pair the bulk path reads (a batch) with its first below
/// `bounds[0]` and its second below `bounds[1]`. Where the bulk path stops, `slow(scan, i)`
/// reads pair `i` (from 1) token by token and reports any error.
#[inline(always)]
pub(crate) fn read_pairs<S: Source>(
    scan: &mut Scanner<S>,
    bounds: [u64; 2],
    count: u64,
    mut slow: impl FnMut(&mut Scanner<S>, u64) -> Result<(u64, u64), JudgeError>,
    into: &mut impl Take<[u32; 2], (u64, u64)>,
) -> Result<(), JudgeError> {
    let quick = |scan: &mut Scanner<S>| scan.pair_below(bounds).map(|[x, y]| (x, y));
    let bulk = |scan: &mut Scanner<S>, batch: &mut [[u32; 2]]| scan.pairs_below(bounds, batch);
    read_run(scan, count, quick, &mut slow, bulk, into)
}

/// Reads `count` numbers of at least 1 into `piles`. Where the bulk path stops, `slow(scan, i)`
/// reads number `i` (from 1) token by token and reports any error.
#[inline(always)]
pub(crate) fn read_positive<S: Source>(
    scan: &mut Scanner<S>,
    count: u64,
    mut slow: impl FnMut(&mut Scanner<S>, u64) -> Result<u64, JudgeError>,
    piles: &mut impl Take<u64, u64>,
) -> Result<(), JudgeError> {
    let bulk = |scan: &mut Scanner<S>, batch: &mut [u64]| scan.positive_numbers(batch);
    read_run(scan, count, |_| None, &mut slow, bulk, piles)
}

/// Reads `count` items into `into`: `bulk` reads as many as it can into a batch, and
/// `slow(scan, i)` reads item `i` (from 1) token by token where it stops. A run of a few items
/// (a knights case of one knight, say), whose batch would cost more to set up than they take to
/// read, is read token by token too, by `quick` inline where it can.
#[inline(always)]
fn read_run<S: Source, I, B: Copy + Default>(
    scan: &mut Scanner<S>,
    count: u64,
    mut quick: impl FnMut(&mut Scanner<S>) -> Option<I>,
    slow: &mut impl FnMut(&mut Scanner<S>, u64) -> Result<I, JudgeError>,
    mut bulk: impl FnMut(&mut Scanner<S>, &mut [B]) -> usize,
    into: &mut impl Take<B, I>,
) -> Result<(), JudgeError> {
    if count <= FEW {
        for i in 1..=count {
            into.one(match quick(scan) {
                Some(item) => item,
                None => slow(scan, i)?,
            });
        }
        return Ok(());
    }
    let mut batch = [B::default(); BATCH];
    let mut left = count;
    let mut slow_run = SLOW[0];
    while left > 0 {
        let wanted = usize::try_from(left).map_or(BATCH, |left| left.min(BATCH));
        let read = bulk(scan, &mut batch[..wanted]);
        into.batch(&batch[..read]);
        left -= read as u64;
        if read == wanted {
            continue;
        }
        // Where the bulk path stops (an error, a long number, the window's end), a few items
        // token by token.
        slow_run = if read == 0 { (2 * slow_run).min(SLOW[1]) } else { SLOW[0] };
        for _ in 0..slow_run.min(left) {
            into.one(slow(scan, count - left + 1)?);
            left -= 1;
        }
    }
    Ok(())
}
