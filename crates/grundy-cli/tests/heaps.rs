//! Heap games from the command line: `--heap` on `analyze`, `sg`, `generate` and `verify`, and
//! the `heaps` judge, against a mex-by-definition oracle written here (the digits read from the
//! code text here, every option enumerated, no code shared with the crate).

use crate::common::Rng;
use crate::run::{grundy, scratch_dir, stderr, stdout};

/// The digits of a code `d0.d1d2...` or of a set `{a,b}`, read here.
fn digits_of(spec: &str) -> Vec<u32> {
    if let Some(set) = spec.strip_prefix('{') {
        let members: Vec<usize> = set.trim_end_matches('}').split(',').map(|m| m.trim().parse().unwrap()).collect();
        let mut digits = vec![0; members.iter().max().unwrap() + 1];
        for m in members {
            digits[m] = 3;
        }
        return digits;
    }
    let (d0, rest) = spec.split_once('.').unwrap();
    let d0 = if d0.is_empty() { 0 } else { d0.chars().next().unwrap().to_digit(16).unwrap() };
    std::iter::once(d0).chain(rest.chars().map(|c| c.to_digit(16).unwrap())).collect()
}

/// G(0..n) by the definition: every option of every heap, its value the XOR of its parts.
pub(crate) fn oracle(spec: &str, n: usize) -> Vec<u32> {
    let unequal = spec == "grundy";
    let digits = if unequal { vec![4] } else { digits_of(spec) };
    let mut g: Vec<u32> = Vec::with_capacity(n);
    for heap in 0..n {
        let mut seen = Vec::new();
        for (take, &d) in digits.iter().enumerate() {
            if take > heap {
                break;
            }
            let rest = heap - take;
            if d & 1 != 0 && rest == 0 {
                seen.push(0);
            }
            if d & 2 != 0 && rest >= 1 {
                seen.push(g[rest]);
            }
            if d & 4 != 0 {
                for a in 1..rest {
                    if !(unequal && 2 * a == rest) {
                        seen.push(g[a] ^ g[rest - a]);
                    }
                }
            }
            if d & 8 != 0 {
                for a in 1..rest {
                    for b in 1..rest - a {
                        seen.push(g[a] ^ g[b] ^ g[rest - a - b]);
                    }
                }
            }
        }
        g.push((0..).find(|v| !seen.contains(v)).unwrap());
    }
    g
}

/// The judge's answer lines for sums of heaps, from the value of a heap.
pub(crate) fn answers(value: impl Fn(u64) -> u32, cases: &[Vec<u64>]) -> String {
    let line = |(i, heaps): (usize, &Vec<u64>)| {
        let x = heaps.iter().fold(0, |x, &h| x ^ value(h));
        format!("Case {}: {}\n", i + 1, if x != 0 { "Alice" } else { "Bob" })
    };
    cases.iter().enumerate().map(line).collect()
}

/// `grundy sg --heap SPEC [extra] N...`.
fn sg(spec: &str, extra: &[&str], heaps: &[u64]) -> Vec<u32> {
    let numbers: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut args = vec!["sg", "--heap", spec];
    args.extend_from_slice(extra);
    args.extend(numbers.iter().map(String::as_str));
    let out = grundy(&args, b"");
    assert!(out.status.success(), "sg --heap {spec}: {}", stderr(&out));
    stdout(&out).lines().map(|l| l.parse().unwrap()).collect()
}

/// Random codes (d0 = 4, hexadecimal digits, subtraction sets, Grundy's game): `sg` equals the
/// definition, and far heaps equal their periodic image computed by the definition.
#[test]
fn values_equal_the_definition() {
    let mut rng = Rng(0x5eed_4ea9);
    let mut specs: Vec<String> = vec!["0.77".into(), "4.07".into(), "0.f".into(), "grundy".into(), "{1,3,4}".into()];
    for _ in 0..60 {
        let d0 = ["0", "4", "8", "c", ""][rng.below(5) as usize];
        let len = 1 + rng.below(3);
        let hex = rng.below(4) == 0;
        let tail: String =
            (0..len).map(|_| char::from_digit(rng.below(if hex { 16 } else { 8 }) as u32, 16).unwrap()).collect();
        if tail.chars().all(|c| c == '0') && d0.is_empty() {
            continue;
        }
        specs.push(format!("{d0}.{tail}"));
    }
    for _ in 0..10 {
        let members: Vec<String> = (0..1 + rng.below(3)).map(|_| (1 + rng.below(9)).to_string()).collect();
        specs.push(format!("{{{}}}", members.join(",")));
    }
    for spec in &specs {
        if digits_of_or_grundy(spec).iter().all(|&d| d == 0) || digits_of_or_grundy(spec)[0] & 3 != 0 {
            continue;
        }
        let three = digits_of_or_grundy(spec).iter().any(|d| d & 8 != 0);
        let n = if three { 60 } else { 200 };
        let expected = oracle(spec, n);
        let heaps: Vec<u64> = (0..n as u64).collect();
        assert_eq!(sg(spec, &[], &heaps), expected, "{spec}");
    }
}

fn digits_of_or_grundy(spec: &str) -> Vec<u32> {
    if spec == "grundy" { vec![4] } else { digits_of(spec) }
}

