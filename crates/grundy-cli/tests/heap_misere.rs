//! Misère play of heap games from the command line: `--misere` on `analyze --heap`, `sg --heap`
//! and `heaps --heap`, against exhaustive search of sums (`common::MisereSums`, no quotient).

use serde_json::Value;

use crate::common::{MisereSums, Rng, heap_sums};
use crate::run::{grundy, scratch_dir, stderr, stdout};

fn analyze_json(spec: &str, extra: &[&str]) -> Value {
    let mut args = vec!["analyze", "--heap", spec, "--misere", "--json"];
    args.extend(extra);
    let o = grundy(&args, "");
    assert!(o.status.success(), "{spec}: {}", stderr(&o));
    serde_json::from_str::<Value>(stdout(&o)).unwrap()["misere"].clone()
}

/// The outcome the JSON's table, images and P-portion give a sum (P: the mover loses).
fn json_says_p(m: &Value, heaps: &[u32]) -> bool {
    let images: Vec<u64> = m["images"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    let table = m["table"].as_array().unwrap();
    let (period, preperiod) = (m["period"].as_u64(), m["preperiod"].as_u64());
    let image = |h: u64| match (period, preperiod) {
        (Some(p), Some(n0)) if h >= n0 => images[(n0 + (h - n0) % p) as usize],
        _ => images[h as usize],
    };
    let x = heaps.iter().fold(0u64, |x, &h| table[x as usize][image(u64::from(h)) as usize].as_u64().unwrap());
    m["p_portion"].as_array().unwrap().iter().any(|p| p.as_u64() == Some(x))
}

/// Kayles, 0.75 and a subtraction game: the figures, and every sum of at most 20 tokens judged
/// by the JSON's quotient as exhaustive search judges it.
#[test]
fn analyze_json_against_exhaustive_search() {
    for (spec, digits, order, p_size, period, preperiod) in [
        ("0.77", vec![0u8, 7, 7], 40, 9, 12, 71),
        ("0.75", vec![0, 7, 5], 8, 2, 2, 8),
        ("{1,2,3}", vec![0, 3, 3, 3], 6, 2, 4, 0),
    ] {
        let m = analyze_json(spec, &[]);
        assert_eq!(m["status"], "certified", "{spec}");
        assert_eq!(m["quotient_order"], order, "{spec}");
        assert_eq!(m["p_portion_size"], p_size, "{spec}");
        assert_eq!(m["tame"], spec.starts_with('{'), "{spec}");
        assert_eq!((m["period"].as_u64(), m["preperiod"].as_u64()), (Some(period), Some(preperiod)), "{spec}");
        let mut brute = MisereSums::new(&digits);
        for sum in heap_sums(20, 20) {
            assert_eq!(json_says_p(&m, &sum), brute.is_p_position(&sum), "{spec}: {sum:?}");
        }
    }
}

/// `analyze --misere` in text, and a run stopped by `--max-heap`: `not_found` with the reason.
#[test]
fn analyze_text_and_not_found() {
    let o = grundy(&["analyze", "--heap", "0.75", "--misere"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = stdout(&o);
    for line in [
        "|Q| = 8, |P| = 2, wild",
        "Q = <a, b, c | a^2=1, b^3=b, bc=ab, c^2=b^2>",
        "P = {a, b^2}",
        "generator heaps: 1, 2, 5",
    ] {
        assert!(text.contains(line), "{line}: {text}");
    }
    let m = analyze_json("0.77", &["--max-heap", "100"]);
    assert_eq!(m["status"], "not_found");
    assert_eq!(m["computed"], 100);
    assert!(m["reason"].as_str().unwrap().contains("99"), "{m}");
    assert!(m["period"].is_null());
}

/// `sg --misere`: each heap's element, the same as `analyze --json` names it, far heaps through
/// the period; past the heaps computed without a proof, refused.
#[test]
fn sg_names_each_heaps_element() {
    let m = analyze_json("0.77", &[]);
    let elements: Vec<String> =
        m["elements"].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_string()).collect();
    let images: Vec<u64> = m["images"].as_array().unwrap().iter().map(|v| v.as_u64().unwrap()).collect();
    let heaps: Vec<u64> = (0..120).chain([u64::MAX, 1 << 40]).collect();
    let args: Vec<String> = heaps.iter().map(u64::to_string).collect();
    let mut all = vec!["sg", "--heap", "0.77", "--misere"];
    all.extend(args.iter().map(String::as_str));
    let o = grundy(&all, "");
    assert!(o.status.success(), "{}", stderr(&o));
    let got: Vec<String> = stdout(&o).lines().map(str::to_string).collect();
    for (h, name) in heaps.iter().zip(&got) {
        let reduced = if *h >= 71 { 71 + (h - 71) % 12 } else { *h };
        assert_eq!(*name, elements[images[reduced as usize] as usize], "heap {h}");
    }
    let o = grundy(&["sg", "--heap", "0.77", "--misere", "--max-heap", "50", "3", "60"], "");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("heap 60 is beyond the heaps 0..50"), "{}", stderr(&o));
}

/// `heaps --misere` on random sums against exhaustive search; Alice moves first.
#[test]
fn heaps_judge_against_exhaustive_search() {
    let mut rng = Rng(0x5eed_0077);
    for (spec, digits) in [("0.77", vec![0u8, 7, 7]), ("0.75", vec![0, 7, 5]), ("0.123", vec![0, 1, 2, 3])] {
        let mut brute = MisereSums::new(&digits);
        let mut input = String::from("200\n");
        let mut expected = String::new();
        for case in 1..=200 {
            let k = 1 + rng.below(4) as usize;
            let heaps: Vec<u32> = (0..k).map(|_| rng.below(9) as u32).collect();
            input += &format!("{k} {}\n", heaps.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
            let winner = if brute.is_p_position(&heaps) { "Bob" } else { "Alice" };
            expected += &format!("Case {case}: {winner}\n");
        }
        let o = grundy(&["heaps", "--heap", spec, "--misere"], &input);
        assert!(o.status.success(), "{spec}: {}", stderr(&o));
        assert_eq!(stdout(&o), expected, "{spec}");
    }
}

/// `heaps --misere --json` and `--explain`: the winner as the judge says it, and each winning
/// move checked by exhaustive search: a move of that heap (one of its options) to a P-position;
/// none only from a P-position or a sum without moves.
#[test]
fn heaps_judge_explains_with_winning_moves() {
    let mut rng = Rng(0x5eed_0075);
    for (spec, digits) in [("0.77", vec![0u8, 7, 7]), ("0.75", vec![0, 7, 5])] {
        let mut brute = MisereSums::new(&digits);
        let sums: Vec<Vec<u32>> =
            (0..120).map(|_| (0..1 + rng.below(4)).map(|_| rng.below(10) as u32).collect()).collect();
        let mut input = format!("{}\n", sums.len());
        for heaps in &sums {
            input += &format!("{} {}\n", heaps.len(), heaps.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
        }
        let o = grundy(&["heaps", "--heap", spec, "--misere", "--json"], &input);
        assert!(o.status.success(), "{spec}: {}", stderr(&o));
        let lines: Vec<Value> = stdout(&o).lines().map(|l| serde_json::from_str(l).unwrap()).collect();
        assert_eq!(lines.len(), sums.len());
        let explained = grundy(&["heaps", "--heap", spec, "--misere", "--explain"], &input);
        assert_eq!(stdout(&explained).lines().count(), sums.len(), "{spec}: {}", stderr(&explained));
        for ((heaps, line), text) in sums.iter().zip(&lines).zip(stdout(&explained).lines()) {
            let p = brute.is_p_position(heaps);
            assert_eq!(line["winner"], if p { "Bob" } else { "Alice" }, "{spec}: {heaps:?}");
            assert_eq!(line["in_p"], p, "{spec}: {heaps:?}");
            assert!(text.contains(if p { ": Bob — " } else { ": Alice — " }), "{text}");
            let m = &line["winning_move"];
            if m.is_null() {
                let no_move = heaps.iter().all(|&h| brute.heap_options(h).is_empty());
                assert!(p || no_move, "{spec}: {heaps:?} has a winning move");
                assert!(text.ends_with("no winning move"), "{text}");
                continue;
            }
            let i = m["heap"].as_u64().unwrap() as usize;
            assert_eq!(m["from"].as_u64().unwrap(), u64::from(heaps[i]));
            let mut left: Vec<u32> = m["left"].as_array().unwrap().iter().map(|h| h.as_u64().unwrap() as u32).collect();
            left.sort_unstable();
            let is_option = brute.heap_options(heaps[i]).into_iter().any(|mut o| {
                o.sort_unstable();
                o == left
            });
            assert!(is_option, "{spec}: {heaps:?}: heap {} to {left:?}", heaps[i]);
            let mut after = heaps.clone();
            after.remove(i);
            after.extend(&left);
            assert!(brute.is_p_position(&after), "{spec}: {heaps:?} to {after:?}");
            assert!(text.contains(&format!("; move heap {}: take ", i + 1)), "{text}");
        }
    }
}

/// Bad input gets the normal-play judge's error (same message and exit code, the cases before it
/// answered); a heap past an unproven quotient is refused (exit code 3); options that do not
/// apply are refused by the argument parser.
#[test]
fn bad_input_and_refusals() {
    for bad in ["", "x", "1\n0\n", "2\n1 3\n", "1\n2 3\n", "1\n1 -4\n", "1\n1 99999999999999999999\n"] {
        let normal = grundy(&["heaps", "--heap", "0.77"], bad);
        let misere = grundy(&["heaps", "--heap", "0.77", "--misere"], bad);
        assert_eq!(misere.status.code(), normal.status.code(), "{bad:?}");
        assert_ne!(misere.status.code(), Some(0), "{bad:?}");
        assert_eq!(stderr(&misere), stderr(&normal), "{bad:?}");
        assert_eq!(stdout(&misere).lines().count(), stdout(&normal).lines().count(), "{bad:?}");
    }
    let o = grundy(&["heaps", "--heap", "0.77", "--misere", "--max-heap", "30"], "2\n1 5\n2 3 40\n");
    assert_eq!(o.status.code(), Some(3), "{}", stderr(&o));
    assert_eq!(stdout(&o).lines().count(), 1);
    assert!(stderr(&o).contains("heap 40"), "{}", stderr(&o));
    for args in [
        &["generate", "--misere", "-o", "x.sgt"][..],
        &["generate", "--heap", "0.77", "--misere", "--threads", "1", "-o", "x.sgt"],
        &["analyze", "--misere"],
        &["analyze", "--heap", "0.77", "--misere", "--threads", "1"],
        &["heaps", "--heap", "0.77", "--misere", "--table", "x.sgt", "--max-heap", "5"],
        &["heaps", "--misere"],
    ] {
        let o = grundy(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
}

/// `--max-time` stops a run that would go on (0.56's Φ cannot repeat before heap 326,640): the
/// quotient of the heaps computed, `not_found` with the time bound as the reason.
#[test]
fn max_time_stops_a_long_run() {
    let start = std::time::Instant::now();
    let m = analyze_json("0.56", &["--max-heap", "2000000", "--max-time", "0.3"]);
    assert!(start.elapsed().as_secs() < 20, "{:?}", start.elapsed());
    assert_eq!(m["status"], "not_found");
    assert!(m["reason"].as_str().unwrap().contains("time bound"), "{m}");
    assert!(m["computed"].as_u64().unwrap() > 20);
}

/// Ctrl-C (SIGINT) and SIGTERM stop a long run: `analyze` prints the quotient of the heaps
/// computed, and the message says how far the run got (the heaps, `|Q|`); exit code 130. A
/// signal this process ignores (a background job of a shell without job control) is ignored by
/// the child too, and not tested.
#[cfg(unix)]
#[test]
fn signals_stop_a_long_run_and_say_how_far_it_got() {
    let status = std::fs::read_to_string("/proc/self/status").unwrap_or_default();
    let ignored = status.lines().find_map(|l| l.strip_prefix("SigIgn:")).map(str::trim);
    let ignored = ignored.and_then(|m| u64::from_str_radix(m, 16).ok()).unwrap_or(0);
    for (signal, number, name) in [("-INT", 2, "Ctrl-C"), ("-TERM", 15, "SIGTERM")] {
        if ignored >> (number - 1) & 1 == 1 {
            continue;
        }
        // 0.56's Φ cannot repeat before heap 326,640: the run goes on until the signal.
        let args = ["analyze", "--heap", "0.56", "--misere", "--max-heap", "2000000", "--max-time", "60"];
        let child = crate::run::spawn_grundy(&args);
        std::thread::sleep(std::time::Duration::from_secs(1));
        let sent = std::process::Command::new("kill").args([signal, &child.id().to_string()]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill {signal}");
        let o = child.wait_with_output().expect("wait for grundy");
        assert_eq!(o.status.code(), Some(130), "{signal}: {}", stderr(&o));
        let out = stdout(&o);
        let after = |text: &str| out.split(text).nth(1).and_then(|r| r.split([' ', ',']).next()).unwrap_or_default();
        let (heaps, order) = (after("quotient of heaps 0.."), after("|Q| = "));
        assert!(out.contains(" only, no period proven: interrupted\n|Q| = "), "{signal}: {out}");
        let said = format!("grundy: game 0.56 (misère): interrupted ({name}) after heaps 0..{heaps}, |Q| = {order}\n");
        assert_eq!(stderr(&o), said, "{signal}");
    }
}

/// `--max-quotient N`: a growth past N stops the run as `--max-heap` does (`analyze`: exit code 0
/// and `not_found` with the limit named; `sg` past the heaps computed: exit code 2, the option
/// named; `heaps`: exit code 3 after the cases before); it needs `--misere`.
#[test]
fn max_quotient_stops_a_growth_past_it() {
    let m = analyze_json("0.77", &["--max-quotient", "10"]);
    assert_eq!(m["status"], "not_found");
    let reason = m["reason"].as_str().unwrap();
    assert!(reason.contains("the quotient grows at heap ") && reason.contains("the limit of 10 elements"), "{m}");
    assert!(m["quotient_order"].as_u64().unwrap() <= 10, "{m}");
    let computed = m["computed"].as_u64().unwrap();
    let far = (computed + 1).to_string();
    let o = grundy(&["sg", "--heap", "0.77", "--misere", "--max-quotient", "10", "1", &far], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("a larger --max-quotient lets it try larger quotients"), "{}", stderr(&o));
    let o = grundy(&["heaps", "--heap", "0.77", "--misere", "--max-quotient", "10"], format!("2\n1 1\n1 {far}\n"));
    assert_eq!((o.status.code(), stdout(&o)), (Some(3), "Case 1: Bob\n"), "{}", stderr(&o));
    for args in [
        &["analyze", "--heap", "0.77", "--max-quotient", "10"][..],
        &["sg", "--heap", "0.77", "--misere", "--max-quotient", "2^17", "1"],
    ] {
        let o = grundy(args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
    }
}

/// `generate --heap SPEC --misere`, then `inspect`, `verify --table` and `heaps --misere --table`
/// on the blob: the judge's answers equal exhaustive search and, plain, explained and in JSON,
/// those of the quotient computed at start-up.
#[test]
fn a_blob_generated_inspected_verified_and_judged_from() {
    let dir = scratch_dir("misere-blob");
    let blob = dir.join("kayles.sgt");
    let blob = blob.to_str().unwrap();
    let o = grundy(&["generate", "--heap", "0.77", "--misere", "-o", blob], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(stdout(&o).is_empty());
    let said =
        "grundy: heap game 0.77 (misère): |Q| = 40, |P| = 9, Φ of period 12 from heap 71, proven; 83 images stored";
    assert!(stderr(&o).contains(said), "{}", stderr(&o));
    let o = grundy(&["inspect", blob], "");
    assert!(o.status.success(), "{}", stderr(&o));
    for line in [
        "table 0: MisereQuotient, 1 x ",
        "game 0.77 (misère), |Q| = 40, |P| = 9, Φ of period 12 from heap 71 (proven with heaps 0..171), 83 images",
        "contents: all 1683 cells equal their games' rules, recomputed",
    ] {
        assert!(stdout(&o).contains(line), "{line}: {}", stdout(&o));
    }
    let o = grundy(&["verify", "--table", blob], "");
    assert!(o.status.success(), "{}", stderr(&o));
    let line = "(misère): quotient of 40 elements, Φ of period 12 from heap 71, recomputed and proven again (1683";
    assert!(stdout(&o).contains(line), "{}", stdout(&o));

    let mut rng = Rng(0x5eed_b10b);
    let mut brute = MisereSums::new(&[0, 7, 7]);
    let (mut small, mut expected) = (String::from("150\n"), String::new());
    for case in 1..=150 {
        let heaps: Vec<u32> = (0..1 + rng.below(4)).map(|_| rng.below(10) as u32).collect();
        small += &format!("{} {}\n", heaps.len(), heaps.iter().map(u32::to_string).collect::<Vec<_>>().join(" "));
        expected += &format!("Case {case}: {}\n", if brute.is_p_position(&heaps) { "Bob" } else { "Alice" });
    }
    let o = grundy(&["heaps", "--misere", "--table", blob], &small);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), expected);
    let large = "3\n2 18446744073709551615 1000000007\n3 70 71 83\n1 171\n";
    for style in [&[][..], &["--explain"], &["--json"]] {
        for input in [small.as_str(), large] {
            let from_blob =
                grundy(&[&["heaps", "--misere", "--table", blob, "--heap", "0.77"][..], style].concat(), input);
            let computed = grundy(&[&["heaps", "--heap", "0.77", "--misere"][..], style].concat(), input);
            assert!(from_blob.status.success(), "{style:?}: {}", stderr(&from_blob));
            assert_eq!(stdout(&from_blob), stdout(&computed), "{style:?}");
        }
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// What `generate --misere` and a blob's users refuse: a quotient without a proven period
/// (nothing written), a write-protected file without --force, a blob of the wrong kind or game,
/// a damaged blob, and a well-formed blob whose quotient is not the game's.
#[test]
fn blob_refusals() {
    let dir = scratch_dir("misere-blob-refusals");
    let path = |name: &str| dir.join(name).to_str().unwrap().to_string();
    let (misere, heap, dawson) = (path("kayles.sgt"), path("heap.sgt"), path("dawson.sgt"));
    let o = grundy(&["generate", "--heap", "0.07", "--misere", "-o", &dawson], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("game 0.07 (misère): no period of Φ was proven (the quotient grows at heap 30"));
    assert!(stderr(&o).ends_with("; nothing written\n"), "{}", stderr(&o));
    assert!(!dir.join("dawson.sgt").exists());
    assert!(grundy(&["generate", "--heap", "0.77", "--misere", "-o", &misere], "").status.success());
    assert!(grundy(&["generate", "--heap", "0.77", "-o", &heap], "").status.success());

    let protected = path("protected.sgt");
    std::fs::write(&protected, b"keep").unwrap();
    let mut permissions = std::fs::metadata(&protected).unwrap().permissions();
    permissions.set_readonly(true);
    std::fs::set_permissions(&protected, permissions).unwrap();
    let o = grundy(&["generate", "--heap", "0.75", "--misere", "-o", &protected], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(stderr(&o).contains("is write-protected; refusing to replace it (pass --force"), "{}", stderr(&o));
    assert_eq!(std::fs::read(&protected).unwrap(), b"keep");
    let o = grundy(&["generate", "--heap", "0.75", "--misere", "-o", &protected, "--force"], "");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(grundy(&["inspect", &protected], "").status.success());

    let input = "1\n2 1 2\n";
    for (args, says) in [
        (&["heaps", "--misere", "--table", &heap][..], "the blob holds no misère quotient table"),
        (&["heaps", "--table", &misere], "the blob holds no heap game table"),
        (
            &["heaps", "--misere", "--table", &misere, "--heap", "0.75"],
            "the blob holds no table of 0.75 (it holds 0.77)",
        ),
    ] {
        let o = grundy(args, input);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
        assert!(stdout(&o).is_empty(), "{args:?}");
    }

    let bytes = std::fs::read(&misere).unwrap();
    let entry = grundy_core::format::validate(&bytes).unwrap().tables[0].clone();
    let payload = &bytes[entry.offset as usize..];
    let mut damaged = bytes.clone();
    *damaged.last_mut().unwrap() ^= 1;
    let damaged_path = path("damaged.sgt");
    std::fs::write(&damaged_path, &damaged).unwrap();
    for args in [
        &["inspect", &damaged_path][..],
        &["verify", "--table", &damaged_path],
        &["heaps", "--misere", "--table", &damaged_path],
    ] {
        let o = grundy(args, input);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains("table 0: payload checksum mismatch"), "{args:?}: {}", stderr(&o));
    }
    // 5 · 5 made another element (the table stays commutative, with checksums to match).
    let table = grundy_core::heap_misere::table::decode(payload).unwrap();
    let at = payload.len() - 2 * 83 - 5 - 2 * (40 * 40) + 2 * (5 * 40 + 5);
    let mut forged = payload.to_vec();
    forged[at] = (table.product(5, 5) as u8 + 1) % 40;
    let forged = grundy_core::format::write_blob(
        "grundy 0.1.0",
        &[grundy_core::format::TableData {
            game: grundy_core::format::TableKind::MisereQuotient,
            moves: &[],
            rows: 1,
            cols: forged.len() as u32,
            cells: &forged,
        }],
    );
    let forged_path = path("forged.sgt");
    std::fs::write(&forged_path, forged).unwrap();
    let o = grundy(&["inspect", &forged_path], "");
    assert_eq!(o.status.code(), Some(2), "{}", stderr(&o));
    assert!(stderr(&o).contains("table 0: wrong misère quotient: 5 · 5 is stored as"), "{}", stderr(&o));
    let o = grundy(&["verify", "--table", &forged_path], "");
    assert_eq!(o.status.code(), Some(4), "{}", stderr(&o));
    assert!(stderr(&o).contains("verify: NOT proven: "), "{}", stderr(&o));
    assert!(stderr(&o).contains("0.77 (misère): wrong misère quotient: 5 · 5 is stored as"), "{}", stderr(&o));
    std::fs::remove_dir_all(&dir).unwrap();
}
