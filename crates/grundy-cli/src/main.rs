//! The `grundy` command line: judge solvers, table generation and inspection.

mod cli;
mod process;

fn main() -> std::process::ExitCode {
    cli::run()
}
