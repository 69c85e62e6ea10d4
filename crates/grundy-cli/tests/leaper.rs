//! Any leaper from the command line: `--moves` on `analyze`, `sg`, `generate`, `knights` and
//! `verify`, against a mex-by-definition oracle written here (memoised recursion, no code shared
//! with the crate), far cells checked by the recurrence with values from the binary itself.

use crate::common::{LeaperMex, Rng};
use crate::run::{grundy, spawn_grundy, stderr, stdout};

const HYPER_KNIGHT: &str = "(-2,1) (-3,-1) (-2,-1) (-1,-2) (-1,-3) (1,-2)";
const KING_ISH: &str = "(-1,0) (0,-1) (-1,-1)";
const FOUR_KNIGHT: &str = "(-2,1) (-2,-1) (1,-2) (-1,-2)";
/// No closed form to be seen (a cone without visible period).
const TURBULENT: &str = "(-4,-3) (-4,2) (-3,-2) (-3,1) (-2,-4) (-1,-4) (-1,-1)";
/// Certified sets with other potentials than x + y: 2x + 5y and 3x + y.
const SLANTED: &[&str] = &["(-3,1) (2,-1)", "(0,-1) (-1,2) (-2,-1)"];

/// The moves of `"(dx,dy) ..."`, parsed here independently of the crate.
fn moves_of(text: &str) -> Vec<(i64, i64)> {
    text.split(')')
        .filter(|p| p.contains('('))
        .map(|p| {
            let inner = p.trim_start_matches([' ', ',']).trim_start_matches('(');
            let (a, b) = inner.split_once(',').expect("a pair");
            (a.trim().parse().unwrap(), b.trim().parse().unwrap())
        })
        .collect()
}

/// `grundy sg --moves M [extra] X Y ...`: the values, or the failed run.
fn sg(moves: &str, extra: &[&str], cells: &[(u64, u64)]) -> Result<Vec<u64>, std::process::Output> {
    let coords: Vec<String> = cells.iter().flat_map(|&(x, y)| [x.to_string(), y.to_string()]).collect();
    let mut args = vec!["sg", "--moves", moves];
    args.extend_from_slice(extra);
    args.extend(coords.iter().map(String::as_str));
    let out = grundy(&args, b"");
    if !out.status.success() {
        return Err(out);
    }
    let values: Vec<u64> = stdout(&out).lines().map(|l| l.parse().unwrap()).collect();
    assert_eq!(values.len(), cells.len(), "one line per pair");
    Ok(values)
}

