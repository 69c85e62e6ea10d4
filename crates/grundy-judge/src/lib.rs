//! The byte-level core of grundy's judge solvers, shared by the `grundy` library and the
//! `grundy-tiny` binary: `no_std`, no allocation, no formatting on the hot paths.
//!
//! - [`token`]: what separates numbers, why a number could not be read, how long it may be.
//! - [`swar`]: up to eight decimal digits parsed inside one `u64`.
//! - [`block`]: a 64-byte block classified into masks of its digits and separators (SIMD).
//! - [`position`]: the line and column of an error, counted only when one is reported.
//! - [`found`]: what an error says was found instead of a number.
//! - [`answer`]: the answer lines `Case k: Alice`, their case numbers kept as digits.
//!
//! Each reader (grundy's generic scanner, the tiny binary's own) keeps its window and its fast
//! paths; what they must agree on byte for byte lives here once.

#![no_std]
#![warn(missing_docs)]

pub mod answer;
pub mod block;
pub mod found;
pub mod position;
pub mod swar;
pub mod token;
