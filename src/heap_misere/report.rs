//! Misère sums of heaps explained: one loop reads and solves each case, and its output style
//! ([`Sink`]) writes it.

use std::io::Write;

#[cfg(feature = "json")]
use serde::Serialize;

use super::MisereHeaps;
use crate::Outcome;
use crate::heap::HeapMove;
use crate::heap::judge::read_case;
use crate::heap::report::write_move;
use crate::judge::JudgeError;
use crate::judge::answer::winner_name;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::judge::style::{Explain, Explained, Sink, write_joined};
#[cfg(feature = "json")]
use crate::judge::style::{Json, write_json};
use grundy_core::heap::Beyond;

/// A solved case of a misère sum of heaps: the heaps, their images in the misère quotient, their
/// product and a winning move.
///
/// In text: `Case 1: Alice — a (1) · b (2) = ab, not in P; move heap 2: take 1 from 2, leaving
/// 1`. In JSON, after `winner`: `heaps` (the sizes), `images` (each heap's element, as the
/// quotient's presentation writes it), `product`, `in_p`, and `winning_move` as the heaps judge
/// writes it (`null` when every move loses, or there is none).
#[derive(Debug, Default)]
#[non_exhaustive]
pub struct MisereHeapsCase {
    /// The case, from 1.
    pub case: u64,
    /// The heap sizes, in input order.
    pub heaps: Vec<u64>,
    /// Each heap's element of the quotient, written as its presentation's word.
    pub images: Vec<String>,
    /// The product of the images.
    pub product: String,
    /// Whether the product is in the P-portion: the player to move loses.
    pub in_p: bool,
    /// A winning move, `None` when every move loses or there is no move.
    pub winning_move: Option<HeapMove>,
}

impl MisereHeapsCase {
    /// Who wins: the second player when the product is in `P`.
    pub fn outcome(&self) -> Outcome {
        if self.in_p { Outcome::SecondPlayerWins } else { Outcome::FirstPlayerWins }
    }
}

impl Explained for MisereHeaps {
    type Case = MisereHeapsCase;

    fn solve_into<S: Source, W: Write, K: Sink<MisereHeapsCase>>(
        &mut self,
        scan: &mut Scanner<S>,
        out: &mut W,
        sink: &mut K,
    ) -> Result<(), JudgeError> {
        let a = &self.analysis;
        let (q, words) = (a.quotient(), a.presentation());
        let refused =
            |case, beyond: Beyond| JudgeError::Refused { case, reason: format!("game {} (misère): {beyond}", a.game) };
        let mut c = MisereHeapsCase::default();
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        for case in 1..=cases {
            c.case = case;
            c.heaps.clear();
            c.images.clear();
            let mut product = q.identity();
            read_case(scan, case, |heap| {
                let image = a.image(heap).map_err(|beyond| refused(case, beyond))?;
                product = q.product(product, image);
                c.heaps.push(heap);
                c.images.push(words.element(image));
                Ok(())
            })?;
            c.product = words.element(product);
            c.in_p = q.in_p(product);
            c.winning_move = a.winning_move(&c.heaps).map_err(|beyond| refused(case, beyond))?.map(|(i, m)| HeapMove {
                heap: i,
                from: c.heaps[i],
                take: m.take,
                left: m.left,
            });
            sink.case(out, &c)?;
        }
        scan.finish(cases)
    }
}

impl Sink<MisereHeapsCase> for Explain {
    fn case<W: Write>(&mut self, out: &mut W, c: &MisereHeapsCase) -> Result<(), JudgeError> {
        write!(out, "Case {}: {} — ", c.case, winner_name(c.outcome()))?;
        let terms = c.heaps.iter().zip(&c.images).map(|(heap, image)| format!("{image} ({heap})"));
        write_joined(out, c.heaps.len(), " · ", terms)?;
        write!(out, " = {}, {}", c.product, if c.in_p { "in P" } else { "not in P" })?;
        write_move(out, c.winning_move.as_ref())
    }
}

#[cfg(feature = "json")]
impl Sink<MisereHeapsCase> for Json {
    fn case<W: Write>(&mut self, out: &mut W, c: &MisereHeapsCase) -> Result<(), JudgeError> {
        #[derive(Serialize)]
        struct Line<'a> {
            case: u64,
            winner: &'static str,
            heaps: &'a [u64],
            images: &'a [String],
            product: &'a str,
            in_p: bool,
            winning_move: &'a Option<HeapMove>,
        }
        write_json(
            out,
            &Line {
                case: c.case,
                winner: winner_name(c.outcome()),
                heaps: &c.heaps,
                images: &c.images,
                product: &c.product,
                in_p: c.in_p,
                winning_move: &c.winning_move,
            },
        )
    }
}
