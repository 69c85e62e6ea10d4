//! Mine on two threads: this one reads the cases and queues them for a second one, which solves
//! them. When the queue is full (solving lags), this thread solves the case it has just read,
//! and once the input is read it takes queued cases too, so reading and solving share both
//! cores whatever the mix of boards. Answers, reports and errors come strictly in case order.

use std::collections::VecDeque;
use std::io::Write;

use crossbeam_channel::{Receiver, Sender};

use super::cases::{Callbacks, emit, read_case, solve_in_turn};
use crate::judge::JudgeError;
use crate::judge::scanner::Scanner;
use crate::judge::source::Source;
use crate::mine::{Analysis, Board, SolveError, Solver, working_bytes};

/// The queue, at most: this many cases, and boards of this many bytes (64 judge boards of
/// 1000 x 1000). A deep queue lets this thread read ahead while the other catches up, which
/// pays when boards slow to solve (sparse) come before boards slow to read (dense).
const QUEUE: usize = 1 << 10;
const QUEUE_BYTES: usize = 8 << 20;

/// Boards needing more working memory than this (see [`working_bytes`]) are solved here, alone,
/// once the queue is empty, so that memory stays near one board's need. A judge board needs
/// about 0.5 MB.
const SHARED_SOLVE_BYTES: u128 = 8 << 20;

/// Boards kept for reuse, at most.
const SPARE_BOARDS: usize = 4;

/// Results held back until the cases before them are answered, at most: beyond it this thread
/// waits for the second one.
const MAX_HELD: usize = 1 << 12;

/// A case to solve, and a solved one with its board for reuse.
type Job = (u64, Board);
type Solved = (u64, Board, Result<Analysis, SolveError>);

/// Reads and answers `cases` cases, solving on this thread (`solver`) and a second one (`twin`);
/// read and solved in turn when no second thread can be had.
pub(super) fn solve<S: Source, W: Write, F: FnMut(u64, &Analysis)>(
    scan: &mut Scanner<S>,
    out: &mut W,
    cases: u64,
    [solver, twin]: [&mut Solver; 2],
    boards: &mut Vec<Board>,
    callbacks: &mut Callbacks<'_, F>,
) -> Result<(), JudgeError> {
    std::thread::scope(|threads| {
        let (queue, jobs) = crossbeam_channel::bounded::<Job>(QUEUE);
        let (to_reader, solved) = crossbeam_channel::unbounded::<Solved>();
        let second_jobs = jobs.clone();
        let second = std::thread::Builder::new().name("mine-solver".into()).spawn_scoped(threads, move || {
            for (case, board) in second_jobs {
                twin.set_case(Some(case));
                let result = twin.solve(&board);
                if to_reader.send((case, board, result)).is_err() {
                    break;
                }
            }
        });
        if second.is_err() {
            let mut board = boards.pop().unwrap_or_default();
            let result = solve_in_turn(scan, out, cases, solver, &mut board, callbacks);
            boards.push(board);
            return result;
        }
        let order = InOrder { next: 1, held: VecDeque::new(), out, callbacks };
        let mut crew = Crew { queue, jobs, solved, away: 0, away_bytes: 0, spares: boards, solver, order };
        crew.run(scan, cases)?;
        scan.finish(cases)
    })
}

/// This thread's side: the queue, the results coming back, and the answers.
struct Crew<'a, 's, W, F> {
    queue: Sender<Job>,
    /// The queue's other end, to take cases from it here.
    jobs: Receiver<Job>,
    solved: Receiver<Solved>,
    /// Cases queued whose results have not come back, and their boards' bytes.
    away: usize,
    away_bytes: usize,
    spares: &'a mut Vec<Board>,
    solver: &'a mut Solver,
    order: InOrder<'a, 's, W, F>,
}

