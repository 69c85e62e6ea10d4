//! Assembles the table blob from the rules. Shared with `build.rs`, which embeds its output,
//! and used by `grundy generate`, which writes it to `generated/`.

use crate::format::header::Game;
use crate::format::{TableData, write_blob};
use crate::rules::knight::{HYPER_KNIGHT_MOVES, square_table};

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
    let knight = square_table(&HYPER_KNIGHT_MOVES, knight_bound);
    let side = u32::try_from(knight_bound).expect("bound fits u32");
    write_blob(
        GENERATOR,
        &[TableData { game: Game::Knight, moves: HYPER_KNIGHT_MOVES.to_vec(), rows: side, cols: side, cells: &knight }],
    )
}

/// The command that rewrites `generated/`.
pub const REGENERATE: &str = "cargo run --release -- generate";

/// The manifest committed beside the blob in `generated/`: what it holds and how to rebuild it.
pub fn manifest(blob: &[u8]) -> String {
    let header = crate::format::validate(blob).expect("manifest of a valid blob");
    let mut text = format!(
        "# generated/ (generated files: do not edit)\n\n\
         Regenerate with `{REGENERATE}`. The test `tests/generated.rs` fails when the blob\n\
         that `build.rs` embeds differs from `tables.sgt` or this manifest is stale.\n\n\
         | file | bytes | crc32 |\n|---|---|---|\n| tables.sgt | {} | {:#010x} |\n\n\
         Header: generator `{}`, format version {}.\n\n\
         | table | game | moves (dx, dy) | rows x cols | offset | bytes | crc32 |\n|---|---|---|---|---|---|---|\n",
        blob.len(),
        crc32fast::hash(blob),
        header.generator,
        header.format_version,
    );
    for (i, t) in header.tables.iter().enumerate() {
        let moves: Vec<String> = t.moves.iter().map(|(dx, dy)| format!("({dx},{dy})")).collect();
        text += &format!(
            "| {i} | {:?} | {} | {} x {} | {} | {} | {:#010x} |\n",
            t.game,
            moves.join(" "),
            t.rows,
            t.cols,
            t.offset,
            t.len,
            t.crc32
        );
    }
    text
}
