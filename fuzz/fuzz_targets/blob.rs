//! The blob loader on arbitrary bytes: `format::validate` and `TableFile::from_bytes` must never
//! panic, and what they accept must be internally consistent (see `grundy_fuzz_checks::blob`).
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| grundy_fuzz_checks::blob(data));
