//! Closed forms in blobs: decoded once when a blob is opened, matched to a square by move set.

use grundy_core::format::form;
use grundy_core::format::header::{Game, Header};
use grundy_core::generate::{self, LeaperBlobError};
use grundy_core::rules::leaper::Analysis;
use grundy_core::rules::leaper::moves::MoveSet;

use super::form_eval::Certified;
use super::{TableFile, embedded};

/// Why a table could not be built for a move set.
pub type LeaperError = LeaperBlobError;

/// Whether two move sets are the same set (the order of the moves does not change the game).
pub(crate) fn same_moves(a: &[(i8, i8)], b: &[(i8, i8)]) -> bool {
    a.len() == b.len() && a.iter().all(|m| b.contains(m)) && b.iter().all(|m| a.contains(m))
}

/// The moves of a blob entry as a leaper move set, if they are one.
pub(crate) fn move_set(moves: &[(i8, i8)]) -> Option<MoveSet> {
    let wide: Vec<(i32, i32)> = moves.iter().map(|&(dx, dy)| (i32::from(dx), i32::from(dy))).collect();
    MoveSet::new(&wide).ok()
}

/// The closed forms of a validated blob, with their move sets, in header order.
pub(crate) fn decode_forms(header: &Header, bytes: &[u8]) -> Vec<(Vec<(i8, i8)>, Certified)> {
    header
        .tables
        .iter()
        .filter(|t| t.game == Game::LeaperForm)
        .map(|t| {
            let payload = &bytes[t.offset as usize..(t.offset + t.len) as usize];
            // `format::validate` decoded this payload already; it cannot fail now.
            let form = form::decode(&t.moves, payload).expect("validated closed form");
            (t.moves.clone(), Certified::new(form))
        })
        .collect()
}

/// The certified form for `moves`: the blob's own, else the embedded hyper knight's when `moves`
/// is the hyper knight (the form depends on the move set only).
pub(crate) fn form_for<'a>(forms: &'a [(Vec<(i8, i8)>, Certified)], moves: &[(i8, i8)]) -> Option<&'a Certified> {
    match forms.iter().find(|(m, _)| same_moves(m, moves)) {
        Some((_, form)) => Some(form),
        None => same_moves(moves, &grundy_core::rules::knight::HYPER_KNIGHT_MOVES).then(embedded::knight_certified),
    }
}

/// A table for any leaper, built in memory: the square `x, y < bound` and the certified closed
/// form of `analysis` when it has one (see [`generate::leaper_blob_with`]).
pub fn leaper_table_file(set: &MoveSet, bound: usize, analysis: &Analysis) -> Result<TableFile, LeaperError> {
    let blob = generate::leaper_blob_with(set, bound, analysis)?;
    Ok(TableFile::from_bytes(blob).expect("the generator writes valid blobs"))
}
