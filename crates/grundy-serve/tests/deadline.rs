//! Over-long work stops (heap searches, Mine boards, misère quotients): a request whose
//! computation would run far past the time bound is answered within it (a partial result or a
//! clear refusal), and the worker ends with it, so the server's one computing slot is free for
//! the next request within that request's wait.

use std::time::{Duration, Instant};

use grundy_serve::Limits;
use serde_json::json;

use crate::support::{get, post, start};

/// One computation at once, a second of waiting for it, and `max_time` of computing.
fn one_at_a_time(max_time: Duration) -> Limits {
    Limits { concurrent: 1, wait: Duration::from_secs(1), max_time, ..Limits::default() }
}

/// A heap game whose values up to the server's heap bound would take many minutes (0.ff splits
/// a heap into two after taking one or two, with no rare values: about a thousand values a
/// second here) is answered within the bound with the values computed and no period, saying so.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_huge_heap_analysis_stops_at_the_bound() {
    let addr = start(one_at_a_time(Duration::from_secs(2))).await;
    let started = Instant::now();
    let r = get(addr, "/api/heap?spec=0.ff&n=10").await;
    let took = started.elapsed();
    assert!(took < Duration::from_millis(2500), "answered after {took:?}");
    match r.status {
        200 => {
            let d = r.json();
            assert_eq!(d["status"]["proven"], false, "{d}");
            assert!(d["status"]["reason"].as_str().unwrap().contains("time"), "{d}");
            assert_eq!(d["values"].as_array().unwrap().len(), 10);
        }
        503 => assert!(r.json()["error"].as_str().unwrap().contains("longer than 2 s"), "{}", r.text()),
        s => panic!("status {s}: {}", r.text()),
    }
    let next = get(addr, "/api/heap?spec=0.77&n=10").await;
    assert_eq!(next.status, 200, "{}", next.text());
}

/// Thirty Mine boards, each a long exact search (a path of 14 blank regions, 12 with a loop:
/// about a second each here): the judge stops at the deadline shared by all of them, refusing the
/// board it was on, and the next request is served.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_run_of_mine_boards_stops_at_the_bound() {
    let addr = start(one_at_a_time(Duration::from_secs(3))).await;
    let board: String = (0..7).map(|j| format!("0 {}\n2 {}\n", 4 * j + 3, 4 * j + 1)).collect();
    let input = format!("30\n{}", format!("3 28 14\n{board}").repeat(30));
    let started = Instant::now();
    let r = post(addr, "/api/judge", &json!({ "problem": "mine", "input": input })).await;
    let took = started.elapsed();
    assert!(took < Duration::from_millis(3500), "answered after {took:?}");
    let message = r.json()["error"].as_str().unwrap().to_string();
    match r.status {
        422 => assert!(message.contains("time bound"), "{message}"),
        503 => assert!(message.contains("longer than 3 s"), "{message}"),
        s => panic!("status {s}: {message}"),
    }
    let next = get(addr, "/api/mine?board=3x3:1,1").await;
    assert_eq!(next.status, 200, "{}", next.text());
}

/// A misère analysis that would run far past the bound (0.56's Φ cannot repeat before heap
/// 326,640, and the server's 2^17 heaps take about 15 s) stops at the deadline through the
/// engine's hook: the quotient of the heaps computed, the time bound named.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_long_misere_analysis_stops_at_the_bound() {
    let addr = start(one_at_a_time(Duration::from_secs(2))).await;
    let started = Instant::now();
    let r = get(addr, "/api/misere?spec=0.56").await;
    let took = started.elapsed();
    assert!(took < Duration::from_millis(2500), "answered after {took:?}");
    assert_eq!(r.status, 200, "{}", r.text());
    let d = r.json();
    assert_eq!(d["status"]["proven"], false, "{d}");
    assert!(d["status"]["reason"].as_str().unwrap().contains("time bound of 2 s"), "{d}");
    let next = get(addr, "/api/misere?spec=0.75").await;
    assert_eq!(next.status, 200, "{}", next.text());
    let line = format!(
        "grundy-serve: 0.56 in misère play stopped after {took:?}: heaps 0..{}, |Q| = {}\n",
        d["computed"], d["order"]
    );
    std::io::Write::write_all(&mut std::io::stderr(), line.as_bytes()).unwrap();
}
