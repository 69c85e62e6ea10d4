//! Computes with grundy-core what the binary embeds, into `OUT_DIR`: `knight_form.rs`, the hyper
//! knight's closed form (discovered and proven here, as grundy's own `build.rs` does) as its
//! evaluation tables, a Rust expression (`EvalTables::to_rust`); `knight_blocks.bin`, the judge's
//! 500 x 500 square by the iterative sweep, as its distinct 8 x 8 blocks (`grundy_core::leaper::blocks`,
//! 7.3 KB); and `misere_table.bin`, misère Nim's outcome table by its recurrence. Also passes the
//! linker the arguments that make the file smaller.

use std::fs;
use std::path::{Path, PathBuf};

use grundy_core::{
    generate::{DEFAULT_BOUND, hyper_knight_form},
    leaper::{MoveSet, blocks, leaper_square},
    misere,
};

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    // The standard library is linked when grundy-core is built with `std`: in a build of the
    // whole workspace, whose other packages turn that on. Its panic handler then serves, and
    // the binary brings none of its own (`std_linked`); built alone, it is `no_std`.
    let std_linked = std::env::var_os("DEP_GRUNDY_CORE_STD").is_some();
    println!("cargo::rustc-check-cfg=cfg(std_linked)");
    if std_linked {
        println!("cargo::rustc-cfg=std_linked");
    }
    let out = PathBuf::from(std::env::var_os("OUT_DIR").expect("cargo sets OUT_DIR"));
    write(&out.join("knight_form.rs"), hyper_knight_form().tables().to_rust().as_bytes());
    let square = leaper_square(&MoveSet::hyper_knight(), DEFAULT_BOUND);
    let blocked = blocks::encode(&square, DEFAULT_BOUND).expect("the hyper knight's square has few kinds of block");
    write(&out.join("knight_blocks.bin"), &blocked);
    let table = misere::outcome_table().unwrap_or_else(|e| panic!("misère Nim table: {e}"));
    write(&out.join("misere_table.bin"), &table);
    if !std_linked {
        link_args(&out);
    }
}

/// The linker arguments that shrink the binary. Each was measured on the stripped `tiny` build
/// (with everything else as here; bytes saved at the time of writing, the Mine judge in):
/// - `discard.ld`, added to the default linker script, drops the unwinding tables (`.eh_frame`
///   and its index: nothing unwinds, a panic ends the process in the handler) and the tools'
///   version notes: 18,528 bytes;
/// - `-no-pie`: a fixed load address, so no dynamic relocations for the binary's own pointers
///   (the executable loses address randomisation): 768;
/// - `--icf=all`: identical functions folded into one (nothing here compares function
///   addresses): 976;
/// - `-z norelro`: no read-only-after-relocation segment and its alignment: 192;
/// - `--build-id=none`: no build-id note: 112.
///
/// Tried and left out, as they saved nothing with rust-lld (its default already) or weaken the
/// binary: `-z noseparate-code` and `--hash-style=gnu` (0), `-z nognustack` (64, but an
/// executable stack), `-z lazy` (32), `-O2` and `--pack-dyn-relocs=relr` (0).
///
/// Only for the profiles that inherit `release` (`tiny`, `release`), where panics abort, and
/// without the standard library: the `dev` build unwinds, through the standard library, which
/// needs the unwinding tables.
fn link_args(out: &Path) {
    let var = |name| std::env::var(name).unwrap_or_default();
    if var("CARGO_CFG_TARGET_OS") != "linux" || var("PROFILE") != "release" {
        return;
    }
    let script = out.join("discard.ld");
    let discard = "SECTIONS { /DISCARD/ : { *(.eh_frame) *(.eh_frame_hdr) *(.gcc_except_table) *(.comment) } } \
                   INSERT AFTER .text;\n";
    write(&script, discard.as_bytes());
    println!("cargo:rustc-link-arg-bins={}", script.display());
    for arg in ["-no-pie", "-Wl,--icf=all", "-Wl,-z,norelro", "-Wl,--build-id=none"] {
        println!("cargo:rustc-link-arg-bins={arg}");
    }
}

/// Writes through a temporary file and a rename, so a reader never sees half a file.
fn write(path: &Path, bytes: &[u8]) {
    let tmp = path.with_extension("tmp");
    fs::write(&tmp, bytes).unwrap_or_else(|e| panic!("writing {}: {e}", tmp.display()));
    fs::rename(&tmp, path).unwrap_or_else(|e| panic!("renaming to {}: {e}", path.display()));
}
