//! Misère play of heap games and games defined by a script: the API against the library and the
//! oracles (exhaustive search of misère sums, the mex over every move, Wythoff's table), and
//! their bad requests.

use std::time::{Duration, Instant};

use grundy::judge::{Judge, Report, Style};
use grundy_core::heap::HeapGame;
use grundy_core::heap_misere::{MisereLimits, analyze_misere};
use grundy_serve::Limits;
use grundy_test_support::{MisereSums, Rng, heap_sums, lasker, octal, wythoff};
use serde_json::{Value, json};

use crate::support::{get, post, send, start};

/// An example script of the repository.
pub fn script(name: &str) -> String {
    std::fs::read_to_string(format!("{}/../../examples/rules/{name}.rhai", env!("CARGO_MANIFEST_DIR"))).unwrap()
}

/// The quotient shown is the library's: 0.75 (Plambeck's 8 elements) and Kayles.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn misere_quotients_are_the_library_s() {
    let addr = start(Limits::default()).await;
    for (spec, order, p, period, preperiod) in [("0.75", 8, 2, 2, 8), ("0.77", 40, 9, 12, 71)] {
        let r = get(addr, &format!("/api/misere?spec={spec}&n=200")).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let d = r.json();
        let a = analyze_misere(&HeapGame::parse(spec).unwrap(), &MisereLimits::default());
        assert_eq!((d["order"].clone(), d["p_size"].clone()), (json!(order), json!(p)), "{spec}");
        assert_eq!(a.quotient().order(), order);
        assert_eq!(d["status"]["proven"], true, "{spec}");
        assert_eq!(
            (d["status"]["period"].clone(), d["status"]["preperiod"].clone()),
            (json!(period), json!(preperiod))
        );
        assert_eq!(d["tame"], a.is_tame());
        assert_eq!(d["presentation"], a.presentation().text());
        let images: Vec<u32> = (0..200).map(|h| a.image(h).unwrap()).collect();
        assert_eq!(d["images"], json!(images), "{spec}");
        let elements: Vec<String> = (0..order as u32).map(|x| a.presentation().element(x)).collect();
        assert_eq!(d["elements"], json!(elements));
        let in_p: Vec<bool> = (0..order as u32).map(|x| a.quotient().in_p(x)).collect();
        assert_eq!(d["in_p"], json!(in_p));
    }
    // A heap's moves, each with the element it leaves.
    let kayles = analyze_misere(&HeapGame::parse("0.77").unwrap(), &MisereLimits::default());
    let (q, pres) = (kayles.quotient(), kayles.presentation());
    let m = get(addr, "/api/misere/moves?spec=0.77&heap=9").await.json();
    assert_eq!(m["element"], pres.element(kayles.image(9).unwrap()));
    assert_eq!(m["moves"].as_array().unwrap().len(), 9, "{m}");
    for mv in m["moves"].as_array().unwrap() {
        let left: Vec<u64> = serde_json::from_value(mv["left"].clone()).unwrap();
        let x = left.iter().fold(q.identity(), |x, &h| q.product(x, kayles.image(h).unwrap()));
        assert_eq!(mv["after"], json!({ "element": pres.element(x), "in_p": q.in_p(x) }), "{mv}");
    }
}

/// Every sum of 0.75 and of Kayles with at most 14 tokens: the outcome the server gives is the
/// exhaustive search's, and grundy's move wins (its position is a P-position by the search)
/// whenever the sum is not one.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grundy_plays_a_winning_misere_move_whenever_one_exists() {
    let addr = start(Limits::default()).await;
    for (spec, digits) in [("0.75", vec![0u8, 7, 5]), ("0.77", vec![0u8, 7, 7])] {
        let mut oracle = MisereSums::new(&digits);
        let mut winning = 0;
        for sum in heap_sums(14, 14).into_iter().skip(1) {
            let heaps: Vec<u64> = sum.iter().map(|&h| u64::from(h)).collect();
            let r = post(addr, "/api/misere/play", &json!({ "spec": spec, "heaps": heaps })).await;
            assert_eq!(r.status, 200, "{}", r.text());
            let d = r.json();
            let p = oracle.is_p_position(&sum);
            assert_eq!(d["before"]["in_p"], p, "{spec} {sum:?}");
            let after: Vec<u32> = serde_json::from_value(d["after"].clone()).unwrap();
            assert_eq!(d["move"]["winning"], !p, "{spec} {sum:?}: {d}");
            if !p {
                winning += 1;
                assert!(oracle.is_p_position(&after), "{spec} {sum:?} -> {after:?} is not a winning move");
                assert_eq!(d["after_element"]["in_p"], true);
            }
        }
        assert!(winning > 100, "{spec}: {winning}");
    }
}

