//! Assembles the table blob from the rules. Shared with `build.rs`, which embeds its output,
//! and used by `grundy generate`, which writes it to `generated/`.

use crate::format::header::Game;
use crate::format::{TableData, form, write_blob};
use crate::rules::knight::{HYPER_KNIGHT_MOVES, moves_text, square_table};
use crate::rules::leaper::discover::Limits;
use crate::rules::leaper::form::ClosedForm;
use crate::rules::leaper::moves::MoveSet;
use crate::rules::leaper::sweep::Table;
use crate::rules::leaper::{Analysis, analyze};
use crate::rules::{mine, misere};
use alloc::{format, string::String, vec, vec::Vec};

/// The judge's bound: coordinates `0 <= x, y < 500`.
pub const DEFAULT_KNIGHT_BOUND: usize = 500;

/// The largest knight square we build (the sweep then holds a 128 MiB triangle).
pub const MAX_KNIGHT_BOUND: usize = 8192;

/// Build-time override of the knight bound.
pub const KNIGHT_BOUND_ENV: &str = "GRUNDY_KNIGHT_BOUND";

/// Written into every blob header.
pub const GENERATOR: &str = concat!("grundy ", env!("CARGO_PKG_VERSION"));

/// Parses a knight bound, `1..=MAX_KNIGHT_BOUND`.
pub fn parse_knight_bound(text: &str) -> Result<usize, String> {
    match text.trim().parse::<usize>() {
        Ok(b) if (1..=MAX_KNIGHT_BOUND).contains(&b) => Ok(b),
        _ => Err(format!("knight bound {text:?} is not a whole number in 1..={MAX_KNIGHT_BOUND}")),
    }
}

/// The blob of all default tables: the knight square `x, y < knight_bound`, the parity tables,
/// and the hyper knight's closed form, discovered and proven here ([`hyper_knight_form`]).
pub fn default_blob(knight_bound: usize) -> Vec<u8> {
    let knight = square_table(&HYPER_KNIGHT_MOVES, knight_bound).expect("the hyper knight lowers x + y");
    let side = u32::try_from(knight_bound).expect("bound fits u32");
    let parity = ParityTables::derive();
    let form = form::encode(&hyper_knight_form()).expect("the hyper knight's form is small");
    let mut tables =
        vec![TableData { game: Game::Knight, moves: &HYPER_KNIGHT_MOVES, rows: side, cols: side, cells: &knight }];
    tables.extend(parity.table_data());
    tables.push(form_table(&HYPER_KNIGHT_MOVES, &form));
    write_blob(GENERATOR, &tables)
}

/// The hyper knight as a general leaper.
pub fn hyper_knight_set() -> MoveSet {
    let moves: Vec<(i32, i32)> = HYPER_KNIGHT_MOVES.iter().map(|&(dx, dy)| (i32::from(dx), i32::from(dy))).collect();
    MoveSet::new(&moves).expect("the hyper knight is a leaper")
}

/// The hyper knight's closed form, found by [`analyze`] (discovery, then the certificate) with
/// the default limits. Panics if it is not certified, which would be a bug in the machinery.
pub fn hyper_knight_form() -> ClosedForm {
    let analysis = analyze(&hyper_knight_set(), &Limits::default());
    match analysis.form() {
        Some(form) => form.clone(),
        None => panic!("the hyper knight's closed form was not certified:\n{analysis}"),
    }
}

/// Why [`leaper_blob`] wrote nothing.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum LeaperBlobError {
    /// The square's side is not in `1..=MAX_KNIGHT_BOUND`.
    Bound(usize),
    /// The closed form cannot be stored (its evaluation tables are too large for a reader).
    Form(String),
}

impl core::fmt::Display for LeaperBlobError {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        match self {
            Self::Bound(b) => write!(f, "bound {b} is not in 1..={MAX_KNIGHT_BOUND}"),
            Self::Form(why) => write!(f, "the closed form cannot be stored: {why}"),
        }
    }
}

impl core::error::Error for LeaperBlobError {}

/// The Grundy square `x, y < bound` of any leaper, row-major (`x * bound + y`), by the sweep in
/// potential order.
pub fn leaper_square(set: &MoveSet, bound: usize) -> Vec<u8> {
    Table::for_square(set, bound as u64).square(bound as u64)
}

