//! Runs of `x y` pairs (knights, mines): read in bulk by [`Scanner::pairs_below`] where it can,
//! token by token where it stops, so that errors are always the token-by-token path's.

use super::JudgeError;
use super::scanner::Scanner;
use super::source::Source;

/// Pairs read in bulk at a time, then handed on.
const BATCH: usize = 1024;

/// Runs of at most this many pairs are read token by token.
const FEW: u64 = 16;

/// Pairs read token by token where the bulk path stops short: at first 8, twice as many each
/// time it then stops at once again (numbers of over 8 digits, say), up to 4096.
const SLOW: [u64; 2] = [8, 4096];

/// Reads `count` pairs, the first of each below `bounds[0]` and the second below `bounds[1]`,
/// giving each to `each`. Where the bulk path stops, `slow(scan, i)` reads pair `i` (from 1)
/// token by token and reports any error.
#[inline(always)]
pub(super) fn read_pairs<S: Source>(
    scan: &mut Scanner<S>,
    bounds: [u64; 2],
    count: u64,
    mut slow: impl FnMut(&mut Scanner<S>, u64) -> Result<(u64, u64), JudgeError>,
    mut each: impl FnMut(u64, u64),
) -> Result<(), JudgeError> {
    // A few pairs (a knights case of one knight, say) token by token, inline where the fast
    // path reads them: the bulk path's batch would cost more to set up than they take to read.
    if count <= FEW {
        for i in 1..=count {
            let (x, y) = match scan.pair_below(bounds) {
                Some([x, y]) => (x, y),
                None => slow(scan, i)?,
            };
            each(x, y);
        }
        return Ok(());
    }
    let mut batch = [[0; 2]; BATCH];
    let mut left = count;
    let mut slow_run = SLOW[0];
    while left > 0 {
        let wanted = usize::try_from(left).map_or(BATCH, |left| left.min(BATCH));
        let read = scan.pairs_below(bounds, &mut batch[..wanted]);
        for &[x, y] in &batch[..read] {
            each(x.into(), y.into());
        }
        left -= read as u64;
        if read == wanted {
            continue;
        }
        // Where the bulk path stops (an error, a long number, the window's end), a few pairs
        // token by token.
        slow_run = if read == 0 { (2 * slow_run).min(SLOW[1]) } else { SLOW[0] };
        for _ in 0..slow_run.min(left) {
            let (x, y) = slow(scan, count - left + 1)?;
            each(x, y);
            left -= 1;
        }
    }
    Ok(())
}