/// The literature's periods, through `analyze --heap --json`.
#[test]
fn literature_periods() {
    for (spec, period, preperiod) in [("0.77", 12, 71), ("0.07", 34, 53), ("0.137", 34, 52), ("{1,3,4}", 7, 0)] {
        let out = grundy(&["analyze", "--heap", spec, "--json"], b"");
        assert!(out.status.success(), "{spec}: {}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(stdout(&out)).unwrap();
        let p = &json["periodicity"];
        assert_eq!(p["status"], "certified", "{spec}: {json}");
        assert_eq!((p["period"].as_u64(), p["preperiod"].as_u64()), (Some(period), Some(preperiod)), "{spec}");
        assert!(json["computed"].as_u64().unwrap() > preperiod + period);
        assert!(json["values_per_second"].as_f64().unwrap() > 0.0);
    }
    // No theorem covers Grundy's game; Officers is not periodic as far as it is computed.
    for (spec, extra) in [("grundy", "100"), ("0.6", "3000")] {
        let out = grundy(&["analyze", "--heap", spec, "--json", "--max-heap", extra], b"");
        assert!(out.status.success(), "{spec}: {}", stderr(&out));
        let json: serde_json::Value = serde_json::from_str(stdout(&out)).unwrap();
        assert_eq!(json["periodicity"]["status"], "not_found", "{spec}: {json}");
        assert_eq!(json["computed"].as_u64(), Some(extra.parse().unwrap()), "{spec}: {json}");
    }
}

/// Kayles through its period at heaps near 2^64, checked against the definition's period.
#[test]
fn far_heaps_follow_the_period() {
    let g = oracle("0.77", 71 + 12 * 3);
    let far = [u64::MAX, u64::MAX - 5, 1 << 40, 12_345_678_901];
    let expected: Vec<u32> = far.iter().map(|&h| g[(71 + (h - 71) % 12) as usize]).collect();
    assert_eq!(sg("0.77", &[], &far), expected);
    // Without a period, a heap past the values computed is refused, naming the bound.
    let out = grundy(&["sg", "--heap", "grundy", "--max-heap", "100", "100"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("heap 100 is beyond --max-heap 100"), "{}", stderr(&out));
    let out = grundy(&["sg", "--heap", "grundy", "18446744073709551615"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("heap 18446744073709551615 is beyond --max-heap 2097152"), "{}", stderr(&out));
    // A game with a theorem but no period found within the bound.
    let out = grundy(&["sg", "--heap", "0.6", "--max-heap", "500", "600"], b"");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("beyond the 500 values computed"), "{}", stderr(&out));
}

/// `sg` computes no further than its largest heap when that is within --max-heap, period or
/// none: a three-heap game (cubic) and one without a sparse space (quadratic) answer at once,
/// where a search for their periods runs to its work bound (34 s and minutes). Nothing shows
/// on standard error (progress would after 2 s, and --max-time would stop such a search).
#[test]
fn sg_stops_at_its_largest_heap() {
    for (spec, heap) in [("0.83232", 120), ("0.371", 3000)] {
        let g = oracle(spec, heap + 1);
        let out = grundy(&["sg", "--heap", spec, "--max-time", "3", &heap.to_string()], b"");
        assert_eq!((out.status.code(), stdout(&out)), (Some(0), format!("{}\n", g[heap]).as_str()), "{spec}");
        assert!(stderr(&out).is_empty(), "{spec}: {}", stderr(&out));
    }
}

/// The judge computes no further than the heaps it reads need: a three-heap game (cubic) and
/// one without a sparse space (quadratic), whose searches for a period run to the work bound in
/// half a minute, answer at once, with nothing on standard error (a search stopped by
/// --max-time would note it there), heaps rising case by case (the search goes on from where it
/// stood) or not. A far heap of Kayles after small ones still follows the period; a values'
/// directory that cannot hold the file fails the command (exit code 1) as it would at the start.
#[test]
fn heaps_compute_only_as_far_as_their_heaps() {
    let mut rng = Rng(0x0d_de3a);
    for (spec, n) in [("0.83232", 121), ("0.371", 3001)] {
        let g = oracle(spec, n);
        let mut cases: Vec<Vec<u64>> = (1..=12).map(|i| vec![(n as u64 - 1) * i / 12]).collect();
        cases.extend((0..50).map(|_| (0..1 + rng.below(3)).map(|_| rng.below(n as u64)).collect()));
        let mut input = format!("{}\n", cases.len());
        for heaps in &cases {
            let heaps: Vec<String> = heaps.iter().map(u64::to_string).collect();
            input += &format!("{}\n{}\n", heaps.len(), heaps.join(" "));
        }
        let out = grundy(&["heaps", "--heap", spec, "--max-time", "3"], input.as_bytes());
        assert_eq!(out.status.code(), Some(0), "{spec}: {}", stderr(&out));
        assert_eq!(stdout(&out), answers(|h| g[h as usize], &cases), "{spec}");
        assert!(stderr(&out).is_empty(), "{spec}: {}", stderr(&out));
    }
    let g = oracle("0.77", 71 + 12);
    let far = u64::MAX - 5;
    let out = grundy(&["heaps", "--heap", "0.77"], format!("2\n1\n5\n2\n{far} 7\n").as_bytes());
    let expected = answers(|h| g[if h < 71 { h } else { 71 + (h - 71) % 12 } as usize], &[vec![5], vec![far, 7]]);
    assert_eq!((out.status.code(), stdout(&out)), (Some(0), expected.as_str()), "{}", stderr(&out));
    let missing = std::env::temp_dir().join(format!("grundy-missing-{}", std::process::id()));
    let out = grundy(&["heaps", "--heap", "0.77", "--values-dir", missing.to_str().unwrap()], b"1\n1\n3\n");
    assert_eq!((out.status.code(), stdout(&out)), (Some(1), ""), "{}", stderr(&out));
    assert!(stderr(&out).contains(&format!("--values-dir {}: a file of", missing.display())), "{}", stderr(&out));
}

/// The judge: random sums against the oracle; every winning move of `--json` is legal and leaves
/// a zero sum; far heaps through the period.
#[test]
fn heaps_judge_against_the_oracle() {
    let mut rng = Rng(0xca5e5);
    for spec in ["0.77", "0.07", "4.07", "0.8", "{2,5,7}", "grundy"] {
        let n = if spec == "0.8" { 40 } else { 120 };
        let g = oracle(spec, n);
        let mut input = String::from("200\n");
        let mut cases = Vec::new();
        for _ in 0..200 {
            let k = 1 + rng.below(4);
            let heaps: Vec<u64> = (0..k).map(|_| rng.below(n as u64)).collect();
            input += &format!("{k}\n{}\n", heaps.iter().map(u64::to_string).collect::<Vec<_>>().join(" "));
            cases.push(heaps);
        }
        let out = grundy(&["heaps", "--heap", spec, "--max-heap", &n.to_string()], input.as_bytes());
        assert!(out.status.success(), "{spec}: {}", stderr(&out));
        assert_eq!(stdout(&out), answers(|h| g[h as usize], &cases), "{spec}");
        let out = grundy(&["heaps", "--heap", spec, "--max-heap", &n.to_string(), "--json"], input.as_bytes());
        assert!(out.status.success(), "{spec}: {}", stderr(&out));
        for (line, heaps) in stdout(&out).lines().zip(&cases) {
            let json: serde_json::Value = serde_json::from_str(line).unwrap();
            let x = heaps.iter().fold(0, |x, &h| x ^ g[h as usize]);
            assert_eq!(json["nimber"].as_u64(), Some(u64::from(x)), "{spec} {line}");
            let m = &json["winning_move"];
            if x == 0 {
                assert!(m.is_null(), "{spec} {line}");
                continue;
            }
            let (i, take) = (m["heap"].as_u64().unwrap() as usize, m["take"].as_u64().unwrap());
            let left: Vec<u64> = m["left"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
            assert_eq!(left.iter().sum::<u64>() + take, heaps[i], "{spec} {line}");
            assert!(left.iter().all(|&p| p > 0), "{spec} {line}");
            let digit = digits_of_or_grundy(spec).get(take as usize).copied().unwrap_or(0);
            assert!(digit & (1 << left.len()) != 0, "{spec} {line}: not a move of the game");
            if spec == "grundy" {
                assert_ne!(left[0], left[1], "{line}");
            }
            let after = x ^ g[heaps[i] as usize] ^ left.iter().fold(0, |a, &p| a ^ g[p as usize]);
            assert_eq!(after, 0, "{spec} {line}: the move does not win");
        }
    }
    let out = grundy(&["heaps", "--heap", "0.77", "--explain"], b"1\n2\n18446744073709551615 3\n");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).starts_with("Case 1: "), "{}", stdout(&out));
}

/// A blob: generate, inspect, verify and answer from it; a changed value is caught by `inspect`
/// and `verify`, a blob of another game is refused by name.
#[test]
fn generate_inspect_verify_and_answer() {
    let dir = scratch_dir("heaps-blob");
    let blob = dir.join("kayles.sgt");
    let path = blob.to_str().unwrap();
    let out = grundy(&["generate", "--heap", "0.77", "-o", path], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = grundy(&["inspect", path], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("HeapValues"), "{}", stdout(&out));
    let out = grundy(&["verify", "--table", path], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("0.77: period 12 from heap 71 proven"), "{}", stdout(&out));
    let out = grundy(&["heaps", "--table", path], b"2\n1\n70\n2\n5 5\n");
    assert_eq!(stdout(&out), "Case 1: Alice\nCase 2: Bob\n", "{}", stderr(&out));
    let out = grundy(&["heaps", "--table", path, "--heap", "0.07"], b"1\n1\n1\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("holds no table of 0.07 (it holds 0.77)"), "{}", stderr(&out));

    // G(70) = 6 changed to 7, every checksum made to match again.
    let mut bytes = std::fs::read(&blob).unwrap();
    let header = grundy_core::format::validate(&bytes).unwrap();
    let entry = &header.tables[0];
    let payload = entry.offset as usize;
    let values = payload + 20 + "0.77".len();
    assert_eq!(bytes[values + 2 * 70], 6);
    bytes[values + 2 * 70] = 7;
    let crc = crc32fast::hash(&bytes[payload..payload + entry.len as usize]);
    let mut edited = header.clone();
    edited.tables[0].crc32 = crc;
    let head = grundy_core::format::write_head(&edited);
    bytes[..head.len()].copy_from_slice(&head);
    let damaged = dir.join("damaged.sgt");
    std::fs::write(&damaged, &bytes).unwrap();
    let damaged = damaged.to_str().unwrap();
    let out = grundy(&["inspect", damaged], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stdout(&out));
    assert!(stderr(&out).contains("G(70) is stored as 7, but its game's rules give 6"), "{}", stderr(&out));
    let out = grundy(&["verify", "--table", damaged], b"");
    assert_eq!(out.status.code(), Some(4), "{}", stdout(&out));
    assert!(stderr(&out).contains("NOT proven"), "{}", stderr(&out));
}

/// Bad specs and arguments: exit 2 with a message saying what is wrong, never a panic.
#[test]
fn bad_specs_are_refused() {
    for (spec, says) in [
        ("0.1x", "unknown digit 'x'"),
        ("1.07", "d0"),
        ("{}", "empty"),
        ("{0,1}", "0"),
        ("{-1}", "-"),
        ("{1,3", "never closed"),
        ("0.000", "no move"),
        ("", "empty"),
    ] {
        for command in [&["analyze", "--heap", spec][..], &["sg", "--heap", spec, "1"], &["heaps", "--heap", spec]] {
            let out = grundy(command, b"1\n1\n1\n");
            assert_eq!(out.status.code(), Some(2), "{command:?}: {}", stderr(&out));
            assert!(stderr(&out).to_lowercase().contains(says), "{command:?}: {}", stderr(&out));
            assert!(!stderr(&out).contains("panicked"), "{command:?}");
        }
    }
    let out = grundy(&["analyze", "--heap", "0.77", "--moves", "(-1,0)"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let out = grundy(&["generate", "--heap", "0.77"], b"");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("--output"), "{}", stderr(&out));
    let out = grundy(&["heaps", "--heap", "0.77"], b"1\n0\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    assert!(stderr(&out).contains("line 2, column 1: case 1 has no heaps"), "{}", stderr(&out));
    let out = grundy(&["heaps", "--heap", "grundy", "--max-heap", "50"], b"2\n1\n5\n1\n50\n");
    assert_eq!(out.status.code(), Some(3), "{}", stderr(&out));
    assert_eq!(stdout(&out), "Case 1: Alice\n");
    assert!(
        stderr(&out).contains("case 2 not solved: game grundy: heap 50 is beyond --max-heap 50, and no periodicity"),
        "{}",
        stderr(&out)
    );
}

/// `--max-time` stops a long computation (Officers, no period within 2^22) at the bound: the
/// evidence on standard output, exit code 0, progress on standard error only.
#[test]
fn max_time_stops_a_long_run() {
    let start = std::time::Instant::now();
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^22", "--max-time", "0.5", "--json"], "");
    assert!(start.elapsed().as_secs_f64() < 5.0, "{:?}", start.elapsed());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let json: serde_json::Value = serde_json::from_str(stdout(&o)).expect("one JSON object");
    assert_eq!(json["periodicity"]["status"], "not_found", "{json}");
    assert_eq!(json["periodicity"]["reason"], "the time bound of 0.5 s was reached", "{json}");
    assert_eq!(json["periodicity"]["last_rare"], 20627, "{json}");
    let computed = json["computed"].as_u64().unwrap();
    assert!(computed > 20627 && computed < 1 << 22, "{json}");
    assert!(json["values_per_second"].as_f64().unwrap() > 0.0, "{json}");

    // Past 2 s a progress line comes, on standard error.
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^22", "--max-time", "2.5"], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let lines: Vec<&str> = stdout(&o).lines().collect();
    assert_eq!(lines.len(), 4, "{}", stdout(&o));
    assert!(lines[2].starts_with("no period proven: the time bound of 2.5 s was reached; "), "{}", lines[2]);
    assert!(lines[3].starts_with("time: "), "{}", lines[3]);
    assert!(stderr(&o).starts_with("grundy: heap game 0.6: G(0.."), "{}", stderr(&o));
    assert!(stderr(&o).contains("values/s") && stderr(&o).contains("the last at heap 20627"), "{}", stderr(&o));

    // The other heap commands go on with the values computed.
    let o = grundy(&["sg", "--heap", "0.6", "--max-heap", "2^22", "--max-time", "0.2", "5", "100"], "");
    let g = oracle("0.6", 101);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), format!("{}\n{}\n", g[5], g[100]).as_str()), "{}", stderr(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));
    let o = grundy(&["verify", "--heap", "0.6", "--max-heap", "2^22", "--max-time", "0.2"], "");
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(stderr(&o).contains("NOT proven: 0.6: the time bound of 0.2 s was reached"), "{}", stderr(&o));
}

#[test]
fn max_time_must_be_a_positive_number() {
    for bad in ["0", "-1", "abc", "nan", "inf", ""] {
        let o = grundy(&["analyze", "--heap", "0.6", &format!("--max-time={bad}")], "");
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
        assert!(stderr(&o).contains("--max-time"), "{bad}: {}", stderr(&o));
    }
    let o = grundy(&["analyze", "--max-time", "1"], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let o = grundy(&["heaps", "--heap", "0.77", "--max-time", "1"], "1\n1\n3\n");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "Case 1: Alice\n"), "{}", stderr(&o));
}

/// `heaps --max-time` bounds the time spent computing values, not the time spent waiting for
/// the input: a case that comes after longer than the bound is still answered.
#[test]
fn heaps_max_time_does_not_count_waiting_for_input() {
    let (args, input) = (["heaps", "--heap", "0.6", "--max-time", "1"], b"1\n1\n70000\n");
    let at_once = grundy(&args, input);
    assert_eq!(at_once.status.code(), Some(0), "{}", stderr(&at_once));
    assert!(stdout(&at_once).starts_with("Case 1: "), "{}", stdout(&at_once));
    let later = crate::run::grundy_after(&args, input, std::time::Duration::from_secs(2));
    assert_eq!((later.status.code(), stdout(&later)), (Some(0), stdout(&at_once)), "{}", stderr(&later));
}

/// A negative number after an option is its value, refused for what it is, whether written
/// `--option=-1` or `--option -1`.
#[test]
fn a_negative_value_is_named_as_the_options() {
    for args in [
        &["analyze", "--heap", "0.6", "--max-time", "-1"][..],
        &["analyze", "--heap", "-0.77"],
        &["analyze", "--heap", "0.6", "--max-heap", "-5"],
        &["sg", "--heap", "0.77", "-3"],
        &["sg", "--bound", "-2", "1", "1"],
    ] {
        let o = grundy(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("invalid value '-"), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("unexpected argument"), "{args:?}: {}", stderr(&o));
    }
}

/// `--threads 1` and `--threads 2` print the same report (Officers past where the pipeline
/// starts); other counts are refused.
#[test]
fn threads_change_nothing_but_the_time() {
    let run = |threads: &str| {
        let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "200000", "--threads", threads, "--json"], "");
        assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
        untimed_json(&o)
    };
    assert_eq!(run("1"), run("2"));
    for bad in ["0", "3", "x", ""] {
        let o = grundy(&["analyze", "--heap", "0.6", &format!("--threads={bad}")], "");
        assert_eq!(o.status.code(), Some(2), "{bad}: {}", stderr(&o));
        assert!(stderr(&o).contains("not 1 or 2"), "{bad}: {}", stderr(&o));
    }
    let o = grundy(&["heaps", "--heap", "0.77", "--threads", "1"], "1\n1\n3\n");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "Case 1: Alice\n"), "{}", stderr(&o));
}

