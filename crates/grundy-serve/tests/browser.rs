//! The page in headless Chromium over WebDriver (chromedriver): the hyper knight's picture and
//! numbers, hover, a game typed, a heap game and a knights game played to their end against
//! grundy (every move it made checked against oracles), judge inputs pasted, a heap game's
//! misère quotient and a misère sum played to its end, and a script pasted. Skipped, saying
//! so on standard error, when Chromium or chromedriver is missing; `GRUNDY_REQUIRE_BROWSER=1`
//! makes that a failure. `GRUNDY_SCREENSHOT=PATH` saves a screenshot of the page as PNG.

use std::io::Write;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

use fantoccini::{Client, ClientBuilder, Locator};
use grundy_core::heap::{HeapGame, HeapLimits, analyze_heap};
use grundy_serve::Limits;
use grundy_test_support::LeaperMex;
use grundy_test_support::SumSearch;
use grundy_test_support::{MisereSums, octal};
use serde_json::{Value, json};

use crate::support::{library_judge, start};

/// Says something on standard error even when the test passes (the harness captures `eprintln!`).
fn say(text: &str) {
    std::io::stderr().write_all(format!("{text}\n").as_bytes()).unwrap();
}

/// An executable on the PATH.
fn on_path(name: &str) -> Option<PathBuf> {
    std::env::split_paths(&std::env::var_os("PATH")?).map(|d| d.join(name)).find(|p| p.is_file())
}

/// chromedriver and Chromium: `GRUNDY_CHROMEDRIVER` and `GRUNDY_CHROMIUM`, else on the PATH.
fn browser() -> Option<(PathBuf, PathBuf)> {
    let driver = std::env::var_os("GRUNDY_CHROMEDRIVER").map(PathBuf::from).or_else(|| on_path("chromedriver"))?;
    let chromium = std::env::var_os("GRUNDY_CHROMIUM")
        .map(PathBuf::from)
        .or_else(|| ["chromium", "chromium-browser", "google-chrome"].into_iter().find_map(on_path))?;
    Some((driver, chromium))
}

