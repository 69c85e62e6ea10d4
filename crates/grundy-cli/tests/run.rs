//! Running the built binaries: the one place the CLI tests start a process.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

/// Which binary to run.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Bin {
    /// `grundy`, the full command line.
    Grundy,
    /// `grundy-tiny`, the size-optimised judge solver.
    Tiny,
}

impl Bin {
    fn path(self) -> &'static str {
        match self {
            Bin::Grundy => env!("CARGO_BIN_EXE_grundy"),
            Bin::Tiny => tiny_path().as_deref().expect("a test runs grundy-tiny only after `tiny()` found it"),
        }
    }
}

/// The command that builds `grundy-tiny`, a no_std binary of a package of its own, which the CLI
/// tests do not build.
pub const BUILD_TINY: &str = "cargo build --profile tiny -p grundy-tiny";

/// Where `grundy-tiny` is looked for: `$GRUNDY_TINY`, else `tiny/grundy-tiny` in the target
/// directory `grundy` was built in (where [`BUILD_TINY`] puts it). `None` when it is not there.
fn tiny_path() -> &'static Option<String> {
    static PATH: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    PATH.get_or_init(|| {
        let path = std::env::var_os("GRUNDY_TINY").map(PathBuf::from).unwrap_or_else(|| {
            // `<target>/<profile>/grundy`: the target directory is two levels up.
            let grundy = Path::new(env!("CARGO_BIN_EXE_grundy"));
            grundy.ancestors().nth(2).expect("a target directory").join("tiny").join("grundy-tiny")
        });
        path.is_file().then(|| path.to_str().expect("a UTF-8 path").to_owned())
    })
}

/// The `grundy-tiny` binary, for a test that runs it. When it has not been built the test is
/// skipped (it says so on standard error and gets `None`), unless `GRUNDY_REQUIRE_TINY=1`: then
/// the test fails.
pub fn tiny() -> Option<&'static str> {
    if let Some(path) = tiny_path() {
        return Some(path);
    }
    let wanted = std::env::var_os("GRUNDY_TINY")
        .map_or("<target>/tiny/grundy-tiny".into(), |p| p.to_string_lossy().into_owned());
    assert!(
        std::env::var_os("GRUNDY_REQUIRE_TINY").is_none_or(|v| v != "1"),
        "grundy-tiny ({wanted}) is missing and GRUNDY_REQUIRE_TINY=1: build it with `{BUILD_TINY}`"
    );
    // Through the handle, not `eprintln!`, which the test harness captures from a passing test:
    // the skip is seen in `cargo test`'s output.
    let _ = writeln!(std::io::stderr(), "skipped: grundy-tiny ({wanted}) is missing; build it with `{BUILD_TINY}`");
    None
}

/// What the binary reads on standard input.
#[derive(Debug, Clone, Copy)]
pub enum Stdin<'a> {
    /// Nothing: standard input is `/dev/null`.
    Null,
    /// Redirected from a file (the judge then reads it in chunks of exactly its buffer size).
    File(&'a Path),
    /// These bytes through a pipe (chunks of whatever the pipe hands over), written from a second
    /// thread so that a large input cannot deadlock against the child's output. The child may
    /// stop reading early (bad input): a broken pipe is then expected and ignored.
    Pipe(&'a [u8]),
}

/// Runs `bin args` with `stdin` as standard input and collects everything.
pub fn run(bin: Bin, args: &[&str], stdin: Stdin<'_>) -> Output {
    let stdio = match stdin {
        Stdin::Null => Stdio::null(),
        Stdin::File(path) => {
            Stdio::from(std::fs::File::open(path).unwrap_or_else(|e| panic!("{}: {e}", path.display())))
        }
        Stdin::Pipe(_) => Stdio::piped(),
    };
    let mut child = Command::new(bin.path())
        .args(args)
        .stdin(stdio)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run {bin:?}: {e}"));
    let writer = match stdin {
        Stdin::Pipe(input) => {
            let mut pipe = child.stdin.take().expect("stdin is piped");
            let input = input.to_vec();
            Some(std::thread::spawn(move || drop(pipe.write_all(&input))))
        }
        Stdin::Null | Stdin::File(_) => None,
    };
    let output = child.wait_with_output().unwrap_or_else(|e| panic!("wait for {bin:?}: {e}"));
    if let Some(writer) = writer {
        writer.join().expect("the stdin writer");
    }
    output
}

/// Runs `bin args` in the directory `dir`, with nothing on standard input, and collects
/// everything.
pub fn run_in(dir: &Path, bin: Bin, args: &[&str]) -> Output {
    Command::new(bin.path())
        .current_dir(dir)
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("run {bin:?}: {e}"))
}

