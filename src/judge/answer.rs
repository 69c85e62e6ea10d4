//! The judges' names for the winner (grundy-judge's, which `grundy-tiny` writes too): `Alice`
//! and `Bob` for Hyper Knights and misère Nim, `Xiemao` and `Fanglaoshi` for Mine.

pub(crate) use grundy_judge::answer::{mine_winner, winner_name};
