//! The I/O paths under real use: many cases from a file, standard input redirected from a file,
//! a file truncated while it is read, `generate -o` onto what is not a regular file, blobs that
//! are devices, closed and full output for every subcommand, and messages a user can act on.

use std::fmt::Write as _;
use std::io::{BufRead, BufReader, Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use crate::run::{SAMPLE, grundy, stderr, stdout, text, tiny};

const GRUNDY: &str = env!("CARGO_BIN_EXE_grundy");

/// A fresh directory, removed when dropped.
struct TempDir(PathBuf);

impl TempDir {
    fn new(name: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("grundy-io-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }

    fn file(&self, name: &str, bytes: impl AsRef<[u8]>) -> PathBuf {
        let path = self.0.join(name);
        std::fs::write(&path, bytes).unwrap();
        path
    }

    /// The names in the directory, sorted.
    fn names(&self) -> Vec<String> {
        let mut names: Vec<String> = std::fs::read_dir(&self.0)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        names.sort();
        names
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

fn mkfifo(path: &Path) {
    let status = Command::new("mkfifo").arg(path).status().expect("run mkfifo");
    assert!(status.success(), "mkfifo {}", path.display());
}

/// Runs `program args` with `stdin` and `stdout` as given, collecting stdout (when piped) and
/// stderr.
fn run_with(program: &str, args: &[&str], stdin: Stdio, stdout: Stdio) -> Output {
    Command::new(program).args(args).stdin(stdin).stdout(stdout).stderr(Stdio::piped()).output().expect("run")
}

fn path_str(p: &Path) -> &str {
    p.to_str().unwrap()
}

/// `cases` knights cases of `n` knights each, deterministic, and the judge's answers (the
/// winner from the crate's own table, which other tests check against the definition).
fn knights_input(cases: usize, n: usize) -> (String, String) {
    let (mut input, mut answers) = (format!("{cases}\n"), String::new());
    let mut x = 0x9E37_79B9_7F4A_7C15u64;
    for case in 1..=cases {
        writeln!(input, "{n}").unwrap();
        let mut nimber = 0;
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            let (a, b) = (x % 500, (x >> 32) % 500);
            nimber ^= grundy::knight::value(a, b).unwrap().0;
            writeln!(input, "{a} {b}").unwrap();
        }
        writeln!(answers, "Case {case}: {}", if nimber != 0 { "Alice" } else { "Bob" }).unwrap();
    }
    (input, answers)
}

/// 300 cases of 2000 knights (5 MB), from a file, from standard input redirected
/// from the file and through a pipe: the same answers every way (a large case that is not the
/// last is read once, not once per case).
#[test]
fn many_cases_answer_alike_from_a_file_redirected_stdin_and_a_pipe() {
    let dir = TempDir::new("many");
    let (input, answers) = knights_input(300, 2000);
    let path = dir.file("many.in", &input);
    let from_file = run_with(GRUNDY, &["knights", path_str(&path)], Stdio::null(), Stdio::piped());
    let redirected = run_with(GRUNDY, &["knights"], Stdio::from(std::fs::File::open(&path).unwrap()), Stdio::piped());
    let piped = grundy(&["knights"], &input);
    for out in [from_file, redirected, piped] {
        assert_eq!((out.status.code(), stderr(&out)), (Some(0), ""));
        assert!(stdout(&out) == answers, "answers differ");
    }
}

/// Standard input redirected from a file is read from where the shell left it, not from the
/// file's start.
#[test]
fn redirected_stdin_is_read_from_its_offset() {
    let dir = TempDir::new("offset");
    let path = dir.file("offset.in", "skipped line\n2\n1\n1 0\n1\n2 5\n");
    let mut file = std::fs::File::open(&path).unwrap();
    file.seek(SeekFrom::Start(13)).unwrap();
    let out = run_with(GRUNDY, &["knights"], Stdio::from(file), Stdio::piped());
    assert_eq!((out.status.code(), stdout(&out), stderr(&out)), (Some(0), "Case 1: Bob\nCase 2: Alice\n", ""));
}

/// A file truncated while the judge reads it: an I/O error naming the file (exit 1), and the
/// answers of every case before the cut on standard output, for the file as an argument and as
/// redirected standard input, for `grundy` and `grundy-tiny`.
///
/// Deterministic: the judge's output goes to a pipe this test does not read until the file has
/// been cut, so the judge blocks after about 128 KiB of answers (the pipe and its own buffer),
/// about 7000 cases; it reads at most a few MiB ahead of what it has answered (its chunks in
/// flight). The cut is at 6 MiB of a 12 MiB file, far beyond both.
#[test]
fn a_file_truncated_while_it_is_read_is_an_io_error_after_the_answers_before() {
    let dir = TempDir::new("shrink");
    // Cases of three knights, each 14 bytes: `3\n1 1\n2 2\n3 3\n` varied a little.
    let case = |k: usize| format!("3\n{} 1\n2 2\n3 {}\n", k % 10, (k / 10) % 10);
    let cases = (12 << 20) / case(0).len();
    let mut input = format!("{cases}\n");
    let mut cut_case = None;
    for k in 1..=cases {
        if cut_case.is_none() && input.len() >= 6 << 20 {
            cut_case = Some((k, input.len()));
        }
        input += &case(k);
    }
    let (cut_case, cut) = cut_case.unwrap();
    let expected: String = (1..cut_case)
        .map(|k| {
            let nimber = [(k % 10, 1), (2, 2), (3, (k / 10) % 10)]
                .iter()
                .fold(0, |acc, &(x, y)| acc ^ grundy::knight::value(x as u64, y as u64).unwrap().0);
            format!("Case {k}: {}\n", if nimber != 0 { "Alice" } else { "Bob" })
        })
        .collect();
    let programs = [(Some(GRUNDY), false), (Some(GRUNDY), true), (tiny(), false)];
    for (program, redirected) in programs.into_iter().filter_map(|(p, r)| Some((p?, r))) {
        let path = dir.file("shrink.in", &input);
        let mut command = Command::new(program);
        command.arg("knights").stdout(Stdio::piped()).stderr(Stdio::piped());
        if redirected {
            command.stdin(std::fs::File::open(&path).unwrap());
        } else {
            command.arg(&path).stdin(Stdio::null());
        }
        let mut child = command.spawn().unwrap();
        let mut out = BufReader::new(child.stdout.take().unwrap());
        // The first answer shows the judge has the file open and is reading it.
        let mut first = String::new();
        out.read_line(&mut first).unwrap();
        assert_eq!(first, format!("{}\n", expected.lines().next().unwrap()));
        std::fs::OpenOptions::new().write(true).open(&path).unwrap().set_len(cut as u64).unwrap();
        let mut rest = String::new();
        out.read_to_string(&mut rest).unwrap();
        let mut err = String::new();
        child.stderr.take().unwrap().read_to_string(&mut err).unwrap();
        let status = child.wait().unwrap();
        let shown = if redirected { "standard input".to_owned() } else { path.display().to_string() };
        assert_eq!(status.code(), Some(1), "{program} {redirected}: {err}");
        assert!(
            err.contains(&format!(
                "{shown}: the file shrank while it was read ({} bytes when opened, {cut} now)",
                input.len()
            )),
            "{program} {redirected}: {err}"
        );
        assert!(first + rest.as_str() == expected, "{program} {redirected}: the answers before the cut");
    }
}

/// `generate -o` onto a directory, a FIFO or a device is refused with a message, and the
/// target is left as it was, with no temporary file beside it; a regular file is replaced.
#[test]
fn generate_replaces_only_regular_files() {
    let dir = TempDir::new("generate");
    let target = dir.0.join("blob.sgt");
    std::fs::create_dir(&target).unwrap();
    dir.file("blob.sgt/inside", "kept");
    let fifo = dir.0.join("fifo.sgt");
    mkfifo(&fifo);
    for (path, kind) in [(&target, "is a directory"), (&fifo, "is a FIFO (named pipe)")] {
        let out = run_with(GRUNDY, &["generate", "--bound", "8", "-o", path_str(path)], Stdio::null(), Stdio::piped());
        assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
        assert!(
            stderr(&out).contains(&format!("{}: {kind}; refusing to replace it", path.display())),
            "{}",
            stderr(&out)
        );
        assert_eq!(dir.names(), ["blob.sgt", "fifo.sgt"], "nothing added");
    }
    assert_eq!(std::fs::read_to_string(target.join("inside")).unwrap(), "kept");
    assert!(std::os::unix::fs::FileTypeExt::is_fifo(&std::fs::metadata(&fifo).unwrap().file_type()));
    let out = run_with(GRUNDY, &["generate", "--bound", "8", "-o", "/dev/null"], Stdio::null(), Stdio::piped());
    assert_eq!(out.status.code(), Some(1));
    assert!(stderr(&out).contains("/dev/null: is a character device; refusing to replace it"), "{}", stderr(&out));

    // A regular file is replaced; a link only with --force, and then its target is.
    let file = dir.file("old.sgt", "old contents");
    let link = dir.0.join("link.sgt");
    std::os::unix::fs::symlink(&file, &link).unwrap();
    let out = run_with(GRUNDY, &["generate", "--bound", "8", "-o", path_str(&file)], Stdio::null(), Stdio::piped());
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), ""), "{}", stderr(&out));
    let out = run_with(
        GRUNDY,
        &["generate", "--bound", "8", "--force", "-o", path_str(&link)],
        Stdio::null(),
        Stdio::piped(),
    );
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), ""), "{}", stderr(&out));
    assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "the link stays a link");
    let inspected = run_with(GRUNDY, &["inspect", path_str(&file)], Stdio::null(), Stdio::piped());
    assert_eq!(inspected.status.code(), Some(0), "{}", stderr(&inspected));
    assert_eq!(dir.names(), ["blob.sgt", "fifo.sgt", "link.sgt", "old.sgt"], "no temporary file left");

    // A missing directory is named as where the blob was to be written.
    let out = run_with(GRUNDY, &["generate", "--bound", "8", "-o", "no/such/dir/t.sgt"], Stdio::null(), Stdio::piped());
    assert_eq!(out.status.code(), Some(1));
    assert!(
        stderr(&out).contains("writing no/such/dir/t.sgt: the directory no/such/dir does not exist"),
        "{}",
        stderr(&out)
    );
}

