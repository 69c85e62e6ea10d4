//! Rules written as a [Rhai](https://rhai.rs) script: `fn options(p)` returns a position's
//! options (feature `script`).
//!
//! - A heap game: `p` is an integer, and each option an array of integers, the heaps the move
//!   leaves in place of this one (`[]`: the heap is gone).
//! - A game on tuples declares their length, `const DIMENSION = 2;`: `p` is an array of that
//!   many integers, and each option an array of positions (each an array).
//!
//! The script is sandboxed: Rhai has no file, network or process access, and `import` is not
//! built in; `print` and `debug` go to the callback given ([`ScriptLimits::print`]). Each call
//! of `options` is bounded in operations and call depth, and all calls together by a deadline, a
//! stop flag and the memory the process has allocated, so a script that loops, recurses or
//! allocates without end is stopped with an error instead of hanging or crashing.

use std::fmt;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::time::{Duration, Instant};

use grundy_core::rules::{MAX_DIMENSION, Options, Rules, Shape};
use rhai::{AST, Array, CallFnOptions, Dynamic, Engine, EvalAltResult, INT, OptimizationLevel, Position, Scope};

/// The operations one call of `options` may take.
pub const MAX_OPERATIONS: u64 = 1 << 24;
/// The deepest nesting of function calls.
pub const MAX_CALL_LEVELS: usize = 48;

/// Where a script's `print` and `debug` text goes.
pub type Print = Arc<dyn Fn(&str) + Send + Sync>;
/// A question asked while a script runs: whether to stop.
pub type Probe<T> = Arc<dyn Fn() -> T + Send + Sync>;

/// What bounds a script's run as a whole.
#[derive(Clone, Default)]
pub struct ScriptLimits {
    /// No call starts, and a running one stops, after this instant.
    pub deadline: Option<Instant>,
    /// The time bound the deadline comes from, for messages.
    pub max_time: Option<Duration>,
    /// Whether to stop (a signal came): asked between calls and during long ones.
    pub stop: Option<Probe<bool>>,
    /// Where `print` and `debug` write; nowhere without it.
    pub print: Option<Print>,
    /// A counter of the bytes the process has allocated (a counting allocator's), and the most a
    /// script may take it to: read after every operation. (Rhai's own data-size limits measure a
    /// whole array at each push, which makes building a list of options quadratic.)
    pub memory: Option<(&'static AtomicUsize, usize)>,
    /// Without a counting allocator: the most items an array, map or string may hold, by Rhai's
    /// own checks (each push then measures the whole array, so a list of options costs its
    /// length squared: for small games, and fuzzing).
    pub max_data: Option<usize>,
}

impl fmt::Debug for ScriptLimits {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("ScriptLimits").field("deadline", &self.deadline).field("max_time", &self.max_time).finish()
    }
}

/// A compiled script and the engine that runs it.
pub struct Script {
    engine: Engine,
    ast: AST,
    shape: Shape,
    limits: ScriptLimits,
}

impl fmt::Debug for Script {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Script").field("shape", &self.shape).finish_non_exhaustive()
    }
}

/// Why a script was refused or stopped.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum ScriptError {
    /// The script does not parse, or is not what a game's rules must be (`fn options(p)`,
    /// `DIMENSION`); with its line and column when it has one.
    Invalid {
        /// Line and column, from 1.
        at: Option<(usize, usize)>,
        /// What is wrong.
        message: String,
    },
    /// `options` failed or returned something that is not a list of options; with the line and
    /// column in the script when known.
    Failed {
        /// Line and column, from 1.
        at: Option<(usize, usize)>,
        /// What is wrong.
        message: String,
    },
    /// A call ran past a bound: operations, call depth, or the size of its data.
    Limit {
        /// Line and column, from 1.
        at: Option<(usize, usize)>,
        /// Which bound.
        message: String,
    },
    /// The deadline passed.
    TimeLimit {
        /// The bound.
        max_time: Option<Duration>,
    },
    /// The stop flag was set.
    Interrupted,
}