fn analyze_json(moves: &str, extra: &[&str]) -> serde_json::Value {
    let mut args = vec!["analyze", "--json", "--moves", moves];
    args.extend_from_slice(extra);
    let out = grundy(&args, b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let text = stdout(&out);
    assert_eq!(text.lines().count(), 1, "one JSON object: {text}");
    serde_json::from_str(text).expect("JSON")
}

#[test]
fn analyze_json_certifies_the_named_sets() {
    for moves in [HYPER_KNIGHT, KING_ISH, FOUR_KNIGHT] {
        let v = analyze_json(moves, &[]);
        assert_eq!(v["closed_form"]["status"], "certified", "{moves}: {v}");
        assert_eq!(v["potential"], serde_json::json!([1, 1]), "{moves}");
        assert_eq!(v["symmetric"], true, "{moves}");
        assert!(v["closed_form"]["certificate"]["cells"].as_u64().unwrap() > 0, "{v}");
        assert!(v["closed_form"]["strips"].as_array().unwrap().len() >= 2, "{v}");
        assert_eq!(
            v["closed_form"]["sectors"].as_array().unwrap().len() + 1,
            v["closed_form"]["strips"].as_array().unwrap().len()
        );
    }
    // Without --moves: the hyper knight.
    assert_eq!(analyze_json(HYPER_KNIGHT, &[])["closed_form"], {
        let out = grundy(&["analyze", "--json"], b"");
        serde_json::from_str::<serde_json::Value>(stdout(&out)).unwrap()["closed_form"].clone()
    });
}

/// A closed form rebuilt from `analyze --json` alone, evaluated by the rule of docs/analyze.md
/// (written here, sharing no code with the crate).
struct Rebuilt {
    /// `core[x][y]`.
    core: Vec<Vec<u64>>,
    strips: Vec<RebuiltStrip>,
    sectors: Vec<RebuiltSector>,
}

struct RebuiltStrip {
    /// The offset of a cell is `p·y - q·x`.
    p: i128,
    q: i128,
    /// The band `lo..=hi`, or none (a plain boundary).
    band: Option<(i128, i128)>,
    /// An empty strip's boundary: a cell whose offset is at least this is past it.
    boundary: i128,
    /// The phase is `x mod phase_len` (else `y mod phase_len`).
    by_x: bool,
    phase_len: i128,
    /// `pattern[offset - lo][phase]`.
    pattern: Vec<Vec<u64>>,
}

struct RebuiltSector {
    /// The lattice basis `(a, 0), (b, d)`.
    a: i128,
    b: i128,
    d: i128,
    /// `pattern[y mod d][xs]`.
    pattern: Vec<Vec<u64>>,
}

impl Rebuilt {
    fn from_json(form: &serde_json::Value) -> Rebuilt {
        let int = |v: &serde_json::Value| v.as_i64().unwrap_or_else(|| panic!("an integer: {v}")) as i128;
        let rows = |v: &serde_json::Value| -> Vec<Vec<u64>> {
            v.as_array()
                .unwrap()
                .iter()
                .map(|r| r.as_array().unwrap().iter().map(|g| g.as_u64().unwrap()).collect())
                .collect()
        };
        let strips = form["strips"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                let offsets = s["offsets"].as_array().unwrap();
                let band = match offsets.as_slice() {
                    [] => None,
                    [lo, hi] => Some((int(lo), int(hi))),
                    other => panic!("offsets {other:?}"),
                };
                assert_eq!(band.is_none(), s.get("boundary").is_some(), "a boundary exactly for an empty strip: {s}");
                RebuiltStrip {
                    p: int(&s["direction"][0]),
                    q: int(&s["direction"][1]),
                    band,
                    boundary: s.get("boundary").map_or(0, int),
                    by_x: s["phase"]["of"] == "x",
                    phase_len: int(&s["phase"]["length"]),
                    pattern: rows(&s["pattern"]),
                }
            })
            .collect();
        let sectors = form["sectors"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| {
                assert_eq!(s["basis"][0][1], 0, "{s}");
                RebuiltSector {
                    a: int(&s["basis"][0][0]),
                    b: int(&s["basis"][1][0]),
                    d: int(&s["basis"][1][1]),
                    pattern: rows(&s["pattern"]),
                }
            })
            .collect();
        Rebuilt { core: rows(&form["core"]), strips, sectors }
    }

    fn g(&self, x: u64, y: u64) -> u64 {
        let (x, y) = (i128::from(x), i128::from(y));
        let c = self.core.len() as i128;
        if x < c && y < c {
            return self.core[x as usize][y as usize];
        }
        let offset = |s: &RebuiltStrip| s.p * y - s.q * x;
        let past = |s: &RebuiltStrip| match s.band {
            Some((_, hi)) => offset(s) > hi,
            None => offset(s) >= s.boundary,
        };
        let last = self.strips.len() - 1;
        let i = self.strips.iter().filter(|s| past(s)).count().min(last);
        let strip = &self.strips[i];
        let n = offset(strip);
        if let Some((lo, hi)) = strip.band
            && (lo..=hi).contains(&n)
        {
            let phase = if strip.by_x { x } else { y }.rem_euclid(strip.phase_len);
            return strip.pattern[(n - lo) as usize][phase as usize];
        }
        let k = if past(strip) { i.min(last - 1) } else { i - 1 };
        let s = &self.sectors[k];
        let ys = y.rem_euclid(s.d);
        let xs = (x - (y - ys) / s.d * s.b).rem_euclid(s.a);
        s.pattern[ys as usize][xs as usize]
    }
}

/// `analyze --json` carries the whole form: rebuilt from the JSON alone, it gives the values
/// `sg` prints, near the origin and far away.
#[test]
fn the_json_form_rebuilt_gives_the_values_of_sg() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let mut next = || rng.next();
    for moves in [HYPER_KNIGHT, KING_ISH, FOUR_KNIGHT, "(-1,0)"].iter().chain(SLANTED) {
        let v = analyze_json(moves, &[]);
        let form = &v["closed_form"];
        assert_eq!(form["status"], "certified", "{moves}");
        let rebuilt = Rebuilt::from_json(form);
        let size = form["core_size"].as_u64().unwrap() as usize;
        assert_eq!(rebuilt.core.len(), size, "{moves}");
        assert!(rebuilt.core.iter().all(|row| row.len() == size), "{moves}");
        let mut cells = triangle(24);
        cells.extend((0..200).map(|k| match k % 3 {
            0 => (next() >> 1, next() >> 1),
            1 => (next() % 100, next() >> 1),
            _ => (next() >> 1, next() % 100),
        }));
        let values = sg(moves, &["--bound", "6"], &cells).unwrap_or_else(|o| panic!("{moves}: {}", stderr(&o)));
        for (&(x, y), &g) in cells.iter().zip(&values) {
            assert_eq!(rebuilt.g(x, y), g, "{moves}: g({x}, {y})");
        }
    }
}