/// `-o` of `generate`, `draw` and `emit` refuses a symbolic link (to a file, or dangling) and a
/// write-protected file unless `--force` is given, and then replaces the link's target (the link
/// stays; a dangling link's target is made, through a relative link and a chain of two) or the
/// file (its permissions kept); a dangling link into a missing directory is refused still.
#[test]
fn output_refuses_links_and_write_protected_files_without_force() {
    use std::os::unix::fs::PermissionsExt;
    let dir = TempDir::new("force");
    let commands: [(&str, &[&str]); 3] = [
        ("sgt", &["generate", "--bound", "8"]),
        ("svg", &["draw", "--size", "8"]),
        ("c", &["emit", "--lang", "c", "misere-nim"]),
    ];
    for (ext, command) in commands {
        let precious = dir.file(&format!("precious.{ext}"), "precious");
        let link = dir.0.join(format!("link.{ext}"));
        let dangling = dir.0.join(format!("dangling.{ext}"));
        let protected = dir.file(&format!("protected.{ext}"), "protected");
        std::os::unix::fs::symlink(&precious, &link).unwrap();
        std::os::unix::fs::symlink(dir.0.join("nothing"), &dangling).unwrap();
        std::fs::set_permissions(&protected, std::fs::Permissions::from_mode(0o444)).unwrap();
        let names = dir.names();
        let run = |path: &Path, force: bool| {
            let mut args = command.to_vec();
            args.extend(["-o", path_str(path)]);
            if force {
                args.push("--force");
            }
            run_with(GRUNDY, &args, Stdio::null(), Stdio::piped())
        };
        for (path, what) in
            [(&link, "is a symbolic link"), (&dangling, "is a symbolic link"), (&protected, "is write-protected")]
        {
            let out = run(path, false);
            assert_eq!(out.status.code(), Some(1), "{command:?} -o {}: {}", path.display(), stderr(&out));
            let message = format!("{}: {what}", path.display());
            assert!(stderr(&out).contains(&message) && stderr(&out).contains("--force"), "{}", stderr(&out));
        }
        assert_eq!(std::fs::read_to_string(&precious).unwrap(), "precious", "{command:?}");
        assert_eq!(std::fs::read_to_string(&protected).unwrap(), "protected", "{command:?}");
        assert!(std::fs::symlink_metadata(&dangling).unwrap().file_type().is_symlink(), "{command:?}");
        assert_eq!(dir.names(), names, "{command:?}: nothing added");
        for path in [&link, &protected] {
            let out = run(path, true);
            assert_eq!(out.status.code(), Some(0), "{command:?} -o {} --force: {}", path.display(), stderr(&out));
        }
        assert_ne!(std::fs::read(&precious).unwrap(), b"precious", "{command:?}");
        assert!(std::fs::symlink_metadata(&link).unwrap().file_type().is_symlink(), "{command:?}: the link stays");
        assert_ne!(std::fs::read(&protected).unwrap(), b"protected", "{command:?}");
        assert_eq!(std::fs::metadata(&protected).unwrap().permissions().mode() & 0o777, 0o444, "{command:?}");
        assert_eq!(dir.names(), names, "{command:?}: no temporary file left");
        // Dangling links with --force: the file they end at is made, and they stay links.
        let made = dir.0.join(format!("made.{ext}"));
        let relative = dir.0.join(format!("relative.{ext}"));
        let chain = dir.0.join(format!("chain.{ext}"));
        std::os::unix::fs::symlink(format!("made.{ext}"), &relative).unwrap();
        std::os::unix::fs::symlink(&relative, &chain).unwrap();
        for path in [&chain, &relative] {
            let _ = std::fs::remove_file(&made);
            let out = run(path, true);
            assert_eq!(out.status.code(), Some(0), "{command:?} -o {} --force: {}", path.display(), stderr(&out));
            assert!(std::fs::metadata(&made).is_ok_and(|m| m.is_file()), "{command:?}: {}", path.display());
            for link in [&relative, &chain] {
                assert!(std::fs::symlink_metadata(link).unwrap().file_type().is_symlink(), "{command:?}");
            }
        }
        let astray = dir.0.join(format!("astray.{ext}"));
        std::os::unix::fs::symlink(dir.0.join("missing").join("x"), &astray).unwrap();
        let out = run(&astray, true);
        assert_eq!(out.status.code(), Some(1), "{command:?}: {}", stderr(&out));
        assert!(stderr(&out).contains("missing does not exist"), "{command:?}: {}", stderr(&out));
        assert!(std::fs::symlink_metadata(&astray).unwrap().file_type().is_symlink(), "{command:?}");
        for path in [&made, &relative, &chain, &astray] {
            std::fs::remove_file(path).unwrap();
        }
    }
}