/// The misère heaps judge answers as the library's, plain and explained.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_misere_heaps_judge_is_the_library_s() {
    let addr = start(Limits::default()).await;
    let input = "3\n3 1 2 3\n2 12 13\n2 100 18446744073709551615\n";
    let analysis = analyze_misere(&HeapGame::parse("0.77").unwrap(), &MisereLimits::default());
    for explain in [false, true] {
        let r = post(
            addr,
            "/api/judge",
            &json!({ "problem": "misere-heaps", "spec": "0.77", "input": input,
            "explain": explain }),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let mut out = Vec::new();
        let judge = grundy::heap_misere::MisereHeaps { analysis: analysis.clone() };
        match explain {
            false => judge.clone().solve_bytes(input.as_bytes(), &mut out),
            true => Report::new(judge, Style::Explain).solve_bytes(input.as_bytes(), &mut out),
        }
        .unwrap();
        assert_eq!(r.json()["output"], String::from_utf8(out).unwrap(), "explain={explain}");
    }
}

/// Kayles and Wythoff by script: their values are the oracles', a position's options and their
/// values too, and the regularity observed is Kayles' period.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_script_s_values_are_the_oracle_s() {
    let addr = start(Limits::default()).await;
    let kayles = post(addr, "/api/rules", &json!({ "script": script("kayles"), "size": 300 })).await;
    assert_eq!(kayles.status, 200, "{}", kayles.text());
    let d = kayles.json();
    let oracle = octal(&[7, 7], 300);
    assert_eq!(d["shape"], "heap");
    assert_eq!(d["values"], json!(oracle));
    assert_eq!(d["observed"], json!({ "period": 12, "preperiod": 71, "saltus": 0 }));
    let o = post(addr, "/api/rules/options", &json!({ "script": script("kayles"), "position": [9] })).await.json();
    assert_eq!(o["value"], oracle[9]);
    assert_eq!(o["options"].as_array().unwrap().len(), 9, "{o}");
    for option in o["options"].as_array().unwrap() {
        let to: Vec<Vec<u64>> = serde_json::from_value(option["to"].clone()).unwrap();
        // The script leaves two rows (either may be empty): 9 less one or two pins.
        assert!(to.len() == 2 && (7..=8).contains(&(to[0][0] + to[1][0])), "{option}");
        assert_eq!(option["value"], to.iter().fold(0, |x, p| x ^ oracle[p[0] as usize]), "{option}");
    }
    let w = post(addr, "/api/rules", &json!({ "script": script("wythoff"), "size": 24 })).await.json();
    let table: Vec<u32> = wythoff(24).into_iter().flatten().collect();
    assert_eq!((w["shape"].clone(), w["side"].clone()), (json!("tuple"), json!(24)));
    assert_eq!(w["values"], json!(table));
    assert_eq!(w["p_positions"], table.iter().filter(|&&v| v == 0).count());
}

