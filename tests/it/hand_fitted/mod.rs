//! The hyper knight's hand-fitted closed form and its certificate, as they were before the
//! general leaper machinery replaced them: kept here only as an independent cross-check of the
//! form `build.rs` now discovers and proves (`tests/it/closed_form.rs` compares the two).

#![allow(dead_code)]

pub mod certificate;
pub mod closed_form;
