//! `grundy inspect`: validate a blob, print its header, and recompute its contents.

use std::path::Path;

use grundy::table::TableFile;
use grundy_core::format::header::FORMAT_VERSION;

use std::fmt::Write as _;

use super::exit::{Failure, print};

/// `grundy inspect FILE`.
pub fn run(path: &Path) -> Result<(), Failure> {
    let file = TableFile::read(path)?;
    let h = file.header();
    let mut text = format!("{}: valid grundy table blob, {} bytes\n", path.display(), file.bytes().len());
    writeln!(text, "format version {}, generator {}", FORMAT_VERSION, h.generator).expect("a String");
    for (i, t) in h.tables.iter().enumerate() {
        write!(
            text,
            "table {i}: {:?}, {} x {} {:?} cells at offset {} ({} byte{}, crc32 {:#010x}), ",
            t.game,
            t.rows,
            t.cols,
            t.cell,
            t.offset,
            t.len,
            if t.len == 1 { "" } else { "s" },
            t.crc32,
        )
        .expect("a String");
        writeln!(text, "{}", file.contents(i)).expect("a String");
    }
    print(text)?;
    let cells = file.verify_contents().map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))?;
    print(format_args!("contents: all {cells} cells equal their games' rules, recomputed\n"))
}
