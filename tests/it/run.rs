//! Running a judge in process on bytes in memory: the helpers the judge tests share.

use grundy::judge::{Judge, JudgeError};

/// Runs `judge` on `input` held in memory: how it ended, and what it printed (on bad input the
/// answers of the cases before the bad one).
pub fn solve(judge: &mut impl Judge, input: &[u8]) -> (Result<(), JudgeError>, String) {
    let mut out = Vec::new();
    let result = judge.solve_bytes(input, &mut out);
    (result, String::from_utf8(out).expect("UTF-8 output"))
}

/// The judge's output on `input`, or its error.
pub fn output(judge: &mut impl Judge, input: &str) -> Result<String, JudgeError> {
    let (result, out) = solve(judge, input.as_bytes());
    result.map(|()| out)
}

/// Runs each bad input of `cases`, `(input, line, column, message fragment)`, through
/// `solve_one` (a fresh judge each): each must fail with an input error at exactly that line and
/// column whose message contains the fragment. Returns what each run printed, in order.
pub fn assert_input_errors(
    mut solve_one: impl FnMut(&[u8]) -> (Result<(), JudgeError>, String),
    cases: &[(&str, usize, usize, &str)],
) -> Vec<String> {
    let mut printed = Vec::new();
    for &(input, line, column, message) in cases {
        let (result, out) = solve_one(input.as_bytes());
        let Err(JudgeError::Input(e)) = result else { panic!("{input:?} should fail") };
        assert_eq!((e.line, e.column), (line, column), "{input:?}: {e}");
        assert!(e.message.contains(message), "{input:?}: {e}");
        printed.push(out);
    }
    printed
}

/// A file in a fresh directory of its own, removed when dropped.
pub struct TempFile {
    /// The directory, this file's alone.
    pub dir: std::path::PathBuf,
    /// The file.
    pub path: std::path::PathBuf,
}

impl TempFile {
    /// Writes `bytes` to a new file.
    pub fn new(bytes: &[u8]) -> TempFile {
        use std::sync::atomic::{AtomicUsize, Ordering};
        static COUNTER: AtomicUsize = AtomicUsize::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let dir = std::env::temp_dir().join(format!("grundy-it-{}-{n}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("file");
        std::fs::write(&path, bytes).unwrap();
        TempFile { dir, path }
    }
}

impl Drop for TempFile {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.dir);
    }
}