/// Empty parts read as empty: no core is `core: none` (`"core": []`), an empty strip is
/// `"offsets": []` with its boundary; a core and a band are given as they are.
#[test]
fn empty_parts_of_a_form_read_as_empty() {
    let out = grundy(&["analyze", "--moves", FOUR_KNIGHT], b"");
    let text = stdout(&out);
    assert!(text.contains("\ncore: none\n") && !text.contains("x, y < 0"), "{text}");
    assert!(stdout(&grundy(&["analyze"], b"")).contains("\ncore: x, y < 38\n"));
    let form = analyze_json(FOUR_KNIGHT, &[])["closed_form"].clone();
    assert_eq!((form["core_size"].clone(), form["core"].clone()), (serde_json::json!(0), serde_json::json!([])));
    let strips = form["strips"].as_array().unwrap();
    let (x_axis, diagonal) = (&strips[0], &strips[1]);
    assert_eq!(x_axis["offsets"], serde_json::json!([]), "{x_axis}");
    assert_eq!((x_axis["boundary"].clone(), x_axis["width"].clone()), (serde_json::json!(0), serde_json::json!(0)));
    assert_eq!(diagonal["offsets"], serde_json::json!([-1, 1]), "{diagonal}");
    assert!(diagonal.get("boundary").is_none() && x_axis.get("lo").is_none(), "{diagonal}");
}

#[test]
fn analyze_says_why_the_turbulent_set_has_no_form() {
    let v = analyze_json(TURBULENT, &[]);
    assert_eq!(v["closed_form"]["status"], "not_found", "{v}");
    assert_eq!(v["symmetric"], false);
    assert!(!v["closed_form"]["reason"].as_str().unwrap().is_empty());
    // The evidence: distinct windows grow with the band's area.
    let windows = v["closed_form"]["windows"].as_array().unwrap();
    let distinct: Vec<u64> = windows.iter().map(|w| w["distinct"].as_u64().unwrap()).collect();
    assert!(distinct.windows(2).all(|w| w[0] < w[1]), "{v}");
    // The text report names it too.
    let out = grundy(&["analyze", "--moves", TURBULENT, "--max-cells", "1048576"], b"");
    assert!(out.status.success());
    assert!(stdout(&out).contains("no closed form found"), "{}", stdout(&out));
}

/// A long search says each of its steps on standard error as it starts them (a triangle of 2^25
/// cells or more at once), with nothing on standard output before the report. The run is stopped
/// once the line is there: the step it announces alone takes most of a minute in a test build
/// (the report of this set is `analyze_says_why_the_turbulent_set_has_no_form`'s).
#[test]
fn a_long_search_says_its_steps() {
    use std::io::BufRead;
    let mut child = spawn_grundy(&["analyze", "--moves", TURBULENT, "--max-cells", "2^26"]);
    let wanted = format!("grundy: moves {TURBULENT}: looking for a closed form in the triangle of potential 11584");
    let mut said = String::new();
    let stderr = std::io::BufReader::new(child.stderr.take().expect("piped"));
    let found = stderr.lines().map_while(Result::ok).any(|line| {
        said += &line;
        said.push('\n');
        line.starts_with(&wanted)
    });
    child.kill().expect("kill grundy");
    let out = child.wait_with_output().expect("wait for grundy");
    assert!(found, "{said}");
    assert!(out.stdout.is_empty(), "{}", String::from_utf8_lossy(&out.stdout));
}

