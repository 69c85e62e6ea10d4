//! HDU 4678, Mine: `T`, then per case `N M K` and `K` lines `X Y` (row, column, 0-based);
//! `Case #k: Xiemao` when the first player wins, else `Case #k: Fanglaoshi`.
//!
//! Solved exactly by grundy-core's Mine solver, with `grundy`'s checks: `N, M >= 1`, boards it
//! can solve (either way round), mines on the board, repeated mines one mine. A board that
//! breaks the statement's promise is named on standard error; a case the solver refuses (a
//! cluster beyond its search budget) ends the run with exit code 3, after the answers before it.

use grundy_core::Outcome;
use grundy_core::mine::{Board, BoardError, MAX_CELLS, SolveError, Solver, beyond_either_way, working_bytes};
use grundy_judge::answer::mine_winner;
use grundy_judge::token::ScanError;

use crate::input::{Scanner, What};
use crate::output::{self, Lines, Msg, Name, Out};

static XIEMAO: Name = Name::new(mine_winner(Outcome::FirstPlayerWins));
static FANGLAOSHI: Name = Name::new(mine_winner(Outcome::SecondPlayerWins));

/// Answers every case.
pub fn solve(scan: &mut Scanner, out: &mut Out) {
    let cases = scan.expect(out, What { name: "T, the number of cases", index: 0, case: 0 });
    let mut lines = const { Lines::new("Case #") };
    let mut solver = Solver::new();
    let mut board = Board::default();
    let mut case = 0;
    while case < cases {
        case += 1;
        let rows = dimension(scan, out, "N, the number of rows", case);
        let cols = dimension(scan, out, "M, the number of columns", case);
        check_size(scan, out, &mut board, rows, cols, case);
        let mines = scan.expect(out, What { name: "K, the number of mines", index: 0, case });
        let mut mine = 0;
        while mine < mines {
            // A block at a time where there are enough mines to fill one (a mine off the board
            // is left to the reading below, which reports it).
            if mines - mine >= 8 {
                mine += scan.pairs(mines - mine, |x, y| x < rows && y < cols && board.place_mine(x, y).is_ok());
                if mine == mines {
                    break;
                }
            }
            mine += 1;
            let (x, y) = match scan.pair_below([rows, cols]) {
                Some(mine) => mine,
                None => (coordinate(scan, out, "X", rows, mine, case), coordinate(scan, out, "Y", cols, mine, case)),
            };
            if board.place_mine(x, y).is_err() {
                unreachable!();
            }
        }
        match solver.solve(&board) {
            Ok(analysis) => {
                if !analysis.keeps_promise() {
                    let mut m = Msg::new();
                    m.s("case ")
                        .n(case)
                        .s(" breaks the promise (a number touches two blank regions); solved exactly (");
                    plural(&mut m, analysis.shared_numbers, "number").s(" touching two or more, ");
                    plural(&mut m, analysis.clusters as u64, "cluster").s(" searched)");
                    output::report(&m.0);
                }
                let winner = match analysis.outcome() {
                    Outcome::FirstPlayerWins => &XIEMAO,
                    Outcome::SecondPlayerWins => &FANGLAOSHI,
                };
                lines.push(out, winner);
            }
            Err(e) => refused(out, case, &e),
        }
    }
    scan.finish(out, cases);
}

/// A board side, at least 1.
fn dimension(scan: &mut Scanner, out: &mut Out, name: &'static str, case: u64) -> u64 {
    let what = What { name, index: 0, case };
    let side = scan.expect(out, what);
    if side == 0 {
        let mut m = Msg::new();
        m.what(&what).s(" is 0: a board has at least one cell");
        scan.fail_at_token(out, &m);
    }
    side
}

