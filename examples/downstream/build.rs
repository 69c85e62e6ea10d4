//! Tabulates this crate's game, a leaper with the moves below, into `OUT_DIR/leaper.sgt`: the
//! 64 x 64 square and the closed form that grundy-core discovers and proves for it (the build
//! fails if none is certified: this program relies on answering any cell).

use grundy_core::{Limits, MoveSet, Verdict, analyze, leaper_blob_with};

/// The game: the four knight moves that lower x + y.
const MOVES: &str = "(-2,1) (-2,-1) (1,-2) (-1,-2)";
const BOUND: usize = 64;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let set = MoveSet::parse(MOVES).unwrap_or_else(|e| panic!("{MOVES}: {e}"));
    // Discovery and proof; without a certified form the build stops with the analysis's own
    // reason (where discovery stopped and why, or why the candidate was not proven).
    let analysis = analyze(&set, &Limits::default());
    if let Verdict::NotFound(why) = &analysis.verdict {
        panic!("{MOVES}: cells beyond the {BOUND} x {BOUND} square would have no value: {why}");
    }
    let blob = leaper_blob_with(&set, BOUND, &analysis).unwrap_or_else(|e| panic!("{MOVES}: {e}"));
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("leaper.sgt"), &blob).expect("write OUT_DIR/leaper.sgt");
}