/// chromedriver on a free port, killed when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Driver {
    async fn start(path: &Path) -> Driver {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let child = Command::new(path)
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        let started = Instant::now();
        while tokio::net::TcpStream::connect(("127.0.0.1", port)).await.is_err() {
            assert!(started.elapsed() < Duration::from_secs(20), "chromedriver did not start listening");
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        Driver { child, url: format!("http://127.0.0.1:{port}") }
    }
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Runs `script` (a function body) in the page: its return value.
async fn js(client: &Client, script: &str, args: Vec<Value>) -> Value {
    client.execute(script, args).await.unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// Waits until `script` returns something truthy; returns it.
async fn until(client: &Client, script: &str, what: &str) -> Value {
    let started = Instant::now();
    loop {
        let v = js(client, script, vec![]).await;
        if !(v.is_null() || v == json!(false) || v == json!("") || v == json!(0)) {
            return v;
        }
        let error = js(client, "return document.getElementById('error').textContent", vec![]).await;
        assert!(started.elapsed() < Duration::from_secs(30), "waited 30 s for {what}; page error: {error}");
        tokio::time::sleep(Duration::from_millis(40)).await;
    }
}

/// The text of `#id`.
async fn text(client: &Client, id: &str) -> String {
    client.find(Locator::Id(id)).await.unwrap().text().await.unwrap()
}

/// Types `value` into the field `#id`, as a user does.
async fn type_into(client: &Client, id: &str, value: &str) {
    let field = client.find(Locator::Id(id)).await.unwrap();
    field.clear().await.unwrap();
    field.send_keys(value).await.unwrap();
}

async fn click(client: &Client, css: &str) {
    client.find(Locator::Css(css)).await.unwrap_or_else(|e| panic!("{css}: {e}")).click().await.unwrap();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_in_a_real_browser() {
    let Some((driver_path, chromium)) = browser() else {
        let why = "the browser test skipped: Chromium or chromedriver is missing \
                   (apt-get install chromium chromium-driver; or set GRUNDY_CHROMIUM and GRUNDY_CHROMEDRIVER)";
        if std::env::var_os("GRUNDY_REQUIRE_BROWSER").is_some_and(|v| v == "1") {
            panic!("{why}, and GRUNDY_REQUIRE_BROWSER=1");
        }
        say(&format!("grundy-serve: {why}"));
        return;
    };
    let addr = start(Limits::default()).await;
    let driver = Driver::start(&driver_path).await;
    let mut capabilities = serde_json::Map::new();
    capabilities.insert(
        "goog:chromeOptions".into(),
        json!({
            "binary": chromium,
            "args": ["--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
                     "--window-size=1280,900", "--hide-scrollbars"],
        }),
    );
    let client = ClientBuilder::new(hyper_util::client::legacy::connect::HttpConnector::new())
        .capabilities(capabilities)
        .connect(&driver.url)
        .await
        .unwrap_or_else(|e| panic!("starting {} through {}: {e}", chromium.display(), driver_path.display()));
    let outcome = tokio::spawn(scenario(client.clone(), addr)).await;
    let _ = client.close().await;
    drop(driver);
    if let Err(e) = outcome {
        std::panic::resume_unwind(e.into_panic());
    }
}

async fn scenario(client: Client, addr: SocketAddr) {
    let base = grundy_serve::url(addr);
    page_load(&client, &base).await;
    hyper_knight(&client).await;
    if let Some(path) = std::env::var_os("GRUNDY_SCREENSHOT") {
        let png = client.screenshot().await.unwrap();
        std::fs::write(&path, png).unwrap();
        say(&format!("grundy-serve: screenshot written to {}", Path::new(&path).display()));
    }
    zoom(&client).await;
    typed_leaper(&client).await;
    typed_heap_game(&client, &base).await;
    play_heaps(&client).await;
    play_knights(&client, &base).await;
    judge(&client, &base).await;
    misere(&client, &base).await;
    script(&client, &base).await;
}

/// Loads the page five times (the hyper knight): Navigation Timing's figures and the first
/// picture's mark, said on standard error.
async fn page_load(client: &Client, base: &str) {
    let mut runs = Vec::new();
    for _ in 0..5 {
        client.goto(base).await.unwrap();
        until(client, "return document.body.dataset.loaded === 'leaper'", "the hyper knight's picture").await;
        let t = until(
            client,
            "const n = performance.getEntriesByType('navigation')[0];
             const p = performance.getEntriesByName('first-picture')[0];
             if (!n || !p || !n.loadEventEnd) return null;
             return [n.responseEnd, n.domContentLoadedEventEnd, n.loadEventEnd, p.startTime];",
            "the navigation timing",
        )
        .await;
        runs.push(serde_json::from_value::<[f64; 4]>(t).unwrap());
    }
    runs.sort_by(|a, b| a[3].total_cmp(&b[3]));
    let [html, dom, load, picture] = runs[runs.len() / 2];
    say(&format!(
        "grundy-serve: page load (median of 5, ms from navigation start): HTML {html:.1}, \
         DOMContentLoaded {dom:.1}, load {load:.1}, first picture of the hyper knight {picture:.1} \
         (best {:.1})",
        runs[0][3]
    ));
    assert!(picture < 5000.0, "the first picture took {picture} ms");
}

/// The hyper knight's numbers and a hover.
async fn hyper_knight(client: &Client) {
    let form = grundy::knight::closed_form();
    assert!(text(client, "num-status").await.contains("certified"));
    assert_eq!(text(client, "num-core").await, form.core_size().to_string());
    assert_eq!(text(client, "num-strips").await, form.features().len().to_string());
    assert_eq!(text(client, "num-sectors").await, form.sectors().len().to_string());
    // Hover the cell (5, 8): its value and options, as the library says.
    js(
        client,
        "const v = App.view, c = document.getElementById('picture'), r = c.getBoundingClientRect();
         const [x, y] = arguments;
         c.dispatchEvent(new MouseEvent('mousemove', { bubbles: true,
           clientX: r.left + c.clientLeft + (y + 0.5) * v.scale + v.tx,
           clientY: r.top + c.clientTop + (x + 0.5) * v.scale + v.ty }));",
        vec![json!(5), json!(8)],
    )
    .await;
    until(client, "return document.getElementById('hover').textContent.startsWith('g(5, 8) = ')", "the hover").await;
    let hover = text(client, "hover").await;
    let mut lines = hover.lines();
    assert_eq!(lines.next().unwrap(), format!("g(5, 8) = {}", grundy::knight::value(5, 8).unwrap().0));
    let options: Vec<&str> = lines.skip(1).collect();
    assert_eq!(options.len(), grundy_test_support::targets(5, 8).count(), "{hover}");
    for line in options {
        let (cell, rest) = line.trim().split_once(" *").unwrap();
        let (x, y) = cell.trim_matches(|c| c == '(' || c == ')').split_once(", ").unwrap();
        let value: u64 = rest.split_whitespace().next().unwrap().parse().unwrap();
        assert_eq!(grundy::knight::value(x.parse().unwrap(), y.parse().unwrap()).unwrap().0, value, "{line}");
    }
}

/// The wheel zooms in at the pointer.
async fn zoom(client: &Client) {
    let before = js(client, "return App.view.scale", vec![]).await.as_f64().unwrap();
    js(
        client,
        "document.getElementById('picture').dispatchEvent(new WheelEvent('wheel', { deltaY: -400, clientX: 300, clientY: 200, bubbles: true, cancelable: true }));",
        vec![],
    )
    .await;
    let after = js(client, "return App.view.scale", vec![]).await.as_f64().unwrap();
    assert!(after > before * 1.5, "zoom: {before} -> {after}");
}

/// Another leaper typed: the proof's status as the library's analysis says, a look-up as the
/// oracle says, the view in the URL.
async fn typed_leaper(client: &Client) {
    type_into(client, "game", "(-1,-2),(-2,-1),(1,-3)").await;
    type_into(client, "size", "48").await;
    click(client, "#show").await;
    until(client, "return App.data && App.data.moves === '(-1,-2) (-2,-1) (1,-3)'", "the leaper typed").await;
    let set = grundy_core::leaper::MoveSet::parse("(-1,-2),(-2,-1),(1,-3)").unwrap();
    let analysis = grundy_core::leaper::analyze(&set, &grundy_core::leaper::Limits::default());
    let status = text(client, "num-status").await;
    assert_eq!(status.contains("certified"), analysis.form().is_some(), "{status}");
    if let Some(form) = analysis.form() {
        assert_eq!(text(client, "num-core").await, form.core_size().to_string());
    }
    let url = js(client, "return location.search", vec![]).await;
    assert!(url.as_str().unwrap().contains("moves=") && url.as_str().unwrap().contains("size=48"), "{url}");
    type_into(client, "lookup", "4,5").await;
    click(client, "#lookup-form button").await;
    until(client, "return document.getElementById('hover').textContent.startsWith('g(4, 5) = ')", "the look-up").await;
    let mut oracle = LeaperMex::new([(-1, -2), (-2, -1), (1, -3)]);
    assert!(text(client, "hover").await.starts_with(&format!("g(4, 5) = {}\n", oracle.g(4, 5))));
}

/// Kayles typed, then loaded from its link: the period and preperiod are the library's.
async fn typed_heap_game(client: &Client, base: &str) {
    click(client, "button[data-family=heap]").await;
    type_into(client, "game", "0.77").await;
    type_into(client, "size", "150").await;
    click(client, "#show").await;
    until(client, "return App.data && App.data.game === '0.77' && App.data.values.length === 150", "Kayles").await;
    let analysis = analyze_heap(&HeapGame::parse("0.77").unwrap(), &HeapLimits::default());
    let p = analysis.period().unwrap();
    assert_eq!(text(client, "num-period").await, p.period.to_string());
    assert_eq!(text(client, "num-preperiod").await, p.preperiod.to_string());
    let shown: Vec<u32> = serde_json::from_value(js(client, "return App.data.values", vec![]).await).unwrap();
    assert_eq!(shown, octal(&[7, 7], 150));
    // A game mistyped: the server's message, shown in the page.
    type_into(client, "game", "0.9z").await;
    click(client, "#show").await;
    let error = until(
        client,
        "const e = document.getElementById('error'); return !e.hidden && e.textContent;",
        "the error shown",
    )
    .await;
    assert!(error.as_str().unwrap().starts_with("heap game 0.9z: "), "{error}");
    // The view is a link.
    client.goto(&format!("{base}?heap=0.77&size=150")).await.unwrap();
    until(client, "return document.body.dataset.loaded === 'heap'", "Kayles from its link").await;
    assert_eq!(text(client, "num-period").await, p.period.to_string());
}

/// Plays the game set up in the play panel to its end: the test takes the first move offered
/// each turn. Returns the history: (who, position before, position after, winning, value).
async fn play_to_the_end(client: &Client) -> Vec<Value> {
    for _ in 0..300 {
        let state = until(
            client,
            "if (document.getElementById('turn').dataset.over === 'true') return 'over';
             if (Play.busy) return null;
             return [...document.querySelectorAll('#pieces button')].some((b) => !b.disabled) ? 'move' : null;",
            "the player's turn",
        )
        .await;
        if state == "over" {
            break;
        }
        click(client, "#pieces button:not([disabled])").await;
        until(client, "return document.querySelector('#choices button') !== null", "the moves offered").await;
        click(client, "#choices button").await;
    }
    assert!(text(client, "turn").await.starts_with("game over"), "the game did not end");
    let history = js(
        client,
        "return [...document.querySelectorAll('#history li')].map((li) => ({ who: li.dataset.who,
           before: JSON.parse(li.dataset.before), after: JSON.parse(li.dataset.after),
           winning: li.dataset.winning, loses: li.dataset.loses,
           value: li.dataset.value === undefined ? null : Number(li.dataset.value) }));",
        vec![],
    )
    .await;
    history.as_array().unwrap().clone()
}

