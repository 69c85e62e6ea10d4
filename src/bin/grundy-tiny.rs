//! `grundy-tiny GAME [FILE]`: the three judge solvers (`knights`, `misere-nim`, `mine`) without a
//! CLI framework, for the smallest binary. Build it with the closed form instead of the knight
//! square and on one thread: `cargo build --profile tiny --no-default-features --bin grundy-tiny`.
//! Exit codes as `grundy`: 0 success, 1 I/O failure, 2 invalid input, 3 a refused Mine case.

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

use grundy::judge::input::Input;
use grundy::judge::knights::Knights;
use grundy::judge::mine::{Mine, promise_notice};
use grundy::judge::misere::MisereNim;
use grundy::judge::{JudgeError, run_to_stdout};
use grundy::solver::mine::Solver;
use grundy::table::embedded;

const USAGE: &str = "usage: grundy-tiny knights|misere-nim|mine [FILE]";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let (game, file) = match args.as_slice() {
        [game] => (game.as_encoded_bytes(), None),
        [game, file] => (game.as_encoded_bytes(), Some(Path::new(file))),
        _ => return fail(2, USAGE),
    };
    let input = match Input::open(file) {
        Ok(input) => input,
        Err(e) => {
            return fail(1, &format!("{}: {e}", file.map_or("standard input".into(), |p| p.display().to_string())));
        }
    };
    let result = match game {
        b"knights" => run_to_stdout(&mut Knights { table: embedded::knight() }, input),
        b"misere-nim" => run_to_stdout(&mut MisereNim { table: embedded::misere_nim() }, input),
        b"mine" => {
            let notice = |case, analysis: &_| {
                if let Some(message) = promise_notice(case, analysis) {
                    eprintln!("grundy-tiny: {message}");
                }
            };
            run_to_stdout(&mut Mine::new(&mut Solver::new(), notice), input)
        }
        _ => return fail(2, USAGE),
    };
    result.map_or_else(|e: JudgeError| fail(e.exit_code(), &e.to_string()), |()| ExitCode::SUCCESS)
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("grundy-tiny: {message}");
    ExitCode::from(code)
}