/// A catchable signal that ends `generate -o` while it writes leaves no temporary file: the
/// process still ends by the signal.
#[test]
fn a_signal_while_writing_leaves_no_temporary_file() {
    use std::os::unix::process::ExitStatusExt;
    for (name, number) in [("INT", 2), ("TERM", 15), ("HUP", 1)] {
        let dir = TempDir::new(&format!("signal-{name}"));
        let target = dir.0.join("big.sgt");
        let mut child = Command::new(GRUNDY)
            .args(["generate", "--bound", "4096", "-o", path_str(&target)])
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap();
        // The temporary file is there from its creation until the rename: signal the process then.
        let started = std::time::Instant::now();
        let seen = loop {
            if dir.names().iter().any(|n| n.ends_with(".tmp")) {
                break true;
            }
            if child.try_wait().unwrap().is_some() || started.elapsed().as_secs() > 120 {
                break false;
            }
            std::thread::sleep(std::time::Duration::from_micros(200));
        };
        if seen {
            let kill = Command::new("kill").args([format!("-{name}"), child.id().to_string()]).status().unwrap();
            assert!(kill.success());
        }
        let status = child.wait().unwrap();
        if seen && status.signal() == Some(number) {
            // Killed before the rename (nothing there) or after it (the whole blob there).
            let names = dir.names();
            assert!(names.is_empty() || names == ["big.sgt"], "SIG{name}: a temporary file is left: {names:?}");
            if !names.is_empty() {
                let inspected = run_with(GRUNDY, &["inspect", path_str(&target)], Stdio::null(), Stdio::piped());
                assert_eq!(inspected.status.code(), Some(0), "{}", stderr(&inspected));
            }
        } else {
            // Finished before the signal came: the file is there, and nothing else.
            assert!(status.success(), "SIG{name}: {status:?}");
            assert_eq!(dir.names(), ["big.sgt"], "SIG{name}");
        }
    }
}