impl<W: Write, F: FnMut(u64, &Analysis)> Crew<'_, '_, W, F> {
    fn run<S: Source>(&mut self, scan: &mut Scanner<S>, cases: u64) -> Result<(), JudgeError> {
        for case in 1..=cases {
            let mut board = self.spares.pop().unwrap_or_default();
            if let Err(e) = read_case(scan, &mut board, case) {
                // Answer the cases before this one first: an earlier refusal wins.
                self.finish()?;
                return Err(e);
            }
            if working_bytes(board.rows() as u64, board.cols() as u64) > SHARED_SOLVE_BYTES {
                self.finish()?;
                self.solve_here(case, board)?;
                continue;
            }
            if let Err(board) = self.offer(case, board) {
                self.solve_here(case, board)?;
            }
            if self.order.held.len() >= MAX_HELD {
                self.collect(true)?;
            }
            while self.collect(false)? {}
        }
        self.finish()
    }

    /// Queues a case, or gives its board back when the queue is full.
    fn offer(&mut self, case: u64, board: Board) -> Result<(), Board> {
        let bytes = board.bitmap_bytes();
        if self.away > 0 && self.away_bytes + bytes > QUEUE_BYTES {
            return Err(board);
        }
        match self.queue.try_send((case, board)) {
            Ok(()) => {
                (self.away, self.away_bytes) = (self.away + 1, self.away_bytes + bytes);
                Ok(())
            }
            Err(e) => Err(e.into_inner().1),
        }
    }

    /// Solves a case here.
    fn solve_here(&mut self, case: u64, board: Board) -> Result<(), JudgeError> {
        self.solver.set_case(Some(case));
        let result = self.solver.solve(&board);
        self.keep(board);
        self.order.add(case, result)
    }

    /// Answers the oldest case queued if its result is back (or once it is, with `wait`).
    /// Returns whether it did.
    fn collect(&mut self, wait: bool) -> Result<bool, JudgeError> {
        if self.away == 0 {
            return Ok(false);
        }
        let message = match wait {
            true => Some(self.solved.recv().expect("the solver thread answers every case it takes")),
            false => self.solved.try_recv().ok(),
        };
        let Some((case, board, result)) = message else { return Ok(false) };
        self.away -= 1;
        self.away_bytes -= board.bitmap_bytes();
        self.keep(board);
        self.order.add(case, result)?;
        Ok(true)
    }

    /// Answers every case queued, solving here those the second thread has not taken yet.
    fn finish(&mut self) -> Result<(), JudgeError> {
        while let Ok((case, board)) = self.jobs.try_recv() {
            self.away -= 1;
            self.away_bytes -= board.bitmap_bytes();
            self.solve_here(case, board)?;
            while self.collect(false)? {}
        }
        while self.collect(true)? {}
        Ok(())
    }

    /// Keeps a board for reuse, up to [`SPARE_BOARDS`].
    fn keep(&mut self, board: Board) {
        if self.spares.len() < SPARE_BOARDS {
            self.spares.push(board);
        }
    }
}

/// Answers written in case order: results that come early wait for the cases before them.
struct InOrder<'a, 's, W, F> {
    /// The next case to answer.
    next: u64,
    /// Results of cases `next, next + 1, ...`, those not solved yet `None`.
    held: VecDeque<Option<Result<Analysis, SolveError>>>,
    out: &'a mut W,
    callbacks: &'a mut Callbacks<'s, F>,
}

impl<W: Write, F: FnMut(u64, &Analysis)> InOrder<'_, '_, W, F> {
    /// Takes the result of `case` and answers every case it unblocks.
    fn add(&mut self, case: u64, result: Result<Analysis, SolveError>) -> Result<(), JudgeError> {
        let at = (case - self.next) as usize;
        if self.held.len() <= at {
            self.held.resize_with(at + 1, || None);
        }
        self.held[at] = Some(result);
        while let Some(Some(_)) = self.held.front() {
            let result = self.held.pop_front().flatten().expect("a held result");
            emit(self.next, result, self.out, self.callbacks)?;
            self.next += 1;
        }
        Ok(())
    }
}
