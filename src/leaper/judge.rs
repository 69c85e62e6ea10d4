//! LightOJ 1315, Game of Hyper Knights: `T`, then per case `n` and `n` lines `x y`.
//! Output per case: `Case k: Alice` when the XOR of the knights' values is non-zero, else `Bob`.
//!
//! Coordinates may be anything up to 2^63 - 1 (beyond the judge's 500): the table answers inside
//! its square, the closed form outside (hyper-knight tables only). A coordinate of 2^63 or more
//! is an input error at that number.

use std::io::Write;

use super::LeaperTable;
use crate::judge::halves;
use crate::judge::lines::CaseLines;
use crate::judge::runs::{EachPair, Take, read_pairs};
use crate::judge::scanner::{ScanError, Scanner};
use crate::judge::source::Source;
use crate::judge::{Judge, JudgeError};
use grundy_core::generate::DEFAULT_BOUND;
use grundy_core::leaper::MAX_COORDINATE;

/// The Hyper Knights judge, answering from a knight table.
#[derive(Debug, Clone, Copy)]
pub struct Knights<'t> {
    /// The values it answers from.
    pub table: LeaperTable<'t>,
}

impl Judge for Knights<'_> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let table = self.table;
        let limit = limit(&table);
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let mut lines = CaseLines::new();
        let result = (|| {
            let mut case = 1;
            while case <= cases {
                if cases - case >= MANY_CASES {
                    small_cases(scan, &table, limit, &mut case, cases, &mut lines, out)?;
                }
                let n = read_count(scan, case)?;
                // Only the last case can be the whole rest of the input; the answers before it
                // are written before it is read.
                let halves = if case == cases {
                    lines.write_out(out)?;
                    in_halves(scan, &table, limit, n)
                } else {
                    None
                };
                let nimber = match halves {
                    Some(nimber) => nimber,
                    None => {
                        let mut xor = XorValues::new(&table, limit);
                        read_knights(scan, &table, limit, case, 1, n, &mut xor)?;
                        xor.nimber
                    }
                };
                lines.push(out, crate::Nimber::from(nimber).outcome())?;
                case += 1;
            }
            scan.finish(cases)
        })();
        lines.finish(out, result)
    }
}

/// Cases before the last one from which [`small_cases`] is tried.
const MANY_CASES: u64 = 16;

/// Pairs [`small_cases`] reads at a time.
const SMALL_BATCH: usize = 256;

/// Answers cases from `*case` on, before the last case `cases`, while they come in bulk: the
/// numbers of many cases at once (each case's `n`, then its `2n` coordinates, all below
/// [`bulk_bound`]) read by [`Scanner::pairs_below`] as one stream, two at a time, and split
/// into cases after. On a million cases of one knight this reads three numbers a case in bulk
/// where the per-case path reads them token by token. A case the stream ends in is finished
/// token by token (and in bulk for a long rest); then, or when the bulk path stops at once (a
/// case of `n >= bulk_bound`, a token it does not read, the window's end), the per-case path
/// takes over at `*case`. It never reads the last case's `n`: each case before it holds at
/// least one number, so a stream of at most `cases - *case` numbers ends before it (and the
/// last case keeps its reading in halves).
#[inline(never)]
fn small_cases<S: Source, W: Write>(
    scan: &mut Scanner<S>,
    table: &LeaperTable<'_>,
    limit: u64,
    case: &mut u64,
    cases: u64,
    lines: &mut CaseLines,
    out: &mut W,
) -> Result<(), JudgeError> {
    let bulk = bulk_bound(table, limit);
    let mut batch = [[0; 2]; SMALL_BATCH];
    while cases - *case >= MANY_CASES {
        let wanted = usize::try_from((cases - *case) / 2).map_or(SMALL_BATCH, |w| w.min(SMALL_BATCH));
        let read = scan.pairs_below([bulk, bulk], &mut batch[..wanted]);
        let mut numbers = batch[..read].as_flattened();
        // Whole cases. (Their XOR and the begun case's below, the same fold, are written out
        // twice: as one `#[inline(always)]` helper, a million one-knight cases ran 18.7-19.0 ms
        // against 16.5-16.8, `perf stat -r 20`.)
        while let Some((&n, rest)) = numbers.split_first() {
            let Some(knights) = rest.get(..2 * n as usize) else { break };
            let nimber = knights.chunks_exact(2).fold(0, |acc, k| acc ^ value(table, k[0].into(), k[1].into()));
            lines.push(out, crate::Nimber::from(nimber).outcome())?;
            numbers = &rest[knights.len()..];
            *case += 1;
        }
        // The case the stream ends in: its `n` and its first coordinates, the rest read after.
        if let Some((&n, coordinates)) = numbers.split_first() {
            let whole = coordinates.len() / 2;
            let mut nimber = coordinates.chunks_exact(2).fold(0, |acc, k| acc ^ value(table, k[0].into(), k[1].into()));
            if let &[.., x] = &coordinates[2 * whole..] {
                let y = coordinate(scan, table, limit, "y", whole as u64 + 1, *case)?;
                nimber ^= value(table, x.into(), y);
            }
            let begun = coordinates.len().div_ceil(2) as u64;
            let mut xor = XorValues { nimber, ..XorValues::new(table, limit) };
            read_knights(scan, table, limit, *case, begun + 1, u64::from(n) - begun, &mut xor)?;
            lines.push(out, crate::Nimber::from(xor.nimber).outcome())?;
            *case += 1;
        }
        if read < wanted {
            break;
        }
    }
    Ok(())
}

