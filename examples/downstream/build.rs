//! Tabulates this crate's game, a leaper with the moves below, into `OUT_DIR/leaper.sgt`: the
//! 64 x 64 square and the closed form that grundy-core discovers and proves for it (the build
//! fails if none is certified: this program relies on answering any cell).

use grundy_core::format::{self, header::Game};
use grundy_core::leaper_blob;
use grundy_core::MoveSet;

/// The game: the four knight moves that lower x + y.
const MOVES: &str = "(-2,1) (-2,-1) (1,-2) (-1,-2)";
const BOUND: usize = 64;

fn main() {
    println!("cargo:rerun-if-changed=build.rs");
    let set = MoveSet::parse(MOVES).unwrap_or_else(|e| panic!("{MOVES}: {e}"));
    let blob = leaper_blob(&set, BOUND).unwrap_or_else(|e| panic!("{MOVES}: {e}"));
    let header = format::validate(&blob).expect("the generator writes valid blobs");
    assert!(
        header.tables.iter().any(|t| t.game == Game::LeaperForm),
        "{MOVES}: no closed form was certified, so cells beyond {BOUND} would have no value"
    );
    let out = std::path::PathBuf::from(std::env::var_os("OUT_DIR").expect("OUT_DIR"));
    std::fs::write(out.join("leaper.sgt"), &blob).expect("write OUT_DIR/leaper.sgt");
}
