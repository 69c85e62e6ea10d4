//! LightOJ 1253, Misère Nim: `T`, then per case `k` and a line of `k` pile sizes; `Case k:
//! Alice` when the first player wins, else `Case k: Bob`.
//!
//! A position's outcome depends on three facts (every pile is one?, XOR zero?, odd number of
//! piles?), looked up in the outcome table `build.rs` derived by grundy-core's recurrence
//! ([`grundy_core::misere`]). Pile sizes go up to 2^64 - 1; `k` and every pile must be at least
//! 1, as in `grundy`.

use grundy_core::Outcome;
use grundy_core::misere::{FIRST_PLAYER_WINS, SECOND_PLAYER_WINS, table_index};
use grundy_judge::answer::winner_name;
use grundy_judge::token::ScanError;

use crate::halves::{self, Summary};
use crate::input::{Scanner, What};
use crate::output::{Lines, Msg, Name, Out};

/// The outcome table, `table_index(all_ones, xor_zero, k_odd)` to a cell.
static TABLE: &[u8; 8] = include_bytes!(concat!(env!("OUT_DIR"), "/misere_table.bin"));

static ALICE: Name = Name::new(winner_name(Outcome::FirstPlayerWins));
static BOB: Name = Name::new(winner_name(Outcome::SecondPlayerWins));

/// Answers every case.
pub fn solve(scan: &mut Scanner, out: &mut Out) {
    let cases = scan.expect(out, What { name: "T, the number of cases", index: 0, case: 0 });
    let mut lines = const { Lines::new("Case ") };
    let mut case = 0;
    while case < cases {
        case += 1;
        let k = scan.expect(out, What { name: "k, the number of piles", index: 0, case });
        if k == 0 {
            let mut m = Msg::new();
            m.s("case ").n(case).s(" has no piles: k must be at least 1");
            scan.fail_at_token(out, &m);
        }
        // The XOR of the piles, and the OR of their halves (0 iff every pile is one).
        let mut summary = None;
        if case == cases
            && let Some([[c1, x1, b1], [c2, x2, b2]]) = halves::read_rest_in_halves(scan, half)
            && c1 + c2 == k
        {
            scan.skip_to_end();
            summary = Some((x1 ^ x2, b1 | b2));
        }
        let (xor, big) = match summary {
            Some(summary) => summary,
            None => match read_piles(scan, k) {
                (_, xor, big, None) => (xor, big),
                (read, _, _, Some(result)) => bad_pile(scan, out, result, read + 1, case),
            },
        };
        let name = match TABLE[table_index(big == 0, xor == 0, k % 2 == 1)] {
            FIRST_PLAYER_WINS => &ALICE,
            SECOND_PLAYER_WINS => &BOB,
            // Every pile one forces XOR = k mod 2: the other two classes are empty.
            _ => unreachable!(),
        };
        lines.push(out, name);
    }
    scan.finish(out, cases);
}

/// Reads up to `limit` piles: how many were read, their XOR, the OR of their halves, and what
/// reading the pile that stopped it before `limit` gave (an error, or an empty pile).
fn read_piles(scan: &mut Scanner, limit: u64) -> (u64, u64, u64, Option<Result<u64, ScanError>>) {
    let (mut read, mut xor, mut big) = (0, 0, 0);
    while read < limit {
        match scan.number() {
            Ok(stones) if stones != 0 => (read, xor, big) = (read + 1, xor ^ stones, big | stones >> 1),
            result => return (read, xor, big, Some(result)),
        }
    }
    (read, xor, big, None)
}

/// A half of a large last case ([`halves`]): the number of piles, their XOR and the OR of their
/// halves; `None` on anything `solve` would report.
fn half(scan: &mut Scanner) -> Option<Summary> {
    match read_piles(scan, u64::MAX) {
        (piles, xor, big, Some(Err(ScanError::End))) => Some([piles, xor, big]),
        _ => None,
    }
}

/// Ends the process on a pile that could not be read, or is empty.
#[cold]
#[inline(never)]
fn bad_pile(scan: &mut Scanner, out: &mut Out, result: Result<u64, ScanError>, pile: u64, case: u64) -> ! {
    let Err(e) = result else {
        let mut m = Msg::new();
        m.s("pile ").n(pile).s(" of case ").n(case).s(" is empty: piles hold at least one stone");
        scan.fail_at_token(out, &m)
    };
    scan.fail(out, e, &What { name: "the size of pile ", index: pile, case })
}
