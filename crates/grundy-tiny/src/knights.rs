//! LightOJ 1315, Game of Hyper Knights: `T`, then per case `n` and `n` lines `x y`; `Case k:
//! Alice` when the XOR of the knights' Grundy values is non-zero, else `Case k: Bob`.
//!
//! Every value comes from the hyper knight's certified closed form (grundy-core's
//! [`ClosedForm::eval`]), which `build.rs` discovered and proved, embedded as its encoded payload
//! and decoded at start-up; values of small cells are kept once evaluated. Coordinates go up to
//! 2^63 - 1 ([`MAX_COORDINATE`]), as in `grundy`; a larger one is an input error at it.

use alloc::boxed::Box;

use grundy_core::format::form;
use grundy_core::{ClosedForm, HYPER_KNIGHT_MOVES, MAX_COORDINATE};

use crate::halves::{self, Summary};
use crate::input::{ScanError, Scanner, What};
use crate::output::{Lines, Msg, Name, Out};

/// The closed form as `build.rs` encoded it.
static FORM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/knight_form.bin"));

static ALICE: Name = Name::new("Alice");
static BOB: Name = Name::new("Bob");

/// Cells with both coordinates below this keep their value once evaluated, in 8 x 8 blocks of
/// which each kind is kept once (the hyper knight's 500 x 500 square has 52 kinds): a few
/// kilobytes, which stay in the level-1 cache.
const SIDE: u64 = 512;

/// Blocks on a side of the square.
const BLOCKS: u64 = SIDE / 8;

/// The Grundy values: the closed form, and the blocks of the square evaluated so far.
struct Values {
    form: ClosedForm,
    /// Per block, `1 +` its kind; 0 while not evaluated, [`UNCACHED`] beyond the kinds kept.
    index: Box<[u8; (BLOCKS * BLOCKS) as usize]>,
    /// The kinds of block, 64 values each (`(x % 8) * 8 + y % 8`), and how many there are.
    kinds: Box<[u8; KINDS * 64]>,
    count: usize,
}

/// Kinds of block kept, at most.
const KINDS: usize = 254;

/// The index of a block whose kind is not kept (beyond [`KINDS`]: never for the hyper knight).
const UNCACHED: u8 = 255;

impl Values {
    #[inline(never)]
    fn new() -> Values {
        let moves = HYPER_KNIGHT_MOVES.map(|(dx, dy)| (dx as i8, dy as i8));
        let Ok(form) = form::decode(&moves, FORM) else { panic!() };
        Values { form, index: Box::new([0; (BLOCKS * BLOCKS) as usize]), kinds: Box::new([0; KINDS * 64]), count: 0 }
    }

    /// g(x, y) of a cell with coordinates up to [`MAX_COORDINATE`].
    #[inline(always)]
    fn get(&mut self, x: u64, y: u64) -> u8 {
        if (x | y) < SIDE {
            // Both below `BLOCKS * BLOCKS` and `KINDS * 64`: no bounds checks.
            let block = ((x / 8) * BLOCKS + y / 8) as usize % self.index.len();
            let mut kind = self.index[block];
            if kind == 0 {
                kind = self.block(x & !7, y & !7);
                self.index[block] = kind;
            }
            if kind != UNCACHED {
                let cell = usize::from(kind - 1) * 64 + ((x % 8) * 8 + y % 8) as usize;
                return self.kinds[cell % self.kinds.len()];
            }
        }
        self.form.eval(x, y)
    }

    /// `1 +` the kind of the block whose first cell is `(x, y)`, evaluated now.
    #[cold]
    #[inline(never)]
    fn block(&mut self, x: u64, y: u64) -> u8 {
        let mut cells = [0; 64];
        for (i, cell) in cells.iter_mut().enumerate() {
            *cell = self.form.eval(x + i as u64 / 8, y + i as u64 % 8);
        }
        let kept = &mut self.kinds[..self.count * 64];
        let kind = kept.chunks_exact(64).position(|kind| kind == cells).unwrap_or(self.count);
        if kind == self.count {
            if kind == KINDS {
                return UNCACHED;
            }
            self.kinds[kind * 64..][..64].copy_from_slice(&cells);
            self.count += 1;
        }
        kind as u8 + 1
    }
}

/// Answers every case.
pub fn solve(scan: &mut Scanner, out: &mut Out) {
    let mut values = Values::new();
    let cases = scan.expect(out, What { name: "T, the number of cases", index: 0, case: 0 });
    let mut lines = Lines::new("Case ");
    let mut case = 0;
    while case < cases {
        case += 1;
        let n = scan.expect(out, What { name: "n, the number of knights", index: 0, case });
        if case == cases {
            if let Some([[c1, x1, _], [c2, x2, _]]) = halves::read_rest_in_halves(scan, &mut values, Values::new, half)
            {
                if c1 + c2 == n {
                    scan.skip_to_end();
                    lines.push(out, if x1 != x2 { &ALICE } else { &BOB });
                    break;
                }
            }
        }
        let (read, nimber, stop) = read_knights(scan, &mut values, n);
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
fn read_knights(scan: &mut Scanner, values: &mut Values, limit: u64) -> (u64, u8, Stop) {
    let (mut read, mut nimber) = (0, 0);
    while read < limit {
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
        nimber ^= values.get(x, y);
    }
    (read, nimber, None)
}

/// A half of a large last case ([`halves`]): the number of knights and the XOR of their values;
/// `None` on anything `solve` would report.
fn half(scan: &mut Scanner, values: &mut Values) -> Option<Summary> {
    match read_knights(scan, values, u64::MAX) {
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