/// A signal the process ignores (SIGHUP under `nohup`) stays ignored while `generate -o` writes.
#[test]
fn an_ignored_signal_stays_ignored_while_writing() {
    let dir = TempDir::new("signal-ignored");
    let target = dir.0.join("big.sgt");
    let mut child = Command::new("sh")
        .args(["-c", "trap '' HUP; exec \"$@\"", "sh", GRUNDY, "generate", "--bound", "4096", "-o", path_str(&target)])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = std::time::Instant::now();
    while !dir.names().iter().any(|n| n.ends_with(".tmp")) && child.try_wait().unwrap().is_none() {
        assert!(started.elapsed().as_secs() < 120);
        std::thread::sleep(std::time::Duration::from_micros(200));
    }
    let _ = Command::new("kill").args(["-HUP", &child.id().to_string()]).status();
    let status = child.wait().unwrap();
    assert!(status.success(), "{status:?}");
    assert_eq!(dir.names(), ["big.sgt"]);
}

/// `generate -o DIR/` replaces the blob and the manifest both or neither: a manifest it may not
/// replace leaves the old blob too.
#[test]
fn generate_into_a_directory_replaces_both_files_or_neither() {
    let dir = TempDir::new("both");
    std::fs::create_dir(dir.0.join("generated")).unwrap();
    let blob = dir.file("generated/tables.sgt", "old blob");
    std::fs::create_dir(dir.0.join("generated/MANIFEST.md")).unwrap();
    let out = Command::new(GRUNDY)
        .args(["generate", "--bound", "8", "-o", "generated/"])
        .current_dir(&dir.0)
        .output()
        .unwrap();
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("MANIFEST.md: is a directory"), "{}", stderr(&out));
    assert_eq!(std::fs::read_to_string(&blob).unwrap(), "old blob");
    let names: Vec<String> = std::fs::read_dir(dir.0.join("generated"))
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
}

