//! `grundy-tiny GAME [FILE]`: the three judge solvers (`knights`, `misere-nim`, `mine`) without a
//! CLI framework, for the smallest binary. Build it with the closed form instead of the knight
//! square and on one thread: `cargo build --profile tiny --no-default-features --bin grundy-tiny`.
//! Exit codes as `grundy`: 0 success, 1 I/O failure, 2 invalid input, 3 a refused Mine case.

use std::ffi::OsString;
use std::path::Path;
use std::process::ExitCode;

use grundy::judge::scanner::Scanner;
use grundy::judge::{Input, Judge, JudgeError, Knights, Mine, MisereNim};
use grundy::mine::Solver;
use grundy::table::embedded;

// The process policy `grundy` follows too.
#[path = "../process.rs"]
mod process;

use process::{exit_code, promise_notice, with_stdout};

const USAGE: &str = "usage: grundy-tiny knights|misere-nim|mine [FILE]";

fn main() -> ExitCode {
    let args: Vec<OsString> = std::env::args_os().skip(1).collect();
    let (game, file) = match args.as_slice() {
        [game] => (game.as_encoded_bytes(), None),
        [game, file] => (game.as_encoded_bytes(), Some(Path::new(file))),
        _ => return fail(2, USAGE),
    };
    // Read in chunks, whatever the input is: one source type keeps every judge compiled once.
    let stdin = file.is_none_or(|p| p == Path::new("-"));
    let source = match Input::open(file).map(Input::into_stream) {
        Ok(Some(source)) => source,
        Ok(None) => unreachable!("Input::open does not map"),
        Err(e) => {
            let name =
                if stdin { "standard input".into() } else { file.map_or(String::new(), |p| p.display().to_string()) };
            return fail(1, &format!("{name}: {e}"));
        }
    };
    if stdin && std::io::IsTerminal::is_terminal(&std::io::stdin()) {
        eprintln!("grundy-tiny: reading the judge input from standard input (the terminal); end it with Ctrl-D");
    }
    let mut scan = Scanner::new(source);
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
    result.map_or_else(|e: JudgeError| fail(exit_code(&e), &e.to_string()), |()| ExitCode::SUCCESS)
}

fn fail(code: u8, message: &str) -> ExitCode {
    eprintln!("grundy-tiny: {message}");
    ExitCode::from(code)
}
