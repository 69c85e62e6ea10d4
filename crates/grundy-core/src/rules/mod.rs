//! The game math: heap games (take-and-break codes, subtraction sets, Grundy's game: values,
//! proven periods, [`heap`]), general leapers (move sets, the Grundy sweep, closed forms found and proven,
//! [`leaper`]), misère Nim's and Mine's parity recurrences. `build.rs` computes the embedded
//! tables with this code, so the tests check exactly the code that built them.

pub mod heap;
pub mod leaper;
pub mod mine;
pub mod misere;
pub mod parity;