/// The XOR of the values of the knights read. When the bulk path reads only knights in the
/// square ([`bulk_bound`]), each of a batch is read from it with no comparison (from its
/// blocked form when the table has one); a knight read token by token may be beyond it.
struct XorValues<'a, 't> {
    table: &'a LeaperTable<'t>,
    /// Whether every knight of a batch is in the square.
    in_square: bool,
    nimber: u8,
}

impl<'a, 't> XorValues<'a, 't> {
    fn new(table: &'a LeaperTable<'t>, limit: u64) -> Self {
        XorValues { table, in_square: bulk_bound(table, limit) == table.bound() as u64, nimber: 0 }
    }
}

impl Take<[u32; 2], (u64, u64)> for XorValues<'_, '_> {
    #[inline(always)]
    fn one(&mut self, (x, y): (u64, u64)) {
        self.nimber ^= value(self.table, x, y);
    }

    #[inline(always)]
    fn batch(&mut self, knights: &[[u32; 2]]) {
        if !self.in_square {
            knights.iter().for_each(|&[x, y]| self.one((x.into(), y.into())));
            return;
        }
        debug_assert!(
            knights.iter().all(|&[x, y]| (x.max(y) as usize) < self.table.bound()),
            "a bulk batch is in the square"
        );
        let table = self.table;
        knights.iter().for_each(|&[x, y]| self.nimber ^= table.in_square(x as usize, y as usize));
    }
}

/// The bound of the coordinates the bulk path reads: the square's side when the square holds
/// the judge's box (x, y < 500), so that a bulk knight is read from it directly; for a smaller
/// square (the closed-form build's one cell, a small blob's) every coordinate up to `limit`, so
/// that the judge's knights are still read in bulk.
fn bulk_bound(table: &LeaperTable<'_>, limit: u64) -> u64 {
    let square = table.bound() as u64;
    if square >= DEFAULT_BOUND as u64 { square } else { limit.saturating_add(1) }
}

/// The value of a knight at `(x, y)`, coordinates at most the table's [`limit`]: the square
/// looked at first, inline (the closed form beyond it is the rare case, and a call, so that the
/// reading loop stays small).
#[inline(always)]
fn value(table: &LeaperTable<'_>, x: u64, y: u64) -> u8 {
    let bound = table.bound() as u64;
    if x < bound && y < bound { table.in_square(x as usize, y as usize) } else { beyond_square(table, x, y) }
}

#[cold]
#[inline(never)]
fn beyond_square(table: &LeaperTable<'_>, x: u64, y: u64) -> u8 {
    table.beyond(x, y).expect("coordinates within the limit have a value")
}

/// The largest coordinate `table` values: every coordinate up to it has a value (the closed
/// form answers beyond the square).
pub(super) fn limit(table: &LeaperTable<'_>) -> u64 {
    if table.has_closed_form() { MAX_COORDINATE } else { table.bound() as u64 - 1 }
}

/// Reads case `case`: `n`, then `n` knights, each given to `knight(x, y)` as it is read.
#[inline(always)]
pub(super) fn read_case<S: Source>(
    scan: &mut Scanner<S>,
    table: &LeaperTable<'_>,
    limit: u64,
    case: u64,
    knight: impl FnMut(u64, u64),
) -> Result<(), JudgeError> {
    let n = read_count(scan, case)?;
    read_knights(scan, table, limit, case, 1, n, &mut EachPair(knight))
}

/// Reads `n`, the number of knights of case `case`.
fn read_count<S: Source>(scan: &mut Scanner<S>, case: u64) -> Result<u64, JudgeError> {
    scan.next_u64().map_err(|e| scan.error(e, &format!("n, the number of knights of case {case}")))
}

