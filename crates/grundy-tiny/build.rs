//! Computes with grundy-core what the binary embeds, into `OUT_DIR`: `knight_form.bin`, the hyper
//! knight's closed form (discovered and proven here, as grundy's own `build.rs` does) in the
//! `format::form` payload encoding, and `misere_table.bin`, misère Nim's outcome table by its
//! recurrence. Also passes the linker the arguments that make the file smaller.

use std::fs;
use std::path::{Path, PathBuf};

use grundy_core::format::form;
use grundy_core::{hyper_knight_form, misere};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    let payload = form::encode(&hyper_knight_form()).expect("the hyper knight's form is small");
    write(&out.join("knight_form.bin"), &payload);
    let table = misere::outcome_table().unwrap_or_else(|e| panic!("misère Nim table: {e}"));
    write(&out.join("misere_table.bin"), &table);
    link_args(&out);
}

/// The linker arguments that shrink the binary (each measured: see the crate's README).
fn link_args(out: &Path) {
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() != Ok("linux") {
        return;
    }
    // Added to the default linker script: the unwinding tables (nothing unwinds: a panic ends
    // the process in the handler) and the tools' version notes are dropped.
    let script = out.join("discard.ld");
    write(&script, b"SECTIONS { /DISCARD/ : { *(.eh_frame) *(.eh_frame_hdr) *(.gcc_except_table) *(.comment) } } INSERT AFTER .text;\n");
    println!("cargo:rustc-link-arg-bins={}", script.display());
    for arg in ["-no-pie", "-Wl,-z,noseparate-code", "-Wl,--build-id=none", "-Wl,--hash-style=gnu", "-Wl,-z,norelro"] {
        println!("cargo:rustc-link-arg-bins={arg}");
    }
}

/// Writes through a temporary file and a rename, so a reader never sees half a file.
fn write(path: &Path, bytes: &[u8]) {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", tmp.display()));
    fs::rename(&tmp, path).unwrap_or_else(|e| panic!("renaming to {}: {e}", path.display()));
}
