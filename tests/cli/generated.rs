//! `generated/` holds what `grundy generate -o generated/` writes, byte for byte: the default
//! blob and its manifest (`tests/it/format.rs` checks that the build embeds the same blob).

use std::process::Command;

use crate::run::{scratch_dir, stderr};

const REPOSITORY: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../..");

#[test]
fn the_generated_directory_is_what_generate_writes() {
    let dir = scratch_dir("generated");
    let _ = std::fs::remove_dir_all(dir.join("generated"));
    std::fs::create_dir(dir.join("generated")).unwrap();
    let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(["generate", "-o", "generated/"])
        .current_dir(&dir)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", stderr(&out));
    for name in ["tables.sgt", "MANIFEST.md"] {
        let committed = std::fs::read(format!("{REPOSITORY}/generated/{name}")).expect("the committed file");
        let written = std::fs::read(dir.join("generated").join(name)).expect("the file generate wrote");
        assert!(committed == written, "generated/{name} is stale: run `cargo run --release -- generate -o generated/`");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
