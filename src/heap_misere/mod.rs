//! Misère play of heap games: the judge of sums of heaps in misère play, answering from a
//! misère quotient ([`grundy_core::heap_misere`], which computes and proves it), and its cases
//! explained with a winning move ([`MisereHeapsCase`]), and `Φ` drawn ([`picture()`], feature
//! `pictures`).

mod judge;
#[cfg(feature = "pictures")]
mod picture;
mod report;

pub use grundy_core::heap_misere::{
    MisereAnalysis, MisereLimits, MisereProgress, MisereStatus, MisereStop, MisereTable, Presentation, Quotient,
    analyze_misere, analyze_misere_with,
};
pub use judge::MisereHeaps;
#[cfg(feature = "pictures")]
pub use picture::picture;
pub use report::MisereHeapsCase;