/// A candidate whose proof would pass `--max-proof-cells` is `not_found`, saying so (and without
/// window counts: there was a candidate); `verify` under the same limit exits 4; a limit that is
/// not a positive whole number is exit 2.
#[test]
fn a_proof_over_its_limit_is_not_found_and_says_so() {
    let v = analyze_json(FOUR_KNIGHT, &["--max-proof-cells", "100"]);
    assert_eq!(v["closed_form"]["status"], "not_found", "{v}");
    let reason = v["closed_form"]["reason"].as_str().unwrap();
    assert!(reason.contains("could not be proven") && reason.contains("more than 100 cells"), "{v}");
    assert!(v["closed_form"].get("windows").is_none(), "{v}");
    assert_eq!(analyze_json(FOUR_KNIGHT, &["--max-proof-cells", "1000"])["closed_form"]["status"], "certified");
    let out = grundy(&["verify", "--moves", FOUR_KNIGHT, "--max-proof-cells", "100"], b"");
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    assert!(stderr(&out).contains("NOT proven"), "{}", stderr(&out));
    for bad in ["0", "-1", "x", "1099511627777"] {
        let flag = format!("--max-proof-cells={bad}");
        let out = grundy(&["analyze", "--moves", FOUR_KNIGHT, &flag], b"");
        assert_eq!(out.status.code(), Some(2), "{bad}: {}", stderr(&out));
        assert!(stderr(&out).contains("--max-proof-cells"), "{bad}: {}", stderr(&out));
    }
}

/// All cells with `x + y <= s`.
fn triangle(s: u64) -> Vec<(u64, u64)> {
    (0..=s).flat_map(|t| (0..=t).map(move |x| (x, t - x))).collect()
}

/// The far cells whose values are checked by the recurrence, with their targets.
fn far_cells(moves: &[(i64, i64)]) -> Vec<(u64, u64)> {
    let mut cells = Vec::new();
    for (x, y) in [
        (1_000_000_000_000_000u64, 7u64),
        (3, 999_999_999_999_999),
        (1_000_000_000_000_000, 2_000_000_000_000_003),
        (1_234_567_890_123_457, 1_234_567_890_123_451),
        ((1 << 62) + 5, 1 << 61),
        (9_223_372_036_854_775_700, 9_223_372_036_854_775_707),
    ] {
        cells.push((x, y));
        for &(dx, dy) in moves {
            cells.push((x.checked_add_signed(dx).unwrap(), y.checked_add_signed(dy).unwrap()));
        }
    }
    cells
}

fn check_certified(moves: &str) {
    let mut oracle = LeaperMex::new(moves_of(moves));
    // A square of 6: nearly every cell of the triangle comes from the closed form.
    let cells = triangle(90);
    let values = sg(moves, &["--bound", "6"], &cells).unwrap_or_else(|o| panic!("{moves}: {}", stderr(&o)));
    for (&(x, y), &v) in cells.iter().zip(&values) {
        assert_eq!(v, oracle.g(x as i64, y as i64), "{moves}: g({x}, {y})");
    }
    let ms = moves_of(moves);
    let far = far_cells(&ms);
    let values = sg(moves, &["--bound", "6"], &far).unwrap_or_else(|o| panic!("{moves}: {}", stderr(&o)));
    for (chunk, cells) in values.chunks(ms.len() + 1).zip(far.chunks(ms.len() + 1)) {
        let mex = (0..).find(|v| !chunk[1..].contains(v)).unwrap();
        assert_eq!(chunk[0], mex, "{moves}: g{:?} is not the mex of its targets", cells[0]);
    }
}

#[test]
fn sg_moves_agrees_with_the_definition_near_and_far() {
    for moves in [HYPER_KNIGHT, KING_ISH, FOUR_KNIGHT, "(-1,-2) (-2,-1)"].iter().chain(SLANTED) {
        check_certified(moves);
    }
}

#[test]
fn sg_moves_on_random_sets() {
    // Random sets of 2-5 moves with |d| <= 3 and dx + dy < 0; certified or not, the square
    // agrees with the oracle, and a certified form also at far cells.
    let mut seed = 0x2545_f491_4f6c_dd1du64;
    let mut next = |n: u64| {
        seed ^= seed << 13;
        seed ^= seed >> 7;
        seed ^= seed << 17;
        seed % n
    };
    for _ in 0..4 {
        let mut moves: Vec<(i64, i64)> = Vec::new();
        let k = 2 + next(4);
        while (moves.len() as u64) < k {
            let m = (next(7) as i64 - 3, next(7) as i64 - 3);
            if m.0 + m.1 < 0 && !moves.contains(&m) {
                moves.push(m);
            }
        }
        let text: Vec<String> = moves.iter().map(|(a, b)| format!("({a},{b})")).collect();
        let text = text.join(" ");
        let status = analyze_json(&text, &["--max-cells", "4194304"])["closed_form"]["status"].clone();
        if status == "certified" {
            check_certified(&text);
        } else {
            let mut oracle = LeaperMex::new(moves_of(&text));
            let cells: Vec<(u64, u64)> = (0..30).flat_map(|x| (0..30).map(move |y| (x, y))).collect();
            let values = sg(&text, &["--bound", "30", "--max-cells", "4194304"], &cells).unwrap();
            for (&(x, y), &v) in cells.iter().zip(&values) {
                assert_eq!(v, oracle.g(x as i64, y as i64), "{text}: g({x}, {y})");
            }
        }
    }
}

