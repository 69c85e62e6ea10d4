//! Misère play of heap games: the judge of sums of heaps in misère play, answering from a
//! misère quotient ([`grundy_core::heap_misere`], which computes and proves it), and its cases
//! explained with a winning move ([`MisereHeapsCase`]).

mod judge;
mod report;

pub use grundy_core::heap_misere::{
    MisereAnalysis, MisereLimits, MisereProgress, MisereStatus, MisereStop, MisereTable, Presentation, Quotient,
    analyze_misere, analyze_misere_with,
};
pub use judge::MisereHeaps;
pub use report::MisereHeapsCase;