/// Kayles from 3 4 6 (the test first) to the end: every grundy move wins where a winning move
/// exists, every value shown is the mex oracle's.
async fn play_heaps(client: &Client) {
    click(client, "button[data-mode=play]").await;
    type_into(client, "position", "3 4 6").await;
    click(client, "#start").await;
    let history = play_to_the_end(client).await;
    let oracle = octal(&[7, 7], 16);
    let xor = |v: &Value| v.as_array().unwrap().iter().fold(0, |x, h| x ^ oracle[h.as_u64().unwrap() as usize]);
    let mut grundy_moves = 0;
    for entry in &history {
        if !entry["value"].is_null() {
            assert_eq!(entry["value"], xor(&entry["after"]), "{entry}");
        }
        if entry["who"] == "grundy" {
            grundy_moves += 1;
            let wins = xor(&entry["before"]) != 0;
            assert_eq!(entry["winning"], wins.to_string(), "{entry}");
            if wins {
                assert_eq!(xor(&entry["after"]), 0, "grundy's move is not winning: {entry}");
            }
        }
    }
    assert!(grundy_moves >= 1, "{history:?}");
    say(&format!("grundy-serve: Kayles 3 4 6 played to the end in {} moves", history.len() - 1));
}

/// Two hyper knights, grundy first, to the end: checked against an exhaustive search of the sum.
async fn play_knights(client: &Client, base: &str) {
    client.goto(&format!("{base}?mode=play")).await.unwrap();
    until(client, "return document.body.dataset.loaded === 'leaper'", "the page").await;
    type_into(client, "position", "6,7 4,9").await;
    click(client, "#grundy-first").await;
    let history = play_to_the_end(client).await;
    let mut search = SumSearch::default();
    let knights = |v: &Value| -> Vec<(i64, i64)> { serde_json::from_value(v.clone()).unwrap() };
    let mut grundy_moves = 0;
    for entry in history.iter().filter(|e| e["who"] == "grundy") {
        grundy_moves += 1;
        let wins = search.first_player_wins(&knights(&entry["before"]));
        assert_eq!(entry["winning"], wins.to_string(), "{entry}");
        if wins {
            assert!(!search.first_player_wins(&knights(&entry["after"])), "grundy's move is not winning: {entry}");
        }
    }
    assert!(grundy_moves >= 1, "{history:?}");
}

