//! General leapers: any finite move set that some positive potential lowers.
//!
//! - [`moves`]: the move-set notation, validation, the potential, symmetry;
//! - [`sweep`]: the Grundy table of a potential triangle, computed iteratively;
//! - [`form`]: eventually piecewise-periodic closed forms and their O(1) evaluation;
//! - [`discover`]: finding a closed form in computed tables (heuristic; it may fail);
//! - [`certify`]: proving a closed form equal to the Grundy function on all of N²
//!   (independent of the discovery).

pub mod certify;
pub mod discover;
pub mod form;
pub mod moves;
pub mod sweep;