/// A blob for one leaper, for a downstream `build.rs` or `grundy generate --moves`: the square
/// `x, y < bound` and, when [`analyze`] certifies one with the default limits, the closed form
/// that answers every cell beyond it. See [`leaper_blob_with`] to reuse an analysis.
pub fn leaper_blob(set: &MoveSet, bound: usize) -> Result<Vec<u8>, LeaperBlobError> {
    if !(1..=MAX_KNIGHT_BOUND).contains(&bound) {
        return Err(LeaperBlobError::Bound(bound));
    }
    leaper_blob_with(set, bound, &analyze(set, &Limits::default()))
}

/// [`leaper_blob`] from an analysis already made (its form, if certified, is stored).
pub fn leaper_blob_with(set: &MoveSet, bound: usize, analysis: &Analysis) -> Result<Vec<u8>, LeaperBlobError> {
    if !(1..=MAX_KNIGHT_BOUND).contains(&bound) {
        return Err(LeaperBlobError::Bound(bound));
    }
    let moves = narrow_moves(set);
    let square = leaper_square(set, bound);
    let side = bound as u32;
    let form = analysis.form().map(form::encode).transpose().map_err(LeaperBlobError::Form)?;
    let mut tables = vec![TableData { game: Game::Knight, moves: &moves, rows: side, cols: side, cells: &square }];
    if let Some(form) = &form {
        tables.push(form_table(&moves, form));
    }
    Ok(write_blob(GENERATOR, &tables))
}

/// The moves of a set as the blob stores them (`|d| <= MAX_STEP = 64` fits an `i8`).
pub fn narrow_moves(set: &MoveSet) -> Vec<(i8, i8)> {
    set.moves().iter().map(|&(dx, dy)| (dx as i8, dy as i8)).collect()
}

fn form_table<'a>(moves: &'a [(i8, i8)], bytes: &'a [u8]) -> TableData<'a> {
    TableData { game: Game::LeaperForm, moves, rows: 1, cols: bytes.len() as u32, cells: bytes }
}

/// The misère Nim and Mine parity tables, derived by their recurrences in `rules`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ParityTables {
    /// `misere::ROWS x misere::COLS` outcome cells.
    pub misere_nim: Vec<u8>,
    /// One period of a blank region's value by its number of face-down numbers.
    pub mine_region: Vec<u8>,
    /// The value of a number that touches no blank region.
    pub mine_number: u8,
}

impl ParityTables {
    /// Runs the recurrences. Panics if the misère classification is inconsistent (it is not).
    pub fn derive() -> ParityTables {
        let misere_nim = misere::outcome_table().unwrap_or_else(|e| panic!("misère Nim table: {e}"));
        ParityTables { misere_nim, mine_region: mine::region_table(), mine_number: mine::number_value() }
    }

    /// The three tables as blob entries, in blob order after the knight square.
    pub fn table_data(&self) -> [TableData<'_>; 3] {
        let period = u32::try_from(self.mine_region.len()).expect("period fits u32");
        [
            TableData {
                game: Game::MisereNim,
                moves: &[],
                rows: misere::ROWS,
                cols: misere::COLS,
                cells: &self.misere_nim,
            },
            TableData { game: Game::MineRegion, moves: &[], rows: 1, cols: period, cells: &self.mine_region },
            TableData {
                game: Game::MineNumber,
                moves: &[],
                rows: 1,
                cols: 1,
                cells: core::slice::from_ref(&self.mine_number),
            },
        ]
    }
}

/// The command that rewrites `generated/`.
pub const REGENERATE: &str = "cargo run --release -- generate";

/// The manifest committed beside the blob in `generated/`: what it holds and how to rebuild it.
pub fn manifest(blob: &[u8]) -> String {
    let header = crate::format::validate(blob).expect("manifest of a valid blob");
    let mut text = format!(
        "# generated/ (generated files: do not edit)\n\n\
         Regenerate with `{REGENERATE}`. The test `tests/it/format.rs` fails when the blob\n\
         that `build.rs` embeds differs from `tables.sgt` or this manifest is stale.\n\n\
         | file | bytes | crc32 |\n|---|---|---|\n| tables.sgt | {} | {:#010x} |\n\n\
         Header: generator `{}`, format version {}.\n\n\
         | table | game | moves (dx, dy) | rows x cols | offset | bytes | crc32 |\n|---|---|---|---|---|---|---|\n",
        blob.len(),
        crc32fast::hash(blob),
        header.generator,
        crate::format::header::FORMAT_VERSION,
    );
    for (i, t) in header.tables.iter().enumerate() {
        text += &format!(
            "| {i} | {:?} | {} | {} x {} | {} | {} | {:#010x} |\n",
            t.game,
            moves_text(&t.moves),
            t.rows,
            t.cols,
            t.offset,
            t.len,
            t.crc32
        );
    }
    text
}
