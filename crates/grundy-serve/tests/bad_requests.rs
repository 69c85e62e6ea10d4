//! Bad requests get a 4xx with a message, never a crash; the server answers afterwards.

use grundy_serve::Limits;
use serde_json::json;

use crate::support::{encode, get, post, send, start};

/// Each bad request is refused with `status` and a message that names the problem.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bad_requests_are_refused_with_a_message() {
    let addr = start(Limits::default()).await;
    let huge = "1".repeat(400);
    let gets: Vec<(String, u16, &str)> = vec![
        ("/api/leaper?size=100000000000000000000000".into(), 400, "size"),
        ("/api/leaper?size=abc".into(), 400, "size"),
        ("/api/leaper?size=0".into(), 400, "size"),
        (format!("/api/leaper?moves={}", encode("(1,2")), 400, "moves"),
        (format!("/api/leaper?moves={}", encode("(99999,1)")), 400, "moves"),
        (format!("/api/leaper?moves={}", encode("(1,1)")), 400, "moves"),
        (format!("/api/leaper?moves={}", encode(&huge)), 400, "moves"),
        ("/api/leaper/options?x=18446744073709551616&y=1".into(), 400, "x"),
        ("/api/leaper/options?x=-1&y=1".into(), 400, "x"),
        ("/api/heap?spec=0.9z".into(), 400, "heap game"),
        (format!("/api/heap?spec=0.{}", "7".repeat(1000)), 400, "heap game"),
        ("/api/heap".into(), 400, "spec"),
        ("/api/heap?spec=0.77&n=99999999999999999999999999".into(), 400, "n ="),
        ("/api/heap/moves?spec=0.77&heap=100000000000".into(), 400, "heap"),
        (format!("/api/heap?spec={}", encode("{1,,3}")), 400, "heap game"),
        ("/api/mine?board=0x0".into(), 400, "board"),
        ("/api/mine?board=99999x99999".into(), 400, "board"),
        ("/api/mine?board=3x3:9,9".into(), 400, "mine"),
        ("/api/mine?board=3x3:a,b".into(), 400, "mine"),
        ("/api/mine".into(), 400, "board"),
        ("/api/leaper?moves=%ZZ".into(), 400, "moves"),
    ];
    for (path, status, word) in gets {
        let r = get(addr, &path).await;
        assert_eq!(r.status, status, "GET {path}: {}", r.text());
        let message = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(message.contains(word), "GET {path}: {message:?} does not name {word:?}");
    }
    let posts = vec![
        ("/api/judge", json!({ "problem": "chess", "input": "1" }), 400, "problem"),
        ("/api/judge", json!({ "input": "1" }), 400, "problem"),
        ("/api/judge", json!({ "problem": "mine", "input": "1\n100000 100000 0\n" }), 422, "cells"),
        ("/api/judge", json!({ "problem": "heaps", "input": "1\n1\n3\n" }), 400, "spec"),
        ("/api/judge", json!({ "problem": "heaps", "spec": "grundy", "input": "1\n1\n100000000\n" }), 422, "heap"),
        ("/api/judge", json!({ "problem": "misere-nim", "input": "1\n1\n99999999999999999999999\n" }), 422, "line"),
        ("/api/heap/play", json!({ "spec": "0.77", "heaps": [] }), 400, "heaps"),
        ("/api/heap/play", json!({ "spec": "0.77", "heaps": [-1] }), 400, "body"),
        ("/api/heap/play", json!({ "spec": "0.77", "heaps": vec![1; 1000] }), 400, "heaps"),
        ("/api/heap/play", json!({ "spec": "0.77", "heaps": [1000000000000u64] }), 422, "plays heaps up to"),
        ("/api/knights/play", json!({ "knights": [[1, 2, 3]] }), 400, "body"),
        ("/api/knights/play", json!({ "knights": [[9223372036854775808u64, 0]] }), 422, "2^63"),
    ];
    for (path, body, status, word) in posts {
        let r = post(addr, path, &body).await;
        assert_eq!(r.status, status, "POST {path} {body}: {}", r.text());
        let message = r.json()["error"].as_str().unwrap_or_default().to_string();
        assert!(message.contains(word), "POST {path} {body}: {message:?} does not name {word:?}");
    }
    let malformed = send(addr, "POST /api/judge HTTP/1.1\r\nContent-Type: application/json", b"{\"problem\": ").await;
    assert_eq!(malformed.status, 400, "{}", malformed.text());
    assert!(malformed.json()["error"].as_str().unwrap().contains("body"));
    // The server still answers.
    assert_eq!(get(addr, "/api/heap?spec=0.77&n=10").await.status, 200);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_file_outside_the_page_is_served() {
    let addr = start(Limits::default()).await;
    for path in [
        "/../Cargo.toml",
        "/%2e%2e/Cargo.toml",
        "/..%2fCargo.toml",
        "/src/lib.rs",
        "/page/app.js",
        "/../../../../etc/passwd",
        "/app.js/..",
        "//etc/passwd",
        "/api/../Cargo.toml",
        "/api",
    ] {
        let r = get(addr, path).await;
        assert_eq!(r.status, 404, "GET {path}: {}", r.text());
        assert!(!r.text().contains("[package]") && !r.text().contains("root:"), "GET {path}: {}", r.text());
    }
    assert_eq!(send(addr, "DELETE / HTTP/1.1", b"").await.status, 405);
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_10_mb_body_is_refused() {
    let addr = start(Limits::default()).await;
    let body = vec![b'1'; 10 << 20];
    let r = send(addr, "POST /api/judge HTTP/1.1\r\nContent-Type: application/json", &body).await;
    assert_eq!(r.status, 413, "{}", r.text());
    assert!(!r.body.is_empty(), "413 without a message");
    assert_eq!(get(addr, "/").await.status, 200);
}
