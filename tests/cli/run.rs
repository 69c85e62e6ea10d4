//! Running the built `grundy` binary.

use std::io::Write;
use std::process::{Command, Output, Stdio};

/// Runs `grundy args` with `stdin` as standard input (written from a second thread, so a large
/// input cannot deadlock against the child's output) and collects everything.
pub fn grundy(args: &[&str], stdin: impl AsRef<[u8]>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_grundy"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run grundy");
    let mut pipe = child.stdin.take().expect("stdin is piped");
    let input = stdin.as_ref().to_vec();
    // The child may stop reading early (bad input): a broken pipe is then expected.
    let writer = std::thread::spawn(move || drop(pipe.write_all(&input)));
    let output = child.wait_with_output().expect("wait for grundy");
    writer.join().expect("the stdin writer");
    output
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
