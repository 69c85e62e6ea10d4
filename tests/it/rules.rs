//! Games defined by rules: values from a Rust `Rules` and from scripts against definitions
//! written independently (grundy-test-support), sums judged against exhaustive search with every
//! winning move checked, blobs, and every refusal of a bad script.

use std::convert::Infallible;

use grundy::judge::{Report, Style};
use grundy::rules::{ComputeLimits, Computed, Options, Rules, RulesSums, Shape};
use grundy::table::TableFile;

use crate::common::{Rng, octal, sum_wins};
use crate::run::output;

/// Kayles written in Rust.
struct Kayles;

impl Rules for Kayles {
    type Error = Infallible;
    fn shape(&self) -> Shape {
        Shape::Heap
    }
    fn options(&self, p: &[u64], options: &mut Options) -> Result<(), Infallible> {
        let n = p[0];
        for t in 1..=2.min(n) {
            for a in 0..=(n - t) / 2 {
                options.push(&[a, n - t - a]);
            }
        }
        Ok(())
    }
}

/// Kayles' options as the oracle takes them.
fn kayles_options(n: u64) -> Vec<Vec<u64>> {
    let mut r = Vec::new();
    for t in 1..=2.min(n) {
        for a in 0..=(n - t) / 2 {
            r.push(vec![a, n - t - a]);
        }
    }
    r
}

/// Random cases of up to 4 heaps below 12, as judge input.
fn random_cases(rng: &mut Rng, count: usize) -> (String, Vec<Vec<u64>>) {
    let cases: Vec<Vec<u64>> = (0..count).map(|_| (0..1 + rng.below(4)).map(|_| rng.below(12)).collect()).collect();
    let mut input = format!("{count}\n");
    for c in &cases {
        input += &format!("{} {}\n", c.len(), c.iter().map(u64::to_string).collect::<Vec<_>>().join(" "));
    }
    (input, cases)
}

#[test]
fn a_rust_game_is_its_definition_and_its_sums_are_judged_as_exhaustive_search_judges_them() {
    let mut game = Computed::new("kayles", Kayles, ComputeLimits::default()).unwrap();
    game.fill(500).unwrap();
    let oracle: Vec<u64> = octal(&[7, 7], 500).into_iter().map(u64::from).collect();
    assert_eq!(game.values(), &oracle[..]);

    let (input, cases) = random_cases(&mut Rng(0x7e57), 120);
    let answers = output(&mut RulesSums { table: &mut game }, &input).unwrap();
    for (line, heaps) in answers.lines().zip(&cases) {
        let alice = sum_wins(heaps, &kayles_options);
        assert!(line.ends_with(if alice { "Alice" } else { "Bob" }), "{heaps:?}: {line}");
    }
    // Every winning move shown (`; move I: H becomes A + B`) leaves a sum the player to move
    // loses, and is one of the heap's options.
    let explained = output(&mut Report::new(RulesSums { table: &mut game }, Style::Explain), &input).unwrap();
    for (line, heaps) in explained.lines().zip(&cases) {
        let shown = line.split("; move ").nth(1);
        assert_eq!(shown.is_some(), sum_wins(heaps, &kayles_options), "{line}");
        if let Some(m) = shown {
            let (i, rest) = m.split_once(": ").unwrap();
            let i: usize = i.parse::<usize>().unwrap() - 1;
            let to = rest.split(" becomes ").nth(1).unwrap();
            let to: Vec<u64> =
                if to == "nothing" { vec![] } else { to.split(" + ").map(|h| h.parse().unwrap()).collect() };
            assert!(kayles_options(heaps[i]).contains(&to), "{line}");
            let mut after: Vec<u64> = heaps.iter().enumerate().filter(|&(j, _)| j != i).map(|(_, &h)| h).collect();
            after.extend(to);
            assert!(!sum_wins(&after, &kayles_options), "{line}");
        }
    }
}

