//! A `--rules` script from arbitrary bytes: loaded and run under tight bounds, never a panic, a
//! hang or unbounded memory (see `grundy_fuzz_checks::script`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz_checks::script(data));
