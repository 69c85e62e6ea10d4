//! Assembles the table blob from the rules. Shared with `build.rs`, which embeds its output,
//! and used by `grundy generate`, which writes it to `generated/`.

use crate::format::header::Game;
use crate::format::{TableData, write_blob};
use crate::rules::knight::{HYPER_KNIGHT_MOVES, moves_text, square_table};
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

/// The blob of all default tables, with the knight square `x, y < knight_bound`.
pub fn default_blob(knight_bound: usize) -> Vec<u8> {
    let knight = square_table(&HYPER_KNIGHT_MOVES, knight_bound).expect("the hyper knight lowers x + y");
    let side = u32::try_from(knight_bound).expect("bound fits u32");
    let parity = ParityTables::derive();
    let mut tables =
        vec![TableData { game: Game::Knight, moves: &HYPER_KNIGHT_MOVES, rows: side, cols: side, cells: &knight }];
    tables.extend(parity.table_data());
    write_blob(GENERATOR, &tables)
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
