//! A heap game's long computation: its limits ([`SessionLimits`]), the search run under them
//! with progress and stop requests through a [`Watch`] ([`Session::run`]), checkpoints that
//! save it and resume it ([`Checkpoints`], [`Session::resume`]), values computed as a judge's
//! cases need them ([`OnDemand`]), and the verification of a blob's heap tables
//! ([`verify_period`]).
//!
//! Nothing here prints or exits: what a program shows of a session goes through its
//! [`Watch`], and every failure is a typed error.

mod checkpoints;
mod error;
mod limits;
mod on_demand;
mod run;
mod values_file;
mod verify;

pub use checkpoints::{Checkpoints, DEFAULT_CHECKPOINT_EVERY, Replace, Saved};
pub use error::SessionError;
pub use limits::{DEFAULT_UNPROVABLE, SessionLimits, VALUES_IN_FILE_FROM, WORK_PER_HEAP};
pub use on_demand::{OnDemand, OnDemandError};
pub use run::{FIRST_ROOM, Run, Session, Watch};
pub use verify::{PeriodError, ProvenPeriod, verify_period};
