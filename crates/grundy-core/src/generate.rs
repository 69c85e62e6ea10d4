//! Assembles blobs from the rules: grundy's default blob (which `build.rs` embeds), a blob for
//! any leaper, one for any heap game and one for a heap game's misère quotient (for a downstream
//! `build.rs` or `grundy generate`).

use crate::format::{TableData, TableKind, write_blob};
use crate::heap::HeapAnalysis;
use crate::heap::table::{self as heap, TooManyValues};
use crate::heap_misere::MisereAnalysis;
use crate::heap_misere::table::{self as heap_misere, Unstorable};
use crate::leaper::codec as form;
use crate::leaper::{Analysis, ClosedForm, FormError, Limits, MoveSet, analyze, leaper_square};
use crate::misere;
use crate::parity::ParityTables;
use crate::rules::{self, Shape, table::EncodeError};
use alloc::{vec, vec::Vec};

/// The judge's bound: coordinates `0 <= x, y < 500`.
pub const DEFAULT_BOUND: usize = 500;

/// The largest leaper square we build (the sweep then holds a 128 MiB triangle).
pub const MAX_BOUND: usize = 8192;

/// The environment variable that sets the default blob's square at build time.
pub const BOUND_ENV: &str = "GRUNDY_KNIGHT_BOUND";

/// Written into every blob header.
pub const GENERATOR: &str = concat!("grundy ", env!("CARGO_PKG_VERSION"));

/// A square's side that is not a whole number in `1..=MAX_BOUND`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BoundError {
    text: alloc::string::String,
}

impl core::fmt::Display for BoundError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "bound {:?} is not a whole number in 1..={MAX_BOUND}", self.text)
    }
}

impl core::error::Error for BoundError {}

/// Parses a square's side, `1..=MAX_BOUND`.
pub fn parse_bound(text: &str) -> Result<usize, BoundError> {
    match text.trim().parse::<usize>() {
        Ok(b) if (1..=MAX_BOUND).contains(&b) => Ok(b),
        _ => Err(BoundError { text: text.into() }),
    }
}

/// The blob of all default tables: the hyper knight's square `x, y < bound`, the parity tables,
/// and the hyper knight's closed form, discovered and proven here ([`hyper_knight_form`]).
pub fn default_blob(bound: usize) -> Result<Vec<u8>, LeaperBlobError> {
    if !(1..=MAX_BOUND).contains(&bound) {
        return Err(LeaperBlobError::Bound(bound));
    }
    let set = MoveSet::hyper_knight();
    let moves = set.to_bytes();
    let knight = leaper_square(&set, bound);
    let side = bound as u32;
    let parity = ParityTables::derive();
    let form = form::encode(&hyper_knight_form()).expect("the hyper knight's form is small");
    let mut tables =
        vec![TableData { game: TableKind::LeaperSquare, moves: &moves, rows: side, cols: side, cells: &knight }];
    tables.extend(parity_tables(&parity));
    tables.push(form_table(&moves, &form));
    Ok(write_blob(GENERATOR, &tables))
}

/// The hyper knight's closed form, found by [`analyze`] (discovery, then the certificate) with
/// the default limits. Panics if it is not certified, which would be a bug in the machinery.
pub fn hyper_knight_form() -> ClosedForm {
    let analysis = analyze(&MoveSet::hyper_knight(), &Limits::default());
    match analysis.form() {
        Some(form) => form.clone(),
        None => panic!("the hyper knight's closed form was not certified:\n{analysis}"),
    }
}

/// Why [`leaper_blob`] wrote nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LeaperBlobError {
    /// The square's side is not in `1..=MAX_BOUND`.
    Bound(usize),
    /// The closed form cannot be stored (its evaluation tables are too large for a reader).
    Form(FormError),
}

impl core::fmt::Display for LeaperBlobError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Bound(b) => write!(f, "bound {b} is not in 1..={MAX_BOUND}"),
            Self::Form(why) => write!(f, "the closed form cannot be stored: {why}"),
        }
    }
}

impl core::error::Error for LeaperBlobError {
    fn source(&self) -> Option<&(dyn core::error::Error + 'static)> {
        match self {
            Self::Form(why) => Some(why),
            Self::Bound(_) => None,
        }
    }
}

