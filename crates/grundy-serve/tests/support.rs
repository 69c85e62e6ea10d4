//! A server on a free loopback port, and a plain HTTP/1.1 client written on a socket (so a test
//! can send what no client library would: `..` in a path, a 10 MB body).

use std::net::SocketAddr;

use grundy_serve::Limits;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};

/// Starts a server with `limits` on a free port of 127.0.0.1, on the test's runtime.
pub async fn start(limits: Limits) -> SocketAddr {
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(grundy_serve::serve(listener, limits));
    addr
}

/// A response: status, headers (lower-case names) and body.
#[derive(Debug)]
pub struct Response {
    pub status: u16,
    pub headers: Vec<(String, String)>,
    pub body: Vec<u8>,
}

impl Response {
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    pub fn json(&self) -> Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| panic!("not JSON ({e}): {}", self.text()))
    }

    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers.iter().find(|(n, _)| n == name).map(|(_, v)| v.as_str())
    }
}

/// Sends `head` (request line and headers, without the blank line) and `body`; reads the whole
/// response (the connection is closed after it).
pub async fn send(addr: SocketAddr, head: &str, body: &[u8]) -> Response {
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let request = format!("{head}\r\nHost: {addr}\r\nConnection: close\r\nContent-Length: {}\r\n\r\n", body.len());
    stream.write_all(request.as_bytes()).await.unwrap();
    // The server may answer (413) before the whole body is written and close: not an error.
    let _ = stream.write_all(body).await;
    let mut raw = Vec::new();
    let _ = stream.read_to_end(&mut raw).await;
    parse(&raw)
}

fn parse(raw: &[u8]) -> Response {
    let end = raw.windows(4).position(|w| w == b"\r\n\r\n").unwrap_or_else(|| panic!("no response head: {raw:?}"));
    let head = String::from_utf8_lossy(&raw[..end]);
    let mut lines = head.split("\r\n");
    let status = lines.next().unwrap().split(' ').nth(1).unwrap().parse().unwrap();
    let headers: Vec<(String, String)> = lines
        .filter_map(|l| l.split_once(':'))
        .map(|(n, v)| (n.trim().to_ascii_lowercase(), v.trim().to_string()))
        .collect();
    let mut body = raw[end + 4..].to_vec();
    if headers.iter().any(|(n, v)| n == "transfer-encoding" && v.contains("chunked")) {
        body = unchunk(&body);
    }
    Response { status, headers, body }
}

fn unchunk(mut raw: &[u8]) -> Vec<u8> {
    let mut out = Vec::new();
    while let Some(eol) = raw.windows(2).position(|w| w == b"\r\n") {
        let size = usize::from_str_radix(String::from_utf8_lossy(&raw[..eol]).trim(), 16).unwrap_or(0);
        if size == 0 {
            break;
        }
        out.extend_from_slice(&raw[eol + 2..eol + 2 + size]);
        raw = &raw[eol + 2 + size + 2..];
    }
    out
}

/// `GET path`.
pub async fn get(addr: SocketAddr, path: &str) -> Response {
    send(addr, &format!("GET {path} HTTP/1.1"), b"").await
}

/// `POST path` with a JSON body.
pub async fn post(addr: SocketAddr, path: &str, body: &Value) -> Response {
    send(addr, &format!("POST {path} HTTP/1.1\r\nContent-Type: application/json"), body.to_string().as_bytes()).await
}

/// `text` percent-encoded for a query.
pub fn encode(text: &str) -> String {
    text.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' | b'-' | b'.' | b'_' | b'~' => char::from(b).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

/// What the library's judge writes for `input` (`explain`: `--explain`'s output).
pub fn library_judge(problem: &str, input: &[u8], explain: bool, spec: Option<&str>) -> Result<String, String> {
    use grundy::judge::{Judge, Report, Style};
    fn run<J: Judge>(judge: J, input: &[u8], explain: bool) -> Result<String, String>
    where
        Report<J>: Judge,
    {
        let mut out = Vec::new();
        let result = match explain {
            false => {
                let mut judge = judge;
                judge.solve_bytes(input, &mut out)
            }
            true => Report::new(judge, Style::Explain).solve_bytes(input, &mut out),
        };
        result.map(|()| String::from_utf8(out).unwrap()).map_err(|e| e.to_string())
    }
    match problem {
        "knights" => run(grundy::leaper::Knights { table: grundy::knight::embedded_table() }, input, explain),
        "misere-nim" => run(grundy::misere::MisereNim { table: grundy::misere::embedded_table() }, input, explain),
        "mine" => {
            let mut solver = grundy::mine::Solver::new();
            run(grundy::mine::Mine::new(&mut solver, |_, _| {}), input, explain)
        }
        "heaps" => {
            let game = grundy_core::heap::HeapGame::parse(spec.unwrap()).unwrap();
            let analysis = grundy_core::heap::analyze_heap(&game, &grundy_core::heap::HeapLimits::default());
            let blob = grundy_core::generate::heap_blob(&analysis).unwrap();
            let file = grundy::table::TableFile::from_bytes(blob).unwrap();
            let table = file.heap(None).unwrap();
            run(grundy::heap::Heaps { table }, input, explain)
        }
        _ => unreachable!(),
    }
}

/// The sample judge inputs, by problem: the repository's knights sample and small hand-made ones.
pub fn judge_inputs() -> Vec<(&'static str, Option<&'static str>, Vec<u8>)> {
    let knights = std::fs::read(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/knights.in")).unwrap();
    vec![
        ("knights", None, knights),
        ("knights", None, b"3\n2\n100 1000000000000\n7 3\n1\n0 0\n3\n5 8 9 9 1 2\n".to_vec()),
        ("misere-nim", None, b"3\n2\n1 1\n3\n1 2 3\n1\n7\n".to_vec()),
        ("mine", None, b"2\n3 3 1\n1 1\n4 5 2\n0 0\n2 3\n".to_vec()),
        ("heaps", Some("0.77"), b"3\n2\n3 10\n1\n0\n3\n100 200 1000000000000\n".to_vec()),
        ("heaps", Some("{1,3,4}"), b"2\n1\n7\n2\n5 1000\n".to_vec()),
    ]
}
