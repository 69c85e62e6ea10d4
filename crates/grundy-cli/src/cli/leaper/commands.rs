//! What each subcommand does with a leaper: `sg`, `analyze`, `verify` and `generate`.

use std::path::Path;

use grundy::knight;
use grundy::leaper::{ClosedForm, KnightError};
use grundy::table::{TableFile, TableKind};
use grundy_core::leaper::{MoveSet, Verdict, prove};

use super::args::LeaperArgs;
use super::holder::holder;
use super::json;
use crate::cli::draw::{self, TableArgs};
use crate::cli::exit::{Failure, print};

/// `grundy sg [--moves M] X Y [X Y ...]`: one value per pair, one per line.
pub fn sg(game: &LeaperArgs, bound: usize, coordinates: &[u64]) -> Result<(), Failure> {
    if !coordinates.len().is_multiple_of(2) {
        return Err(Failure::invalid(format!(
            "an odd number of coordinates ({}): give X Y pairs (the last X has no Y)",
            coordinates.len()
        )));
    }
    let max = grundy::knight::MAX_COORDINATE;
    if let Some(&c) = coordinates.iter().find(|&&c| c > max) {
        return Err(Failure::invalid(format!("coordinate {c} is not in 0..={max} (2^63 - 1)")));
    }
    let holder = holder(game, None, bound)?;
    let table = holder.table()?;
    let mut out = String::new();
    for pair in coordinates.chunks(2) {
        let g = table.value(pair[0], pair[1]).map_err(|e| match e {
            KnightError::OutsideTable { x, y, bound } => beyond_square(&game.set(), x, y, bound),
            e => Failure::invalid(e),
        })?;
        out += &format!("{}\n", g.0);
    }
    print(out)
}

/// A cell outside the square of a move set without proven closed form: the cell, the square,
/// and the `--bound` that would hold it.
fn beyond_square(set: &MoveSet, x: u64, y: u64, bound: usize) -> Failure {
    let need = x.max(y).saturating_add(1);
    let max = grundy_core::generate::MAX_BOUND;
    let larger = if need <= max as u64 {
        format!("--bound N computes a larger square (N >= {need} holds this cell; N <= {max})")
    } else {
        format!("no square holds it (--bound N computes a larger square, but N <= {max})")
    };
    Failure::invalid(format!(
        "({x}, {y}) is outside the {bound} x {bound} square (0 <= x, y < {bound}) computed for the moves {set}, \
         which have no proven closed form: {larger}"
    ))
}

/// `grundy analyze [--moves M] [--json]`.
pub fn analyze(game: &LeaperArgs, as_json: bool) -> Result<(), Failure> {
    let analysis = game.analyze();
    if as_json {
        print(format_args!("{}\n", json::analysis_json(&analysis)))
    } else {
        print(format_args!("{analysis}\n"))
    }
}

/// `grundy verify [knight] [--moves M] [--table BLOB]`: re-run the certificate.
pub fn verify(game: &LeaperArgs, table: Option<&Path>) -> Result<(), Failure> {
    let holder;
    let (form, source): (ClosedForm, String) = match table {
        Some(path) => {
            holder = self::holder(game, Some(path), 1)?;
            let t = holder.table()?;
            let form = t.closed_form().ok_or_else(|| {
                Failure::refuted(format!("verify: NOT proven: {} holds no closed form for its moves", path.display()))
            })?;
            (form.clone(), format!("the closed form in {}", path.display()))
        }
        None if game.moves.is_none() => (knight::closed_form().clone(), "knight closed form".into()),
        None => match game.analyze().verdict {
            Verdict::Certified { form, .. } => (form, "the closed form just discovered".into()),
            Verdict::NotFound(why) => {
                return Err(Failure::refuted(format!("verify: NOT proven: no closed form to prove: {why}")));
            }
        },
    };
    match prove(&form, game.limits().max_proof_cells) {
        Ok(proof) => print(format_args!("{source}: {proof}; moves {}\n", form.move_set())),
        Err(refutation) => Err(Failure::refuted(format!("verify: NOT proven: {source}: {refutation}"))),
    }
}

/// `grundy verify --table BLOB [--moves M]` for the blob's leaper, after its heap games
/// (`heaps_proven`: whether it held any): `--moves` must be the blob's leaper's, checked first by
/// `check_moves`; the closed form is proven when the blob holds a leaper square, or no heap game.
pub fn verify_blob(game: &LeaperArgs, path: &Path, heaps_proven: bool) -> Result<(), Failure> {
    let square = TableFile::read(path)?.header().tables.iter().any(|t| t.game == TableKind::LeaperSquare);
    if square || !heaps_proven { verify(game, Some(path)) } else { Ok(()) }
}

/// Refuses `--moves` beside a blob whose leaper is another, before any proof.
pub fn check_moves(game: &LeaperArgs, path: &Path) -> Result<(), Failure> {
    if game.moves.is_some() { holder(game, Some(path), 1).map(drop) } else { Ok(()) }
}

/// `grundy generate --moves M [--bound N] -o FILE`: the square and, when certified, the form.
pub fn generate(game: &LeaperArgs, bound: usize, output: &Path, force: bool) -> Result<(), Failure> {
    // Checked before the work, so a refused target costs nothing.
    crate::cli::output::check_game_blob(output, force, "--moves")?;
    let set = game.set();
    let analysis = game.analyze();
    let blob = grundy_core::generate::leaper_blob_with(&set, bound, &analysis).map_err(Failure::invalid)?;
    match &analysis.verdict {
        Verdict::Certified { .. } => {
            eprintln!("grundy: moves {set}: {bound} x {bound} square and the certified closed form")
        }
        Verdict::NotFound(why) => {
            eprintln!("grundy: moves {set}: {bound} x {bound} square only, no closed form: {why}")
        }
    }
    crate::cli::output::write(output, &blob, force)?;
    eprintln!("grundy: wrote {} ({} bytes)", output.display(), blob.len());
    Ok(())
}

/// `grundy draw`: the leaper's table, with its closed form's regions unless `--no-overlay`.
pub fn draw(table: &TableArgs, game: &LeaperArgs) -> Result<(), Failure> {
    let target = table.target()?;
    let size = table.size.unwrap_or(100);
    grundy::leaper::check_picture(size, table.scale).map_err(draw::refused)?;
    let analysis = (!table.no_overlay).then(|| game.analyze());
    let picture = grundy::leaper::picture(&game.set(), size, table.scale, analysis.as_ref()).map_err(draw::refused)?;
    draw::write(&target, &picture)
}
