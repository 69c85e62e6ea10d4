//! `grundy inspect`: validate a blob, print its header, and recompute its contents.

use std::path::Path;

use grundy::rules::knight::moves_text;
use grundy::table::{OpenError, TableFile};

use super::Failure;

pub fn run(path: &Path) -> Result<(), Failure> {
    let file = TableFile::read(path).map_err(|e| match e {
        OpenError::Io { .. } => Failure::io(e),
        OpenError::Invalid { .. } => Failure::invalid(e),
    })?;
    let h = file.header();
    println!("{}: valid grundy table blob, {} bytes", path.display(), file.bytes().len());
    println!("format version {}, generator {}", h.format_version, h.generator);
    for (i, t) in h.tables.iter().enumerate() {
        println!(
            "table {i}: {:?}, {} x {} {:?} cells at offset {} ({} bytes, crc32 {:#010x}), moves {}",
            t.game,
            t.rows,
            t.cols,
            t.cell,
            t.offset,
            t.len,
            t.crc32,
            moves_text(&t.moves)
        );
    }
    let cells = file.verify_contents().map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))?;
    println!("contents: all {cells} cells equal their games' rules, recomputed");
    Ok(())
}
