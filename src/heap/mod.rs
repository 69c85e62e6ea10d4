//! Heap games (octal and hexadecimal codes, subtraction sets, Grundy's game) beyond one
//! table: long computations run as sessions.

pub mod session;