#[test]
fn beyond_the_square_without_a_form_is_exit_2_naming_the_bound() {
    let quick = ["--bound", "20", "--max-cells", "1048576"];
    let mut oracle = LeaperMex::new(moves_of(TURBULENT));
    let values = sg(TURBULENT, &quick, &[(19, 19), (0, 0), (7, 3)]).unwrap();
    assert_eq!(values, [oracle.g(19, 19), oracle.g(0, 0), oracle.g(7, 3)]);
    // The cell, the square, and the --bound that holds it.
    for (cell, need) in [((20, 0), 21), ((0, 20), 21), ((1_000_000, 3), 1_000_001)] {
        let out = sg(TURBULENT, &quick, &[(1, 1), cell]).unwrap_err();
        assert_eq!(out.status.code(), Some(2), "{cell:?}");
        assert_eq!(stdout(&out), "", "no partial answer");
        let err = stderr(&out);
        let (x, y) = cell;
        assert!(err.contains(&format!("({x}, {y}) is outside the 20 x 20 square")), "{err}");
        assert!(err.contains("no proven closed form"), "{err}");
        assert!(err.contains("--bound N computes a larger square"), "{err}");
        if need <= 8192 {
            assert!(err.contains(&format!("N >= {need} holds this cell")), "{err}");
        } else {
            assert!(err.contains("no square holds it"), "{err}");
        }
    }
    // The judge on a square computed for --moves names --bound; on a blob, generate.
    let knights = ["knights", "--moves", TURBULENT, "--bound", "20", "--max-cells", "1048576"];
    let out = grundy(&knights, b"1\n2\n1 1\n3 25\n");
    assert_eq!(out.status.code(), Some(2), "{}", stderr(&out));
    let err = stderr(&out);
    assert!(err.starts_with("grundy: line 4, column 3: y of knight 2 of case 1 is 25, outside"), "{err}");
    assert!(err.contains("20 x 20 square") && err.contains("--bound N computes a larger square"), "{err}");
    // An odd number of coordinates, one or three.
    for coordinates in [&["5"][..], &["1", "2", "3"]] {
        let mut args = vec!["sg", "--moves", KING_ISH];
        args.extend_from_slice(coordinates);
        let out = grundy(&args, b"");
        assert_eq!(out.status.code(), Some(2));
        let expected = format!("an odd number of coordinates ({}): give X Y pairs", coordinates.len());
        assert!(stderr(&out).contains(&expected), "{}", stderr(&out));
    }
    let out = grundy(&["sg", "5"], b"");
    assert!(stderr(&out).contains("an odd number of coordinates (1)"), "{}", stderr(&out));
}

#[test]
fn bad_moves_are_exit_2_with_a_reason_on_every_command() {
    let many: Vec<String> = (1..=64).map(|k| format!("(-{k},0)")).collect();
    let many = many.join(" ");
    let catalogue: &[(&str, &str)] = &[
        ("(-1,0", "unbalanced"),
        ("-1,0)", "expected '('"),
        ("(-1,0))", "unbalanced ')'"),
        ("(a,0)", "expected an integer"),
        ("(1.5,0)", "expected ','"),
        ("(-1,0) (0,0)", "(0,0) is not a move"),
        ("(-1,0) (-1,0)", "listed twice"),
        ("(-1,0) (1,0)", "no positive potential"),
        ("(-1,1) (1,-1)", "no positive potential"),
        ("(-99,0)", "longer than"),
        // At and past -2^31 (the absolute value must not overflow).
        ("(-2147483648,1)", "longer than"),
        ("(-4294967296,0)", "longer than"),
        ("(-9223372036854775808,-1)", "longer than"),
        ("(-1,-2147483648)", "longer than"),
        ("", "empty"),
        (many.as_str(), "at most 63"),
    ];
    let commands: &[&[&str]] =
        &[&["analyze"], &["sg", "1", "2"], &["generate", "-o", "/nonexistent/x.sgt"], &["knights"], &["verify"]];
    for &(moves, reason) in catalogue {
        for command in commands {
            let mut args = vec![command[0], "--moves", moves];
            args.extend_from_slice(&command[1..]);
            let out = grundy(&args, b"1\n1\n0 0\n");
            let err = stderr(&out);
            assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
            assert!(err.contains(reason), "{args:?}: {err}");
            assert!(!err.contains("panicked"), "{args:?}: {err}");
            assert_eq!(stdout(&out), "", "{args:?}");
        }
    }
}