/// Sums of Lasker's Nim and of Wythoff's game by script: grundy's move wins whenever the sum's
/// value (by the oracles) is not 0.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grundy_plays_a_winning_move_of_a_script_s_game() {
    let addr = start(Limits::default()).await;
    let w = wythoff(16);
    let mut rng = Rng(5);
    let mut winning = 0;
    for round in 0..40 {
        let (script, positions): (String, Vec<Vec<u64>>) = if round % 2 == 0 {
            (script("lasker"), (0..1 + rng.below(3)).map(|_| vec![rng.below(30)]).collect())
        } else {
            (script("wythoff"), (0..1 + rng.below(2)).map(|_| vec![rng.below(16), rng.below(16)]).collect())
        };
        let value = |ps: &[Vec<u64>]| {
            ps.iter().fold(0, |x, p| {
                x ^ if p.len() == 1 { lasker(p[0]) } else { u64::from(w[p[0] as usize][p[1] as usize]) }
            })
        };
        let r = post(addr, "/api/rules/play", &json!({ "script": script, "positions": positions })).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let d = r.json();
        assert_eq!(d["nimber"], value(&positions), "{positions:?}");
        if d["move"].is_null() {
            assert!(positions.iter().all(|p| p.iter().all(|&x| x == 0)), "no move from {positions:?}");
            continue;
        }
        let after: Vec<Vec<u64>> = serde_json::from_value(d["after"].clone()).unwrap();
        assert_eq!(d["move"]["winning"], value(&positions) != 0, "{positions:?}");
        assert_eq!(d["after_nimber"], value(&after));
        if value(&positions) != 0 {
            winning += 1;
            assert_eq!(value(&after), 0, "{positions:?} -> {after:?} is not a winning move");
        }
    }
    assert!(winning > 20, "only {winning} sums had a winning move");
}

/// Nim on triples by script (a game of 3 numbers is played, not drawn): its value is the XOR of
/// the three, positions outside the box kept by the server included, and grundy's move wins.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_on_triples_is_played() {
    let addr = start(Limits::default()).await;
    let nim = "const DIMENSION = 3;\nfn options(p) {\n  let r = [];\n  for i in 0..3 {\n    for v in 0..p[i] {\n      \
               let q = p;\n      q[i] = v;\n      r.push([q]);\n    }\n  }\n  r\n}\n";
    let drawn = post(addr, "/api/rules", &json!({ "script": nim })).await;
    assert_eq!(drawn.status, 422, "{}", drawn.text());
    for triple in [[3u64, 5, 6], [1, 2, 4], [20, 9, 30], [0, 0, 0]] {
        let r = post(addr, "/api/rules/play", &json!({ "script": nim, "positions": [triple] })).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let d = r.json();
        let xor = triple[0] ^ triple[1] ^ triple[2];
        assert_eq!(d["nimber"], xor, "{triple:?}");
        assert_eq!(d["move"]["winning"], if triple == [0, 0, 0] { Value::Null } else { json!(xor != 0) }, "{d}");
        if xor != 0 {
            let after: Vec<Vec<u64>> = serde_json::from_value(d["after"].clone()).unwrap();
            assert_eq!(after[0][0] ^ after[0][1] ^ after[0][2], 0, "{triple:?} -> {after:?}");
        }
    }
}

/// The judge of a script's sums answers as the library's, plain and explained.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_rules_judge_is_the_library_s() {
    use grundy::rules::script::{Script, ScriptLimits};
    use grundy::rules::{ComputeLimits, Computed, RulesSums};
    let addr = start(Limits::default()).await;
    let input = "3\n3 1 2 3\n2 12 13\n1 200\n";
    for explain in [false, true] {
        let r = post(
            addr,
            "/api/judge",
            &json!({ "problem": "rules", "script": script("kayles"), "input": input,
            "explain": explain }),
        )
        .await;
        assert_eq!(r.status, 200, "{}", r.text());
        let rules = Script::load(&script("kayles"), ScriptLimits::default()).unwrap();
        let mut game = Computed::new("script", rules, ComputeLimits::default()).unwrap();
        let judge = RulesSums { table: &mut game };
        let mut out = Vec::new();
        match explain {
            false => { judge }.solve_bytes(input.as_bytes(), &mut out),
            true => Report::new(judge, Style::Explain).solve_bytes(input.as_bytes(), &mut out),
        }
        .unwrap();
        assert_eq!(r.json()["output"], String::from_utf8(out).unwrap(), "explain={explain}");
    }
    let oracle = octal(&[7, 7], 201);
    let plain =
        post(addr, "/api/judge", &json!({ "problem": "rules", "script": script("kayles"), "input": input })).await;
    let winner = |xor: u32| if xor != 0 { "Alice" } else { "Bob" };
    let expected = format!(
        "Case 1: {}\nCase 2: {}\nCase 3: {}\n",
        winner(oracle[1] ^ oracle[2] ^ oracle[3]),
        winner(oracle[12] ^ oracle[13]),
        winner(oracle[200])
    );
    assert_eq!(plain.json()["output"], expected);
}

