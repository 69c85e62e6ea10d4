//! `grundy-tiny GAME [FILE]`: the three judge solvers (`knights`, `misere-nim`, `mine`) without a
//! CLI framework, for the smallest binary. Build it with the closed form instead of the knight
//! square and on one thread: `cargo build --profile tiny --no-default-features --bin grundy-tiny`.
//! Exit codes as `grundy`: 0 success, 1 I/O failure, 2 invalid input, 3 a refused Mine case.

use std::ffi::OsString;
use std::fs::File;
use std::io::Read;
use std::path::Path;
use std::process::ExitCode;

use grundy::judge::Knights;
use grundy::judge::MisereNim;
use grundy::judge::scanner::Scanner;
use grundy::judge::source::ReadSource;
use grundy::judge::{Judge, JudgeError, with_stdout};
use grundy::judge::{Mine, promise_notice};
use grundy::mine::Solver;
use grundy::table::embedded;

const USAGE: &str = "usage: grundy-tiny knights|misere-nim|mine [FILE]";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let (game, file) = match args.as_slice() {
        [game] => (game.as_encoded_bytes(), None),
        [game, file] => (game.as_encoded_bytes(), Some(Path::new(file))),
        _ => return fail(2, USAGE),
    };
    // Files are streamed too, not mapped: one reader type keeps every judge compiled once.
    let reader: Box<dyn Read> = match file {
        None => Box::new(std::io::stdin().lock()),
        Some(path) => match File::open(path) {
            Ok(file) => Box::new(file),
            Err(e) => return fail(1, &format!("{}: {e}", path.display())),
        },
    };
    let mut scan = Scanner::new(ReadSource::new(reader));
    let result = match game {
        b"knights" => with_stdout(|out| Knights { table: embedded::knight() }.solve(&mut scan, out)),
        b"misere-nim" => with_stdout(|out| MisereNim { table: embedded::misere_nim() }.solve(&mut scan, out)),
        b"mine" => {
            let notice = |case, analysis: &_| {
                if let Some(message) = promise_notice(case, analysis) {
                    eprintln!("grundy-tiny: {message}");
                }
            };
            with_stdout(|out| Mine::new(&mut Solver::new(), notice).solve(&mut scan, out))
        }
        _ => return fail(2, USAGE),
    };
    result.map_or_else(|e: JudgeError| fail(e.exit_code(), &e.to_string()), |()| ExitCode::SUCCESS)
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("grundy-tiny: {message}");
    ExitCode::from(code)
}
