//! LightOJ 1315, Game of Hyper Knights: `T`, then per case `n` and `n` lines `x y`; `Case k:
//! Alice` when the XOR of the knights' Grundy values is non-zero, else `Case k: Bob`.
//!
//! The cells of the judge's box (both coordinates below 500) are read from the square `build.rs`
//! computed, embedded as its distinct 8 x 8 blocks (grundy-core's [`Blocks`], 7.3 KB: two reads
//! a cell, from the level-1 cache); every other cell from the hyper knight's certified closed form
//! (grundy-core's [`EvalTables::eval`]), which `build.rs` discovered and proved, embedded as its
//! evaluation tables (statics: nothing is decoded at start-up). Coordinates go up to 2^63 - 1
//! ([`MAX_COORDINATE`]), as in `grundy`; a larger one is an input error at it.

use grundy_core::Outcome;
use grundy_core::leaper::blocks::Blocks;
use grundy_core::{
    generate::DEFAULT_BOUND,
    leaper::{EvalTables, MAX_COORDINATE},
};
use grundy_judge::answer::winner_name;
use grundy_judge::token::ScanError;

use crate::halves::{self, Summary};
use crate::input::{Scanner, What};
use crate::output::{Lines, Msg, Name, Out};

/// The closed form's evaluation tables, as `build.rs` wrote them.
static FORM: EvalTables<'static> = include!(concat!(env!("OUT_DIR"), "/knight_form.rs"));

/// The square `0 <= x, y < DEFAULT_BOUND` as `build.rs` blocked it (checked at compile time).
static SQUARE: Blocks<'static> =
    match Blocks::new(include_bytes!(concat!(env!("OUT_DIR"), "/knight_blocks.bin")), DEFAULT_BOUND) {
        Some(square) => square,
        None => panic!("knight_blocks.bin does not fit the square"),
    };

static ALICE: Name = Name::new(winner_name(Outcome::FirstPlayerWins));
static BOB: Name = Name::new(winner_name(Outcome::SecondPlayerWins));

/// g(x, y) of a cell with coordinates up to [`MAX_COORDINATE`]: the blocked square, and the
/// closed form beyond it.
#[inline(always)]
fn value(x: u64, y: u64) -> u8 {
    let side = DEFAULT_BOUND as u64;
    if x < side && y < side { SQUARE.get(x as usize, y as usize) } else { FORM.eval(x, y) }
}

/// Answers every case.
pub fn solve(scan: &mut Scanner, out: &mut Out) {
    let cases = scan.expect(out, What { name: "T, the number of cases", index: 0, case: 0 });
    let mut lines = const { Lines::new("Case ") };
    let mut case = 0;
    while case < cases {
        case += 1;
        let n = scan.expect(out, What { name: "n, the number of knights", index: 0, case });
        if case == cases
            && let Some([[c1, x1, _], [c2, x2, _]]) = halves::read_rest_in_halves(scan, half)
            && c1 + c2 == n
        {
            scan.skip_to_end();
            lines.push(out, if x1 != x2 { &ALICE } else { &BOB });
            break;
        }
        let (read, nimber, stop) = read_knights(scan, n);
        if let Some((y, result)) = stop {
            let name = if y { "y of knight " } else { "x of knight " };
            bad_coordinate(scan, out, result, What { name, index: read + 1, case });
        }
        lines.push(out, if nimber != 0 { &ALICE } else { &BOB });
    }
    scan.finish(out, cases);
}

/// What a coordinate that stopped [`read_knights`] was (`true` for `y`) and what reading it gave:
/// an error, or a value above [`MAX_COORDINATE`].
type Stop = Option<(bool, Result<u64, ScanError>)>;

/// Reads up to `limit` knights: how many were read, the XOR of their values, and the coordinate
/// that stopped it before `limit`, if one did.
fn read_knights(scan: &mut Scanner, limit: u64) -> (u64, u8, Stop) {
    let (mut read, mut nimber) = (0, 0);
    while read < limit {
        // A block at a time where there are enough knights to fill one.
        if limit - read >= 8 {
            read += scan.pairs(limit - read, |x, y| {
                nimber ^= value(x, y);
                true
            });
            if read == limit {
                break;
            }
        }
        let (x, y) = match scan.pair_below([u64::MAX; 2]) {
            Some(knight) => knight,
            None => {
                let x = match scan.number() {
                    Ok(x) if x <= MAX_COORDINATE => x,
                    result => return (read, nimber, Some((false, result))),
                };
                match scan.number() {
                    Ok(y) if y <= MAX_COORDINATE => (x, y),
                    result => return (read, nimber, Some((true, result))),
                }
            }
        };
        read += 1;
        nimber ^= value(x, y);
    }
    (read, nimber, None)
}

/// A half of a large last case ([`halves`]): the number of knights and the XOR of their values;
/// `None` on anything `solve` would report.
fn half(scan: &mut Scanner) -> Option<Summary> {
    match read_knights(scan, u64::MAX) {
        (knights, nimber, Some((false, Err(ScanError::End)))) => Some([knights, u64::from(nimber), 0]),
        _ => None,
    }
}

/// Ends the process on a coordinate that could not be read, or above [`MAX_COORDINATE`].
#[cold]
#[inline(never)]
fn bad_coordinate(scan: &mut Scanner, out: &mut Out, result: Result<u64, ScanError>, what: What) -> ! {
    match result {
        Ok(_) | Err(ScanError::Overflow) => {
            let mut m = Msg::new();
            m.what(&what).s(" is too large: coordinates must be at most 2^63 - 1 = 9223372036854775807");
            scan.fail_at_token(out, &m)
        }
        Err(e) => scan.fail(out, e, &what),
    }
}
