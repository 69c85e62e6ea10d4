//! Tells the build scripts of dependents whether the standard library is linked through this
//! crate (the `std` feature: `DEP_GRUNDY_CORE_STD`), so that a `no_std` binary brings its own
//! panic handler only where there is no other.

fn main() {
    println!("cargo::rerun-if-changed=build.rs");
    if std::env::var_os("CARGO_FEATURE_STD").is_some() {
        println!("cargo::metadata=std=1");
    }
}
