//! The Misère Nim judge (LightOJ 1253) on arbitrary bytes: never a panic, and its output is
//! exactly what an independent reference says (see `grundy_fuzz_checks::misere`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz_checks::misere(data));