/// Runs the shell command line `command` in `dir`, with this build's `grundy` first on the
/// `PATH`, nothing on standard input, and its standard error into its standard output (in the
/// order a terminal shows them).
pub fn shell_in(dir: &Path, command: &str) -> Output {
    let bin = Path::new(Bin::Grundy.path()).parent().expect("grundy is in a directory");
    let path = std::env::join_paths(
        std::iter::once(bin.to_path_buf()).chain(std::env::split_paths(&std::env::var_os("PATH").unwrap_or_default())),
    )
    .expect("a PATH");
    Command::new("sh")
        .current_dir(dir)
        .env("PATH", path)
        .args(["-c", &format!("{{ {command}\n}} 2>&1")])
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("sh -c {command:?}: {e}"))
}

/// Starts `grundy args` with nothing on standard input and its outputs piped, for a test that
/// signals it before collecting them (`wait_with_output`).
pub fn spawn_grundy(args: &[&str]) -> std::process::Child {
    Command::new(Bin::Grundy.path())
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run grundy: {e}"))
}

/// Runs `grundy args` with nothing on standard input, and collects everything; `None` when it
/// has not ended within `limit` (it is then killed).
pub fn grundy_within(args: &[&str], limit: std::time::Duration) -> Option<Output> {
    let mut child = spawn_grundy(args);
    let start = std::time::Instant::now();
    while child.try_wait().unwrap_or_else(|e| panic!("wait for grundy: {e}")).is_none() {
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(10));
    }
    Some(child.wait_with_output().unwrap_or_else(|e| panic!("wait for grundy: {e}")))
}

/// Runs `grundy args` (nothing on standard input) where no file may grow past `kib` KiB, as on a
/// full disk: a write past it fails (`File too large`; SIGXFSZ ignored, through `sh`).
#[cfg(unix)]
pub fn grundy_with_file_limit(kib: u64, args: &[&str]) -> Output {
    let script = format!("trap '' XFSZ; ulimit -f {kib}; exec \"$0\" \"$@\"");
    Command::new("sh")
        .args(["-c", &script, Bin::Grundy.path()])
        .args(args)
        .stdin(Stdio::null())
        .output()
        .unwrap_or_else(|e| panic!("run grundy under sh: {e}"))
}

/// Runs `grundy args` with `stdin` written to it through a pipe after `delay`, and collects
/// everything.
pub fn grundy_after(args: &[&str], stdin: &[u8], delay: std::time::Duration) -> Output {
    let mut child = Command::new(Bin::Grundy.path())
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap_or_else(|e| panic!("run grundy: {e}"));
    std::thread::sleep(delay);
    let mut pipe = child.stdin.take().expect("stdin is piped");
    drop(pipe.write_all(stdin));
    drop(pipe);
    child.wait_with_output().unwrap_or_else(|e| panic!("wait for grundy: {e}"))
}

/// Runs `grundy args` with `stdin` written to it through a pipe.
///
/// A plain judge run (`knights`, `misere-nim` or `mine`, with no option and at most a file) is
/// also a test of `grundy-tiny`, when it is built: it must print the same, end with the same exit
/// code and name the same line and column in an error.
pub fn grundy(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let out = run(Bin::Grundy, args, Stdin::Pipe(stdin.as_ref()));
    let plain_judge = matches!(args, [game] | [game, _] if ["knights", "misere-nim", "mine"].contains(game))
        && args[1..].iter().all(|a| *a == "-" || !a.starts_with('-'));
    if plain_judge && tiny_path().is_some() {
        let small = run(Bin::Tiny, args, Stdin::Pipe(stdin.as_ref()));
        let at = |o: &Output| {
            let err = String::from_utf8_lossy(&o.stderr).into_owned();
            err.find("line ").map(|i| err[i..].split(':').next().unwrap_or_default().to_owned())
        };
        let what = || format!("grundy-tiny {args:?} against grundy: {}", String::from_utf8_lossy(&small.stderr));
        assert_eq!(small.status.code(), out.status.code(), "{}", what());
        assert_eq!(small.stdout, out.stdout, "{}", what());
        assert_eq!(at(&small), at(&out), "{}", what());
    }
    out
}

/// A directory for a test's files, `grundy-<name>-<process id>` in the temporary directory,
/// created if it is not there yet.
pub fn scratch_dir(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("grundy-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display()));
    dir
}

/// Bytes as UTF-8 text.
pub fn text(bytes: &[u8]) -> &str {
    std::str::from_utf8(bytes).expect("UTF-8 output")
}

/// A run's standard output.
pub fn stdout(o: &Output) -> &str {
    text(&o.stdout)
}

/// A run's standard error.
pub fn stderr(o: &Output) -> &str {
    text(&o.stderr)
}

/// The shipped knights sample, `examples/knights.in`.
pub const SAMPLE: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/knights.in");
