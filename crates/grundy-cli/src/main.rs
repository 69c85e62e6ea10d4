//! The `grundy` command line: judge solvers, table generation and inspection.

mod cli;
#[cfg(feature = "script")]
mod memory;
mod process;

fn main() -> std::process::ExitCode {
    cli::run()
}
