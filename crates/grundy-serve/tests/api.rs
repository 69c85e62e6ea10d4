//! The API's answers against the library and against oracles written from the definitions.

use grundy_serve::Limits;
use grundy_test_support::LeaperMex;
use grundy_test_support::Rng;
use grundy_test_support::{octal, subtraction};
use serde_json::{Value, json};

use crate::support::{encode, get, judge_inputs, library_judge, post, start};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_files_are_served() {
    let addr = start(Limits::default()).await;
    let page = get(addr, "/").await;
    assert_eq!(page.status, 200);
    assert!(page.header("content-type").unwrap().starts_with("text/html"));
    assert!(page.text().contains("<canvas id=\"picture\""), "{}", page.text());
    for (path, kind) in [("/app.js", "text/javascript"), ("/picture.js", "text/javascript"), ("/app.css", "text/css")] {
        let file = get(addr, path).await;
        assert_eq!(file.status, 200, "{path}");
        assert!(file.header("content-type").unwrap().starts_with(kind), "{path}");
        assert_eq!(file.text(), grundy_serve::assets::file(path).unwrap().1, "{path}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_hyper_knight_square_is_the_library_s() {
    let addr = start(Limits::default()).await;
    let r = get(addr, "/api/leaper?size=60").await;
    assert_eq!(r.status, 200, "{}", r.text());
    let d = r.json();
    let values = d["values"].as_str().unwrap().as_bytes();
    assert_eq!(values.len(), 3600);
    for x in 0..60u64 {
        for y in 0..60u64 {
            let g = grundy::knight::value(x, y).unwrap().0;
            assert_eq!(u64::from(values[(x * 60 + y) as usize] - b'0'), g, "g({x}, {y})");
        }
    }
    assert_eq!(d["status"], "certified");
    assert_eq!(d["form"]["core"], grundy::knight::closed_form().core_size());
    // Far cells, from the closed form.
    let far = get(addr, "/api/leaper/options?x=1000000000000&y=7").await.json();
    assert_eq!(far["value"], grundy::knight::value(1_000_000_000_000, 7).unwrap().0);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_leaper_typed_is_computed_as_the_oracle_says() {
    let addr = start(Limits::default()).await;
    let moves = [(-1i64, -2i64), (-2, -1), (1, -3)];
    let text = "(-1,-2),(-2,-1),(1,-3)";
    let d = get(addr, &format!("/api/leaper?moves={}&size=40", encode(text))).await.json();
    let mut oracle = LeaperMex::new(moves);
    let values = d["values"].as_str().unwrap().as_bytes();
    for x in 0..40i64 {
        for y in 0..40i64 {
            assert_eq!(u64::from(values[(x * 40 + y) as usize] - b'0'), oracle.g(x, y), "g({x}, {y})");
        }
    }
    let o = get(addr, &format!("/api/leaper/options?moves={}&x=5&y=6", encode(text))).await.json();
    assert_eq!(o["value"], oracle.g(5, 6));
    let targets: Vec<Value> = moves
        .iter()
        .map(|&(dx, dy)| (5 + dx, 6 + dy))
        .filter(|&(x, y)| x >= 0 && y >= 0)
        .map(|(x, y)| json!({ "to": [x, y], "value": oracle.g(x, y) }))
        .collect();
    assert_eq!(o["options"], Value::Array(targets));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn heap_values_and_periods_are_the_oracle_s() {
    let addr = start(Limits::default()).await;
    let kayles = get(addr, "/api/heap?spec=0.77&n=300").await.json();
    let oracle = octal(&[7, 7], 300);
    assert_eq!(kayles["values"], json!(oracle));
    assert_eq!(kayles["status"]["period"], 12);
    assert_eq!(kayles["status"]["preperiod"], 71);
    let sub = get(addr, &format!("/api/heap?spec={}&n=200", encode("{1,3,4}"))).await.json();
    assert_eq!(sub["values"], json!(subtraction(&[1, 3, 4], 200)));
    assert_eq!(sub["status"]["period"], 7);
    // Every move of a heap, with the value it leaves.
    let m = get(addr, "/api/heap/moves?spec=0.77&heap=9").await.json();
    assert_eq!(m["value"], oracle[9]);
    for mv in m["moves"].as_array().unwrap() {
        let left: Vec<u64> = serde_json::from_value(mv["left"].clone()).unwrap();
        let take = mv["take"].as_u64().unwrap();
        assert!((1..=2).contains(&take) && take + left.iter().sum::<u64>() == 9, "{mv}");
        assert_eq!(mv["value"], left.iter().fold(0, |x, &h| x ^ oracle[h as usize]), "{mv}");
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grundy_plays_a_winning_heap_move_whenever_one_exists() {
    let addr = start(Limits::default()).await;
    let oracle = octal(&[7, 7], 200);
    let mut rng = Rng(7);
    let mut winning = 0;
    for _ in 0..60 {
        let heaps: Vec<u64> = (0..1 + rng.below(4)).map(|_| rng.below(60)).collect();
        let r = post(addr, "/api/heap/play", &json!({ "spec": "0.77", "heaps": heaps })).await;
        assert_eq!(r.status, 200, "{}", r.text());
        let d = r.json();
        let xor = |hs: &[u64]| hs.iter().fold(0, |x, &h| x ^ oracle[h as usize]);
        assert_eq!(d["nimber"], xor(&heaps));
        if d["move"].is_null() {
            assert!(heaps.iter().all(|&h| h == 0), "no move from {heaps:?}");
            continue;
        }
        let after: Vec<u64> = serde_json::from_value(d["after"].clone()).unwrap();
        assert!(after.iter().sum::<u64>() < heaps.iter().sum::<u64>(), "{heaps:?} -> {after:?}");
        assert_eq!(d["move"]["winning"], xor(&heaps) != 0, "{heaps:?}");
        if xor(&heaps) != 0 {
            winning += 1;
            assert_eq!(xor(&after), 0, "{heaps:?} -> {after:?} is not a winning move");
        }
    }
    assert!(winning > 20, "only {winning} positions had a winning move");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn grundy_plays_a_winning_knight_move_whenever_one_exists() {
    let addr = start(Limits::default()).await;
    let mut oracle = grundy_test_support::SumSearch::default();
    let mut rng = Rng(11);
    for _ in 0..40 {
        let knights: Vec<(u64, u64)> = (0..1 + rng.below(2)).map(|_| (rng.below(20), rng.below(20))).collect();
        let d = post(addr, "/api/knights/play", &json!({ "knights": knights })).await.json();
        let as_i64: Vec<(i64, i64)> = knights.iter().map(|&(x, y)| (x as i64, y as i64)).collect();
        let wins = oracle.first_player_wins(&as_i64);
        assert_eq!(d["nimber"].as_u64().unwrap() != 0, wins, "{knights:?}");
        if d["move"].is_null() {
            assert!(!wins);
            continue;
        }
        let after: Vec<(i64, i64)> = serde_json::from_value(d["after"].clone()).unwrap();
        assert_eq!(d["move"]["winning"], wins, "{knights:?}");
        if wins {
            assert!(!oracle.first_player_wins(&after), "{knights:?} -> {after:?} is not a winning move");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_judges_answer_as_the_library_does() {
    let addr = start(Limits::default()).await;
    for (problem, spec, input) in judge_inputs() {
        for explain in [false, true] {
            let request = json!({ "problem": problem, "spec": spec, "explain": explain,
                "input": String::from_utf8(input.clone()).unwrap() });
            let r = post(addr, "/api/judge", &request).await;
            let expected = library_judge(problem, &input, explain, spec).unwrap();
            assert_eq!(r.status, 200, "{problem}: {}", r.text());
            assert_eq!(r.json()["output"], expected, "{problem} explain={explain}");
        }
    }
    // Bad input: the command line's message (line and column), the cases before it kept.
    let bad = b"2\n1\n3 4\n1\n3 x\n";
    let r = post(addr, "/api/judge", &json!({ "problem": "knights", "input": String::from_utf8_lossy(bad) })).await;
    assert_eq!(r.status, 422);
    let message = r.json()["error"].as_str().unwrap().to_string();
    let expected = library_judge("knights", bad, false, None).unwrap_err();
    assert!(message.starts_with(&expected), "{message} / {expected}");
    assert!(message.contains("Case 1:"), "{message}");
}
