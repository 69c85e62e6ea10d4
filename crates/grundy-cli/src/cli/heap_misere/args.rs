//! `--max-quotient`, beside `--misere` on every subcommand that takes it.

use clap::Args;

/// The options of the misère engine that normal play does not have.
#[derive(Args, Clone, Copy, Debug, Default)]
pub struct QuotientArgs {
    /// With --misere: the largest quotient accepted, 1 to 65535 elements [default: 1024]. When the
    /// quotient grows and no trial within N elements is proven, the run stops there, as at
    /// --max-heap: the quotient of the heaps before, and no period.
    #[arg(long, allow_negative_numbers = true, value_name = "N", requires = "misere", value_parser = max_quotient)]
    pub max_quotient: Option<usize>,
}

fn max_quotient(text: &str) -> Result<usize, String> {
    match crate::cli::parse::count(text) {
        Ok(n @ 1..=65535) => Ok(n as usize),
        _ => Err("not a whole number in 1..=65535 (digits, 2^K, or 1e6 written exactly)".into()),
    }
}