/// `--values-dir`: the values kept in a temporary file there give the same reports and leave
/// nothing behind; a directory that cannot hold the file is refused before any work.
#[cfg(unix)]
#[test]
fn values_in_a_file_change_nothing_but_memory() {
    let dir = std::env::temp_dir().join(format!("grundy-values-dir-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.to_str().unwrap();
    for heap in ["0.16", "0.6"] {
        let run = |extra: &[&str]| {
            let mut args = vec!["analyze", "--heap", heap, "--max-heap", "600000", "--json"];
            args.extend(extra);
            let o = grundy(&args, "");
            assert_eq!(o.status.code(), Some(0), "{heap} {extra:?}: {}", stderr(&o));
            untimed_json(&o)
        };
        assert_eq!(run(&["--values-dir", path]), run(&[]), "{heap}");
    }
    let o = grundy(&["heaps", "--heap", "0.77", "--values-dir", path], "1\n1\n3\n");
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), "Case 1: Alice\n"), "{}", stderr(&o));
    // Resumed into a file: read from the checkpoint in order, the run ends as one in memory.
    let ck = std::env::temp_dir().join(format!("grundy-values-dir-{}.ck", std::process::id()));
    let ck = ck.to_str().unwrap();
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "300000", "--checkpoint", ck], "");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let resume = |extra: &[&str]| {
        let mut args = vec!["analyze", "--heap", "0.6", "--max-heap", "600000", "--resume", ck, "--json"];
        args.extend(extra);
        let o = grundy(&args, "");
        assert_eq!(o.status.code(), Some(0), "{extra:?}: {}", stderr(&o));
        untimed_json(&o)
    };
    assert_eq!(resume(&["--values-dir", path]), resume(&[]));
    // A damaged checkpoint is refused the same way.
    let mut bytes = std::fs::read(ck).unwrap();
    let at = bytes.len() / 2;
    bytes[at] ^= 1;
    std::fs::write(ck, &bytes).unwrap();
    let refused = |extra: &[&str]| {
        let mut args = vec!["analyze", "--heap", "0.6", "--resume", ck];
        args.extend(extra);
        let o = grundy(&args, "");
        (o.status.code(), stderr(&o).to_string())
    };
    let (code, message) = refused(&["--values-dir", path]);
    assert_eq!((code, &message), (Some(2), &refused(&[]).1), "{message}");
    assert!(message.contains("checksum mismatch"), "{message}");
    std::fs::remove_file(ck).unwrap();
    assert_eq!(std::fs::read_dir(&dir).unwrap().count(), 0, "the values' files are gone");
    let missing = dir.join("missing");
    let o = grundy(&["analyze", "--heap", "0.6", "--values-dir", missing.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let said = format!("--values-dir {}: a file of 262144 bytes for the values: ", missing.display());
    assert!(stderr(&o).contains(&said), "{}", stderr(&o));
    assert_eq!(stdout(&o), "");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// Ctrl-C (SIGINT) stops `analyze --heap`: the evidence so far, then exit code 130.
#[cfg(unix)]
#[test]
fn sigint_stops_a_long_run() {
    // A SIGINT ignored by this process (a background job of a shell without job control) is
    // ignored by the child too: nothing to test then.
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let ignored = status.lines().find_map(|l| l.strip_prefix("SigIgn:")).map(str::trim);
    if ignored.and_then(|m| u64::from_str_radix(m, 16).ok()).is_some_and(|m| m & 2 != 0) {
        return;
    }
    let child = crate::run::spawn_grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^22", "--max-time", "60"]);
    std::thread::sleep(std::time::Duration::from_secs(1));
    let sent = std::process::Command::new("kill").args(["-INT", &child.id().to_string()]).status();
    assert!(sent.is_ok_and(|s| s.success()), "kill -INT");
    let o = child.wait_with_output().expect("wait for grundy");
    assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
    assert!(stdout(&o).contains("\nno period proven: interrupted; 1583 rare positions"), "{}", stdout(&o));
    assert!(stderr(&o).contains("grundy: game 0.6: interrupted (Ctrl-C) after G(0.."), "{}", stderr(&o));
}

/// Standard output without its `time:` line, the one part that differs between runs.
fn untimed(o: &std::process::Output) -> String {
    stdout(o).lines().filter(|l| !l.starts_with("time: ")).map(|l| format!("{l}\n")).collect()
}

/// A `--json` report without its times.
fn untimed_json(o: &std::process::Output) -> serde_json::Value {
    let mut json: serde_json::Value = serde_json::from_str(stdout(o)).expect("one JSON object");
    let report = json.as_object_mut().unwrap();
    assert!(report.remove("seconds").is_some() && report.remove("values_per_second").is_some(), "{}", stdout(o));
    json
}

/// Stopped by `--max-heap` or `--max-time` with `--checkpoint`, then `--resume`d, a run prints
/// what one run prints: the same values computed, period or evidence.
#[test]
fn checkpoint_then_resume_prints_one_run() {
    let dir = scratch_dir("heaps-checkpoint");
    let file = |name: &str| dir.join(name).to_str().unwrap().to_owned();
    // Officers: no period; the evidence (rare positions, the last one) must be the same.
    let one = grundy(&["analyze", "--heap", "0.6", "--max-heap", "300000"], "");
    assert!(one.status.success(), "{}", stderr(&one));
    let ck = file("officers.ck");
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "100000", "--checkpoint", &ck], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("the bound of 100000 values was reached"), "{}", stdout(&o));
    assert!(stderr(&o).contains(&format!("checkpoint {ck}: G(0..100000) of 0.6")), "{}", stderr(&o));
    // Two bytes per value, and 50 and the game's text besides.
    assert_eq!(std::fs::metadata(&ck).unwrap().len(), 2 * 100_000 + 50 + 3);
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "300000", "--resume", &ck, "--checkpoint", &ck], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(untimed(&o), untimed(&one));
    assert!(stderr(&o).contains(&format!("resuming from {ck} (G(0..100000) computed)")), "{}", stderr(&o));
    // The file now holds the longer run: resumed again with the same bound, nothing is computed.
    assert_eq!(std::fs::metadata(&ck).unwrap().len(), 2 * 300_000 + 53);
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "300000", "--resume", &ck], "");
    assert_eq!(untimed(&o), untimed(&one), "{}", stderr(&o));

    // Stopped by the clock, twice, then to the end.
    let ck = file("timed.ck");
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "300000", "--max-time", "0.1", "--checkpoint", &ck], "");
    assert!(stdout(&o).contains("the time bound of 0.1 s was reached"), "{}", stdout(&o));
    let o = grundy(
        &[
            "analyze",
            "--heap",
            "0.6",
            "--max-heap",
            "300000",
            "--max-time",
            "0.1",
            "--resume",
            &ck,
            "--checkpoint",
            &ck,
        ],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "300000", "--resume", &ck], "");
    assert_eq!(untimed(&o), untimed(&one), "{}", stderr(&o));

    // A period proven after the resume: 0.16 (period 149459 from heap 105351), in JSON.
    let one = grundy(&["analyze", "--heap", "0.16", "--json"], "");
    assert!(one.status.success(), "{}", stderr(&one));
    let ck = file("0.16.ck");
    let o = grundy(&["analyze", "--heap", "0.16", "--max-heap", "200000", "--checkpoint", &ck, "--json"], "");
    assert_eq!(untimed_json(&o)["periodicity"]["status"], "not_found", "{}", stderr(&o));
    let o = grundy(&["analyze", "--heap", "0.16", "--json", "--resume", &ck, "--checkpoint", &ck], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(untimed_json(&o), untimed_json(&one));
    assert_eq!(untimed_json(&o)["periodicity"]["period"], 149_459);
    assert!(stderr(&o).contains("period proven; no checkpoint written"), "{}", stderr(&o));

    // Stopped before the first step's end (1024 values), then resumed: Kayles is proven where
    // one run proves it, not from the smaller bound's count.
    let one = grundy(&["analyze", "--heap", "0.77"], "");
    assert!(stdout(&one).contains("computed: G(0..1024)"), "{}", stdout(&one));
    let ck = file("kayles.ck");
    let o = grundy(&["analyze", "--heap", "0.77", "--max-heap", "100", "--checkpoint", &ck], "");
    assert!(stdout(&o).contains("the bound of 100 values was reached"), "{}", stdout(&o));
    let o = grundy(&["analyze", "--heap", "0.77", "--resume", &ck], "");
    assert_eq!(untimed(&o), untimed(&one), "{}", stderr(&o));

    // Grundy's game (no theorem): a larger --max-heap goes on from the values computed.
    let ck = file("grundy.ck");
    let o = grundy(&["sg", "--heap", "grundy", "--max-heap", "2000", "--checkpoint", &ck, "1999"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let o = grundy(&["sg", "--heap", "grundy", "--max-heap", "5000", "--resume", &ck, "4999", "3"], "");
    let g = oracle("grundy", 5000);
    assert_eq!((o.status.code(), stdout(&o)), (Some(0), format!("{}\n{}\n", g[4999], g[3]).as_str()), "{}", stderr(&o));
}

/// A damaged, truncated, foreign or missing checkpoint is refused, naming the file, with a
/// non-zero exit code; so is one that holds more values than the run computes.
#[test]
fn bad_checkpoints_are_refused() {
    let dir = scratch_dir("heaps-bad-checkpoint");
    let ck = dir.join("good.ck");
    let good = ck.to_str().unwrap();
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "20000", "--checkpoint", good], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let bytes = std::fs::read(&ck).unwrap();
    let resume = |name: &str, contents: &[u8], heap: &str| {
        let path = dir.join(name);
        std::fs::write(&path, contents).unwrap();
        let path = path.to_str().unwrap().to_owned();
        let o = grundy(&["analyze", "--heap", heap, "--max-heap", "40000", "--resume", &path], "");
        assert_eq!(o.status.code(), Some(2), "{name}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{name}: {}", stdout(&o));
        assert!(!stderr(&o).contains("panicked"), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(&format!("--resume {path}: ")), "{name}: {}", stderr(&o));
        stderr(&o).to_owned()
    };
    let e = resume("cut.ck", &bytes[..bytes.len() - 7], "0.6");
    assert!(e.contains("truncated"), "{e}");
    let e = resume("empty.ck", b"", "0.6");
    assert!(e.contains("too short"), "{e}");
    let mut flipped = bytes.clone();
    flipped[1000] ^= 4;
    let e = resume("flipped.ck", &flipped, "0.6");
    assert!(e.contains("checksum mismatch") && e.contains("damaged"), "{e}");
    let e = resume("good-copy.ck", &bytes, "0.77");
    assert!(e.contains("a checkpoint of game 0.6, not of 0.77"), "{e}");
    let e = resume("text.ck", b"game: 0.6\ncomputed: G(0..20000)\n and more text than a header", "0.6");
    assert!(e.contains("not a grundy checkpoint"), "{e}");
    let mut newer = bytes.clone();
    newer[8] = 9;
    let e = resume("newer.ck", &newer, "0.6");
    assert!(e.contains("version 9 is not supported"), "{e}");
    // More values than --max-heap: refused, not cut.
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "10000", "--resume", good], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("it holds G(0..20000), more than the 10000 values of --max-heap"), "{}", stderr(&o));
    // A file that is not there: an I/O failure.
    let missing = dir.join("missing.ck");
    let o = grundy(&["analyze", "--heap", "0.6", "--resume", missing.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains(&format!("--resume {}: ", missing.display())), "{}", stderr(&o));
    // --resume and --checkpoint need --heap.
    let o = grundy(&["analyze", "--resume", good], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
}

/// `--resume` refuses what is not a checkpoint by its first bytes, before reading on: megabytes
/// of something else, an endless device or pipe; it reads no more than the fields announce (and
/// one byte); and a checkpoint read from a pipe is resumed as from its file.
#[test]
fn resume_refuses_by_the_header() {
    let dir = scratch_dir("heaps-resume-header");
    let foreign = dir.join("foreign.ck");
    let mut bytes = b"NOTACKPT".to_vec();
    bytes.resize(32 << 20, 0);
    std::fs::write(&foreign, &bytes).unwrap();
    let start = std::time::Instant::now();
    let o = grundy(&["analyze", "--heap", "0.6", "--resume", foreign.to_str().unwrap()], "");
    assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a grundy checkpoint: starts with \"NOTACKPT\""), "{}", stderr(&o));
    #[cfg(target_os = "linux")]
    for values_dir in [&[][..], &["--values-dir", dir.to_str().unwrap()]] {
        let args = [&["analyze", "--heap", "0.6", "--resume", "/dev/zero"][..], values_dir].concat();
        let o = crate::run::grundy_within(&args, std::time::Duration::from_secs(5)).expect("refused at once");
        assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
        assert!(stderr(&o).contains("--resume /dev/zero: not a grundy checkpoint"), "{}", stderr(&o));
    }
    // `yes | grundy ... --resume /dev/stdin`.
    let yes = "y\n".repeat(8 << 20);
    let o =
        grundy(&["analyze", "--heap", "0.6", "--resume", "/dev/stdin", "--values-dir", dir.to_str().unwrap()], &yes);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("not a grundy checkpoint: starts with \"y\\ny\\ny\\ny\\n\""), "{}", stderr(&o));

    // A checkpoint through a pipe, then the same followed by more bytes.
    let ck = dir.join("good.ck");
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "20000", "--checkpoint", ck.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let good = std::fs::read(&ck).unwrap();
    let resume = ["analyze", "--heap", "0.6", "--max-heap", "40000", "--resume"];
    let from_file = grundy(&[&resume[..], &[ck.to_str().unwrap()]].concat(), "");
    let from_pipe = grundy(&[&resume[..], &["/dev/stdin"]].concat(), &good);
    assert_eq!(from_pipe.status.code(), Some(0), "{}", stderr(&from_pipe));
    let report = |o: &std::process::Output| stdout(o).lines().take(3).collect::<Vec<_>>().join("\n");
    assert_eq!(report(&from_pipe), report(&from_file));
    let mut longer = good.clone();
    longer.resize(good.len() + (16 << 20), 0);
    let o = grundy(&[&resume[..], &["/dev/stdin"]].concat(), &longer);
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    let expected = format!("more than the {} bytes its fields call for: bytes were added", good.len());
    assert!(stderr(&o).contains(&expected), "{}", stderr(&o));
}

