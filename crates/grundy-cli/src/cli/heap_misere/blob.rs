//! Misère quotients in blobs: `generate --heap SPEC --misere -o FILE`, their part of `verify
//! --table BLOB`, and `heaps --misere --table BLOB` answering from the blob without computing.

use std::path::Path;

use grundy::heap_misere::MisereHeaps;
use grundy::judge::{Report, Style};
use grundy::table::TableFile;
use grundy_core::generate::misere_blob;
use grundy_core::heap::HeapGame;

use super::args::QuotientArgs;
use super::{compute, interrupted};
use crate::cli::exit::{Failure, print};
use crate::cli::heap::{HeapArgs, HeapsArgs};
use crate::cli::output;

/// `grundy generate --heap SPEC --misere -o FILE`: the certified quotient, `P` and the images
/// its period needs; a game without a proven period is refused (exit code 2), nothing written.
pub fn generate(
    game: &HeapGame,
    args: &HeapArgs,
    quotient: &QuotientArgs,
    path: &Path,
    force: bool,
) -> Result<(), Failure> {
    // Checked before the work, so a refused target costs nothing.
    output::check_game_blob(path, force, "--heap")?;
    let (analysis, _) = compute(game, args, quotient);
    interrupted(&analysis)?;
    let blob =
        misere_blob(&analysis).map_err(|e| Failure::invalid(format!("game {game} (misère): {e}; nothing written")))?;
    let (q, p) = (analysis.quotient(), analysis.period().expect("misere_blob stores certified quotients only"));
    eprintln!(
        "grundy: heap game {game} (misère): |Q| = {}, |P| = {}, Φ of period {} from heap {}, proven; {} images stored",
        q.order(),
        q.p_portion_size(),
        p.period,
        p.preperiod,
        p.span()
    );
    output::write(path, &blob, force)?;
    eprintln!("grundy: wrote {} ({} bytes)", path.display(), blob.len());
    Ok(())
}

/// `grundy verify --table BLOB` for the blob's misère quotients: each recomputed by the engine
/// and compared. Returns whether the blob held any.
pub fn verify_blob(path: &Path) -> Result<bool, Failure> {
    let file = TableFile::read(path)?;
    let source = path.display();
    for table in file.misere_quotients() {
        let game = table.game();
        let checked = table
            .verify()
            .map_err(|e| Failure::refuted(format!("verify: NOT proven: {source}: {game} (misère): {e}")))?;
        let p = table.period();
        print(format_args!(
            "{source}: {game} (misère): quotient of {} elements, Φ of period {} from heap {}, recomputed and \
             proven again ({checked} products and images checked)\n",
            table.order(),
            p.period,
            p.preperiod,
        ))?;
    }
    Ok(file.misere_quotients().next().is_some())
}

/// `grundy heaps --misere --table BLOB [--heap SPEC]`: the misère heaps judge on the blob's
/// quotient (of SPEC, or its only one).
pub fn heaps(args: &HeapsArgs, path: &Path, style: Option<Style>) -> Result<(), Failure> {
    let file = TableFile::read(path)?;
    let table = file
        .misere_quotient(args.game.heap.as_ref())
        .map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))?;
    let judge = MisereHeaps { analysis: table.to_analysis() };
    let input = crate::cli::judge::open_input(args.file.as_deref())?;
    match style {
        None => crate::cli::judge::run_to_stdout(&mut { judge }, input),
        Some(style) => crate::cli::judge::run_to_stdout(&mut Report::new(judge, style), input),
    }
    .map_err(Failure::from)
}