#[test]
fn a_blob_of_values_answers_as_the_rules_and_refuses_past_its_end() {
    let mut game = Computed::new("kayles", Kayles, ComputeLimits::default()).unwrap();
    game.fill(64).unwrap();
    let blob = grundy_core::generate::rules_blob("kayles", Shape::Heap, 64, game.values()).unwrap();
    let file = TableFile::from_bytes(blob).unwrap();
    let table = file.rules().next().unwrap();
    assert_eq!((table.name(), table.side()), ("kayles", 64));
    let (input, _) = random_cases(&mut Rng(0xb10b), 60);
    let from_rules = output(&mut RulesSums { table: &mut game }, &input).unwrap();
    assert_eq!(output(&mut RulesSums { table: table.clone() }, &input).unwrap(), from_rules);
    let refused = output(&mut RulesSums { table }, "2\n1 3\n2 5 64\n");
    assert!(refused.is_err_and(|e| e.to_string().contains("heap 64 is past the table (heaps 0..64)")));
}

#[cfg(feature = "script")]
mod script {
    use grundy::rules::script::{MAX_CALL_LEVELS, Script, ScriptError, ScriptLimits};

    use super::*;
    use crate::common::{floor_division, lasker, wythoff};

    fn load(source: &str) -> Result<Script, ScriptError> {
        Script::load(source, ScriptLimits::default())
    }

    fn values(source: &str, len: u64) -> Vec<u64> {
        let mut game = Computed::new("s", load(source).unwrap(), ComputeLimits::default()).unwrap();
        game.fill(len).unwrap();
        game.values().to_vec()
    }

    const KAYLES: &str = "fn options(n) { let r = []; for t in 1..=2 { if n >= t { for a in 0..=(n - t) / 2 { r.push([a, n - t - a]); } } } r }";

    #[test]
    fn scripts_are_their_definitions() {
        let oracle: Vec<u64> = octal(&[7, 7], 400).into_iter().map(u64::from).collect();
        assert_eq!(values(KAYLES, 400), oracle);
        let lasker_script =
            "fn options(n) { let r = []; for k in 0..n { r.push([k]); } for a in 1..=n / 2 { r.push([a, n - a]); } r }";
        assert!(values(lasker_script, 300).iter().enumerate().all(|(n, &g)| g == lasker(n as u64)));
        let floor = "fn options(n) { if n == 0 { [] } else { [[n / 2], [n / 3], [n / 4], [n / 5], [n / 6]] } }";
        let oracle: Vec<u64> = floor_division(&[2, 3, 4, 5, 6], 3000).into_iter().map(u64::from).collect();
        assert_eq!(values(floor, 3000), oracle);

        let wythoff_script = "const DIMENSION = 2;\nfn options(p) { let x = p[0]; let y = p[1]; let r = [];\n for a in 0..x { r.push([[a, y]]); } for b in 0..y { r.push([[x, b]]); }\n for k in 1..=min(x, y) { r.push([[x - k, y - k]]); } r }";
        let limits = ComputeLimits { side: 24, ..ComputeLimits::default() };
        let mut game = Computed::new("w", load(wythoff_script).unwrap(), limits).unwrap();
        game.fill(0).unwrap();
        let oracle = wythoff(24);
        for (x, row) in oracle.iter().enumerate() {
            for (y, &g) in row.iter().enumerate() {
                assert_eq!(game.values()[x * 24 + y], u64::from(g), "({x}, {y})");
            }
        }
        // A sum of Wythoff positions: the second player wins when the XOR is 0.
        let answers = output(&mut RulesSums { table: &mut game }, "2\n2 1 2 3 5\n1 4 4\n").unwrap();
        assert_eq!(answers, "Case 1: Bob\nCase 2: Alice\n");
    }

    /// Taking `y` from `x` with `gcd(x, y) = 1`: `G(1) = 1`, `G(2k) = 0`, and for odd `x > 1` the
    /// index of its least prime factor among the odd primes plus one (`G(3) = 2`, `G(5) = 3`).
    #[test]
    fn the_coprime_example_follows_its_closed_form() {
        let source =
            std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/examples/rules/coprime.rhai")).unwrap();
        let values = values(&source, 300);
        let least_factor = |x: u64| (2..=x).find(|p| x.is_multiple_of(*p)).unwrap();
        let odd_primes: Vec<u64> = (3..300).filter(|&p| least_factor(p) == p).collect();
        for (x, &g) in values.iter().enumerate().skip(1) {
            let x = x as u64;
            let want = match x {
                1 => 1,
                _ if x.is_multiple_of(2) => 0,
                _ => odd_primes.iter().position(|&p| p == least_factor(x)).unwrap() as u64 + 2,
            };
            assert_eq!(g, want, "G({x})");
        }
    }