/// With `--values-dir` the values' file grows as the search goes: Kayles, 2^30 values allowed,
/// is proven at once (their 2 GiB are not written first). A file that cannot grow (here past a
/// file size limit, as on a full disk) stops the search when it happens: the report of the values
/// computed, their checkpoint, then exit code 1.
#[test]
fn the_values_file_grows_as_the_search_goes() {
    let dir = scratch_dir("heaps-values-file");
    let start = std::time::Instant::now();
    let args = ["analyze", "--heap", "0.77", "--max-heap", "1073741824", "--values-dir", dir.to_str().unwrap()];
    let o = crate::run::grundy_within(&args, std::time::Duration::from_secs(10)).expect("proven at once");
    assert!(start.elapsed().as_secs_f64() < 2.0, "{:?}", start.elapsed());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("periodic (proven): period 12 from heap 71"), "{}", stdout(&o));
    assert!(stderr(&o).is_empty(), "{}", stderr(&o));

    #[cfg(unix)]
    {
        let ck = dir.join("full.ck");
        let args = ["analyze", "--heap", "0.6", "--max-heap", "2^22", "--values-dir", dir.to_str().unwrap()];
        let o =
            crate::run::grundy_with_file_limit(1024, &[&args[..], &["--checkpoint", ck.to_str().unwrap()]].concat());
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        let computed = stdout(&o).lines().nth(1).unwrap_or_default().to_owned();
        assert!(computed.starts_with("computed: G(0.."), "{}", stdout(&o));
        assert!(stdout(&o).contains("no period proven: the values' file could not grow: "), "{}", stdout(&o));
        assert!(
            stderr(&o).contains("--values-dir: game 0.6: the values' file could not grow past G(0.."),
            "{}",
            stderr(&o)
        );
        // The checkpoint holds the values computed.
        let held = computed.trim_start_matches("computed: ").split(',').next().unwrap_or_default();
        let resume = ["analyze", "--heap", "0.6", "--max-heap", "2^22", "--max-time", "0.5", "--resume"];
        let o = grundy(&[&resume[..], &[ck.to_str().unwrap()]].concat(), "");
        assert!(stderr(&o).contains(&format!("resuming from {} ({held} computed)", ck.display())), "{}", stderr(&o));
    }
}

