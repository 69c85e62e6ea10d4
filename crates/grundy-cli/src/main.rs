//! The `grundy` command line: judge solvers, table generation and inspection.

mod cli;

fn main() -> std::process::ExitCode {
    cli::run()
}