/// Judge inputs pasted: the same output as the library's judges (and `--explain`'s).
async fn judge(client: &Client, base: &str) {
    client.goto(&format!("{base}?heap=0.77&mode=judge")).await.unwrap();
    until(client, "return document.body.dataset.loaded === 'heap'", "the page").await;
    for (problem, spec, input) in crate::support::judge_inputs() {
        if spec.is_some_and(|s| s != "0.77") {
            continue;
        }
        for explain in [false, true] {
            js(
                client,
                "const [problem, input, explain] = arguments;
                 const p = document.getElementById('problem'); p.value = problem; p.dispatchEvent(new Event('change'));
                 document.getElementById('judge-input').value = input;
                 document.getElementById('explain').checked = explain;
                 delete document.getElementById('judge-output').dataset.done;",
                vec![json!(problem), json!(String::from_utf8_lossy(&input)), json!(explain)],
            )
            .await;
            click(client, "#run-judge").await;
            until(client, "return document.getElementById('judge-output').dataset.done", "the judge's output").await;
            let shown = js(client, "return document.getElementById('judge-output').textContent", vec![]).await;
            let expected = library_judge(problem, &input, explain, spec).unwrap();
            assert_eq!(shown, json!(expected), "{problem} explain={explain}");
        }
    }
}

