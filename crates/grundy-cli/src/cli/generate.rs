//! `grundy generate`: compute the tables and write the blob (and the manifest for generated/).

use std::path::Path;

use std::fmt::Write;

use grundy_core::format::{self, header::FORMAT_VERSION};
use grundy_core::{MovesText, default_blob};

use super::Failure;
use super::output::Target;

/// Where the blob and its manifest go without `-o`.
const DEFAULT_DIR: &str = "generated";

pub fn run(bound: usize, output: Option<&Path>, force: bool) -> Result<(), Failure> {
    // Checked before the tables are computed, so a refused target costs nothing.
    let Some(path) = output else { return into_generated(bound, force) };
    let target = Target::check(path, force)?;
    let blob = default_blob(bound);
    target.write(&blob)?;
    eprintln!("wrote {} ({} bytes)", path.display(), blob.len());
    Ok(())
}

/// The blob and its manifest into `generated/`: both or neither. Both temporary files are
/// written (where a full disk fails) before either is renamed over the old file.
fn into_generated(bound: usize, force: bool) -> Result<(), Failure> {
    let dir = Path::new(DEFAULT_DIR);
    if !dir.is_dir() {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::io(format!("creating the directory {} to write into: {e}", dir.display())))?;
        eprintln!("created the directory {}", dir.display());
    }
    let (blob_target, manifest_target) =
        (Target::check(&dir.join("tables.sgt"), force)?, Target::check(&dir.join("MANIFEST.md"), force)?);
    let blob = default_blob(bound);
    let manifest = manifest(&blob);
    let (staged_blob, staged_manifest) = (blob_target.stage(&blob)?, manifest_target.stage(manifest.as_bytes())?);
    staged_blob.commit()?;
    staged_manifest.commit()?;
    for (name, len) in [("tables.sgt", blob.len()), ("MANIFEST.md", manifest.len())] {
        eprintln!("wrote {} ({len} bytes)", dir.join(name).display());
    }
    Ok(())
}

/// The command that rewrites `generated/`.
const REGENERATE: &str = "cargo run --release -- generate";

/// The manifest committed beside the blob in `generated/`: what it holds and how to rebuild it.
fn manifest(blob: &[u8]) -> String {
    let header = format::validate(blob).expect("manifest of a valid blob");
    let mut text = format!(
        "# generated/ (generated files: do not edit)\n\n\
         Regenerate with `{REGENERATE}`. The test `tests/it/format.rs` fails when the blob\n\
         that `build.rs` embeds differs from `tables.sgt` or this manifest is stale.\n\n\
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
            MovesText(&t.moves),
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
