//! `grundy generate`: compute the tables and write the blob to `-o FILE`, or the blob and its
//! manifest into `-o DIR/` (the repository's `generated/`). Nothing is written without `-o`, and
//! no directory is created.

use std::path::Path;

use std::fmt::Write;

use grundy_core::format::{self, header::FORMAT_VERSION};
use grundy_core::generate::{DEFAULT_BOUND, default_blob};

use super::exit::Failure;
use super::output::{Target, is_directory};

pub fn run(bound: usize, output: &Path, force: bool) -> Result<(), Failure> {
    if is_directory(output) {
        return into_directory(bound, output, force);
    }
    if output.is_dir() {
        return Err(Failure::io(format!(
            "{}: is a directory; refusing to replace it (end the path with / to write the blob and its \
             manifest into it)",
            output.display()
        )));
    }
    // Checked before the tables are computed, so a refused target costs nothing.
    let target = Target::check(output, force)?;
    let blob = default_blob(bound).map_err(Failure::invalid)?;
    target.write(&blob)?;
    eprintln!("grundy: wrote {} ({} bytes)", output.display(), blob.len());
    Ok(())
}

/// The blob and its manifest into the existing directory `dir`: both or neither. Both
/// temporary files are written (where a full disk fails) before either is renamed over the old
/// file.
fn into_directory(bound: usize, dir: &Path, force: bool) -> Result<(), Failure> {
    if !dir.is_dir() {
        return Err(Failure::io(format!(
            "writing into {}: no such directory (grundy creates none; give an existing one, or -o FILE)",
            dir.display()
        )));
    }
    let (blob_target, manifest_target) =
        (Target::check(&dir.join("tables.sgt"), force)?, Target::check(&dir.join("MANIFEST.md"), force)?);
    let blob = default_blob(bound).map_err(Failure::invalid)?;
    let manifest = manifest(&blob, bound, dir);
    let (staged_blob, staged_manifest) = (blob_target.stage(&blob)?, manifest_target.stage(manifest.as_bytes())?);
    staged_blob.commit()?;
    staged_manifest.commit()?;
    for (name, len) in [("tables.sgt", blob.len()), ("MANIFEST.md", manifest.len())] {
        eprintln!("grundy: wrote {} ({len} bytes)", dir.join(name).display());
    }
    Ok(())
}

/// The repository's directory of generated files, and the command that rewrites it.
const GENERATED: &str = "generated/";
const REGENERATE: &str = "cargo run --release -- generate -o generated/";

/// The manifest written beside the blob into `dir` (as given, ending in `/`): what it holds and
/// the command that writes it again (`--bound` when not the default). The repository's own
/// `generated/` also names the tests that keep it current.
fn manifest(blob: &[u8], bound: usize, dir: &Path) -> String {
    let header = format::validate(blob).expect("manifest of a valid blob");
    let dir = dir.display().to_string();
    let regenerate = if dir == GENERATED && bound == DEFAULT_BOUND {
        format!(
            "`{REGENERATE}`. The test `tests/it/format.rs`\n\
             fails when the blob that `build.rs` embeds differs from `tables.sgt`, and\n\
             `crates/grundy-cli/tests/generated.rs` when this directory differs from what that command\n\
             writes."
        )
    } else {
        let bound = if bound == DEFAULT_BOUND { String::new() } else { format!(" --bound {bound}") };
        format!("`grundy generate{bound} -o {dir}`.")
    };
    let mut text = format!(
        "# {dir} (generated files: do not edit)\n\n\
         Regenerate with {regenerate}\n\n\
         | file | bytes | crc32 |\n|---|---|---|\n| tables.sgt | {} | {:#010x} |\n\n\
         Header: generator `{}`, format version {FORMAT_VERSION}.\n\n\
         | table | game | moves (dx, dy) | rows x cols | offset | bytes | crc32 |\n|---|---|---|---|---|---|---|\n",
        blob.len(),
        crc32fast::hash(blob),
        header.generator,
    );
    for (i, t) in header.tables.iter().enumerate() {
        writeln!(
            text,
            "| {i} | {:?} | {} | {} x {} | {} | {} | {:#010x} |",
            t.game,
            t.moves_text(),
            t.rows,
            t.cols,
            t.offset,
            t.len,
            t.crc32
        )
        .expect("a String");
    }
    text
}