/// 0.75 in misère play from its link: |Q| = 8 shown, a heap's element on hover; then a sum
/// played to its end (the test first), every grundy move winning where the exhaustive search
/// says one exists, every P shown as the search says.
async fn misere(client: &Client, base: &str) {
    client.goto(&format!("{base}?heap=0.75&misere")).await.unwrap();
    until(client, "return document.body.dataset.loaded === 'misere'", "0.75 in misère play").await;
    assert_eq!(text(client, "num-Q").await, "8");
    assert_eq!(text(client, "num-P").await, "2");
    assert!(js(client, "return document.getElementById('misere').checked", vec![]).await == json!(true));
    js(
        client,
        "const v = App.view, c = document.getElementById('picture'), r = c.getBoundingClientRect();
         c.dispatchEvent(new MouseEvent('mousemove', { bubbles: true,
           clientX: r.left + c.clientLeft + 1.5 * v.scale + v.tx, clientY: r.top + c.clientTop + v.ty + 2 }));",
        vec![],
    )
    .await;
    until(client, "return document.getElementById('hover').textContent.startsWith('Φ(1) = ')", "the hover").await;
    let a = grundy_core::heap_misere::analyze_misere(
        &HeapGame::parse("0.75").unwrap(),
        &grundy_core::heap_misere::MisereLimits::default(),
    );
    let hover = text(client, "hover").await;
    let x = a.image(1).unwrap();
    assert!(
        hover.starts_with(&format!(
            "Φ(1) = {}, {}",
            a.presentation().element(x),
            if a.quotient().in_p(x) { "in P" } else { "not in P" }
        )),
        "{hover}"
    );
    click(client, "button[data-mode=play]").await;
    type_into(client, "position", "2 3 5").await;
    click(client, "#start").await;
    let history = play_to_the_end(client).await;
    let mut oracle = MisereSums::new(&[0, 7, 5]);
    let heaps = |v: &Value| -> Vec<u32> { serde_json::from_value(v.clone()).unwrap() };
    let mut grundy_moves = 0;
    for entry in &history {
        if !entry["value"].is_null() {
            assert_eq!(entry["loses"], oracle.is_p_position(&heaps(&entry["after"])).to_string(), "{entry}");
        }
        if entry["who"] == "grundy" {
            grundy_moves += 1;
            let wins = !oracle.is_p_position(&heaps(&entry["before"]));
            assert_eq!(entry["winning"], wins.to_string(), "{entry}");
            if wins {
                assert!(oracle.is_p_position(&heaps(&entry["after"])), "grundy's move is not winning: {entry}");
            }
        }
    }
    assert!(grundy_moves >= 1, "{history:?}");
    let turn = text(client, "turn").await;
    assert!(turn.contains("misère"), "{turn}");
    say(&format!("grundy-serve: 0.75 in misère play, 2 3 5 played to the end in {} moves: {turn}", history.len() - 1));
}

/// Kayles' script pasted into the Script family: a value looked up is the oracle's, and the
/// view's link holds the script.
async fn script(client: &Client, base: &str) {
    client.goto(base).await.unwrap();
    until(client, "return document.body.dataset.loaded === 'leaper'", "the page").await;
    click(client, "button[data-family=rules]").await;
    let kayles =
        std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/../../examples/rules/kayles.rhai")).unwrap();
    js(client, "document.getElementById('script').value = arguments[0];", vec![json!(kayles)]).await;
    type_into(client, "size", "300").await;
    click(client, "#show").await;
    until(
        client,
        "return document.body.dataset.loaded === 'rules' && App.data.values.length === 300",
        "Kayles by script",
    )
    .await;
    let oracle = octal(&[7, 7], 300);
    let shown: Vec<u32> = serde_json::from_value(js(client, "return App.data.values", vec![]).await).unwrap();
    assert_eq!(shown, oracle);
    type_into(client, "lookup", "77").await;
    click(client, "#lookup-form button").await;
    until(client, "return document.getElementById('hover').textContent.startsWith('G(77) = ')", "the look-up").await;
    assert!(text(client, "hover").await.starts_with(&format!("G(77) = {}\n", oracle[77])));
    assert!(text(client, "num-observed").await.contains("period 12 from heap 71"));
    // The link holds the script: opened anew, the same game.
    let url = until(client, "return location.hash.length > 1 && location.href", "the link").await;
    client.goto(base).await.unwrap();
    until(client, "return document.body.dataset.loaded === 'leaper'", "the page").await;
    client.goto(url.as_str().unwrap()).await.unwrap();
    until(client, "return document.body.dataset.loaded === 'rules'", "Kayles from its link").await;
    let script = js(client, "return document.getElementById('script').value", vec![]).await;
    assert_eq!(script, json!(kayles));
    say(&format!("grundy-serve: Kayles by script, its link {} characters", url.as_str().unwrap().len()));
}
