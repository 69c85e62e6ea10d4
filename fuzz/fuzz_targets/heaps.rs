//! The heap-game judge on arbitrary bytes (Kayles): never a panic, and its output is exactly
//! what an independent reference says (see `grundy_fuzz_checks::heaps`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz_checks::heaps(data));
