//! The game math: move sets and the Grundy sweep, general leapers (closed forms found and
//! proven, [`leaper`]), misère Nim's and Mine's parity recurrences. `build.rs` computes the embedded
//! tables with this code, so the tests check exactly the code that built them.

pub mod knight;
pub mod leaper;
pub mod mine;
pub mod misere;