/// Bad scripts and requests: a 4xx naming the problem (a syntax error's line and column), never a
/// crash; a script that loops is stopped within the time bound, and the server answers next.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_scripts_are_refused_with_a_message() {
    let limits = Limits { concurrent: 1, max_time: Duration::from_secs(2), ..Limits::default() };
    let addr = start(limits).await;
    let cases: Vec<(&str, Value, u16, &str)> = vec![
        ("/api/rules", json!({ "script": "fn options(n) {\n  let r = [;\n  r\n}" }), 422, "line 2, column"),
        ("/api/rules", json!({ "script": "fn moves(n) { [] }" }), 422, "fn options(p)"),
        ("/api/rules", json!({ "script": "fn options(n) { [[n]] }" }), 422, "heap 0"),
        ("/api/rules", json!({ "script": "fn options(n) { [[\"a\"]] }", "size": 3 }), 422, "not a heap size"),
        ("/api/rules", json!({ "script": "const DIMENSION = 3;\nfn options(p) { [] }" }), 422, "tuples of 3"),
        ("/api/rules", json!({ "script": script("kayles"), "size": 0 }), 400, "size"),
        ("/api/rules", json!({ "script": script("kayles"), "size": 1025 }), 400, "size"),
        ("/api/rules", json!({ "size": 3 }), 400, "script"),
        ("/api/rules", json!({ "script": "x".repeat(70_000) }), 413, "at most 65536"),
        ("/api/rules/options", json!({ "script": script("kayles"), "position": [1, 2] }), 422, "not a heap size"),
        ("/api/rules/options", json!({ "script": script("kayles"), "position": [1024] }), 422, "heap 1024"),
        ("/api/rules/play", json!({ "script": script("kayles"), "positions": [] }), 400, "positions"),
        ("/api/judge", json!({ "problem": "rules", "input": "1\n1\n3\n" }), 400, "script"),
        ("/api/judge", json!({ "problem": "rules", "script": script("kayles"), "input": "1\n1\nx\n" }), 422, "line 3"),
        ("/api/judge", json!({ "problem": "misere-heaps", "input": "1\n1\n3\n" }), 400, "spec"),
        ("/api/misere/play", json!({ "spec": "0.77", "heaps": [] }), 400, "heaps"),
        ("/api/misere/play", json!({ "spec": "0.77", "heaps": [1000000] }), 422, "plays heaps up to"),
        ("/api/misere/play", json!({ "spec": "0.7z", "heaps": [3] }), 400, "heap game"),
    ];
    for (path, body, status, word) in cases {
        let r = post(addr, path, &body).await;
        assert_eq!(r.status, status, "POST {path} {body}: {}", r.text());
        let message = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(message.contains(word), "POST {path}: {message:?} does not name {word:?}");
    }
    for (path, word) in [("/api/misere?spec=0.9z", "heap game"), ("/api/misere/moves?spec=0.77&heap=x", "heap")] {
        let r = get(addr, path).await;
        assert_eq!(r.status, 400, "GET {path}: {}", r.text());
        assert!(r.json()["error"].as_str().unwrap().contains(word), "GET {path}: {}", r.text());
    }
    // A script that loops is stopped by the bound: a refusal (its operations or the time bound)
    // within the 2 s, and the one computing slot is free for the next request.
    let started = Instant::now();
    let r = post(addr, "/api/rules", &json!({ "script": "fn options(n) { let i = 0; loop { i += 1; } }" })).await;
    let took = started.elapsed();
    assert!(took < Duration::from_millis(2500), "answered after {took:?}");
    let message = r.json()["error"].as_str().unwrap().to_string();
    assert_eq!(r.status, 422, "{message}");
    assert!(message.contains("operations") || message.contains("time bound"), "{message}");
    let raw = send(addr, "POST /api/rules HTTP/1.1\r\nContent-Type: application/json", b"{\"script\": 3}").await;
    assert_eq!(raw.status, 400, "{}", raw.text());
    let next = post(addr, "/api/rules", &json!({ "script": script("kayles"), "size": 20 })).await;
    assert_eq!(next.status, 200, "{}", next.text());
}
