//! `grundy knights`: the knights judge for the hyper knight or any leaper.

use std::path::Path;

use grundy::judge::{JudgeError, Report, Style};
use grundy::leaper::Knights;
use grundy_core::leaper::{MoveSet, MovesText};

use super::holder::Holder;
use crate::cli::exit::Failure;
use crate::cli::judge::{open_input, run_to_stdout};

/// `grundy knights`; with a style, explained or JSON output instead of the judge's. A table of
/// another game is noted on standard error only when `--moves` did not name it (`--table BLOB`
/// alone); a coordinate beyond a square without closed form says how to get a larger one.
pub fn knights(file: Option<&Path>, holder: &Holder, style: Option<Style>, moves_given: bool) -> Result<(), Failure> {
    let table = holder.table()?;
    if !moves_given && !MoveSet::hyper_knight().is_set_of(table.moves()) {
        eprintln!(
            "grundy: note: the table's move set {} is not the hyper knight's; answering for that game",
            MovesText(table.moves())
        );
    }
    let input = open_input(file)?;
    match style {
        None => run_to_stdout(&mut Knights { table }, input),
        Some(style) => run_to_stdout(&mut Report::new(Knights { table }, style), input),
    }
    .map_err(|e| {
        let beyond = matches!(&e, JudgeError::Input(i) if i.beyond_square().is_some());
        let mut failure = Failure::from(e);
        match holder {
            Holder::Computed(_) if beyond => {
                failure.message +=
                    &format!("; --bound N computes a larger square (N <= {})", grundy_core::generate::MAX_BOUND);
            }
            Holder::File(..) if beyond => {
                failure.message += "; `grundy generate --moves M --bound N -o FILE` writes a blob with a larger square";
            }
            _ => {}
        }
        failure
    })
}