    #[test]
    fn the_rust_rules_equal_the_script() {
        let mut rust = Computed::new("k", Kayles, ComputeLimits::default()).unwrap();
        rust.fill(300).unwrap();
        assert_eq!(values(KAYLES, 300), rust.values());
    }

    #[test]
    fn bad_scripts_are_refused_with_where_and_why() {
        let invalid = |source: &str| match load(source) {
            Err(ScriptError::Invalid { at, message }) => (at, message),
            other => panic!("{source}: {other:?}"),
        };
        assert_eq!(invalid("fn options(n) {\n  let r = [;\n}").0, Some((2, 12)));
        assert!(invalid("fn moves(n) { [] }").1.contains("no `fn options(p)`"));
        assert!(invalid("const DIMENSION = 9;\nfn options(p) { [] }").1.contains("from 1 to 8"));
        assert!(invalid("fn options(n) { eval(\"1\") }").0.is_some(), "eval is not there");

        let failure = |source: &str, len: u64| {
            let mut game = Computed::new("s", load(source).unwrap(), ComputeLimits::default()).unwrap();
            game.fill(len).unwrap_err().to_string()
        };
        assert!(failure("fn options(n) { [[n]] }", 3).contains("heap 0 has the option [0]"));
        assert!(
            failure("fn options(n) { [[\"a\"]] }", 3).contains("\"a\" as heap 1 of option 1")
                || failure("fn options(n) { [[\"a\"]] }", 3).contains("a as heap 1 of option 1")
        );
        assert!(failure("fn options(n) { [[-1]] }", 3).contains("-1 as heap 1 of option 1, not a heap size"));
        assert!(failure("fn options(n) {\n  let a = [1];\n  a[5]\n}", 3).contains("line 3"));
        assert!(failure("fn options(n) { loop { } }", 1).contains("operations (a loop without end?)"));
        assert!(
            failure("fn f(n) { f(n + 1) }\nfn options(n) { f(n) }", 1)
                .contains(&format!("nested deeper than {MAX_CALL_LEVELS}"))
        );
        let cycle = "const DIMENSION = 2;\nfn options(p) { [[[p[1], p[0]]]] }";
        assert!(failure(cycle, 0).contains("can be reached from itself"));

        // Each position's number must fit a script's integers.
        let mut game =
            Computed::new("s", load(KAYLES).unwrap(), ComputeLimits { max_heap: u64::MAX, ..ComputeLimits::default() })
                .unwrap();
        let _ = game.value(&[3]);
        let big =
            Computed::new("t", load("const DIMENSION = 1;\nfn options(p) { [] }").unwrap(), ComputeLimits::default());
        let e = big.unwrap().value(&[u64::MAX]).unwrap_err().to_string();
        assert!(e.contains("past the largest integer a script holds"), "{e}");
    }

    #[test]
    fn a_script_past_its_time_or_stopped_ends_with_that_error() {
        let source = "fn options(n) { let x = 0; loop { x += 1; } }";
        let limits = ScriptLimits {
            deadline: Some(std::time::Instant::now() + std::time::Duration::from_millis(200)),
            max_time: Some(std::time::Duration::from_millis(200)),
            ..ScriptLimits::default()
        };
        let start = std::time::Instant::now();
        let script = Script::load(source, limits).unwrap();
        let mut game = Computed::new("s", script, ComputeLimits::default()).unwrap();
        let e = game.fill(3).unwrap_err().to_string();
        assert!(e.contains("the time bound of 0.2 s was reached"), "{e}");
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        let limits = ScriptLimits { stop: Some(std::sync::Arc::new(|| true)), ..ScriptLimits::default() };
        let mut game = Computed::new("s", Script::load(KAYLES, limits).unwrap(), ComputeLimits::default()).unwrap();
        assert!(game.fill(3).unwrap_err().to_string().contains("interrupted"));
    }
}
