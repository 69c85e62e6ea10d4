//! The judge problems: exact input formats in, exact judge output out.

mod error;
pub mod input;
pub mod knights;
pub mod mine;
pub mod misere;
pub mod scanner;

pub use error::{InputError, JudgeError};
