//! The library's integration tests, one binary with a module per area. Oracles (`common`) and the
//! fuzz targets' checks (`checks`) are written independently of the crate's tables and solvers.

/// The fuzz targets' checks: every committed corpus file replays through them here on stable Rust.
use grundy_fuzz_checks as checks;
/// The independent oracles and the random generator, shared with the CLI tests and benchmarks.
use grundy_test_support as common;
/// Running a judge in process (the helpers the judge tests share).
mod run;

/// `docs/architecture.md` names every module file.
mod architecture;
/// The hyper-knight closed form against the DP, the definition and its certificate.
mod closed_form;
/// The `.sgt` blob: round trip, the committed copy in `generated/`, each corruption's error.
mod format;
/// Properties of the blob: every byte flipped and every truncation rejected.
mod format_props;
/// Every committed fuzz seed and crash input, replayed.
mod fuzz_corpus;
/// The retired hand-fitted hyper-knight form and certificate, a cross-check only.
mod hand_fitted;
/// Misère quotients of heap games against exhaustive search of sums.
mod heap_misere;
/// Heap sessions: checkpoints, resume, values on demand, the verification of a blob's periods.
mod heap_session;
/// The heap games' judge from a blob and on demand, against the rules' values.
mod heaps_judge;
/// Blob files read as far as their headers allow, judge input in chunks, a file cut while read.
mod io_paths;
/// The knight table against the definition and exhaustive sum search.
mod knight_table;
/// The knights judge against independently computed answers, on valid and damaged inputs.
mod knights_judge;
/// The run-time closed-form evaluator against the proven `ClosedForm::eval`.
mod leaper_runtime;
/// Any leaper: move sets, the sweep against a mex oracle, closed forms found and proven.
mod leapers;
/// Mine: samples, edge cases, promise-breaking boards and the cluster model.
mod mine;
/// Graph Chomp (a Mine cluster's game) against a whole-state search, and each reduction.
mod mine_graphs;
/// The Mine solver against a click-by-click simulation of every small board.
mod mine_simulator;
/// Misère Nim: samples, pitfalls, `u64` piles, bad input.
mod misere;
/// Misère quotients in blobs: read back, answered, refused when damaged.
mod misere_blob;
/// No package has a module cycle.
mod module_cycles;
/// The misère and Mine parity tables against exhaustive game-tree search.
mod parity_tables;
/// Games defined by rules (Rust and scripts) against definitions and exhaustive search.
mod rules;
/// The scanner streamed in pieces against the same bytes in memory; its bulk path for pairs.
mod scanner;
/// Output styles: a caller's own sink, and the explained report.
mod styles;
/// The code behind every `unsafe` block (mapped blobs and inputs, the aligned embedded blob).
mod unsafe_paths;
/// Winning moves of all three games against exhaustive search.
mod winning_moves;