/// A blob for one leaper: the square `x, y < bound` and, when [`analyze`] certifies one with the
/// default limits, the closed form that answers every cell beyond it. See [`leaper_blob_with`]
/// to reuse an analysis.
pub fn leaper_blob(set: &MoveSet, bound: usize) -> Result<Vec<u8>, LeaperBlobError> {
    if !(1..=MAX_BOUND).contains(&bound) {
        return Err(LeaperBlobError::Bound(bound));
    }
    leaper_blob_with(set, bound, &analyze(set, &Limits::default()))
}

/// [`leaper_blob`] from an analysis already made (its form, if certified, is stored).
pub fn leaper_blob_with(set: &MoveSet, bound: usize, analysis: &Analysis) -> Result<Vec<u8>, LeaperBlobError> {
    if !(1..=MAX_BOUND).contains(&bound) {
        return Err(LeaperBlobError::Bound(bound));
    }
    let moves = set.to_bytes();
    let cells = leaper_square(set, bound);
    let side = bound as u32;
    let form = analysis.form().map(form::encode).transpose().map_err(LeaperBlobError::Form)?;
    let mut tables =
        vec![TableData { game: TableKind::LeaperSquare, moves: &moves, rows: side, cols: side, cells: &cells }];
    if let Some(form) = &form {
        tables.push(form_table(&moves, form));
    }
    Ok(write_blob(GENERATOR, &tables))
}

/// A blob for one heap game: its values and, when proven, its period (the `n0 + p` values that
/// answer every heap), from an analysis ([`analyze_heap`](crate::heap::analyze_heap)).
pub fn heap_blob(analysis: &HeapAnalysis) -> Result<Vec<u8>, TooManyValues> {
    let bytes = heap::encode(analysis)?;
    let cols = u32::try_from(bytes.len()).expect("heap::encode bounds the payload to a u32");
    Ok(write_blob(GENERATOR, &[TableData { game: TableKind::HeapValues, moves: &[], rows: 1, cols, cells: &bytes }]))
}

/// A blob for a game defined by rules: a heap game's values `G(0..side)`, or a game on tuples'
/// values on the box `[0, side)^width` in row-major order (see [`rules::table`]).
pub fn rules_blob(name: &str, shape: Shape, side: u64, values: &[u64]) -> Result<Vec<u8>, EncodeError> {
    let bytes = rules::table::encode(name, shape, side, values)?;
    let cols = u32::try_from(bytes.len()).expect("rules::table::encode bounds the payload to a u32");
    Ok(write_blob(GENERATOR, &[TableData { game: TableKind::RuleValues, moves: &[], rows: 1, cols, cells: &bytes }]))
}

/// A blob for one heap game's certified misère quotient: `Q`, `P` and the `n0 + p` images of
/// heaps that answer every sum, from an analysis
/// ([`analyze_misere`](crate::heap_misere::analyze_misere)); an analysis without a proven period
/// is refused.
pub fn misere_blob(analysis: &MisereAnalysis) -> Result<Vec<u8>, Unstorable> {
    let bytes = heap_misere::encode(analysis)?;
    let cols = u32::try_from(bytes.len()).expect("heap_misere::encode bounds the payload to a u32");
    Ok(write_blob(
        GENERATOR,
        &[TableData { game: TableKind::MisereQuotient, moves: &[], rows: 1, cols, cells: &bytes }],
    ))
}

fn form_table<'a>(moves: &'a [(i8, i8)], bytes: &'a [u8]) -> TableData<'a> {
    TableData { game: TableKind::LeaperForm, moves, rows: 1, cols: bytes.len() as u32, cells: bytes }
}

/// The three parity tables as blob entries, in blob order after the leaper square.
fn parity_tables(parity: &ParityTables) -> [TableData<'_>; 3] {
    let period = u32::try_from(parity.mine_region.len()).expect("period fits u32");
    [
        TableData {
            game: TableKind::MisereNim,
            moves: &[],
            rows: misere::ROWS,
            cols: misere::COLS,
            cells: &parity.misere_nim,
        },
        TableData { game: TableKind::MineRegion, moves: &[], rows: 1, cols: period, cells: &parity.mine_region },
        TableData {
            game: TableKind::MineNumber,
            moves: &[],
            rows: 1,
            cols: 1,
            cells: core::slice::from_ref(&parity.mine_number),
        },
    ]
}