impl fmt::Display for ScriptError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (at, message) = match self {
            ScriptError::Invalid { at, message }
            | ScriptError::Failed { at, message }
            | ScriptError::Limit { at, message } => (at, message),
            ScriptError::TimeLimit { max_time: Some(t) } => {
                return write!(f, "the time bound of {} s was reached", grundy_core::Seconds(*t));
            }
            ScriptError::TimeLimit { max_time: None } => return f.write_str("the time bound was reached"),
            ScriptError::Interrupted => return f.write_str("interrupted"),
        };
        match at {
            Some((line, column)) => write!(f, "line {line}, column {column}: {message}"),
            None => f.write_str(message),
        }
    }
}

impl std::error::Error for ScriptError {}

fn at(position: Position) -> Option<(usize, usize)> {
    Some((position.line()?, position.position().unwrap_or(1)))
}

/// The stop tokens of [`Engine::on_progress`]: which bound stopped the call.
const TIME: INT = 1;
const STOPPED: INT = 2;
const MEMORY: INT = 3;

impl Script {
    /// Compiles `source` and checks that it defines `fn options(p)` (and, for a game on
    /// tuples, `const DIMENSION` from 1 to 8).
    pub fn load(source: &str, limits: ScriptLimits) -> Result<Script, ScriptError> {
        let mut engine = Engine::new();
        engine
            .set_optimization_level(OptimizationLevel::Simple)
            .set_max_operations(MAX_OPERATIONS)
            .set_max_call_levels(MAX_CALL_LEVELS)
            .set_max_expr_depths(64, 32)
            .set_max_variables(1 << 16)
            .set_max_functions(1 << 12)
            .disable_symbol("eval");
        if let Some(most) = limits.max_data {
            engine.set_max_array_size(most).set_max_map_size(most).set_max_string_size(most);
        }
        let print = limits.print.clone();
        let debug = limits.print.clone();
        engine.on_print(move |s| print.as_ref().map_or((), |p| p(s)));
        engine.on_debug(move |s, _, _| debug.as_ref().map_or((), |p| p(s)));
        let (deadline, stop, memory) = (limits.deadline, limits.stop.clone(), limits.memory);
        engine.on_progress(move |ops| {
            if memory.is_some_and(|(allocated, most)| allocated.load(Ordering::Relaxed) > most) {
                return Some(MEMORY.into());
            }
            if ops % 4096 != 0 {
                return None;
            }
            if stop.as_ref().is_some_and(|stop| stop()) {
                Some(STOPPED.into())
            } else if deadline.is_some_and(|d| Instant::now() >= d) {
                Some(TIME.into())
            } else {
                None
            }
        });
        let ast = engine.compile(source).map_err(|e| ScriptError::Invalid { at: at(e.1), message: e.0.to_string() })?;
        if !ast.iter_functions().any(|f| f.name == "options" && f.params.len() == 1) {
            return Err(ScriptError::Invalid {
                at: None,
                message: "the script defines no `fn options(p)` (one parameter: the position)".into(),
            });
        }
        let mut shape = Shape::Heap;
        for (name, _, value) in ast.iter_literal_variables(true, true) {
            if name == "DIMENSION" {
                shape = match value.as_int() {
                    Ok(d) if (1..=MAX_DIMENSION as INT).contains(&d) => Shape::Tuple(d as usize),
                    _ => {
                        return Err(ScriptError::Invalid {
                            at: None,
                            message: format!(
                                "DIMENSION is {value}: it must be a whole number from 1 to {MAX_DIMENSION}"
                            ),
                        });
                    }
                };
            }
        }
        Ok(Script { engine, ast, shape, limits })
    }

