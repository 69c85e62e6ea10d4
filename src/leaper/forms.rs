//! Closed forms in blobs: decoded once when a blob is opened, matched to a square by move set.

use grundy_core::format::{Header, TableKind};
use grundy_core::leaper::codec;
use grundy_core::leaper::{MoveSet, same_set};

use super::form_eval::Certified;
use super::knight;

/// The closed forms of a validated blob, with their move sets, in header order.
pub(crate) fn decode_forms(header: &Header, bytes: &[u8]) -> Vec<(Vec<(i8, i8)>, Certified)> {
    header
        .tables
        .iter()
        .filter(|t| t.game == TableKind::LeaperForm)
        .map(|t| {
            let payload = &bytes[t.offset as usize..(t.offset + t.len) as usize];
            // `format::validate` decoded this payload already; it cannot fail now.
            let form = codec::decode(&t.moves, payload).expect("validated closed form");
            (t.moves.clone(), Certified::new(form))
        })
        .collect()
}

/// The certified form for `moves`: the blob's own, else the embedded hyper knight's when `moves`
/// is the hyper knight (the form depends on the move set only).
pub(crate) fn form_for<'a>(forms: &'a [(Vec<(i8, i8)>, Certified)], moves: &[(i8, i8)]) -> Option<&'a Certified> {
    match forms.iter().find(|(m, _)| same_set(m, moves)) {
        Some((_, form)) => Some(form),
        None => MoveSet::hyper_knight().is_set_of(moves).then(knight::certified),
    }
}
