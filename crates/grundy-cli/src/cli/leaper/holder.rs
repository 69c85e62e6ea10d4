//! The table a leaper's run answers from: the embedded hyper knight's, a blob's, or one computed
//! at start-up.

use std::path::{Path, PathBuf};

use grundy::knight;
use grundy::leaper::LeaperTable;
use grundy::table::TableFile;
use grundy_core::generate::leaper_blob_with;
use grundy_core::leaper::MovesText;

use super::args::LeaperArgs;
use crate::cli::exit::Failure;

/// Where a leaper's table lives for one run.
pub enum Holder {
    /// The embedded hyper-knight tables.
    Embedded,
    /// A blob file (`--table`), and its path for messages.
    File(TableFile, PathBuf),
    /// A table computed at start-up for `--moves`, its square `--bound` on a side.
    Computed(TableFile),
}

impl Holder {
    /// The table: the embedded one, or the blob's first leaper square (with its closed form).
    pub fn table(&self) -> Result<LeaperTable<'_>, Failure> {
        match self {
            Holder::Embedded => Ok(knight::embedded_table()),
            Holder::File(file, path) => file.leaper().map_err(|e| Failure::invalid(format!("{}: {e}", path.display()))),
            Holder::Computed(file) => file.leaper().map_err(Failure::invalid),
        }
    }
}

/// The table for `game`: from `--table BLOB` (whose move set must be `--moves` when both are
/// given), the embedded one for the hyper knight, or computed at start-up (the square
/// `x, y < bound` and, when certified, the closed form).
pub fn holder(game: &LeaperArgs, table: Option<&Path>, bound: usize) -> Result<Holder, Failure> {
    if let Some(path) = table {
        // Read, not mapped: a file that changes while it is mapped is undefined behaviour (a
        // truncation kills the process with SIGBUS), and a blob is at most a few MiB.
        let holder = Holder::File(TableFile::read(path)?, path.to_path_buf());
        if let Some(set) = &game.moves {
            let moves = holder.table()?.moves();
            if !set.is_set_of(moves) {
                return Err(Failure::invalid(format!(
                    "{}: its table is for the moves {}, not --moves {set}",
                    path.display(),
                    MovesText(moves)
                )));
            }
        }
        return Ok(holder);
    }
    if game.is_hyper_knight() {
        return Ok(Holder::Embedded);
    }
    let set = game.set();
    let blob = leaper_blob_with(&set, bound, &game.analyze()).map_err(Failure::invalid)?;
    Ok(Holder::Computed(TableFile::from_bytes(blob).expect("the generator writes valid blobs")))
}