/// `generate` writes only where `-o` says and creates no directory: without `-o` it is a usage
/// error; `-o DIR/` needs DIR to exist; `-o DIR` (no `/`) onto a directory says how to write
/// into it; `--moves` with `-o DIR/` is refused. Nothing is left behind.
#[test]
fn generate_writes_only_where_told_and_creates_no_directory() {
    let dir = TempDir::new("generated");
    let run = |args: &[&str]| Command::new(GRUNDY).args(args).current_dir(&dir.0).output().unwrap();
    let out = run(&["generate", "--bound", "8"]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(2), ""), "{}", stderr(&out));
    assert!(stderr(&out).contains("--output <PATH>"), "{}", stderr(&out));
    let out = run(&["generate", "--bound", "8", "-o", "generated/"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(stderr(&out).contains("writing into generated/: no such directory"), "{}", stderr(&out));
    assert!(dir.names().is_empty(), "{:?}", dir.names());

    std::fs::create_dir(dir.0.join("out")).unwrap();
    let out = run(&["generate", "--bound", "8", "-o", "out"]);
    assert_eq!(out.status.code(), Some(1), "{}", stderr(&out));
    assert!(
        stderr(&out).contains("out: is a directory; refusing to replace it (end the path with /"),
        "{}",
        stderr(&out)
    );
    let out = run(&["generate", "--moves", "(-1,0) (0,-1)", "--bound", "8", "-o", "out/"]);
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("with --moves give -o FILE"), "{}", stderr(&out));
    assert!(std::fs::read_dir(dir.0.join("out")).unwrap().next().is_none(), "nothing written");

    let out = run(&["generate", "--bound", "8", "-o", "out/"]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
    assert!(stderr(&out).starts_with("grundy: wrote out/tables.sgt"), "{}", stderr(&out));
    assert!(dir.0.join("out/tables.sgt").is_file() && dir.0.join("out/MANIFEST.md").is_file());
    assert_eq!(dir.names(), ["out"]);
}

/// Blobs are regular files: `inspect` and `--table` refuse devices, FIFOs and directories by
/// name, at once (an endless device is not read).
#[test]
fn blobs_that_are_not_regular_files_are_refused() {
    let dir = TempDir::new("blobs");
    let fifo = dir.0.join("fifo.sgt");
    mkfifo(&fifo);
    let cases = [
        ("/dev/zero", "is a character device, not a table blob"),
        ("/dev/null", "is a character device, not a table blob"),
        (path_str(&dir.0), "is a directory, not a table blob"),
        (path_str(&fifo), "is a FIFO (named pipe), not a table blob"),
    ];
    for (path, message) in cases {
        for args in [vec!["inspect", path], vec!["knights", "--table", path, SAMPLE]] {
            let out = run_with(GRUNDY, &args, Stdio::null(), Stdio::piped());
            assert_eq!((out.status.code(), stdout(&out)), (Some(1), ""), "{args:?}");
            assert!(stderr(&out).contains(&format!("{path}: {message}")), "{args:?}: {}", stderr(&out));
        }
    }
}

/// A stdout whose reader has gone: a pipe whose other end belonged to a process that has exited.
fn closed_pipe() -> Stdio {
    let mut reader = Command::new("true").stdin(Stdio::piped()).spawn().unwrap();
    let writer = reader.stdin.take().unwrap();
    reader.wait().unwrap();
    Stdio::from(writer)
}

fn dev_full() -> Stdio {
    Stdio::from(std::fs::OpenOptions::new().write(true).open("/dev/full").unwrap())
}

/// Every subcommand that writes to standard output, with its input.
fn subcommands(dir: &TempDir) -> Vec<(&'static str, Vec<String>, Vec<u8>)> {
    let blob = dir.0.join("blob.sgt");
    std::fs::write(&blob, grundy::table::embedded::blob()).unwrap();
    let blob = path_str(&blob).to_owned();
    let knights = std::fs::read(SAMPLE).unwrap();
    let s = |v: &[&str]| v.iter().map(|s| s.to_string()).collect::<Vec<_>>();
    let mut commands = vec![
        (GRUNDY, s(&["knights"]), knights.clone()),
        (GRUNDY, s(&["knights", "--json"]), knights.clone()),
        (GRUNDY, s(&["misere-nim", "--explain"]), b"1\n2\n1 2\n".to_vec()),
        (GRUNDY, s(&["mine"]), b"1\n3 3 1\n1 1\n".to_vec()),
        (GRUNDY, s(&["inspect", &blob]), vec![]),
        (GRUNDY, s(&["sg", "1", "2"]), vec![]),
        (GRUNDY, s(&["verify", "knight"]), vec![]),
    ];
    if let Some(tiny) = tiny() {
        commands.push((tiny, s(&["knights"]), knights));
        commands.push((tiny, s(&["misere-nim"]), b"1\n2\n1 2\n".to_vec()));
        commands.push((tiny, s(&["mine"]), b"1\n3 3 1\n1 1\n".to_vec()));
    }
    commands
}

fn run_input(program: &str, args: &[String], input: &[u8], out: Stdio) -> Output {
    let dir =
        std::env::temp_dir().join(format!("grundy-io-in-{}-{:?}", std::process::id(), std::thread::current().id()));
    std::fs::write(&dir, input).unwrap();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    let output = run_with(program, &args, Stdio::from(std::fs::File::open(&dir).unwrap()), out);
    std::fs::remove_file(&dir).unwrap();
    output
}

/// The one rule for output: a closed pipe ends every subcommand quietly (exit 0, nothing on
/// stderr); a full disk is a message and exit 1.
#[test]
fn closed_output_is_quiet_and_full_output_is_an_error_for_every_subcommand() {
    let dir = TempDir::new("output");
    for (program, args, input) in subcommands(&dir) {
        let out = run_input(program, &args, &input, closed_pipe());
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), ""), "{args:?} | closed pipe");
        let out = run_input(program, &args, &input, dev_full());
        assert_eq!(out.status.code(), Some(1), "{args:?} > /dev/full");
        assert!(
            text(&out.stderr).ends_with(": writing output: No space left on device (os error 28)\n"),
            "{args:?}: {}",
            text(&out.stderr)
        );
    }
    // `generate -o` writes nothing to standard output: a full stdout changes nothing.
    let blob = dir.0.join("g.sgt");
    let out = run_with(GRUNDY, &["generate", "--bound", "8", "-o", path_str(&blob)], Stdio::null(), dev_full());
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// Help and version text follow the rule for output too: a full disk is a message and exit 1, a
/// closed pipe ends quietly.
#[test]
fn help_and_version_follow_the_rule_for_output() {
    for args in [
        &["--help"][..],
        &["--version"],
        &["-V"],
        &["help", "knights"],
        &["knights", "--help"],
        &["draw", "mine", "-h"],
    ] {
        let out = run_with(GRUNDY, args, Stdio::null(), dev_full());
        assert_eq!(out.status.code(), Some(1), "{args:?} > /dev/full");
        assert_eq!(text(&out.stderr), "grundy: writing output: No space left on device (os error 28)\n", "{args:?}");
        let out = run_with(GRUNDY, args, Stdio::null(), closed_pipe());
        assert_eq!((out.status.code(), text(&out.stderr)), (Some(0), ""), "{args:?} | closed pipe");
        let out = run_with(GRUNDY, args, Stdio::null(), Stdio::piped());
        assert_eq!(out.status.code(), Some(0), "{args:?}");
        assert!(!out.stdout.is_empty(), "{args:?}");
    }
}

