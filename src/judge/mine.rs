//! HDU 4678, Mine: `T`, then per case `N M K` and `K` lines `X Y` (row, column, 0-based).
//! Output per case: `Case #k: Xiemao` when the first player wins, else `Case #k: Fanglaoshi`.
//!
//! Repeated mines are one mine. `N` and `M` must be at least 1; boards of up to `2^32 - 1` cells
//! that need at most 4 GiB to solve ([`MAX_WORKING_BYTES`](crate::solver::mine::MAX_WORKING_BYTES))
//! are accepted, larger ones are an input error at `M` (the judge's are at most 1000 x 1000).
//! Boards that break the statement's promise are solved exactly and reported to the caller; a
//! case whose cluster exceeds the search bound is refused ([`JudgeError::Refused`]) rather than
//! guessed.

use std::io::Write;
use std::sync::mpsc;

use super::scanner::Scanner;
use super::source::Source;
use super::{Judge, JudgeError};
use crate::Outcome;
use crate::solver::mine::{Analysis, Board, SolveError, Solver};

/// The judge's name for the winner.
pub fn winner_name(outcome: Outcome) -> &'static str {
    match outcome {
        Outcome::FirstPlayerWins => "Xiemao",
        Outcome::SecondPlayerWins => "Fanglaoshi",
    }
}

/// The Mine judge: a solver (its buffers reused across cases) and a callback that sees the
/// analysis of every solved case before its line is written (e.g. to say which boards broke
/// the promise).
///
/// With the `parallel` feature, reading a board and solving it overlap: this thread reads the
/// input and hands the mines on in chunks; a second thread places them and solves case `k`
/// while this one reads case `k + 1` (two boards in flight), so a run costs about the larger of
/// the two, not the sum. Answers, reports and errors still come strictly in case order.
pub struct Mine<'s, F> {
    solver: &'s mut Solver,
    boards: [Board; 2],
    report: F,
}

impl<'s, F: FnMut(u64, &Analysis)> Mine<'s, F> {
    pub fn new(solver: &'s mut Solver, report: F) -> Self {
        Mine { solver, boards: Default::default(), report }
    }
}

/// A solved case on its way back from the solver thread, with its board for reuse.
type Solved = (u64, Board, Result<Analysis, SolveError>);

/// Work for the solver thread, in order: a case and its empty board, the case's mines in
/// chunks (a chunk and how many of it are mines), then the order to solve it.
enum Job {
    Case(u64, Board),
    Mines(Vec<[u32; 2]>, usize),
    Solve,
}

/// Mines per chunk handed to the solver thread (128 KiB).
const CHUNK_MINES: usize = 1 << 14;

/// Chunks at most (8 MiB, a million mines): enough for this thread to read a dense 1000 x 1000
/// case while the solver thread is busy with the one before, in bounded memory.
const MAX_CHUNKS: usize = 64;

impl<F: FnMut(u64, &Analysis)> Judge for Mine<'_, F> {
    fn solve<S: Source, W: Write>(&mut self, scan: &mut Scanner<S>, out: &mut W) -> Result<(), JudgeError> {
        let cases = scan.next_u64().map_err(|e| scan.error(e, "T, the number of cases"))?;
        let Mine { solver, boards, report } = self;
        if !cfg!(feature = "parallel") {
            return solve_in_turn(scan, out, cases, solver, &mut boards[0], report);
        }
        std::thread::scope(|threads| {
            let (to_solver, jobs) = mpsc::channel::<Job>();
            let (to_reader, solved) = mpsc::channel::<Solved>();
            let (give_back, returned) = mpsc::channel::<Vec<[u32; 2]>>();
            let (lend, borrow) = mpsc::sync_channel::<&mut Solver>(1);
            let worker = std::thread::Builder::new().name("mine-solver".into()).spawn_scoped(threads, move || {
                let Ok(solver) = borrow.recv() else { return };
                let mut current = None;
                for job in jobs {
                    match job {
                        Job::Case(case, board) => current = Some((case, board)),
                        Job::Mines(chunk, filled) => {
                            let (_, board) = current.as_mut().expect("mines come after their case");
                            place(board, &chunk[..filled]);
                            // The reader may be gone (an error): the chunk is then dropped.
                            let _ = give_back.send(chunk);
                        }
                        Job::Solve => {
                            let (case, board) = current.take().expect("a case to solve");
                            let result = solver.solve(&board);
                            if to_reader.send((case, board, result)).is_err() {
                                break;
                            }
                        }
                    }
                }
            });
            if worker.is_err() {
                // No second thread to be had: read and solve in turn.
                return solve_in_turn(scan, out, cases, solver, &mut boards[0], report);
            }
            lend.send(solver).expect("the solver thread waits for the solver");
            let mut spare: Vec<Board> = boards.iter_mut().map(std::mem::take).collect();
            let mut in_flight = 0;
            let mut finish = |in_flight: &mut usize, spare: &mut Vec<Board>| -> Result<(), JudgeError> {
                let (case, board, result) = solved.recv().expect("the solver thread answers every board");
                *in_flight -= 1;
                spare.push(board);
                emit(case, result, out, report)
            };
            let mut shipper = Shipper { jobs: &to_solver, returned, made: 0, chunk: Vec::new(), filled: 0 };
            for case in 1..=cases {
                if spare.is_empty() {
                    finish(&mut in_flight, &mut spare)?;
                }
                let mut board = spare.pop().expect("a spare board");
                let read = read_header(scan, &mut board, case).and_then(|(bounds, mines)| {
                    to_solver.send(Job::Case(case, board)).expect("the solver thread takes every job");
                    read_mines(scan, bounds, mines, case, &mut shipper)
                });
                if let Err(e) = read {
                    // Answer the cases before this one first: an earlier refusal wins.
                    while in_flight > 0 {
                        finish(&mut in_flight, &mut spare)?;
                    }
                    return Err(e);
                }
                shipper.ship();
                to_solver.send(Job::Solve).expect("the solver thread takes every job");
                in_flight += 1;
            }
            while in_flight > 0 {
                finish(&mut in_flight, &mut spare)?;
            }
            // Keep the boards' memory for the next run.
            for (slot, board) in boards.iter_mut().zip(spare) {
                *slot = board;
            }
            scan.finish(cases)
        })
    }
}

