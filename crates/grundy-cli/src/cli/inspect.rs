//! `grundy inspect`: validate a blob, print its header, and recompute its contents.

use std::path::Path;

use grundy::heap::HeapTable;
use grundy::table::{TableFile, TableKind};
use grundy_core::format::header::FORMAT_VERSION;
use grundy_core::leaper::MovesText;

use std::fmt::Write as _;

use super::exit::{Failure, print};

pub fn run(path: &Path) -> Result<(), Failure> {
    let file = TableFile::read(path)?;
    let h = file.header();
    let mut text = format!("{}: valid grundy table blob, {} bytes\n", path.display(), file.bytes().len());
    writeln!(text, "format version {}, generator {}", FORMAT_VERSION, h.generator).expect("a String");
    let mut heaps = file.heaps();
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
        let what = match t.game {
            TableKind::HeapValues => heap_text(&heaps.next().expect("one decoded table per heap entry")),
            _ if t.moves.is_empty() => "no moves".to_string(),
            _ => format!("moves {}", MovesText(&t.moves)),
        };
        writeln!(text, "{what}").expect("a String");
    }
    print(text)?;
    let cells = file.verify_contents().map_err(|e| Failure::invalid(format!("{}: {e}", path.display())))?;
    print(format_args!("contents: all {cells} cells equal their games' rules, recomputed\n"))
}

/// A heap table's game, stored values and period.
fn heap_text(table: &HeapTable<'_>) -> String {
    let period = match table.period() {
        Some(p) => format!("period {} from heap {}", p.period, p.preperiod),
        None => "no period".into(),
    };
    format!("game {}, {} values, {period}", table.game(), table.stored())
}