/// Reads `n` knights of case `case`, numbered from `first` (in messages), into `into`: in bulk
/// those below [`bulk_bound`], token by token the others (up to `limit`).
#[inline(always)]
fn read_knights<S: Source>(
    scan: &mut Scanner<S>,
    table: &LeaperTable<'_>,
    limit: u64,
    case: u64,
    first: u64,
    n: u64,
    into: &mut impl Take<[u32; 2], (u64, u64)>,
) -> Result<(), JudgeError> {
    let slow = |scan: &mut Scanner<S>, i: u64| {
        let knight = first - 1 + i;
        Ok((coordinate(scan, table, limit, "x", knight, case)?, coordinate(scan, table, limit, "y", knight, case)?))
    };
    let bulk = bulk_bound(table, limit);
    read_pairs(scan, [bulk, bulk], n, slow, into)
}

/// A large last case read on both cores ([`halves::read_rest_in_halves`]): the value, when
/// the rest of the input is exactly its `n` knights.
fn in_halves<S: Source>(scan: &mut Scanner<S>, table: &LeaperTable<'_>, limit: u64, n: u64) -> Option<u8> {
    let ((p1, x1), (p2, x2)) = halves::read_rest_in_halves(scan, &XorPairs { table, limit })?;
    (p1 + p2 == n).then(|| {
        scan.skip_to_end();
        x1 ^ x2
    })
}

/// A half of the knights of a large case, reduced to the number of `x y` pairs and the XOR of
/// their values.
struct XorPairs<'a, 't> {
    table: &'a LeaperTable<'t>,
    limit: u64,
}

impl halves::Summarise for XorPairs<'_, '_> {
    type Summary = (u64, u8);

    /// `None` if anything is off (a bad token, a coordinate beyond `limit`, an unpaired
    /// coordinate).
    fn summarise<S: Source>(&self, mut scan: Scanner<S>) -> Option<(u64, u8)> {
        let (table, limit) = (self.table, self.limit);
        let bulk = bulk_bound(table, limit);
        let mut batch = [[0; 2]; 1024];
        let (mut pairs, mut xor) = (0u64, XorValues::new(table, limit));
        loop {
            let read = scan.pairs_below([bulk, bulk], &mut batch);
            xor.batch(&batch[..read]);
            pairs += read as u64;
            if read == batch.len() {
                continue;
            }
            // Where the bulk path stops: a few pairs token by token, or the end.
            for _ in 0..8 {
                let x = match scan.next_u64() {
                    Ok(x) => x,
                    Err(ScanError::End) => return Some((pairs, xor.nimber)),
                    Err(_) => return None,
                };
                let y = scan.next_u64().ok()?;
                if x > limit || y > limit {
                    return None;
                }
                xor.one((x, y));
                pairs += 1;
            }
        }
    }
}

/// One coordinate of a knight, at most `limit`.
#[inline(always)]
fn coordinate<S: Source>(
    scan: &mut Scanner<S>,
    table: &LeaperTable<'_>,
    limit: u64,
    axis: &str,
    knight: u64,
    case: u64,
) -> Result<u64, JudgeError> {
    match scan.next_u64() {
        Ok(v) if v <= limit => Ok(v),
        Ok(v) => Err(out_of_range(scan, table, Some(v), axis, knight, case)),
        Err(ScanError::Overflow) => Err(out_of_range(scan, table, None, axis, knight, case)),
        Err(e) => Err(scan.error(e, &format!("{axis} of knight {knight} of case {case}"))),
    }
}

/// The error for a coordinate above the limit (`value`, or `None` past `u64`); beyond a square
/// without closed form, it is marked with the square's side
/// ([`InputError::beyond_square`](crate::judge::InputError::beyond_square)).
#[cold]
fn out_of_range<S: Source>(
    scan: &Scanner<S>,
    table: &LeaperTable<'_>,
    value: Option<u64>,
    axis: &str,
    knight: u64,
    case: u64,
) -> JudgeError {
    let what = format!("{axis} of knight {knight} of case {case}");
    if table.has_closed_form() {
        return scan
            .error_at_token(format!("{what} is too large: coordinates must be at most 2^63 - 1 = {MAX_COORDINATE}"));
    }
    let side = table.bound();
    let is = value.map_or("is too large".to_string(), |v| format!("is {v}"));
    let mut error = scan.error_at_token(format!(
        "{what} {is}, outside the table's {side} x {side} square (coordinates below {side}), and its custom \
         move set has no closed form"
    ));
    if let JudgeError::Input(e) = &mut error {
        e.beyond_square = Some(side);
    }
    error
}
