//! Output styles: a caller's own `Sink` is handed every solved case, as the explained output
//! writes them.

use std::io::Write;

use grundy::heap::{HeapLookup, Heaps, HeapsCase};
use grundy::judge::scanner::Scanner;
use grundy::judge::{Explained, JudgeError, Report, Sink, Style};
use grundy::knight;
use grundy::leaper::{Knights, KnightsCase};
use grundy_core::heap::{Beyond, HeapGame, Period};

use crate::run;

/// Keeps what it is handed, and writes one line per case.
#[derive(Default)]
struct Kept<T>(Vec<T>);

/// What a knights case was handed with: its number, knights, nimber and winning move (the knight
/// and where it goes).
type KnightsSeen = (u64, Vec<(u64, u64)>, u64, Option<(usize, (u64, u64))>);

impl Sink<KnightsCase> for Kept<KnightsSeen> {
    fn case<W: Write>(&mut self, out: &mut W, c: &KnightsCase) -> Result<(), JudgeError> {
        self.0.push((c.case, c.knights.clone(), c.nimber.0, c.winning_move.map(|m| (m.knight, m.to))));
        writeln!(out, "{}", c.case)?;
        Ok(())
    }
}

impl Sink<HeapsCase> for Kept<(Vec<u64>, Vec<u32>, u32)> {
    fn case<W: Write>(&mut self, _: &mut W, c: &HeapsCase) -> Result<(), JudgeError> {
        self.0.push((c.heaps.clone(), c.values.clone(), c.nimber));
        Ok(())
    }
}

#[test]
fn a_sink_is_handed_every_knights_case_solved() {
    let input = "3\n1\n1 0\n2\n2 5\n3 5\n3\n0 0\n700 9\n4 4\n";
    let mut sink = Kept::default();
    let mut out = Vec::new();
    let mut judge = Knights { table: knight::embedded_table() };
    judge.solve_into(&mut Scanner::new(input.as_bytes()), &mut out, &mut sink).unwrap();
    assert_eq!(out, b"1\n2\n3\n");
    let knights: [&[(u64, u64)]; 3] = [&[(1, 0)], &[(2, 5), (3, 5)], &[(0, 0), (700, 9), (4, 4)]];
    assert_eq!(sink.0.len(), 3);
    for (i, ((case, read, nimber, winning), knights)) in sink.0.into_iter().zip(knights).enumerate() {
        assert_eq!(case, i as u64 + 1);
        assert_eq!(read, knights);
        assert_eq!(nimber, knight::value_of_sum(knights.iter().copied()).unwrap().0);
        let expected = knight::winning_move(knights).unwrap().map(|m| (m.knight, m.to));
        assert_eq!(winning, expected, "case {case}");
    }
}

#[test]
fn a_sink_sees_the_cases_before_bad_input_and_nothing_of_it() {
    let mut sink = Kept::default();
    let mut out = Vec::new();
    let mut judge = Knights { table: knight::embedded_table() };
    let input = b"2\n1\n1 0\n1\n2 x\n";
    let result = judge.solve_into(&mut Scanner::new(&input[..]), &mut out, &mut sink);
    let Err(JudgeError::Input(e)) = result else { panic!("a bad coordinate is an input error") };
    assert_eq!((e.line, e.column), (5, 3), "{e}");
    assert_eq!(sink.0.len(), 1);
    assert_eq!(out, b"1\n");
}

/// The subtraction game {1, 2}: G(n) = n mod 3.
struct TakeOneOrTwo(HeapGame);

impl HeapLookup for TakeOneOrTwo {
    fn game(&self) -> &HeapGame {
        &self.0
    }

    fn period(&self) -> Option<Period> {
        None
    }

    fn value(&self, heap: u64) -> Result<u32, Beyond> {
        Ok((heap % 3) as u32)
    }
}

#[test]
fn a_sink_is_handed_each_heap_and_its_value() {
    let table = TakeOneOrTwo(HeapGame::subtraction(&[1, 2]).unwrap());
    let mut sink = Kept::default();
    let mut judge = Heaps { table };
    judge.solve_into(&mut Scanner::new(&b"2\n2\n4 5\n3\n0 3 7\n"[..]), &mut Vec::new(), &mut sink).unwrap();
    assert_eq!(sink.0, [(vec![4, 5], vec![1, 2], 3), (vec![0, 3, 7], vec![0, 0, 1], 1)]);
}

#[test]
fn a_report_writes_one_explained_line_per_case() {
    let mut report = Report::new(Knights { table: knight::embedded_table() }, Style::Explain);
    let out = run::output(&mut report, "2\n1\n1 0\n2\n2 5\n3 5\n").unwrap();
    assert_eq!(
        out,
        "Case 1: Bob — *0 (1, 0) = *0; no winning move\n\
         Case 2: Alice — *3 (2, 5) ^ *1 (3, 5) = *2; move knight 1: (2, 5) -> (1, 3)\n"
    );
}
