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

/// Another directory or bound gets a manifest naming the command that writes it, not the
/// repository's: the title is the directory, `--bound` is there when not the default.
#[test]
fn a_manifest_names_the_command_that_wrote_it() {
    let dir = scratch_dir("manifest");
    for (bound, sub, command) in
        [("100", "small/", "`grundy generate --bound 100 -o small/`"), ("500", "other/", "`grundy generate -o other/`")]
    {
        std::fs::create_dir_all(dir.join(sub)).unwrap();
        let out = Command::new(env!("CARGO_BIN_EXE_grundy"))
            .args(["generate", "--bound", bound, "-o", sub])
            .current_dir(&dir)
            .output()
            .unwrap();
        assert!(out.status.success(), "{}", stderr(&out));
        let manifest = std::fs::read_to_string(dir.join(sub).join("MANIFEST.md")).unwrap();
        let head = format!("# {sub} (generated files: do not edit)\n\nRegenerate with {command}.\n\n");
        assert!(manifest.starts_with(&head), "{manifest}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
