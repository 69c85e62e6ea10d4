//! LightOJ 1315, Game of Hyper Knights: `T`, then per case `n` and `n` lines `x y`; `Case k:
//! Alice` when the XOR of the knights' Grundy values is non-zero, else `Case k: Bob`.
//!
//! Every value comes from the hyper knight's certified closed form (grundy-core's
//! [`ClosedForm::eval`]), which `build.rs` discovered and proved, embedded as its encoded payload
//! and decoded at start-up; values of small cells are kept once evaluated. Coordinates go up to
//! 2^63 - 1 ([`MAX_COORDINATE`]), as in `grundy`; a larger one is an input error at it.

use alloc::vec;
use alloc::vec::Vec;

use grundy_core::format::form;
use grundy_core::{ClosedForm, HYPER_KNIGHT_MOVES, MAX_COORDINATE};

use crate::input::{ScanError, Scanner, What};
use crate::output::{Lines, Msg, Name, Out};

/// The closed form as `build.rs` encoded it.
static FORM: &[u8] = include_bytes!(concat!(env!("OUT_DIR"), "/knight_form.bin"));

static ALICE: Name = Name::new("Alice");
static BOB: Name = Name::new("Bob");

/// Cells with both coordinates below this (a power of two) keep their value once evaluated.
const SIDE: u64 = 512;

/// The Grundy values: the closed form, and the values of small cells evaluated so far.
struct Values {
    form: ClosedForm,
    /// `value + 1` at `x * SIDE + y`; 0 not evaluated yet.
    square: Vec<u8>,
}

impl Values {
    fn new() -> Values {
        let moves = HYPER_KNIGHT_MOVES.map(|(dx, dy)| (dx as i8, dy as i8));
        let Ok(form) = form::decode(&moves, FORM) else { panic!() };
        Values { form, square: vec![0; (SIDE * SIDE) as usize] }
    }

    /// g(x, y) of a cell with coordinates up to [`MAX_COORDINATE`].
    #[inline(always)]
    fn get(&mut self, x: u64, y: u64) -> u8 {
        if (x | y) >= SIDE {
            return self.form.eval(x, y);
        }
        let at = (x * SIDE + y) as usize;
        // SAFETY: `x, y < SIDE`, so `at < SIDE * SIDE`, the square's length.
        let cell = unsafe { self.square.get_unchecked_mut(at) };
        if *cell == 0 {
            *cell = self.form.eval(x, y) + 1;
        }
        *cell - 1
    }
}

/// Answers every case.
pub fn solve(scan: &mut Scanner, out: &mut Out) {
    let mut values = Values::new();
    let cases = scan.expect(out, What { name: "T, the number of cases", index: 0, case: 0 });
    let mut lines = Lines::new("Case ");
    for case in 1..=cases {
        let n = scan.expect(out, What { name: "n, the number of knights", index: 0, case });
        let mut nimber = 0;
        for knight in 1..=n {
            let x = coordinate(scan, out, What { name: "x of knight ", index: knight, case });
            let y = coordinate(scan, out, What { name: "y of knight ", index: knight, case });
            nimber ^= values.get(x, y);
        }
        lines.push(out, if nimber != 0 { &ALICE } else { &BOB });
    }
    scan.finish(out, cases);
}

/// A coordinate, at most [`MAX_COORDINATE`].
#[inline(always)]
fn coordinate(scan: &mut Scanner, out: &mut Out, what: What) -> u64 {
    match scan.number() {
        Ok(v) if v <= MAX_COORDINATE => v,
        Ok(_) | Err(ScanError::Overflow) => too_large(scan, out, &what),
        Err(e) => scan.fail(out, e, &what),
    }
}

#[cold]
#[inline(never)]
fn too_large(scan: &Scanner, out: &mut Out, what: &What) -> ! {
    let mut m = Msg::new();
    m.what(what).s(" is too large: coordinates must be at most 2^63 - 1 = 9223372036854775807");
    scan.fail_at_token(out, &m)
}
