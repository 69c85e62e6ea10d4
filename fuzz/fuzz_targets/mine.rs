//! The Mine judge (HDU 4678) on arbitrary bytes: never a panic, and its output is what an
//! independent reference says: exactly where it can value the board, else the right shape; the
//! judge's analysis of each board matches the reference's (see `grundy_fuzz_checks::mine`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz_checks::mine(data));
