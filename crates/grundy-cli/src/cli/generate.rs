//! `grundy generate`: compute the tables and write the blob (and the manifest for generated/).

use std::path::Path;

use grundy_core::generate::{default_blob, manifest};

use super::Failure;
use super::output::Target;

/// Where the blob and its manifest go without `-o`.
const DEFAULT_DIR: &str = "generated";

pub fn run(bound: usize, output: Option<&Path>) -> Result<(), Failure> {
    // Checked before the tables are computed, so a refused target costs nothing.
    let target = match output {
        Some(path) => Target::check(path)?,
        None => {
            let dir = Path::new(DEFAULT_DIR);
            if !dir.is_dir() {
                std::fs::create_dir_all(dir)
                    .map_err(|e| Failure::io(format!("creating the directory {} to write into: {e}", dir.display())))?;
                eprintln!("created the directory {}", dir.display());
            }
            Target::check(&dir.join("tables.sgt"))?
        }
    };
    let blob = default_blob(bound);
    target.write(&blob)?;
    if output.is_none() {
        Target::check(&Path::new(DEFAULT_DIR).join("MANIFEST.md"))?.write(manifest(&blob).as_bytes())?;
    }
    Ok(())
}
