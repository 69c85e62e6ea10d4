//! 200 requests at once on loopback: each is answered, or refused clearly (503 with a message)
//! when the gate is full; the server answers afterwards.

use grundy_serve::Limits;
use std::time::Duration;

use crate::support::{get, start};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_requests_at_once() {
    // A short wait, so that some requests are refused rather than all served in turn.
    let limits = Limits { concurrent: 2, wait: Duration::from_millis(300), ..Limits::default() };
    let addr = start(limits).await;
    let paths = ["/api/leaper?size=200", "/api/heap?spec=0.77&n=2000", "/api/heap/moves?spec=0.137&heap=3000", "/"];
    let tasks: Vec<_> = (0..200).map(|i| tokio::spawn(get(addr, paths[i % paths.len()]))).collect();
    let (mut served, mut refused) = (0, 0);
    for task in tasks {
        let r = task.await.expect("a request task panicked");
        match r.status {
            200 => served += 1,
            503 | 429 => {
                let message = r.json()["error"].as_str().unwrap().to_string();
                assert!(message.contains("busy"), "{message}");
                refused += 1;
            }
            s => panic!("status {s}: {}", r.text()),
        }
    }
    std::io::Write::write_all(
        &mut std::io::stderr(),
        format!("load: 200 requests, {served} served, {refused} refused (busy)\n").as_bytes(),
    )
    .unwrap();
    assert!(served >= 50, "only {served} served");
    assert_eq!(get(addr, "/api/heap?spec=0.77&n=10").await.status, 200);
}

/// One computation at once and no waiting: of requests that each compute a new leaper, some
/// are refused with 503 and a message; every other one is answered.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_full_gate_refuses_with_a_message() {
    let limits = Limits { concurrent: 1, wait: Duration::from_millis(1), ..Limits::default() };
    let addr = start(limits).await;
    let tasks: Vec<_> = (2..10)
        .map(|k| format!("/api/leaper?size=32&moves=(-1,-{k}),(-{k},-1)"))
        .map(|path| tokio::spawn(async move { get(addr, &path).await }))
        .collect();
    let mut refused = 0;
    for task in tasks {
        let r = task.await.unwrap();
        match r.status {
            200 => {}
            503 => {
                assert!(r.json()["error"].as_str().unwrap().contains("busy"), "{}", r.text());
                refused += 1;
            }
            s => panic!("status {s}: {}", r.text()),
        }
    }
    assert!(refused >= 1, "no request was refused");
    assert_eq!(get(addr, "/").await.status, 200);
}
