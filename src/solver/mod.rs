//! The library API: values, winners and winning moves ([`knight::winning_move`],
//! [`misere::winning_move`], [`mine::Solver::explain`]), answered from the runtime tables.

pub mod knight;
pub mod mine;
pub mod misere;