/// `--checkpoint FILE` replaces no file but the `--resume` one: an existing FILE is refused
/// before any work and left as it was.
#[test]
fn an_existing_file_is_not_replaced() {
    let dir = scratch_dir("heaps-checkpoint-overwrite");
    let other = dir.join("notes.txt");
    std::fs::write(&other, "keep me").unwrap();
    let start = std::time::Instant::now();
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^22", "--checkpoint", other.to_str().unwrap()], "");
    assert!(start.elapsed().as_secs_f64() < 5.0, "refused only after the work: {:?}", start.elapsed());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stdout(&o).is_empty(), "{}", stdout(&o));
    assert!(
        stderr(&o).contains(&format!("--checkpoint {}: the file exists; refusing to replace it", other.display())),
        "{}",
        stderr(&o)
    );
    assert_eq!(std::fs::read_to_string(&other).unwrap(), "keep me");
    // Another checkpoint is refused too, unless it is the one resumed.
    let (a, b) = (dir.join("a.ck"), dir.join("b.ck"));
    let (a, b) = (a.to_str().unwrap(), b.to_str().unwrap());
    for path in [a, b] {
        let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "5000", "--checkpoint", path], "");
        assert!(o.status.success(), "{}", stderr(&o));
    }
    let before = std::fs::read(b).unwrap();
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "9000", "--resume", a, "--checkpoint", b], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert_eq!(std::fs::read(b).unwrap(), before);
    // The same file under another name is the file resumed.
    let same = dir.join(".").join("a.ck");
    let o = grundy(
        &["analyze", "--heap", "0.6", "--max-heap", "9000", "--resume", a, "--checkpoint", same.to_str().unwrap()],
        "",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(std::fs::metadata(a).unwrap().len(), 2 * 9000 + 53);
    // A directory that does not exist is refused before the work as well.
    let nowhere = dir.join("no-such-dir").join("x.ck");
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^22", "--checkpoint", nowhere.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("does not exist"), "{}", stderr(&o));
    // No temporary file is left behind.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(left.iter().all(|n| !n.to_string_lossy().ends_with(".tmp")), "{left:?}");
}

