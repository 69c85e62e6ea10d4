//! End to end: `--explain` and `--json` of `grundy knights`, `misere-nim` and `mine`.

use crate::run::{grundy, text};
use serde_json::Value;

/// Runs and expects success; returns standard output.
fn stdout(args: &[&str], stdin: &str) -> String {
    let out = grundy(args, stdin);
    assert_eq!(out.status.code(), Some(0), "{args:?}: {}", text(&out.stderr));
    text(&out.stdout).to_owned()
}

/// Standard output as JSON lines, checked for the fields every game has.
fn json_lines(args: &[&str], stdin: &str, winners: [&str; 2]) -> Vec<Value> {
    let out = stdout(args, stdin);
    let lines: Vec<Value> = out.lines().map(|l| serde_json::from_str(l).expect(l)).collect();
    for (i, v) in lines.iter().enumerate() {
        assert_eq!(v["case"], i as u64 + 1, "{v}");
        assert!(winners.contains(&v["winner"].as_str().unwrap()), "{v}");
        assert!(v["nimber"].is_u64(), "{v}");
        assert!(v.get("winning_move").is_some(), "{v}");
        // A winning move exactly when the first player (the judge's first name) wins.
        assert_eq!(v["winning_move"].is_null(), v["winner"] == winners[1], "{v}");
    }
    lines
}

const KNIGHTS: &str = "2\n1\n1 0\n2\n2 5\n3 5\n";
const MISERE: &str = "3\n4\n2 3 4 5\n5\n1 1 2 4 10\n1\n1\n";
const MINE: &str = "4\n3 3 0\n3 3 1\n1 1\n3 5 3\n0 0\n0 1\n2 3\n3 3 2\n0 2\n2 0\n";

#[test]
fn explain_the_samples() {
    assert_eq!(
        stdout(&["knights", "--explain"], KNIGHTS),
        "Case 1: Bob — *0 (1, 0) = *0; no winning move\n\
         Case 2: Alice — *3 (2, 5) ^ *1 (3, 5) = *2; move knight 1: (2, 5) -> (1, 3)\n"
    );
    assert_eq!(
        stdout(&["misere-nim", "--explain"], MISERE),
        "Case 1: Bob — piles 2 ^ 3 ^ 4 ^ 5 = 0; no winning move\n\
         Case 2: Alice — piles 1 ^ 1 ^ 2 ^ 4 ^ 10 = 12; move pile 5: 10 -> 6\n\
         Case 3: Bob — piles 1 = 1, all ones (an odd number loses); no winning move\n"
    );
    assert_eq!(
        stdout(&["misere-nim", "--explain"], "2\n2\n1 1\n2\n1 7\n"),
        "Case 1: Alice — piles 1 ^ 1 = 0, all ones (an even number wins); move pile 1: 1 -> 0\n\
         Case 2: Alice — piles 1 ^ 7 = 6; move pile 2: 7 -> 0\n"
    );
    assert_eq!(
        stdout(&["mine", "--explain"], MINE),
        "Case #1: Xiemao — *1 (region at (0, 0), 0 numbers) = *1; click (0, 0)\n\
         Case #2: Fanglaoshi — *0 (8 lone numbers) = *0; no winning move\n\
         Case #3: Fanglaoshi — *1 (cluster of 2 regions at (0, 3)) ^ *1 (1 lone number) = *0; no winning move\n\
         Case #4: Xiemao — *2 (cluster of 2 regions at (0, 0)) = *2; click (1, 1)\n"
    );
    assert_eq!(
        stdout(&["mine", "--explain"], "2\n2 2 4\n0 0\n0 1\n1 0\n1 1\n1 4 1\n0 1\n"),
        "Case #1: Fanglaoshi — nothing to click = *0; no winning move\n\
         Case #2: Xiemao — *2 (region at (0, 3), 1 number) ^ *1 (1 lone number) = *3; click (0, 2)\n"
    );
    // The shipped sample file gives the same as standard input.
    let file = stdout(&["knights", "--explain", crate::run::SAMPLE], "");
    assert_eq!(file, stdout(&["knights", "--explain"], &std::fs::read_to_string(crate::run::SAMPLE).unwrap()));
}

#[test]
fn explain_summarises_large_cases() {
    let mut input = String::from("1\n25\n");
    for i in 0..25 {
        input += &format!("{i} {}\n", 2 * i);
    }
    let out = stdout(&["knights", "--explain"], &input);
    let terms = out.split(" = ").next().unwrap();
    assert_eq!(terms.matches(" ^ ").count(), 10, "{out}");
    assert!(terms.ends_with(" ^ ... (+15 more)"), "{out}");
    // Misère piles and Mine components alike.
    let piles = format!("1\n12\n{}\n", ["3"; 12].join(" "));
    let out = stdout(&["misere-nim", "--explain"], &piles);
    assert!(out.starts_with("Case 1: Bob — piles 3 ^ 3 ^ 3 ^ 3 ^ 3 ^ 3 ^ 3 ^ 3 ^ 3 ^ 3 ^ ... (+2 more) = 0;"), "{out}");
    // A 1x48 row with mines in columns 0, 4, ..., 44: eleven regions with 2 numbers (*1) and
    // one with 1 number (*2, columns 45 to 47). *3: the first region's number (0, 1) leaves *2.
    let mut board = String::from("1\n1 48 12\n");
    for c in 0..12 {
        board += &format!("0 {}\n", 4 * c);
    }
    let out = stdout(&["mine", "--explain"], &board);
    assert!(
        out.starts_with("Case #1: Xiemao — *1 (region at (0, 2), 2 numbers) ^ *1 (region at (0, 6), 2 numbers) ^ "),
        "{out}"
    );
    assert!(out.ends_with(" ^ ... (+2 more) = *3; click (0, 1)\n"), "{out}");
}

