//! The `grundy` and `grundy-tiny` binaries end to end, one test binary with a module per area.

/// Runs a built binary with some standard input.
mod run;
/// The independent oracles and the random generator, shared with the library's tests.
use grundy_test_support as common;

/// The catalogue of bad (and oddly laid out but valid) judge inputs.
mod bad_input;
/// `knights` beyond the table, `sg`, `verify knight`.
mod closed_form;
/// The command examples of the README and of `docs/`, run.
mod docs_examples;
/// `draw`: pictures of leaper tables and Mine boards.
mod draw;
/// `emit`: standalone solvers, compiled and run against grundy.
mod emit;
/// `--explain` and `--json` of the three judges.
mod explain;
/// `generated/` against what `grundy generate` writes.
mod generated;
/// Misère play of heap games: `--misere` on analyze, sg and heaps, against exhaustive search.
mod heap_misere;
/// Heap games: `--heap` on analyze, sg, generate and verify, and the `heaps` judge, against a
/// mex oracle.
mod heaps;
/// `--help` of every subcommand.
mod help;
/// Many cases, redirected and truncated input, `generate -o`, non-regular blobs, closed and full
/// output, messages.
mod io_paths;
/// `grundy knights` on files and standard input, and its input errors.
mod knights;
/// Any leaper: `--moves` on analyze, sg, generate, knights and verify, against a mex oracle.
mod leaper;
/// Mine on whole boards: small boards against the simulator, large ones under symmetries,
/// `--keep-going`.
mod mine_boards;
/// `grundy misere-nim` and `grundy mine` on files and standard input.
mod misere_mine;
/// `--rules`: games defined by a script.
mod rules;
/// `grundy serve`: its URL and page, or how to build it in.
mod serve;
/// `grundy-tiny` answers and fails exactly like `grundy`.
mod tiny;
