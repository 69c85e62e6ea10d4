//! The `grundy` and `grundy-tiny` binaries end to end, one test binary with a module per area.

/// Runs a built binary with some standard input.
mod run;

/// The catalogue of bad (and oddly laid out but valid) judge inputs.
mod bad_input;
/// `knights` beyond the table, `sg`, `verify knight`.
mod closed_form;
/// `--explain` and `--json` of the three judges.
mod explain;
/// `grundy knights` on files and standard input, and its input errors.
mod knights;
/// Any leaper: `--moves` on analyze, sg, generate, knights and verify, against a mex oracle.
mod leaper;
/// `grundy misere-nim` and `grundy mine` on files and standard input.
mod misere_mine;
/// `grundy-tiny` answers and fails exactly like `grundy`.
mod tiny;