/// `-o` never names the search's state: the `--checkpoint` or `--resume` file (by any path or
/// link, existing or not) is refused before any work by every command that writes one; a
/// `--checkpoint` that is not a regular file is refused as such.
#[test]
fn outputs_never_replace_the_search_state() {
    let dir = scratch_dir("heaps-output-is-state");
    // Names that `draw` takes too: a checkpoint may have any name.
    let ck = dir.join("s.svg");
    let ck = ck.to_str().unwrap();
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "3000", "--checkpoint", ck], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let saved = std::fs::read(ck).unwrap();
    let other = dir.join("other.svg");
    let other = other.to_str().unwrap();
    let dotted = dir.join(".").join("s.svg");
    let dotted = dotted.to_str().unwrap();
    let heap = ["--heap", "0.6", "--max-heap", "4000"];
    for (command, extra) in [("generate", &[][..]), ("emit", &["--lang", "c"][..]), ("draw", &[][..])] {
        for (option, file, out) in
            [("--resume", ck, ck), ("--resume", ck, dotted), ("--checkpoint", other, other), ("--checkpoint", ck, ck)]
        {
            let mut args = vec![command];
            args.extend(heap);
            args.extend(extra);
            args.extend([option, file, "-o", out]);
            if option == "--checkpoint" && file == ck {
                args.extend(["--resume", ck]);
            }
            let o = grundy(&args, "");
            assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
            assert!(stderr(&o).contains(&format!("is the {option} file")), "{args:?}: {}", stderr(&o));
            assert_eq!(std::fs::read(ck).unwrap(), saved, "{args:?}");
            assert!(!std::path::Path::new(other).exists(), "{args:?}");
        }
    }
    // Not a regular file: said so, not "the file exists".
    #[cfg(unix)]
    {
        let link = dir.join("link.ck");
        std::os::unix::fs::symlink(ck, &link).unwrap();
        let kinds = [
            ("/dev/null", "character device"),
            (dir.to_str().unwrap(), "directory"),
            (link.to_str().unwrap(), "symbolic link"),
        ];
        for (path, kind) in kinds {
            let o =
                grundy(&["analyze", "--heap", "0.6", "--max-heap", "3000", "--checkpoint", path, "--resume", ck], "");
            assert_eq!(o.status.code(), Some(1), "{path}: {}", stderr(&o));
            assert!(
                stderr(&o).contains(&format!("is a {kind}; a checkpoint is written to a regular file")),
                "{}",
                stderr(&o)
            );
        }
    }
}

