//! The Hyper Knights judge (LightOJ 1315) on arbitrary bytes: never a panic, and its output is
//! exactly what an independent reference says (see `grundy_fuzz_checks::knights`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz_checks::knights(data));
