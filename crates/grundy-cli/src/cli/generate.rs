//! `grundy generate`: compute the tables and write the blob (and the manifest for generated/).

use std::path::Path;

use grundy_core::generate::{default_blob, manifest};

use super::Failure;

pub fn run(bound: usize, output: Option<&Path>) -> Result<(), Failure> {
    let blob = default_blob(bound);
    match output {
        Some(path) => write(path, &blob),
        None => {
            write(Path::new("generated/tables.sgt"), &blob)?;
            write(Path::new("generated/MANIFEST.md"), manifest(&blob).as_bytes())
        }
    }
}

/// Writes through a temporary file and a rename, so a reader never sees half a blob.
pub(super) fn write(path: &Path, bytes: &[u8]) -> Result<(), Failure> {
    let fail = |e: std::io::Error| Failure::io(format!("{}: {e}", path.display()));
    let mut tmp = path.as_os_str().to_owned();
    tmp.push(".tmp");
    std::fs::write(&tmp, bytes).map_err(fail)?;
    std::fs::rename(&tmp, path).map_err(fail)?;
    eprintln!("wrote {} ({} bytes)", path.display(), bytes.len());
    Ok(())
}