#[test]
fn json_knights() {
    let mut input = String::from("3\n");
    input += "2\n2 5\n3 5\n";
    input += "1\n9223372036854775807 9223372036854775806\n";
    input += "2\n0 0\n5 8\n";
    let lines = json_lines(&["knights", "--json"], &input, ["Alice", "Bob"]);
    assert_eq!(lines.len(), 3);
    assert_eq!(lines[0]["values"], serde_json::json!([3, 1]));
    assert_eq!(lines[0]["nimber"], 2);
    assert_eq!(lines[0]["winning_move"], serde_json::json!({"knight": 0, "from": [2, 5], "to": [1, 3]}));
    let m = &lines[1]["winning_move"];
    assert_eq!(m["knight"], 0);
    assert_eq!(m["from"], serde_json::json!([9223372036854775807u64, 9223372036854775806u64]));
    assert!(m["to"][0].as_u64().unwrap() < 9223372036854775807 && m["to"][1].is_u64(), "{m}");
    assert_eq!(lines[2]["winning_move"]["knight"], 1);
    assert_eq!(lines[2]["winning_move"]["from"], serde_json::json!([5, 8]));
}

#[test]
fn json_misere_nim() {
    let max = "18446744073709551615";
    let input = format!("4\n4\n2 3 4 5\n5\n1 1 2 4 10\n2\n1 1\n2\n{max} 1\n");
    let lines = json_lines(&["misere-nim", "--json"], &input, ["Alice", "Bob"]);
    assert_eq!(lines[0]["winning_move"], Value::Null);
    assert_eq!(lines[1]["winning_move"], serde_json::json!({"pile": 4, "from": 10, "to": 6}));
    assert_eq!((&lines[2]["nimber"], &lines[2]["all_ones"]), (&serde_json::json!(0), &Value::Bool(true)));
    assert_eq!(lines[2]["winning_move"], serde_json::json!({"pile": 0, "from": 1, "to": 0}));
    // u64 piles are exact: the XOR of 2^64 - 1 and 1, and the move to 0 leaving one 1-pile.
    assert_eq!(lines[3]["nimber"].as_u64(), Some(u64::MAX - 1));
    assert_eq!(lines[3]["winning_move"], serde_json::json!({"pile": 0, "from": u64::MAX, "to": 0}));
}

#[test]
fn json_mine() {
    let lines = json_lines(&["mine", "--json"], MINE, ["Xiemao", "Fanglaoshi"]);
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0]["components"], serde_json::json!([{"region": [0, 0], "numbers": 0, "value": 1}]));
    assert_eq!(lines[0]["winning_move"], serde_json::json!({"click": [0, 0]}));
    assert_eq!(lines[1]["components"], serde_json::json!([{"lone_numbers": 8, "value": 0}]));
    assert_eq!(lines[2]["shared_numbers"], 1);
    assert_eq!(
        lines[2]["components"][0],
        serde_json::json!({"cluster": [0, 3], "regions": 2, "shared_groups": 1, "cycles": 0, "value": 1})
    );
    assert_eq!(lines[3]["winning_move"], serde_json::json!({"click": [1, 1]}));
    for v in &lines {
        let xor = v["components"].as_array().unwrap().iter().fold(0, |a, c| a ^ c["value"].as_u64().unwrap());
        assert_eq!(v["nimber"], xor, "{v}");
        for key in ["rows", "cols", "mines", "regions", "numbers", "lone_numbers"] {
            assert!(v[key].is_u64(), "{key}: {v}");
        }
    }
}

#[test]
fn explain_and_json_exclude_each_other() {
    for game in ["knights", "misere-nim", "mine"] {
        let out = grundy(&[game, "--explain", "--json"], "");
        assert_eq!(out.status.code(), Some(2));
        assert!(text(&out.stderr).contains("cannot be used with"), "{}", text(&out.stderr));
    }
}

/// Bad input: the same message, exit code and cases before it as the judge's output.
#[test]
fn bad_input_is_reported_as_by_the_judge() {
    for (game, input) in [
        ("knights", "2\n1\n1 0\n2\n2 x\n"),
        ("knights", "2\n1\n1 0\n1\n9223372036854775808 0\n"),
        ("knights", "1\n1\n1 0\n7\n"),
        ("misere-nim", "2\n1\n1\n2\n1 0\n"),
        ("misere-nim", "2\n1\n1\n"),
        ("mine", "2\n3 3 0\n3 3 1\n3 1\n"),
        ("mine", "2\n3 3 0\n0 3 0\n"),
    ] {
        let judge = grundy(&[game], input);
        assert_eq!(judge.status.code(), Some(2), "{game} {input:?}");
        let cases = text(&judge.stdout).lines().count();
        for flag in ["--explain", "--json"] {
            let out = grundy(&[game, flag], input);
            assert_eq!(out.status.code(), Some(2), "{game} {flag} {input:?}");
            assert_eq!(text(&out.stderr), text(&judge.stderr), "{game} {flag} {input:?}");
            assert_eq!(text(&out.stdout).lines().count(), cases, "{game} {flag} {input:?}: earlier cases");
        }
    }
}

#[test]
fn mine_refusal_is_reported_as_by_the_judge() {
    let input = "2\n3 3 1\n1 1\n3 5 3\n0 0\n0 1\n2 3\n";
    let judge = grundy(&["mine", "--max-states", "0"], input);
    for flag in ["--explain", "--json"] {
        let out = grundy(&["mine", "--max-states", "0", flag], input);
        assert_eq!(out.status.code(), Some(3));
        assert_eq!(text(&out.stderr), text(&judge.stderr));
        assert_eq!(text(&out.stdout).lines().count(), 1);
    }
}