/// Standard output closed (`>&-`, descriptor 1 not open at all) is a write error, exit 1, for
/// every subcommand that writes to it and both binaries; one that writes nothing there succeeds.
#[test]
fn closed_standard_output_is_an_error() {
    let dir = TempDir::new("closed-stdout");
    let closed = |program: &str, args: &[String], input: &[u8]| {
        let path = dir.file("in", input);
        Command::new("sh")
            .arg("-c")
            .arg("exec \"$@\" >&-")
            .arg("sh")
            .arg(program)
            .args(args)
            .stdin(std::fs::File::open(&path).unwrap())
            .stderr(Stdio::piped())
            .output()
            .unwrap()
    };
    let mut commands = subcommands(&dir);
    commands.push((GRUNDY, vec!["emit".into(), "--lang".into(), "c".into(), "misere-nim".into()], vec![]));
    commands.push((GRUNDY, vec!["--help".into()], vec![]));
    for (program, args, input) in commands {
        let out = closed(program, &args, &input);
        assert_eq!(out.status.code(), Some(1), "{args:?} >&-: {}", stderr(&out));
        assert!(
            text(&out.stderr).ends_with("output: Bad file descriptor (os error 9)\n"),
            "{args:?}: {}",
            stderr(&out)
        );
    }
    let blob = dir.0.join("g.sgt");
    let out =
        closed(GRUNDY, &["generate".into(), "--bound".into(), "8".into(), "-o".into(), path_str(&blob).into()], &[]);
    assert_eq!(out.status.code(), Some(0), "{}", stderr(&out));
}

