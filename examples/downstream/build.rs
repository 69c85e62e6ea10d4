//! Tabulates this crate's games into `OUT_DIR`: a leaper with the moves below (`leaper.sgt`: the
//! 64 x 64 square and the closed form that grundy-core discovers and proves for it) and Dawson's
//! Kayles, the heap game 0.07 (`dawson.sgt`: its values up to the period found and proven), and
//! Kayles' misère quotient (`kayles-misere.sgt`: Q, P and Φ up to its proven period), and a game
//! of its own rules written in Rust (`lieges.sgt`: the values of heaps 0..4096). The build fails
//! if any of the first three is not proven: this program relies on answering any cell, heap and
//! sum; the last answers only the heaps computed.

use core::convert::Infallible;

use grundy_core::format;
use grundy_core::rules::{HeapSequence, Options, Rules, Shape};
use grundy_core::{
    generate::{heap_blob, leaper_blob_with, misere_blob, rules_blob},
    heap::{HeapGame, HeapLimits, analyze_heap, check_period},
    heap_misere::{MisereLimits, analyze_misere},
    leaper::{Limits, MoveSet, Verdict, analyze},
};

/// The game: the four knight moves that lower x + y.
const MOVES: &str = "(-2,1) (-2,-1) (1,-2) (-1,-2)";
const BOUND: usize = 64;
/// The heap game: Dawson's Kayles.
const HEAP_GAME: &str = "0.07";
/// The misère game: Kayles.
const MISERE_GAME: &str = "0.77";
/// The game of our own rules: heaps 0..LIEGES_HEAPS tabulated.
const LIEGES_HEAPS: u64 = 4096;

/// Lieges of Legendre with k = 3: take one token from a heap, or replace a heap of 2x tokens
/// (x > 0) by three heaps of x.
struct Lieges;

impl Rules for Lieges {
    type Error = Infallible;

    fn shape(&self) -> Shape {
        Shape::Heap
    }

    fn options(&self, heap: &[u64], options: &mut Options) -> Result<(), Infallible> {
        let n = heap[0];
        if n > 0 {
            options.push(&[n - 1]);
        }
        if n > 0 && n % 2 == 0 {
            options.push(&[n / 2; 3]);
        }
        Ok(())
    }
}

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

    // 1024 values are enough for the theorem (period 34 from heap 53); the independent checker
    // re-proves the period before the blob is written.
    let game = HeapGame::parse(HEAP_GAME).unwrap_or_else(|e| panic!("{HEAP_GAME}: {e}"));
    let analysis = analyze_heap(&game, &HeapLimits::default());
    let period = analysis.period().unwrap_or_else(|| panic!("{HEAP_GAME}: no period proven: {analysis}"));
    check_period(&game, analysis.values(), period).unwrap_or_else(|e| panic!("{HEAP_GAME}: {e}"));
    let blob = heap_blob(&analysis).unwrap_or_else(|e| panic!("{HEAP_GAME}: {e}"));
    format::validate(&blob).expect("the generator writes valid blobs");
    std::fs::write(out.join("dawson.sgt"), &blob).expect("write OUT_DIR/dawson.sgt");

    // Φ proven periodic (period 12 from heap 71) with heaps 0..171; misere_blob refuses a
    // quotient without a proof.
    let game = HeapGame::parse(MISERE_GAME).unwrap_or_else(|e| panic!("{MISERE_GAME}: {e}"));
    let analysis = analyze_misere(&game, &MisereLimits::default());
    let blob = misere_blob(&analysis).unwrap_or_else(|e| panic!("{MISERE_GAME}: {e}"));
    format::validate(&blob).expect("the generator writes valid blobs");
    std::fs::write(out.join("kayles-misere.sgt"), &blob).expect("write OUT_DIR/kayles-misere.sgt");

    let mut values = HeapSequence::new();
    values.extend(&Lieges, LIEGES_HEAPS).expect("every heap a move leaves is smaller");
    let blob = rules_blob("lieges", Shape::Heap, LIEGES_HEAPS, values.values()).expect("4096 values fit");
    format::validate(&blob).expect("the generator writes valid blobs");
    std::fs::write(out.join("lieges.sgt"), &blob).expect("write OUT_DIR/lieges.sgt");
}