/// Makes `board` an empty `rows x cols` board, or ends the process with `grundy`'s error at `M`:
/// a board of fewer than 2^32 cells whose working memory is beyond the bound either way round
/// (rows cost more than columns: `4294967295 x 1` is refused as `1 x 4294967295` is), one of
/// 2^32 cells or more, or one whose memory could not be had.
#[inline(never)]
fn check_size(scan: &Scanner, out: &mut Out, board: &mut Board, rows: u64, cols: u64, case: u64) {
    /// Refused either way round (the bytes it needs with its longer side as the rows), or as
    /// `Board::reset` refuses it.
    enum Refusal {
        EitherWay(u128),
        Board(BoardError),
    }
    let refusal = match beyond_either_way(rows, cols) {
        Some(bytes) => Refusal::EitherWay(bytes),
        None => match board.reset(rows, cols) {
            Ok(()) => return,
            Err(e) => Refusal::Board(e),
        },
    };
    let cells = u128::from(rows) * u128::from(cols);
    let mut m = Msg::new();
    m.s("case ").n(case).s(": ");
    let board = |m: &mut Msg| {
        m.s("a ").n(rows).s(" x ").n(cols).s(" board");
    };
    match refusal {
        Refusal::EitherWay(bytes) => {
            board(&mut m);
            m.s(" needs ").n128(bytes).s(
                " bytes of memory to solve; at most 4294967296 (4 GiB) are supported (a board counts with its longer \
                 side as the rows: either way round it is the same game)",
            );
        }
        Refusal::Board(BoardError::OutOfMemory { bytes, .. }) => {
            m.s("not enough memory for ");
            board(&mut m);
            m.s(" (").n128(bytes).s(" bytes could not be allocated)");
        }
        Refusal::Board(_) if cells > u128::from(MAX_CELLS) => {
            board(&mut m);
            m.s(" has ").n128(cells).s(" cells; at most 4294967295 are supported");
        }
        Refusal::Board(_) => {
            board(&mut m);
            m.s(" needs ")
                .n128(working_bytes(rows, cols))
                .s(" bytes of memory to solve; at most 4294967296 (4 GiB) are supported");
        }
    }
    scan.fail_at_token(out, &m)
}

/// A mine's row (`X`, below `N`) or column (`Y`, below `M`).
#[inline(always)]
fn coordinate(scan: &mut Scanner, out: &mut Out, axis: &'static str, side: u64, mine: u64, case: u64) -> u64 {
    match scan.number() {
        Ok(v) if v < side => v,
        result => bad_coordinate(scan, out, result, axis, side, mine, case),
    }
}

/// Ends the process on a mine's coordinate that could not be read, or is off the board.
#[cold]
#[inline(never)]
fn bad_coordinate(
    scan: &mut Scanner,
    out: &mut Out,
    result: Result<u64, ScanError>,
    axis: &'static str,
    side: u64,
    mine: u64,
    case: u64,
) -> ! {
    match result {
        Ok(v) => {
            let mut m = Msg::new();
            m.s(axis).s(" = ").n(v).s(" of mine ").n(mine).s(" of case ").n(case);
            m.s(" is outside the board: it must be below ").n(side);
            scan.fail_at_token(out, &m)
        }
        Err(e) => {
            let name = if axis == "X" { "X of mine " } else { "Y of mine " };
            scan.fail(out, e, &What { name, index: mine, case })
        }
    }
}

/// A case the solver will not answer: exit 3, after the answers before it.
#[cold]
#[inline(never)]
fn refused(out: &mut Out, case: u64, e: &SolveError) -> ! {
    let mut m = Msg::new();
    m.s("case ").n(case).s(" not solved: ");
    match e {
        SolveError::ClusterTooLarge(c) => {
            let mut what = Msg::new();
            what.s("a cluster of ");
            plural(&mut what, c.regions as u64, "blank region").s(" linked by ");
            plural(&mut what, c.groups as u64, "group").s(" of shared numbers (");
            plural(&mut what, c.cycles as u64, "cycle").s(")");
            match c.out_of_memory {
                Some(bytes) => m
                    .s("memory ran out solving ")
                    .b(&what.0)
                    .s(" exactly, after ")
                    .n(c.states as u64)
                    .s(" search states (")
                    .n(bytes as u64)
                    .s(" more bytes could not be allocated)"),
                None => m
                    .b(&what.0)
                    .s(" runs past the case's budget of ")
                    .n(c.max_states as u64)
                    .s(" units of search (shared by its clusters)"),
            };
        }
        SolveError::OutOfMemory { bytes } => {
            m.s("out of memory (").n(*bytes as u64).s(" bytes could not be allocated)");
        }
        _ => {
            m.s("refused");
        }
    }
    out.exit(3, &m.0)
}

/// `1 {one}` or `{n} {one}s`.
fn plural<'m>(m: &'m mut Msg, n: u64, one: &str) -> &'m mut Msg {
    m.n(n).s(" ").s(one);
    if n != 1 {
        m.s("s");
    }
    m
}