/// `| head -1`: the reader takes one line and goes; the rest of a long output is not an error.
#[test]
fn head_takes_one_line_of_every_subcommand() {
    let dir = TempDir::new("head");
    let (many, _) = knights_input(20_000, 1);
    let mut subcommands = subcommands(&dir);
    subcommands.push((GRUNDY, vec!["knights".into()], many.clone().into_bytes()));
    if let Some(tiny) = tiny() {
        subcommands.push((tiny, vec!["knights".into()], many.into_bytes()));
    }
    for (program, args, input) in subcommands {
        let path = dir.file("in", &input);
        let mut child = Command::new(program)
            .args(&args)
            .stdin(std::fs::File::open(&path).unwrap())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .unwrap();
        let mut line = String::new();
        BufReader::new(child.stdout.take().unwrap()).read_line(&mut line).unwrap();
        assert!(!line.is_empty(), "{args:?}");
        let out = child.wait_with_output().unwrap();
        assert_eq!((out.status.code(), stderr(&out)), (Some(0), ""), "{args:?} | head -1");
    }
}

/// A write error is reported even when an input error comes after the answers it lost.
#[test]
fn a_write_error_is_not_hidden_by_a_later_input_error() {
    let out = run_input(GRUNDY, &["knights".into()], b"2\n1\n1 0\n1\n1 x\n", dev_full());
    assert_eq!(out.status.code(), Some(1));
    let err = text(&out.stderr);
    assert!(err.contains("writing output: No space left on device"), "{err}");
    assert!(err.contains("line 5, column 3: expected y of knight 1 of case 2, found 'x'"), "{err}");
}

