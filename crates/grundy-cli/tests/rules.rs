//! `--rules FILE`: games defined by a script, end to end (with the `script` feature; without
//! it, the refusal that names the feature).

#[cfg(feature = "script")]
use crate::run::stdout;
use crate::run::{grundy, scratch_dir, stderr};

#[cfg(feature = "script")]
const KAYLES: &str = "fn options(n) { let r = []; for t in 1..=2 { if n >= t { for a in 0..=(n - t) / 2 { r.push([a, n - t - a]); } } } r }";

/// A script written to a scratch file.
fn script(dir: &std::path::Path, name: &str, text: &str) -> String {
    let path = dir.join(name);
    std::fs::write(&path, text).unwrap();
    path.to_str().unwrap().to_string()
}

#[cfg(not(feature = "script"))]
#[test]
fn without_the_feature_rules_are_refused_naming_it() {
    let dir = scratch_dir("rules-off");
    let file = script(&dir, "k.rhai", "fn options(n) { [] }");
    let o = grundy(&["sg", "--rules", &file, "3"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("--features script"), "{}", stderr(&o));
}

#[cfg(feature = "script")]
#[test]
fn sg_analyze_heaps_generate_and_draw_agree_with_the_definition() {
    let dir = scratch_dir("rules");
    let kayles = script(&dir, "kayles.rhai", KAYLES);
    let oracle = crate::common::octal(&[7, 7], 100);
    let o = grundy(&["sg", "--rules", &kayles, "0", "5", "99"], "");
    assert_eq!(stdout(&o), format!("0\n{}\n{}\n", oracle[5], oracle[99]), "{}", stderr(&o));
    let o = grundy(&["analyze", "--rules", &kayles, "--max-heap", "300"], "");
    assert!(stdout(&o).contains("observed: period 12 from heap 71 on G(0..300) (an observation"), "{}", stdout(&o));
    let o = grundy(&["analyze", "--rules", &kayles, "--max-heap", "100", "--json"], "");
    let v: serde_json::Value = serde_json::from_str(stdout(&o)).unwrap();
    let values: Vec<u32> = serde_json::from_value(v["values"].clone()).unwrap();
    assert_eq!(values, oracle);

    let input = "3\n3 1 2 3\n2 12 13\n1 0\n";
    let o = grundy(&["heaps", "--rules", &kayles], input);
    assert_eq!(stdout(&o), "Case 1: Bob\nCase 2: Alice\nCase 3: Bob\n", "{}", stderr(&o));
    let blob = dir.join("kayles.sgt");
    let blob = blob.to_str().unwrap();
    assert!(grundy(&["generate", "--rules", &kayles, "--max-heap", "64", "-o", blob], "").status.success());
    let o = grundy(&["heaps", "--table", blob], input);
    assert_eq!(stdout(&o), "Case 1: Bob\nCase 2: Alice\nCase 3: Bob\n", "{}", stderr(&o));
    let o = grundy(&["heaps", "--table", blob], "1\n1 64\n");
    assert_eq!(o.status.code(), Some(3), "past the table: {}", stderr(&o));

    let wythoff = script(
        &dir,
        "wythoff.rhai",
        "const DIMENSION = 2;\nfn options(p) { let r = []; for a in 0..p[0] { r.push([[a, p[1]]]); } for b in 0..p[1] { r.push([[p[0], b]]); } for k in 1..=min(p[0], p[1]) { r.push([[p[0] - k, p[1] - k]]); } r }",
    );
    let o = grundy(&["sg", "--rules", &wythoff, "3,5", "4,4"], "");
    let g = crate::common::wythoff(6);
    assert_eq!(stdout(&o), format!("{}\n{}\n", g[3][5], g[4][4]), "{}", stderr(&o));
    let png = dir.join("w.png");
    let o = grundy(&["draw", "--rules", &wythoff, "--size", "16", "-o", png.to_str().unwrap()], "");
    assert!(o.status.success() && png.exists(), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}

#[cfg(feature = "script")]
#[test]
fn bad_scripts_exit_with_their_codes() {
    let dir = scratch_dir("rules-bad");
    for (text, code, said) in [
        ("fn options(n) {\n  let r = [;\n}", 2, "line 2, column"),
        ("fn options(n) { [[n]] }", 2, "every heap a move leaves must be smaller"),
        ("fn options(n) { loop { } }", 1, "a loop without end?"),
        ("fn f(n) { f(n + 1) }\nfn options(n) { f(n) }", 1, "a recursion without end?"),
        ("fn options(n) { let a = [1]; loop { a += a; } }", 1, "MiB of memory"),
    ] {
        let file = script(&dir, "bad.rhai", text);
        let o = grundy(&["sg", "--rules", &file, "3"], "");
        assert_eq!(o.status.code(), Some(code), "{text}: {}", stderr(&o));
        assert!(stderr(&o).contains(said), "{text}: {}", stderr(&o));
        assert!(stdout(&o).is_empty());
    }
    let o = grundy(&["sg", "--rules", "/nonexistent/k.rhai", "3"], "");
    assert_eq!(o.status.code(), Some(1));
    std::fs::remove_dir_all(&dir).unwrap();
}

/// SIGTERM (as Ctrl-C, where this process does not ignore SIGINT) stops a script's run: exit code
/// 130, the position it was at and the signal named.
#[cfg(all(feature = "script", unix))]
#[test]
fn a_signal_stops_a_long_script() {
    let dir = scratch_dir("rules-signal");
    let slow = script(&dir, "slow.rhai", "fn options(n) { let x = 0; for i in 0..1000000 { x += i; } [] }");
    let child = crate::run::spawn_grundy(&["analyze", "--rules", &slow, "--max-heap", "100000"]);
    std::thread::sleep(std::time::Duration::from_secs(1));
    let sent = std::process::Command::new("kill").args(["-TERM", &child.id().to_string()]).status();
    assert!(sent.is_ok_and(|s| s.success()));
    let o = child.wait_with_output().unwrap();
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stderr(&o).starts_with("grundy: game slow: at position "), "{}", stderr(&o));
    assert!(stderr(&o).ends_with(": interrupted (SIGTERM)\n"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