/// `sg` resumes a checkpoint holding more values than its largest heap needs (it computes at
/// least the values a checkpoint holds), within `--max-heap`.
#[test]
fn sg_resumes_a_longer_checkpoint() {
    let dir = scratch_dir("heaps-sg-resume");
    let ck = dir.join("s.ck");
    let ck = ck.to_str().unwrap();
    let o = grundy(&["sg", "--heap", "0.6", "--checkpoint", ck, "3000"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let want = oracle("0.6", 3001);
    let o = grundy(&["sg", "--heap", "0.6", "--resume", ck, "--checkpoint", ck, "10", "3000"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), format!("{}\n{}\n", want[10], want[3000]));
    let o = grundy(&["sg", "--heap", "0.6", "--resume", ck, "--max-heap", "1000", "10"], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("more than the 1000 values of --max-heap"), "{}", stderr(&o));
}

/// Options of the other kind of game are refused, not ignored: heap-search options with
/// `--moves`, the leaper's with `--heap`, `--bound` with `--heap` or `--table`, and `--moves`
/// beside a blob without a leaper table; a heap past the values a time bound let be computed
/// names that bound.
#[test]
fn options_of_the_other_kind_of_game_are_refused() {
    let dir = scratch_dir("heaps-mixed-options");
    let blob = dir.join("k.sgt");
    let blob = blob.to_str().unwrap();
    assert!(grundy(&["generate", "--heap", "0.77", "-o", blob], "").status.success());
    let refused: &[&[&str]] = &[
        &["sg", "--moves", "(-1,0)", "--checkpoint", "x.ck", "5", "8"],
        &["sg", "--moves", "(-1,0)", "--threads", "1", "5", "8"],
        &["analyze", "--moves", "(-1,0)", "--max-heap", "5"],
        &["analyze", "--moves", "(-1,0)", "--max-time", "5"],
        &["generate", "--moves", "(-1,0)", "--values-dir", ".", "-o", "x.sgt"],
        &["draw", "--moves", "(-1,0)", "--resume", "x.ck", "-o", "x.png"],
        &["emit", "--moves", "(-1,0)", "--max-heap", "5", "knights"],
        &["sg", "--heap", "0.77", "--bound", "5", "5"],
        &["generate", "--heap", "0.77", "--bound", "5", "-o", "x.sgt"],
        &["analyze", "--heap", "0.77", "--max-cells", "4096"],
        &["sg", "--heap", "0.77", "--max-proof-cells", "5", "4"],
        &["verify", "--heap", "0.77", "--max-cells", "4096"],
        &["knights", "--table", blob, "--bound", "3"],
        &["verify", "--table", blob, "--moves", "(-1,0)"],
    ];
    for args in refused {
        let o = grundy(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}: {}", stdout(&o));
    }
    let o = grundy(&["verify", "--table", blob, "--moves", "(-1,0)"], "");
    assert!(stderr(&o).contains("holds no leaper square table"), "{}", stderr(&o));
    let o = grundy(&["sg", "--heap", "0.16", "--max-time", "0.001", "100000"], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("the time bound of 0.001 s was reached; a larger --max-time"), "{}", stderr(&o));
}

/// Officers' values to 2^20 computed in one run, which the signal tests' resumed runs must
/// equal (computed once for them all).
fn officers_run() -> &'static std::process::Output {
    static RUN: std::sync::OnceLock<std::process::Output> = std::sync::OnceLock::new();
    RUN.get_or_init(|| grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^20"], ""))
}

/// Ctrl-C writes the checkpoint before exit code 130, and a run killed outright (SIGKILL)
/// leaves its last periodic checkpoint whole: both resume to one run's result.
#[cfg(unix)]
#[test]
fn sigint_and_a_crash_leave_a_checkpoint() {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let ignored = status.lines().find_map(|l| l.strip_prefix("SigIgn:")).map(str::trim);
    let sigint_ignored = ignored.and_then(|m| u64::from_str_radix(m, 16).ok()).is_some_and(|m| m & 2 != 0);
    let dir = scratch_dir("heaps-checkpoint-signals");
    let one = officers_run();
    assert!(one.status.success(), "{}", stderr(one));
    let kill = |signal: &str, child: &std::process::Child| {
        let sent = std::process::Command::new("kill").args([signal, &child.id().to_string()]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill {signal}");
    };
    let resumed = |ck: &str| grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^20", "--resume", ck], "");

    if !sigint_ignored {
        let ck = dir.join("int.ck");
        let ck = ck.to_str().unwrap();
        let child = crate::run::spawn_grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^20", "--checkpoint", ck]);
        std::thread::sleep(std::time::Duration::from_millis(700));
        kill("-INT", &child);
        let o = child.wait_with_output().expect("wait for grundy");
        assert_eq!(o.status.code(), Some(130), "{}", stderr(&o));
        assert!(stdout(&o).contains("no period proven: interrupted"), "{}", stdout(&o));
        assert!(stderr(&o).contains(&format!("checkpoint {ck}: G(0..")), "{}", stderr(&o));
        let o = resumed(ck);
        assert_eq!(untimed(&o), untimed(one), "{}", stderr(&o));
    }

    // Written every 0.05 s; killed once the first one is there.
    let ck = dir.join("crash.ck");
    let every = ["--checkpoint-every", "0.05"];
    let args = ["analyze", "--heap", "0.6", "--max-heap", "2^20", "--checkpoint", ck.to_str().unwrap()];
    let mut child = crate::run::spawn_grundy(&[&args[..], &every[..]].concat());
    let start = std::time::Instant::now();
    while !ck.exists() && start.elapsed().as_secs() < 20 {
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
    std::thread::sleep(std::time::Duration::from_millis(300));
    kill("-KILL", &child);
    let _ = child.wait();
    let o = resumed(ck.to_str().unwrap());
    assert!(o.status.success(), "{}", stderr(&o));
    let from: u64 = stderr(&o).split("(G(0..").nth(1).and_then(|s| s.split(')').next()).unwrap().parse().unwrap();
    assert!(from > 0 && from < 1 << 20, "{}", stderr(&o));
    assert_eq!(untimed(&o), untimed(one));
}

/// SIGTERM and SIGHUP (`timeout`, `kill`, a closed terminal) stop a search as Ctrl-C does: the
/// checkpoint written, the message naming the signal, exit code 130, and the search resumes.
#[cfg(unix)]
#[test]
fn sigterm_and_sighup_keep_the_checkpoint() {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let ignored = status.lines().find_map(|l| l.strip_prefix("SigIgn:")).map(str::trim);
    let ignored = ignored.and_then(|m| u64::from_str_radix(m, 16).ok()).unwrap_or(0);
    let dir = scratch_dir("heaps-checkpoint-term");
    let one = officers_run();
    for (signal, number, name) in [("-TERM", 15, "SIGTERM"), ("-HUP", 1, "SIGHUP")] {
        if ignored >> (number - 1) & 1 != 0 {
            continue;
        }
        let ck = dir.join(format!("{name}.ck"));
        let ck = ck.to_str().unwrap();
        let child = crate::run::spawn_grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^20", "--checkpoint", ck]);
        std::thread::sleep(std::time::Duration::from_millis(700));
        let sent = std::process::Command::new("kill").args([signal, &child.id().to_string()]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill {signal}");
        let o = child.wait_with_output().expect("wait for grundy");
        assert_eq!(o.status.code(), Some(130), "{name}: {}", stderr(&o));
        assert!(stderr(&o).contains(&format!("interrupted ({name}) after G(0..")), "{}", stderr(&o));
        assert!(stderr(&o).contains(&format!("checkpoint {ck}: G(0..")), "{}", stderr(&o));
        let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "2^20", "--resume", ck], "");
        assert_eq!(untimed(&o), untimed(one), "{name}: {}", stderr(&o));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// The values of a resumed run are the file's, not computed again: a value changed past the
/// spot checks (with the checksum made to match) shows in the report.
#[test]
fn resume_reads_the_values_from_the_file() {
    use grundy_core::heap::checkpoint;
    let dir = scratch_dir("heaps-checkpoint-values");
    let ck = dir.join("officers.ck");
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "20000", "--checkpoint", ck.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let game = grundy_core::heap::HeapGame::parse("0.6").unwrap();
    let search = checkpoint::decode(&std::fs::read(&ck).unwrap(), &game).unwrap();
    let mut values = search.values().to_vec();
    values[10_000] = 4321;
    let forged = dir.join("forged.ck");
    std::fs::write(&forged, checkpoint::encode(&game, &values, search.step())).unwrap();
    let o = grundy(&["analyze", "--heap", "0.6", "--max-heap", "20000", "--resume", forged.to_str().unwrap()], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).contains("computed: G(0..20000), largest value 4321"), "{}", stdout(&o));
}
