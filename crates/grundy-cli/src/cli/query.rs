//! `grundy sg` (one value) and `grundy verify knight` (the closed form's certificate).

use grundy::knight;
use grundy::table::embedded;
use grundy_core::rules::certificate;

use super::{Failure, print};

/// Prints g(x, y); the arguments were range-checked by the parser.
pub fn sg(x: u64, y: u64) -> Result<(), Failure> {
    let g = knight::value(x, y).map_err(Failure::invalid)?;
    print(format_args!("{}\n", g.0))
}

/// Runs the certificate on the embedded patterns and prints its summary.
pub fn verify_knight() -> Result<(), Failure> {
    match certificate::prove(embedded::knight_patterns()) {
        Ok(proof) => print(format_args!("{proof}\n")),
        Err(refutation) => Err(Failure::refuted(format!("verify knight: NOT proven: {refutation}"))),
    }
}