/// The same on one thread.
fn solve_in_turn<S: Source, W: Write>(
    scan: &mut Scanner<S>,
    out: &mut W,
    cases: u64,
    solver: &mut Solver,
    board: &mut Board,
    report: &mut impl FnMut(u64, &Analysis),
) -> Result<(), JudgeError> {
    for case in 1..=cases {
        read_case(scan, board, case)?;
        emit(case, solver.solve(board), out, report)?;
    }
    scan.finish(cases)
}

/// Where a case's mines go as they are read: a buffer filled a batch at a time.
trait Mines {
    /// Room for at least one more mine.
    fn room(&mut self) -> &mut [[u32; 2]];
    /// The first `n` mines of [`Mines::room`] were read.
    fn commit(&mut self, n: usize);
}

/// Places mines on a board as they are read.
struct Placer<'b> {
    board: &'b mut Board,
    buffer: [[u32; 2]; 64],
}

impl Mines for Placer<'_> {
    fn room(&mut self) -> &mut [[u32; 2]] {
        &mut self.buffer
    }

    fn commit(&mut self, n: usize) {
        place(self.board, &self.buffer[..n]);
    }
}

/// Hands mines to the solver thread in chunks, reusing the chunks it gives back and making at
/// most [`MAX_CHUNKS`].
struct Shipper<'a> {
    jobs: &'a mpsc::Sender<Job>,
    returned: mpsc::Receiver<Vec<[u32; 2]>>,
    made: usize,
    /// The chunk being filled (empty when none is), and how many mines it holds.
    chunk: Vec<[u32; 2]>,
    filled: usize,
}

impl Shipper<'_> {
    /// Sends the mines read so far to the solver thread.
    fn ship(&mut self) {
        if self.filled > 0 {
            let chunk = std::mem::take(&mut self.chunk);
            self.jobs.send(Job::Mines(chunk, self.filled)).expect("the solver thread takes every job");
            self.filled = 0;
        }
    }

    /// A chunk given back, or a new one while there are fewer than [`MAX_CHUNKS`], or else the
    /// next one given back.
    fn empty_chunk(&mut self) -> Vec<[u32; 2]> {
        match self.returned.try_recv() {
            Ok(chunk) => chunk,
            Err(_) if self.made < MAX_CHUNKS => {
                self.made += 1;
                vec![[0; 2]; CHUNK_MINES]
            }
            Err(_) => self.returned.recv().expect("the solver thread gives chunks back"),
        }
    }
}

impl Mines for Shipper<'_> {
    fn room(&mut self) -> &mut [[u32; 2]] {
        if self.chunk.is_empty() {
            self.chunk = self.empty_chunk();
        }
        &mut self.chunk[self.filled..]
    }

    fn commit(&mut self, n: usize) {
        self.filled += n;
        if self.filled == self.chunk.len() {
            self.ship();
        }
    }
}

/// Places mines read (and checked) against `board`.
fn place(board: &mut Board, mines: &[[u32; 2]]) {
    for &[x, y] in mines {
        board.place_mine(x.into(), y.into()).expect("coordinates checked against the board");
    }
}

/// Mines read token by token each time [`Scanner::pairs_below`] stops short.
const SLOW_MINES: u64 = 8;