/// Messages that say what is wrong and where.
#[test]
fn messages_name_what_is_wrong() {
    let dir = TempDir::new("messages");
    let d = path_str(&dir.0);
    let out = run_with(GRUNDY, &["knights", d], Stdio::null(), Stdio::piped());
    assert_eq!(
        (out.status.code(), stderr(&out)),
        (Some(1), format!("grundy: {d}: is a directory, not a judge input file\n").as_str())
    );
    if let Some(tiny) = tiny() {
        let out = run_with(tiny, &["mine", d], Stdio::null(), Stdio::piped());
        assert_eq!(
            (out.status.code(), stderr(&out)),
            (Some(1), format!("grundy-tiny: {d}: is a directory, not a judge input file\n").as_str())
        );
    }

    let out = grundy(&["knights"], b"\xef\xbb\xbf1\n1\n1 1\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("line 1, column 1: expected T, the number of cases, found a UTF-8 byte-order mark"),
        "{}",
        stderr(&out)
    );

    let out = grundy(&["knights"], b"1\n1\n1 1\n5\n");
    assert_eq!(stderr(&out), "grundy: line 4, column 1: unexpected data after case 1\n");
    let out = grundy(&["knights"], b"2\n1\n1 1\n0\n5\n");
    assert_eq!(stderr(&out), "grundy: line 5, column 1: unexpected data after case 2\n");

    let out = grundy(&["generate", "--bound", "0"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(
        stderr(&out).contains("invalid value '0' for '--bound <N>': the side of the knight square (coordinates 0 <= x, y < N) must be a whole number from 1 to 8192"),
        "{}",
        stderr(&out)
    );
}

/// A board and its transpose are the same game: a board too large to solve one way round is
/// refused the other way round too, with the same message.
#[test]
fn long_thin_mine_boards_are_refused_either_way_round() {
    for (board, column) in [("4294967295 1", 12), ("1 4294967295", 3)] {
        let out = grundy(&["mine"], format!("1\n{board} 0\n"));
        let (rows, cols) = board.split_once(' ').unwrap();
        assert_eq!(out.status.code(), Some(2), "{board}");
        assert_eq!(
            stderr(&out),
            format!(
                "grundy: line 2, column {column}: case 1: a {rows} x {cols} board needs 206158430192 bytes of memory to \
                 solve; at most 4294967296 (4 GiB) are supported (a board counts with its longer side as the rows: either \
                 way round it is the same game)\n"
            )
        );
    }
    // Within the bound both ways round: solved alike.
    for board in ["65536 1 0", "1 65536 0"] {
        let out = grundy(&["mine"], format!("1\n{board}\n"));
        assert_eq!((out.status.code(), stdout(&out)), (Some(0), "Case #1: Xiemao\n"), "{board}: {}", stderr(&out));
    }
}

/// A file the kernel sizes at 0 but that has content (`/proc/self/status`) is read as a stream:
/// its content is judged, not taken for a file that grew.
#[test]
fn a_file_sized_zero_with_content_is_read() {
    for program in [Some(GRUNDY), tiny()].into_iter().flatten() {
        let out = run_with(program, &["misere-nim", "/proc/self/status"], Stdio::null(), Stdio::piped());
        assert_eq!(out.status.code(), Some(2), "{program}: {}", stderr(&out));
        assert!(
            stderr(&out).contains("line 1, column 1: expected T, the number of cases, found 'N'"),
            "{}",
            stderr(&out)
        );
    }
}
