//! A `--rules` script loaded and bounded: with the `script` feature, the Rhai engine under
//! `--max-time`, the memory bound and the signals (which stop it while the command holds an
//! [`Interruptible`](crate::cli::interrupt::Interruptible)); without it, a refusal that names
//! the feature.

use std::path::Path;

use grundy::rules::{ComputeLimits, Computed};

use super::ExitOf;
use crate::cli::exit::Failure;
use crate::cli::heap::HeapArgs;
use crate::process::Exit;

#[cfg(feature = "script")]
pub use with_script::{Loaded, load};
#[cfg(not(feature = "script"))]
pub use without_script::{Loaded, load};

/// The limits of the values: `--max-heap` bounds the heaps (or the box's side) computed on
/// demand when `on_demand`, and otherwise is the table's extent.
fn limits(args: &HeapArgs, on_demand: bool) -> ComputeLimits {
    let mut limits = ComputeLimits::default();
    if let Some(n) = args.max_heap {
        limits.max_heap = n;
        if !on_demand {
            limits.side = n;
        }
    } else if !on_demand {
        limits.side = super::DEFAULT_SIDE;
    }
    limits
}

#[cfg(feature = "script")]
mod with_script {
    use std::sync::Arc;
    use std::sync::atomic::Ordering;
    use std::time::Instant;

    use grundy::rules::script::{Script, ScriptError, ScriptLimits};

    use super::*;
    use crate::cli::interrupt::signalled;
    use crate::memory::ALLOCATED;

    /// A script's game.
    pub type Loaded = Computed<Script>;

    /// The most values of a heap game defined by rules (512 MiB of them).
    const MAX_HEAPS: u64 = 1 << 26;

    /// The memory a script may take beyond what the process holds when it is loaded.
    const MAX_MEMORY: usize = 1 << 30;

    impl ExitOf for ScriptError {
        fn exit(&self) -> Exit {
            match self {
                ScriptError::Invalid { .. } | ScriptError::Failed { .. } => Exit::Invalid,
                ScriptError::Limit { .. } | ScriptError::TimeLimit { .. } => Exit::Io,
                ScriptError::Interrupted => Exit::Interrupted,
            }
        }
    }

    /// Reads and compiles the script at `path` (its game named by the file's stem).
    pub fn load(path: &Path, args: &HeapArgs, on_demand: bool) -> Result<Loaded, Failure> {
        if let Some(n) = args.max_heap.filter(|&n| n > MAX_HEAPS) {
            return Err(Failure::invalid(format!(
                "--max-heap {n}: a game defined by rules keeps at most {MAX_HEAPS} values (8 bytes each) in memory"
            )));
        }
        let source = std::fs::read_to_string(path).map_err(|e| Failure::io(format!("{}: {e}", path.display())))?;
        let bounds = ScriptLimits {
            deadline: args.max_time.map(|t| Instant::now() + t),
            max_time: args.max_time,
            stop: Some(Arc::new(signalled)),
            print: Some(Arc::new(|text: &str| eprintln!("{text}"))),
            memory: Some((&ALLOCATED, ALLOCATED.load(Ordering::Relaxed) + MAX_MEMORY)),
            max_data: None,
        };
        let script =
            Script::load(&source, bounds).map_err(|e| Failure::new(e.exit(), format!("{}: {e}", path.display())))?;
        let name = path.file_stem().map_or("rules".into(), |s| s.to_string_lossy().into_owned());
        let limits = limits(args, on_demand);
        Computed::new(&name, script, limits).ok_or_else(|| {
            Failure::invalid(format!(
                "game {name}: a box of side {} holds more than {} positions (a smaller --max-heap)",
                limits.side,
                grundy::rules::MAX_BOX
            ))
        })
    }
}

#[cfg(not(feature = "script"))]
mod without_script {
    use std::convert::Infallible;

    use grundy::rules::{Options, Rules, Shape};

    use super::*;

    /// No script can be loaded: rules that never exist.
    #[derive(Debug)]
    pub enum NoScript {}

    impl Rules for NoScript {
        type Error = Infallible;
        fn shape(&self) -> Shape {
            match *self {}
        }
        fn options(&self, _: &[u64], _: &mut Options) -> Result<(), Infallible> {
            match *self {}
        }
    }

    impl ExitOf for Infallible {
        fn exit(&self) -> Exit {
            match *self {}
        }
    }

    /// What a script would be.
    pub type Loaded = Computed<NoScript>;

    /// Refuses: this grundy was built without the script engine.
    pub fn load(path: &Path, _: &HeapArgs, _: bool) -> Result<Loaded, Failure> {
        let _ = limits;
        Err(Failure::invalid(format!(
            "--rules {}: this grundy was built without the script engine (cargo install grundy-cli --features script)",
            path.display()
        )))
    }
}