/// Reads case `case` into `board`: `N M K`, then `K` mines.
pub(super) fn read_case<S: Source>(scan: &mut Scanner<S>, board: &mut Board, case: u64) -> Result<(), JudgeError> {
    let (bounds, mines) = read_header(scan, board, case)?;
    read_mines(scan, bounds, mines, case, &mut Placer { board, buffer: [[0; 2]; 64] })
}

/// Reads case `case`'s `N M K` and makes `board` an empty `N x M` board: returns `[N, M]` and `K`.
fn read_header<S: Source>(scan: &mut Scanner<S>, board: &mut Board, case: u64) -> Result<([u64; 2], u64), JudgeError> {
    let rows = dimension(scan, "N, the number of rows", case)?;
    let cols = dimension(scan, "M, the number of columns", case)?;
    board.reset(rows, cols).map_err(|e| scan.error_at_token(format!("case {case}: {e}")))?;
    let mines = scan.next_u64().map_err(|e| scan.error(e, &format!("K, the number of mines of case {case}")))?;
    Ok(([rows, cols], mines))
}

/// Reads the `mines` mines of case `case`, below `bounds`, into `sink`: in bulk, and a few token
/// by token wherever the bulk path stops (an error, a long number, the window's end).
#[inline(always)]
fn read_mines<S: Source>(
    scan: &mut Scanner<S>,
    bounds: [u64; 2],
    mines: u64,
    case: u64,
    sink: &mut impl Mines,
) -> Result<(), JudgeError> {
    let mut left = mines;
    while left > 0 {
        let room = sink.room();
        let wanted = usize::try_from(left).unwrap_or(usize::MAX).min(room.len());
        let read = scan.pairs_below(bounds, &mut room[..wanted]);
        sink.commit(read);
        left -= read as u64;
        if read == wanted {
            continue;
        }
        for _ in 0..SLOW_MINES.min(left) {
            let mine = mines - left + 1;
            let x = coordinate(scan, "X", bounds[0], mine, case)?;
            let y = coordinate(scan, "Y", bounds[1], mine, case)?;
            // A board's sides are below 2^32 (it has fewer cells).
            sink.room()[0] = [x, y].map(|v| u32::try_from(v).expect("below a side of the board"));
            sink.commit(1);
            left -= 1;
        }
    }
    Ok(())
}

/// Reports a solved case and writes its answer, or refuses it.
fn emit<W: Write>(
    case: u64,
    result: Result<Analysis, SolveError>,
    out: &mut W,
    report: &mut impl FnMut(u64, &Analysis),
) -> Result<(), JudgeError> {
    let analysis = result.map_err(|e| refused(case, e))?;
    report(case, &analysis);
    writeln!(out, "Case #{case}: {}", winner_name(analysis.outcome()))?;
    Ok(())
}

/// A case the solver will not answer (a cluster beyond the bound, or memory).
pub(super) fn refused(case: u64, e: SolveError) -> JudgeError {
    JudgeError::Refused { case, reason: e.to_string() }
}

/// A board side, at least 1.
fn dimension<S: Source>(scan: &mut Scanner<S>, what: &str, case: u64) -> Result<u64, JudgeError> {
    match scan.next_u64() {
        Ok(0) => Err(scan.error_at_token(format!("{what} of case {case} is 0: a board has at least one cell"))),
        Ok(v) => Ok(v),
        Err(e) => Err(scan.error(e, &format!("{what} of case {case}"))),
    }
}

/// A mine's row (`X`, below `N`) or column (`Y`, below `M`).
#[inline(always)]
fn coordinate<S: Source>(
    scan: &mut Scanner<S>,
    axis: &str,
    side: u64,
    mine: u64,
    case: u64,
) -> Result<u64, JudgeError> {
    match scan.next_u64() {
        Ok(v) if v < side => Ok(v),
        Ok(v) => Err(scan.error_at_token(format!(
            "{axis} = {v} of mine {mine} of case {case} is outside the board: it must be below {side}"
        ))),
        Err(e) => Err(scan.error(e, &format!("{axis} of mine {mine} of case {case}"))),
    }
}

/// The notice for standard error when a case broke the statement's promise (and was solved
/// exactly); `None` for a case that kept it.
pub fn promise_notice(case: u64, analysis: &Analysis) -> Option<String> {
    if analysis.keeps_promise() {
        return None;
    }
    let plural = |n: u64, one: &str, many: &str| if n == 1 { format!("1 {one}") } else { format!("{n} {many}") };
    Some(format!(
        "case {case} breaks the promise (a number touches two blank regions); solved exactly \
         ({} touching two or more, {} searched)",
        plural(analysis.shared_numbers, "number", "numbers"),
        plural(analysis.clusters as u64, "cluster", "clusters"),
    ))
}