    /// Calls `options(position)`.
    fn call(&self, position: &[u64]) -> Result<Array, ScriptError> {
        if self.limits.stop.as_ref().is_some_and(|stop| stop()) {
            return Err(ScriptError::Interrupted);
        }
        if self.limits.deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(ScriptError::TimeLimit { max_time: self.limits.max_time });
        }
        let number = |x: u64| {
            INT::try_from(x).map_err(|_| ScriptError::Failed {
                at: None,
                message: format!("{x} is past the largest integer a script holds ({})", INT::MAX),
            })
        };
        let argument: Dynamic = match self.shape {
            Shape::Heap => number(position[0])?.into(),
            Shape::Tuple(_) => {
                position.iter().map(|&x| number(x).map(Dynamic::from)).collect::<Result<Array, _>>()?.into()
            }
        };
        let options = CallFnOptions::new().eval_ast(false).rewind_scope(true);
        let result =
            self.engine.call_fn_with_options::<Dynamic>(options, &mut Scope::new(), &self.ast, "options", (argument,));
        let value = result.map_err(|e| self.runtime(*e))?;
        value.into_array().map_err(|found| ScriptError::Failed {
            at: None,
            message: format!("options({}) returned a value of type {found}, not an array of options", Text(position)),
        })
    }

    /// A run-time error as a [`ScriptError`], at the innermost call's line.
    fn runtime(&self, error: EvalAltResult) -> ScriptError {
        let inner = error.unwrap_inner();
        let position = at(inner.position()).or_else(|| at(error.position()));
        // The message without the position Rhai appends, which `at` gives as line and column.
        let text = inner.to_string();
        let bare = text.strip_suffix(&format!(" ({})", inner.position())).unwrap_or(&text);
        match inner {
            EvalAltResult::ErrorTerminated(token, _) if token.as_int() == Ok(STOPPED) => ScriptError::Interrupted,
            EvalAltResult::ErrorTerminated(token, _) if token.as_int() == Ok(MEMORY) => ScriptError::Limit {
                at: position,
                message: format!(
                    "the script's data passed {} MiB of memory",
                    self.limits.memory.as_ref().map_or(0, |(_, most)| most >> 20)
                ),
            },
            EvalAltResult::ErrorTerminated(..) => ScriptError::TimeLimit { max_time: self.limits.max_time },
            EvalAltResult::ErrorTooManyOperations(_) => ScriptError::Limit {
                at: position,
                message: format!("one call of options ran past {MAX_OPERATIONS} operations (a loop without end?)"),
            },
            EvalAltResult::ErrorStackOverflow(_) => ScriptError::Limit {
                at: position,
                message: format!("calls nested deeper than {MAX_CALL_LEVELS} (a recursion without end?)"),
            },
            EvalAltResult::ErrorDataTooLarge(..) | EvalAltResult::ErrorTooManyVariables(_) => {
                ScriptError::Limit { at: position, message: bare.to_string() }
            }
            _ => ScriptError::Failed { at: position, message: bare.to_string() },
        }
    }
}

/// A position as the script sees it: `5`, or `[1, 2]`.
struct Text<'a>(&'a [u64]);

impl fmt::Display for Text<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            [n] => write!(f, "{n}"),
            _ => write!(f, "[{}]", self.0.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")),
        }
    }
}

impl Rules for Script {
    type Error = ScriptError;

    fn shape(&self) -> Shape {
        self.shape
    }

    fn options(&self, position: &[u64], options: &mut Options) -> Result<(), ScriptError> {
        let list = self.call(position)?;
        let wrong = |what: String| ScriptError::Failed {
            at: None,
            message: format!("options({}) returned {what}", Text(position)),
        };
        let mut numbers = Vec::new();
        for (i, option) in list.into_iter().enumerate() {
            let i = i + 1;
            let option = option.into_array().map_err(|found| wrong(format!("{found} as option {i}, not an array")))?;
            numbers.clear();
            for (j, part) in option.into_iter().enumerate() {
                let j = j + 1;
                match self.shape {
                    Shape::Heap => numbers.push(count(&part).ok_or_else(|| {
                        wrong(format!("{part} as heap {j} of option {i}, not a heap size (a whole number from 0)"))
                    })?),
                    Shape::Tuple(d) => {
                        let bad = || {
                            wrong(format!(
                                "{part} as position {j} of option {i}, not an array of {d} whole numbers from 0"
                            ))
                        };
                        let tuple = part.clone().into_array().map_err(|_| bad())?;
                        if tuple.len() != d {
                            return Err(bad());
                        }
                        for x in &tuple {
                            numbers.push(count(x).ok_or_else(bad)?);
                        }
                    }
                }
            }
            options.push(&numbers);
        }
        Ok(())
    }
}

/// A whole number from 0.
fn count(value: &Dynamic) -> Option<u64> {
    value.as_int().ok().and_then(|n| u64::try_from(n).ok())
}
