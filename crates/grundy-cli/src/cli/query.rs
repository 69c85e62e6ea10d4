//! `grundy sg` (one value) and `grundy verify knight` (the closed form's certificate).

use grundy::knight;
use grundy::table::embedded;
use grundy_core::rules::certificate;

use super::Failure;

/// Prints g(x, y); the arguments were range-checked by the parser.
pub fn sg(x: u64, y: u64) -> Result<(), Failure> {
    let g = knight::value(x, y).map_err(Failure::invalid)?;
    println!("{}", g.0);
    Ok(())
}

/// Runs the certificate on the embedded patterns and prints its summary.
pub fn verify_knight() -> Result<(), Failure> {
    match certificate::prove(embedded::knight_patterns()) {
        Ok(proof) => {
            println!("{proof}");
            Ok(())
        }
        Err(refutation) => Err(Failure::refuted(format!("verify knight: NOT proven: {refutation}"))),
    }
}
