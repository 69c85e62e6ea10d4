//! `grundy inspect`: validate a blob, print its header, and recompute its contents.

use std::path::Path;

use grundy::table::TableFile;
use grundy_core::format::header::FORMAT_VERSION;
use grundy_core::rules::knight::moves_text;

use super::Failure;

pub fn run(path: &Path) -> Result<(), Failure> {
    let file = TableFile::read(path)?;
    let h = file.header();
    println!("{}: valid grundy table blob, {} bytes", path.display(), file.bytes().len());
    println!("format version {}, generator {}", FORMAT_VERSION, h.generator);
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