#[test]
fn generate_then_knights_and_verify_from_the_blob() {
    let dir = std::env::temp_dir().join(format!("grundy-cli-leaper-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut oracle = LeaperMex::new(moves_of(FOUR_KNIGHT));
    let far = 1_000_000_000_000_000u64;
    let far_value = sg(FOUR_KNIGHT, &[], &[(far, far + 1)]).unwrap()[0];
    let input = format!("3\n2\n3 4\n5 5\n1\n7 0\n2\n2 9\n{far} {}\n", far + 1);
    let expected: String = [oracle.g(3, 4) ^ oracle.g(5, 5), oracle.g(7, 0), oracle.g(2, 9) ^ far_value]
        .iter()
        .enumerate()
        .map(|(i, &x)| format!("Case {}: {}\n", i + 1, if x != 0 { "Alice" } else { "Bob" }))
        .collect();

    let blob = dir.join("four.sgt");
    let blob = blob.to_str().unwrap();
    let out = grundy(&["generate", "--moves", FOUR_KNIGHT, "--bound", "10", "-o", blob], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = grundy(&["inspect", blob], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("LeaperForm"), "{}", stdout(&out));

    for args in [
        vec!["knights", "--table", blob],
        vec!["knights", "--moves", FOUR_KNIGHT, "--table", blob],
        vec!["knights", "--moves", FOUR_KNIGHT],
        vec!["knights", "--moves", FOUR_KNIGHT, "--bound", "3"],
    ] {
        let out = grundy(&args, input.as_bytes());
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stdout(&out), expected, "{args:?}");
        // A note that the game is not the hyper knight only when --moves did not say so.
        let noted = stderr(&out).contains("is not the hyper knight's");
        assert_eq!(noted, !args.contains(&"--moves"), "{args:?}: {}", stderr(&out));
    }
    // --moves must match the blob's move set.
    let out = grundy(&["knights", "--moves", KING_ISH, "--table", blob], input.as_bytes());
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("not --moves"), "{}", stderr(&out));

    let out = grundy(&["verify", "--table", blob], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("proven equal to the Grundy function on all of N^2"), "{}", stdout(&out));
    let out = grundy(&["verify", "--moves", FOUR_KNIGHT], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    // A potential other than x + y: inspect recomputes its square by the leaper sweep.
    let slanted = dir.join("slanted.sgt");
    let slanted = slanted.to_str().unwrap();
    let out = grundy(&["generate", "--moves", SLANTED[0], "--bound", "16", "-o", slanted], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    let out = grundy(&["inspect", slanted], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(stdout(&out).contains("all 256 cells equal"), "{}", stdout(&out));

    // An uncertified set: the blob holds the square only; the judge refuses beyond it.
    let turbulent = dir.join("turbulent.sgt");
    let turbulent = turbulent.to_str().unwrap();
    let out =
        grundy(&["generate", "--moves", TURBULENT, "--bound", "12", "--max-cells", "1048576", "-o", turbulent], b"");
    assert!(out.status.success(), "{}", stderr(&out));
    assert!(!stdout(&grundy(&["inspect", turbulent], b"")).contains("LeaperForm"));
    let out = grundy(&["knights", "--table", turbulent], b"1\n1\n12 0\n");
    assert_eq!(out.status.code(), Some(2));
    assert!(stderr(&out).contains("below 12"), "{}", stderr(&out));
    assert!(stderr(&out).contains("`grundy generate --moves M --bound N -o FILE` writes"), "{}", stderr(&out));
    let out = grundy(&["verify", "--table", turbulent], b"");
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    let out = grundy(&["verify", "--moves", TURBULENT, "--max-cells", "1048576"], b"");
    assert_eq!(out.status.code(), Some(4), "{}", stderr(&out));
    std::fs::remove_dir_all(&dir).unwrap();
}
