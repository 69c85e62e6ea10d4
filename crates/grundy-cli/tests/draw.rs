//! `grundy draw`: the pictures decode, their cells have their values' colours, the SVG is XML
//! with one element per legend entry, and bad arguments are clear errors.

use std::collections::{BTreeMap, BTreeSet};
use std::path::{Path, PathBuf};

use grundy_core::leaper::MoveSet;
use grundy_core::leaper::Triangle;

use crate::run::{Bin, Stdin, grundy, run, stderr, stdout};

/// The documented palette of values 0 to 7 (Okabe and Ito's colours).
const PALETTE: [[u8; 3]; 8] = [
    [0x00, 0x00, 0x00],
    [0xE6, 0x9F, 0x00],
    [0x56, 0xB4, 0xE9],
    [0x00, 0x9E, 0x73],
    [0xF0, 0xE4, 0x42],
    [0x00, 0x72, 0xB2],
    [0xD5, 0x5E, 0x00],
    [0xCC, 0x79, 0xA7],
];
const HYPER: &str = "(-2,1) (-3,-1) (-2,-1) (-1,-2) (-1,-3) (1,-2)";

fn dir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("grundy-draw-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A decoded PNG: size, RGB pixels and its text chunks.
struct Png {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
    text: BTreeMap<String, String>,
}

impl Png {
    fn read(path: &Path) -> Png {
        let file = std::io::BufReader::new(std::fs::File::open(path).unwrap());
        let mut reader = png::Decoder::new(file).read_info().unwrap();
        let mut pixels = vec![0; reader.output_buffer_size().unwrap()];
        let frame = reader.next_frame(&mut pixels).unwrap();
        assert_eq!((frame.color_type, frame.bit_depth), (png::ColorType::Rgb, png::BitDepth::Eight));
        let text = reader.info().uncompressed_latin1_text.iter().map(|t| (t.keyword.clone(), t.text.clone())).collect();
        Png { width: frame.width, height: frame.height, pixels, text }
    }

    fn at(&self, x: u32, y: u32) -> [u8; 3] {
        let i = (y as usize * self.width as usize + x as usize) * 3;
        [self.pixels[i], self.pixels[i + 1], self.pixels[i + 2]]
    }

    /// `left top cell rows cols` from the `grundy-grid` chunk.
    fn grid(&self) -> [u32; 5] {
        let v: Vec<u32> = self.text["grundy-grid"].split(' ').map(|s| s.parse().unwrap()).collect();
        v.try_into().unwrap()
    }

    /// Legend entries: label and swatch centre.
    fn legend(&self) -> Vec<(String, (u32, u32))> {
        self.text["grundy-legend"]
            .split(';')
            .map(|e| {
                let (label, at) = e.split_once('=').unwrap();
                let (x, y) = at.split_once(',').unwrap();
                (label.to_string(), (x.parse().unwrap(), y.parse().unwrap()))
            })
            .collect()
    }
}

fn values(moves: &str, n: u64) -> Vec<u8> {
    Triangle::for_square(&MoveSet::parse(moves).unwrap(), n).square(n)
}

fn ok(args: &[&str]) {
    let o = grundy(args, "");
    assert!(o.status.success(), "grundy {args:?}: {}", stderr(&o));
}

/// A number attribute of an SVG element.
fn attr(n: &roxmltree::Node, a: &str) -> f64 {
    n.attribute(a).unwrap().parse::<f64>().unwrap()
}

/// The vertical lines of an SVG, as `(x1, x2)`.
fn vertical_lines(doc: &roxmltree::Document) -> Vec<(f64, f64)> {
    doc.descendants()
        .filter(|n| n.has_tag_name("line"))
        .map(|n| (attr(&n, "x1"), attr(&n, "x2")))
        .filter(|(a, b)| a == b)
        .collect()
}

#[test]
fn every_cell_of_the_png_has_its_values_colour() {
    let d = dir("png");
    let path = d.join("hyper.png");
    ok(&["draw", "--size", "60", "--scale", "5", "--no-overlay", "-o", path.to_str().unwrap()]);
    let png = Png::read(&path);
    let [left, top, cell, rows, cols] = png.grid();
    assert_eq!((cell, rows, cols), (5, 60, 60));
    assert!(png.width >= left + 60 * 5 && png.height >= top + 60 * 5);
    let vals = values(HYPER, 60);
    for x in 0..60u32 {
        for y in 0..60u32 {
            let v = vals[(x * 60 + y) as usize];
            for (dx, dy) in [(0, 0), (cell - 1, cell - 1), (cell / 2, cell / 2)] {
                let got = png.at(left + y * cell + dx, top + x * cell + dy);
                assert_eq!(got, PALETTE[usize::from(v)], "cell ({x}, {y}) of value {v}");
            }
        }
    }
    // One legend entry per value that occurs, its swatch in the value's colour.
    let distinct: BTreeSet<u8> = vals.iter().copied().collect();
    let legend = png.legend();
    assert_eq!(legend.len(), distinct.len());
    for ((label, (x, y)), v) in legend.iter().zip(&distinct) {
        assert_eq!(label, &v.to_string());
        assert_eq!(png.at(*x, *y), PALETTE[usize::from(*v)], "legend entry {label}");
    }
}

#[test]
fn the_overlay_draws_the_core_and_keeps_the_cells_inside_it() {
    let d = dir("overlay");
    let path = d.join("hyper.png");
    ok(&["draw", "--size", "60", "--scale", "6", "-o", path.to_str().unwrap()]);
    let png = Png::read(&path);
    let [left, top, cell, ..] = png.grid();
    // The hyper knight's core is x, y < 38: its edge is white, cells well inside keep their colour.
    let vals = values(HYPER, 60);
    assert_eq!(png.at(left + 19 * cell + 2, top + 38 * cell), [255, 255, 255], "the core's lower edge");
    assert_eq!(png.at(left + 38 * cell, top + 19 * cell + 2), [255, 255, 255], "the core's right edge");
    for x in 0..36u32 {
        for y in 0..36u32 {
            let v = vals[(x * 60 + y) as usize];
            assert_eq!(png.at(left + y * cell + cell / 2, top + x * cell + cell / 2), PALETTE[usize::from(v)]);
        }
    }
    // The key names the certified form's parts.
    let legend = png.legend();
    assert!(legend.iter().any(|(l, _)| l == "core: x, y < 38"), "{legend:?}");
}

#[test]
fn the_svg_is_xml_with_a_legend_entry_per_value_and_every_cell() {
    let d = dir("svg");
    for (moves, n) in [(HYPER, 50u64), ("(-1,-2) (-2,-1)", 30), ("(-3,1) (1,-2) (-1,-1)", 40)] {
        let path = d.join("t.svg");
        ok(&["draw", "--moves", moves, "--size", &n.to_string(), "-o", path.to_str().unwrap()]);
        let text = std::fs::read_to_string(&path).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let root = doc.root_element();
        assert_eq!(root.tag_name().name(), "svg");
        assert_eq!(root.tag_name().namespace(), Some("http://www.w3.org/2000/svg"));
        let vals = values(moves, n);
        let distinct: BTreeSet<u8> = vals.iter().copied().collect();
        let entries: Vec<_> = doc
            .descendants()
            .filter(|e| e.attribute("class") == Some("legend-entry") && e.has_attribute("data-value"))
            .collect();
        assert_eq!(entries.len(), distinct.len(), "{moves}");
        for (e, v) in entries.iter().zip(&distinct) {
            assert_eq!(e.attribute("data-value"), Some(v.to_string().as_str()));
            let swatch = e.children().find(|c| c.tag_name().name() == "rect").unwrap();
            let c = PALETTE[usize::from(*v)];
            assert_eq!(swatch.attribute("fill").unwrap(), format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]));
        }
        // The cells: runs of rects covering every row, each in its values' colour.
        let cells = doc.descendants().find(|e| e.attribute("class") == Some("cells")).unwrap();
        let num = |name: &str| cells.attribute(name).unwrap().parse::<u64>().unwrap();
        let (left, top, cell) = (num("data-left"), num("data-top"), num("data-cell"));
        let mut covered = vec![false; (n * n) as usize];
        for r in cells.children().filter(|c| c.is_element()) {
            let a = |name: &str| r.attribute(name).unwrap().parse::<u64>().unwrap();
            let (x0, y0, w) = (a("x"), a("y"), a("width"));
            let row = (y0 - top) / cell;
            for col in (x0 - left) / cell..(x0 - left + w) / cell {
                let v = vals[(row * n + col) as usize];
                let c = PALETTE[usize::from(v)];
                assert_eq!(r.attribute("fill").unwrap(), format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2]));
                covered[(row * n + col) as usize] = true;
            }
        }
        assert!(covered.iter().all(|&c| c), "{moves}: every cell drawn");
    }
}

/// Mine colours, as documented.
const MINE: [u8; 3] = [40, 40, 40];
const NUMBER: [u8; 3] = [196, 196, 196];
const SHARED: [u8; 3] = [236, 72, 72];

#[test]
fn a_mine_board_shows_mines_numbers_regions_and_the_winning_click() {
    let d = dir("mine");
    // Case 1: the smallest board that breaks the promise; case 2: a 12 x 20 board.
    let mut input = String::from("2\n3 5 3\n0 0\n0 1\n2 3\n12 20 14\n");
    let mines: Vec<(usize, usize)> = (0..14).map(|i| ((i * 7 + 3) % 12, (i * 11 + 5) % 20)).collect();
    for (x, y) in &mines {
        input += &format!("{x} {y}\n");
    }
    let file = d.join("mine.in");
    std::fs::write(&file, &input).unwrap();
    let path = d.join("mine.png");
    ok(&["draw", "mine", file.to_str().unwrap(), "--case", "2", "--scale", "10", "-o", path.to_str().unwrap()]);
    let png = Png::read(&path);
    let [left, top, cell, rows, cols] = png.grid();
    assert_eq!((cell, rows, cols), (10, 12, 20));
    let mine = |r: usize, c: usize| mines.contains(&(r, c));
    let near = |r: usize, c: usize| {
        (r.saturating_sub(1)..=(r + 1).min(11)).any(|rr| (c.saturating_sub(1)..=(c + 1).min(19)).any(|cc| mine(rr, cc)))
    };
    // The winning click (from the library's solver) is ringed.
    let board = grundy::mine::Board::with_mines(12, 20, mines.iter().map(|&(x, y)| (x as u64, y as u64))).unwrap();
    let click = grundy::mine::Solver::new().explain(&board).unwrap().winning_move;
    let under_ring = |r: usize, c: usize| {
        click.is_some_and(|k| (r as i64 - k.row as i64).abs() <= 2 && (c as i64 - k.col as i64).abs() <= 2)
    };
    // The top left pixel of a cell (a number's digit is drawn in its middle).
    let colour = |r: usize, c: usize| png.at(left + c as u32 * cell + 1, top + r as u32 * cell + 1);
    for r in 0..12 {
        for c in 0..20 {
            if under_ring(r, c) {
                continue;
            }
            let got = colour(r, c);
            if mine(r, c) {
                assert_eq!(got, MINE, "mine ({r}, {c})");
            } else if near(r, c) {
                assert!(got == NUMBER || got == SHARED, "number ({r}, {c}): {got:?}");
            } else {
                assert!(got != MINE && got != NUMBER && got != SHARED, "blank ({r}, {c})");
                // 8-adjacent blanks are one region, one colour.
                for (rr, cc) in [(r + 1, c), (r, c + 1), (r + 1, c + 1)] {
                    if rr < 12 && cc < 20 && !near(rr, cc) && !mine(rr, cc) && !under_ring(rr, cc) {
                        assert_eq!(colour(rr, cc), got, "blanks ({r}, {c}) and ({rr}, {cc})");
                    }
                }
            }
        }
    }
    let legend = png.legend();
    let ring = [255, 0, 170];
    match click {
        Some(k) => {
            assert!(legend.iter().any(|(l, _)| l == &format!("winning click ({}, {})", k.row, k.col)), "{legend:?}");
            let (cx, cy) = (left + k.col as u32 * cell + cell / 2, top + k.row as u32 * cell + cell / 2);
            let hits = (cy.saturating_sub(14)..cy + 14)
                .flat_map(|y| (cx.saturating_sub(14)..cx + 14).map(move |x| (x, y)))
                .filter(|&(x, y)| x < png.width && y < png.height && png.at(x, y) == ring)
                .count();
            assert!(hits > 20, "the ring around the click: {hits} pixels");
        }
        None => assert!(legend.iter().any(|(l, _)| l == "no winning click")),
    }

    // Case 1 breaks the promise: its shared number (1, 2) is marked, its cluster outlined.
    let svg = d.join("mine.svg");
    ok(&["draw", "mine", file.to_str().unwrap(), "--case", "1", "-o", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let entries: Vec<String> = doc
        .descendants()
        .filter(|e| e.attribute("class") == Some("legend-entry"))
        .map(|e| e.descendants().find(|t| t.has_tag_name("text")).and_then(|t| t.text()).unwrap_or("").to_string())
        .collect();
    assert_eq!(entries.len(), 6, "{entries:?}");
    assert!(entries.contains(&"number touching two regions (1)".to_string()), "{entries:?}");
    assert!(entries.contains(&"cluster of linked regions (1)".to_string()), "{entries:?}");
    assert!(entries.contains(&"no winning click".to_string()), "{entries:?}");
}

/// `draw mine` reads its case as `grundy mine` reads it: on bad input it fails with the judge's
/// own message (line and column), from a file, from standard input redirected from the file and
/// through a pipe, and writes nothing.
#[test]
fn bad_mine_input_is_reported_as_by_the_judge() {
    let d = dir("judge-errors");
    // Name, input, the case drawn (the bad one, or one after it), where the judge says it is.
    #[rustfmt::skip]
    let cases: &[(&str, &[u8], &str, &str)] = &[
        ("byte-order mark", "\u{feff}1\n3 3 0\n".as_bytes(), "1", "line 1, column 1: expected T, the number of cases, found a UTF-8 byte-order mark"),
        ("bad token ending a line", b"1\n3 3 1\n1 1x\n", "1", "line 3, column 4: expected Y of mine 1 of case 1, found 'x'"),
        ("bad token alone at a line's end", b"1\n3 3 1\n1 y\n2 2\n", "1", "line 3, column 3: expected Y of mine 1 of case 1, found 'y'"),
        ("T not a number", b"two\n", "1", "line 1, column 1: expected T, the number of cases, found 't'"),
        ("input ends in a case", b"1\n3 3 2\n1 1\n", "1", "line 4, column 1: unexpected end of input: expected X of mine 2"),
        ("mine outside the board", b"2\n3 3 0\n3 4 1\n0 4\n", "2", "line 4, column 3: Y = 4 of mine 1 of case 2 is outside the board"),
        ("N = 0", b"1\n0 3 0\n", "1", "line 2, column 1: N, the number of rows of case 1 is 0"),
        ("2^32 cells", b"1\n4294967296 1 0\n", "1", "line 2, column 12: case 1: a 4294967296 x 1 board has"),
        ("a negative mine before the case", b"2\n3 3 1\n1 -1\n3 3 0\n", "2", "line 3, column 3: expected Y of mine 1 of case 1 as an unsigned number"),
    ];
    let out = d.join("bad.svg");
    let o = out.to_str().unwrap();
    for &(name, input, case, at) in cases {
        let file = d.join(format!("{}.in", name.replace([' ', '\'', '^'], "-")));
        std::fs::write(&file, input).unwrap();
        let f = file.to_str().unwrap();
        let judge = run(Bin::Grundy, &["mine", f], Stdin::Null);
        assert_eq!(judge.status.code(), Some(2), "{name}: {}", stderr(&judge));
        let expected = stderr(&judge);
        assert!(expected.starts_with(&format!("grundy: {at}")) && expected.lines().count() == 1, "{name}: {expected}");
        for (way, got) in [
            ("a file", run(Bin::Grundy, &["draw", "mine", f, "--case", case, "-o", o], Stdin::Null)),
            ("redirected", run(Bin::Grundy, &["draw", "mine", "--case", case, "-o", o], Stdin::File(&file))),
            ("a pipe", run(Bin::Grundy, &["draw", "mine", "-", "--case", case, "-o", o], Stdin::Pipe(input))),
        ] {
            assert_eq!(got.status.code(), Some(2), "{name} via {way}: {}", stderr(&got));
            assert_eq!(stderr(&got), expected, "{name} via {way}");
            assert!(!out.exists(), "{name} via {way}");
        }
    }
}

/// A board the solver refuses (here with a budget of 0) is drawn, its outcome unknown: neither a
/// winning click nor "no winning click"; standard error says it was not solved and why, and the
/// command ends with exit code 3, as `grundy mine` does.
#[test]
fn a_refused_board_is_drawn_with_its_outcome_unknown() {
    let d = dir("refused");
    let file = d.join("refused.in");
    // The smallest board that breaks the promise: one cluster, value 0 (no winning click).
    std::fs::write(&file, "1\n3 5 3\n0 0\n0 1\n2 3\n").unwrap();
    let f = file.to_str().unwrap();
    let legend_and_title = |args: &[&str], code: i32| {
        let svg = d.join("refused.svg");
        let mut all = vec!["draw", "mine", f, "-o", svg.to_str().unwrap()];
        all.extend(args);
        let out = grundy(&all, "");
        assert_eq!(out.status.code(), Some(code), "{}", stderr(&out));
        let text = std::fs::read_to_string(&svg).unwrap();
        let doc = roxmltree::Document::parse(&text).unwrap();
        let title = doc.descendants().find(|e| e.has_tag_name("title")).and_then(|t| t.text()).unwrap().to_string();
        let entries: Vec<String> = doc
            .descendants()
            .filter(|e| e.attribute("class") == Some("legend-entry"))
            .map(|e| e.descendants().find(|t| t.has_tag_name("text")).and_then(|t| t.text()).unwrap_or("").to_string())
            .collect();
        (title, entries, text, stderr(&out).to_string())
    };
    let (title, entries, svg, err) = legend_and_title(&["--max-states", "0"], 3);
    assert!(title.ends_with("not solved, outcome unknown"), "{title}");
    assert!(entries.contains(&"winning click unknown (not solved)".to_string()), "{entries:?}");
    assert!(!entries.iter().any(|e| e == "no winning click"), "{entries:?}");
    assert!(svg.contains("not solved: a cluster of 2 blank regions"), "the reason is in the picture");
    // Standard error: the picture was written, then why the case was not solved, and what to do.
    assert!(err.contains("grundy: wrote "), "{err}");
    assert!(err.contains("grundy: case 1 not solved (outcome unknown): a cluster of 2 blank regions"), "{err}");
    assert!(err.contains("--max-states N") && err.contains("--max-time SECONDS"), "{err}");
    // The regions and the cluster are drawn all the same.
    assert!(entries.contains(&"cluster of linked regions (1)".to_string()), "{entries:?}");
    // With the default budget the board is solved: value 0, no winning click, exit 0.
    let (title, entries, _, err) = legend_and_title(&[], 0);
    assert!(title.ends_with("value 0, Fanglaoshi wins"), "{title}");
    assert!(entries.contains(&"no winning click".to_string()), "{entries:?}");
    assert!(!err.contains("not solved"), "{err}");
    // The PNG says the same.
    let png = d.join("refused.png");
    let out = grundy(&["draw", "mine", f, "--max-states", "0", "-o", png.to_str().unwrap()], "");
    assert_eq!(out.status.code(), Some(3));
    assert!(Png::read(&png).legend().iter().any(|(l, _)| l == "winning click unknown (not solved)"));
}

/// `-o` naming the input (by its path, a link to it even with `--force`, or as the file standard
/// input is redirected from) is refused before anything is read or written: exit 2, the input
/// intact.
#[test]
fn the_picture_is_never_written_over_its_input() {
    let d = dir("over-input");
    let input = "1\n3 5 3\n0 0\n0 1\n2 3\n";
    let file = d.join("board.svg");
    std::fs::write(&file, input).unwrap();
    let f = file.to_str().unwrap();
    let hard = d.join("hard.svg");
    let _ = std::fs::remove_file(&hard);
    std::fs::hard_link(&file, &hard).unwrap();
    let h = hard.to_str().unwrap();
    let mut tries: Vec<(Vec<&str>, Stdin<'_>, &str)> = vec![
        (vec!["draw", "mine", f, "-o", f], Stdin::Null, f),
        (vec!["draw", "mine", h, "-o", f], Stdin::Null, f),
        (vec!["draw", "mine", "-o", f], Stdin::File(&file), f),
        (vec!["draw", "mine", "-", "-o", h], Stdin::File(&file), h),
    ];
    #[cfg(unix)]
    let link = d.join("link.svg");
    #[cfg(unix)]
    {
        let _ = std::fs::remove_file(&link);
        std::os::unix::fs::symlink(&file, &link).unwrap();
        // Without --force the link is refused as a link; with it, as the input.
        let o = run(Bin::Grundy, &["draw", "mine", f, "-o", link.to_str().unwrap()], Stdin::Null);
        assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
        assert!(stderr(&o).contains("is a symbolic link"), "{}", stderr(&o));
        tries.push((
            vec!["draw", "mine", f, "-o", link.to_str().unwrap(), "--force"],
            Stdin::Null,
            link.to_str().unwrap(),
        ));
    }
    for (args, stdin, output) in tries {
        let o = run(Bin::Grundy, &args, stdin);
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        let message = format!("grundy: {output}: is the input");
        assert!(stderr(&o).starts_with(&message) && stderr(&o).contains("refusing"), "{args:?}: {}", stderr(&o));
        assert_eq!(std::fs::read_to_string(&file).unwrap(), input, "{args:?}");
    }
    // Another file is written, the input left as it is.
    let other = d.join("other.svg");
    ok(&["draw", "mine", f, "-o", other.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&other).unwrap().starts_with("<?xml"));
    assert_eq!(std::fs::read_to_string(&file).unwrap(), input);
}

#[test]
fn large_boards_are_block_averaged() {
    let d = dir("large");
    let file = d.join("big.in");
    std::fs::write(&file, "1\n2500 1300 2\n0 0\n2499 1299\n").unwrap();
    let path = d.join("big.png");
    ok(&["draw", "mine", file.to_str().unwrap(), "-o", path.to_str().unwrap()]);
    let png = Png::read(&path);
    let [_, _, cell, rows, cols] = png.grid();
    // Beyond 1200 cells on a side, blocks of ceil(2500 / 1200) = 3 cells a side.
    assert_eq!((cell, rows, cols), (1, 834, 434));
}

#[test]
fn bad_arguments_are_clear_errors() {
    let d = dir("bad");
    let out = |name: &str| d.join(name).to_str().unwrap().to_string();
    let input = d.join("one.in");
    std::fs::write(&input, "1\n3 3 1\n1 1\n").unwrap();
    let cases: Vec<(Vec<String>, i32, &str)> = vec![
        (vec!["draw".into(), "--moves".into(), "(1,1)".into(), "-o".into(), out("a.png")], 2, "potential"),
        (vec!["draw".into(), "--moves".into(), "(-1,0".into(), "-o".into(), out("a.png")], 2, "malformed"),
        (vec!["draw".into(), "--size".into(), "0".into(), "-o".into(), out("a.png")], 2, "--size"),
        (vec!["draw".into(), "--scale".into(), "0".into(), "-o".into(), out("a.png")], 2, "--scale"),
        (vec!["draw".into(), "-o".into(), out("a.jpg")], 2, "NAME.png or NAME.svg"),
        (vec!["draw".into()], 2, "--output"),
        (vec!["draw".into(), "-o".into(), out("missing/a.png")], 1, "missing"),
        (vec!["draw".into(), "-o".into(), d.to_str().unwrap().to_string() + "/.png"], 2, "NAME.png or NAME.svg"),
        (
            vec![
                "draw".into(),
                "mine".into(),
                input.to_str().unwrap().into(),
                "--case".into(),
                "2".into(),
                "-o".into(),
                out("m.png"),
            ],
            2,
            "only 1 cases",
        ),
        (vec!["draw".into(), "mine".into(), out("nope.in"), "-o".into(), out("m.png")], 1, "nope.in"),
    ];
    for (args, code, needle) in cases {
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let o = grundy(&args, "");
        assert_eq!(o.status.code(), Some(code), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(needle), "{args:?}: {}", stderr(&o));
        assert!(!stderr(&o).contains("panicked"), "{args:?}");
    }
    // A directory named like a picture is not replaced (an I/O failure, as for every `-o`); a
    // regular file is.
    let sub = d.join("pic.png");
    std::fs::create_dir_all(&sub).unwrap();
    let o = grundy(&["draw", "--size", "8", "-o", sub.to_str().unwrap()], "");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(sub.is_dir());
    let file = d.join("old.svg");
    std::fs::write(&file, "old").unwrap();
    ok(&["draw", "--size", "8", "--no-overlay", "-o", file.to_str().unwrap()]);
    assert!(std::fs::read_to_string(&file).unwrap().starts_with("<?xml"));
    let left: Vec<_> = std::fs::read_dir(&d).unwrap().map(|e| e.unwrap().file_name()).collect();
    assert!(!left.iter().any(|n| n.to_string_lossy().ends_with(".tmp")), "{left:?}");
}

/// `-o` onto a directory or a device is exit code 1 for `draw` and `emit`, as documented; the
/// documentation and `--help` describe `--force`.
#[test]
fn output_refusals_exit_as_documented() {
    let d = dir("refusals");
    let picture_dir = d.join("dir.png");
    std::fs::create_dir_all(&picture_dir).unwrap();
    let picture_dir = picture_dir.to_str().unwrap();
    for args in [
        vec!["draw", "--size", "8", "-o", picture_dir],
        vec!["emit", "--lang", "c", "misere-nim", "-o", "/dev/null"],
        vec!["emit", "--lang", "c", "misere-nim", "-o", picture_dir],
    ] {
        let o = grundy(&args, "");
        assert_eq!(o.status.code(), Some(1), "{args:?}: {}", stderr(&o));
    }
    let doc =
        std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("../../docs/draw-and-emit.md")).unwrap();
    let doc = doc.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(doc.contains("anything else (a directory, a device) is refused with exit code 1"), "docs/draw-and-emit.md");
    assert!(doc.contains("unless `--force` is given"), "docs/draw-and-emit.md");
    for command in [&["generate", "--help"][..], &["draw", "--help"], &["draw", "mine", "--help"], &["emit", "--help"]]
    {
        let o = grundy(command, "");
        assert!(o.status.success() && stdout(&o).contains("--force"), "{command:?}");
    }
}

/// Each file written is reported once on standard error.
#[test]
fn each_written_file_is_reported_once() {
    let dir = crate::run::scratch_dir("wrote-once");
    let picture = dir.join("k.svg");
    let source = dir.join("k.c");
    let generated = dir.join("k.sgt");
    for args in [
        vec!["draw", "--size", "8", "-o", picture.to_str().unwrap()],
        vec!["emit", "--lang", "c", "misere-nim", "-o", source.to_str().unwrap()],
        vec!["generate", "--bound", "8", "-o", generated.to_str().unwrap()],
    ] {
        let out = grundy(&args, "");
        assert!(out.status.success(), "{args:?}: {}", stderr(&out));
        assert_eq!(stderr(&out).matches("wrote ").count(), 1, "{args:?}: {}", stderr(&out));
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// `draw --heap 0.77`: one mark per heap with the definition's value (the mex oracle of the
/// heaps tests), n0 + 2p = 95 heaps (at least 100 drawn), the lines at n0 = 71 and n0 + p = 83
/// with their labels, rare positions in their own colour; the PNG has the SVG's size.
#[test]
fn a_heap_game_svg_marks_every_value_and_the_period() {
    let d = dir("heap");
    let svg = d.join("kayles.svg");
    ok(&["draw", "--heap", "0.77", "-o", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let g = crate::heaps::oracle("0.77", 100);
    let marks: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("mark")).collect();
    assert_eq!(marks.len(), 100);
    let mut heap_x = BTreeMap::new();
    let mut colours = BTreeSet::new();
    for (n, m) in marks.iter().enumerate() {
        assert_eq!(attr(m, "data-heap") as usize, n);
        assert_eq!(attr(m, "data-value") as u32, g[n], "G({n})");
        heap_x.insert(n, attr(m, "x"));
        colours.insert((m.attribute("data-rare").is_some(), m.attribute("fill").unwrap().to_string()));
        // Higher values are drawn higher.
        if n > 0 && g[n] > g[n - 1] {
            assert!(attr(m, "y") < attr(&marks[n - 1], "y"), "heap {n}");
        }
    }
    // Two classes, two colours; Kayles' rare positions include heap 3 (G = 3).
    assert_eq!(colours.len(), 2, "{colours:?}");
    assert!(marks[3].attribute("data-rare").is_some());
    let texts: Vec<&str> = doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
    assert!(texts.iter().any(|t| t.starts_with("G(n) of 0.77 for n < 100: period 12 from heap 71 (proven)")));
    for label in ["n0 = 71", "p = 12"] {
        assert!(texts.contains(&label), "{label}: {texts:?}");
    }
    // The vertical lines at n0 and n0 + p: at the left edge of heaps 71 and 83.
    let lines = vertical_lines(&doc);
    for heap in [71, 83] {
        assert!(lines.contains(&(heap_x[&heap], heap_x[&heap])), "no line at heap {heap}: {lines:?}");
    }
    let (w, h) = (attr(&doc.root_element(), "width"), attr(&doc.root_element(), "height"));

    let png = d.join("kayles.png");
    ok(&["draw", "--heap", "0.77", "-o", png.to_str().unwrap()]);
    let bytes = std::fs::read(&png).unwrap();
    assert_eq!(&bytes[..8], b"\x89PNG\r\n\x1a\n");
    let p = Png::read(&png);
    assert_eq!((f64::from(p.width), f64::from(p.height)), (w, h));
    let [left, _, cell, rows, cols] = p.grid();
    assert_eq!((rows, cols), (0, 100));
    assert_eq!(f64::from(left + 71 * cell), heap_x[&71]);
    // The mark of heap 3 (rare, value 3) has the rare colour in the PNG too.
    let m = &marks[3];
    let (x, y) = (attr(m, "x") as u32 + 1, attr(m, "y") as u32 + 1);
    assert_eq!(
        format!("#{:02x}{:02x}{:02x}", p.at(x, y)[0], p.at(x, y)[1], p.at(x, y)[2]),
        m.attribute("fill").unwrap()
    );
}

/// Without a proven period: the values computed, no period lines; `--size` clips with a note;
/// bad combinations are refused.
#[test]
fn a_heap_game_without_a_period_and_clipping() {
    let d = dir("heap-unproven");
    let svg = d.join("grundy.svg");
    ok(&["draw", "--heap", "grundy", "--max-heap", "150", "-o", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let marks = doc.descendants().filter(|n| n.attribute("class") == Some("mark")).count();
    assert_eq!(marks, 150);
    assert!(text.contains("no period proven") && !text.contains("n0 = "), "{text:.400}");
    let svg = d.join("short.svg");
    ok(&["draw", "--heap", "0.77", "--size", "50", "-o", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    assert_eq!(text.matches(r#"class="mark""#).count(), 50);
    assert!(text.contains("n0 + 2p = 95 heaps would show two periods"), "{text:.400}");
    let out = d.join("x.svg");
    let out = out.to_str().unwrap();
    for (args, says) in [
        (vec!["draw", "--heap", "0.77", "--moves", "(-1,0)", "-o", out], "cannot be used"),
        (vec!["draw", "mine", "--heap", "0.77", "-o", out], "--heap"),
        (vec!["draw", "--heap", "0.77", "--size", "5000", "-o", out], "1 to 4096"),
        (vec!["draw", "--heap", "0.77", "--no-overlay", "-o", out], "--no-overlay"),
        (vec!["draw", "--heap", "0.7x", "-o", out], "'x'"),
    ] {
        let o = grundy(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    assert!(!Path::new(out).exists());
}

/// `analyze --misere --json`'s quotient: each heap's image (through the period), `P`, the
/// elements' names.
struct Quotient {
    images: Vec<u64>,
    p: BTreeSet<u64>,
    names: Vec<String>,
    period: Option<(u64, u64)>,
}

impl Quotient {
    fn of(spec: &str, extra: &[&str]) -> Quotient {
        let mut args = vec!["analyze", "--heap", spec, "--misere", "--json"];
        args.extend(extra);
        let o = grundy(&args, "");
        assert!(o.status.success(), "{}", stderr(&o));
        let m = serde_json::from_str::<serde_json::Value>(stdout(&o)).unwrap()["misere"].clone();
        let numbers =
            |v: &serde_json::Value| -> Vec<u64> { v.as_array().unwrap().iter().map(|x| x.as_u64().unwrap()).collect() };
        let names = m["elements"].as_array().unwrap().iter().map(|e| e.as_str().unwrap().to_string()).collect();
        let period = m["period"].as_u64().zip(m["preperiod"].as_u64());
        Quotient { images: numbers(&m["images"]), p: numbers(&m["p_portion"]).into_iter().collect(), names, period }
    }

    fn image(&self, heap: u64) -> u64 {
        match self.period {
            Some((p, n0)) if heap >= n0 => self.images[(n0 + (heap - n0) % p) as usize],
            _ => self.images[heap as usize],
        }
    }
}

/// `draw --heap 0.77 --misere`: one mark per heap in its image's row (one row per element
/// reached, new elements higher), P-images flagged and coloured apart (a lone heap of image in
/// P is lost by the player to move, as exhaustive search says), the lines at n0 = 71 and
/// n0 + p = 83, a legend entry naming each row's element; the PNG has the SVG's size and colours.
#[test]
fn a_misere_quotient_svg_puts_every_heap_in_its_images_row() {
    let d = dir("misere");
    let svg = d.join("kayles.svg");
    ok(&["draw", "--heap", "0.77", "--misere", "-o", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let doc = roxmltree::Document::parse(&text).unwrap();
    let q = Quotient::of("0.77", &[]);
    let mut brute = crate::common::MisereSums::new(&[0, 7, 7]);
    let marks: Vec<_> = doc.descendants().filter(|n| n.attribute("class") == Some("mark")).collect();
    assert_eq!(marks.len(), 100);
    let mut row_y: BTreeMap<u64, f64> = BTreeMap::new();
    let mut colours = BTreeSet::new();
    for (n, m) in marks.iter().enumerate() {
        let x = q.image(n as u64);
        assert_eq!(attr(m, "data-heap") as usize, n);
        assert_eq!(attr(m, "data-value") as u64, x, "Φ({n})");
        let in_p = m.attribute("data-p").is_some();
        assert_eq!(in_p, q.p.contains(&x), "heap {n}");
        if n <= 30 {
            assert_eq!(in_p, brute.is_p_position(&[n as u32]), "heap {n} alone");
        }
        colours.insert((in_p, m.attribute("fill").unwrap().to_string()));
        let y = attr(m, "y");
        match row_y.get(&x) {
            Some(&at) => assert_eq!(y, at, "heap {n}: element {x} has one row"),
            None => {
                // A new element: above every row so far.
                assert!(row_y.values().all(|&at| y < at), "heap {n}");
                row_y.insert(x, y);
            }
        }
    }
    assert_eq!(colours.len(), 2, "{colours:?}");
    let texts: Vec<&str> = doc.descendants().filter(|n| n.has_tag_name("text")).filter_map(|n| n.text()).collect();
    let title = "Phi(n) of 0.77 (misere) for n < 100: |Q| = 40, |P| = 9, period 12 from heap 71 (proven)";
    assert!(texts.contains(&title), "{texts:?}");
    for label in [
        "n0 = 71",
        "p = 12",
        "generators: a = Phi(1), b = Phi(2), c = Phi(5), d = Phi(9), e = Phi(12), f = Phi(25), g = Phi(27)",
    ] {
        assert!(texts.contains(&label), "{label}: {texts:?}");
    }
    // Each row named in the legend, in the order the heaps reach them.
    let legend: Vec<String> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("legend-entry"))
        .filter_map(|n| n.descendants().find(|t| t.has_tag_name("text")).and_then(|t| t.text()).map(str::to_string))
        .filter(|t| t.starts_with("row "))
        .collect();
    let mut order: Vec<u64> = row_y.keys().copied().collect();
    order.sort_by(|a, b| row_y[b].total_cmp(&row_y[a]));
    assert_eq!(legend.len(), order.len());
    for (k, (label, x)) in legend.iter().zip(&order).enumerate() {
        let p = if q.p.contains(x) { " (P)" } else { "" };
        let first = (0..100).find(|&n| q.image(n) == *x).unwrap();
        assert_eq!(*label, format!("row {}: {}{p}, first at heap {first}", k + 1, q.names[*x as usize]));
    }
    let lines = vertical_lines(&doc);
    for heap in [71, 83] {
        let x = attr(&marks[heap], "x");
        assert!(lines.contains(&(x, x)), "no line at heap {heap}: {lines:?}");
    }
    let (w, h) = (attr(&doc.root_element(), "width"), attr(&doc.root_element(), "height"));

    let png = d.join("kayles.png");
    ok(&["draw", "--heap", "0.77", "--misere", "-o", png.to_str().unwrap()]);
    let p = Png::read(&png);
    assert_eq!((f64::from(p.width), f64::from(p.height)), (w, h));
    let [left, _, cell, rows, cols] = p.grid();
    assert_eq!((rows, cols), (0, 100));
    for (n, m) in marks.iter().enumerate() {
        assert_eq!(f64::from(left + n as u32 * cell), attr(m, "x"));
        let (x, y) = (attr(m, "x") as u32 + 1, attr(m, "y") as u32 + 1);
        let [r, g, b] = p.at(x, y);
        assert_eq!(format!("#{r:02x}{g:02x}{b:02x}"), m.attribute("fill").unwrap(), "heap {n}");
    }
}

/// Without a proof: the heaps computed, no period lines, the reason in the title; bad
/// combinations refused before any work.
#[test]
fn a_misere_quotient_without_a_period_and_bad_arguments() {
    let d = dir("misere-unproven");
    let svg = d.join("grundy.svg");
    ok(&["draw", "--heap", "grundy", "--misere", "--max-heap", "25", "-o", svg.to_str().unwrap()]);
    let text = std::fs::read_to_string(&svg).unwrap();
    let q = Quotient::of("grundy", &["--max-heap", "25"]);
    let doc = roxmltree::Document::parse(&text).unwrap();
    let values: Vec<u64> = doc
        .descendants()
        .filter(|n| n.attribute("class") == Some("mark"))
        .map(|n| n.attribute("data-value").unwrap().parse().unwrap())
        .collect();
    assert_eq!(values, q.images);
    assert!(
        text.contains("no period proven (no periodicity theorem covers this game") && !text.contains("n0 = "),
        "{text:.600}"
    );
    let out = d.join("x.svg");
    let out = out.to_str().unwrap();
    for (args, says) in [
        (vec!["draw", "--misere", "-o", out], "--heap"),
        (vec!["draw", "--heap", "0.77", "--misere", "--no-overlay", "-o", out], "--no-overlay"),
        (vec!["draw", "--heap", "0.77", "--misere", "--size", "5000", "-o", out], "1 to 4096"),
        (vec!["draw", "--heap", "0.77", "--max-quotient", "9", "-o", out], "--misere"),
        (vec!["draw", "mine", "--misere", "-o", out], "--misere"),
    ] {
        let o = grundy(&args, "");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(says), "{args:?}: {}", stderr(&o));
    }
    assert!(!Path::new(out).exists());
}

/// `draw --rules`: a game on pairs (Wythoff's, by script) drawn as its table, every cell in the
/// colour of its value by the definition; a heap game (Kayles) as `G(n)` against `n`, each heap's
/// cell in the row of its value.
#[cfg(feature = "script")]
#[test]
fn a_game_of_rules_is_drawn_as_its_values() {
    let d = dir("rules");
    let wythoff = d.join("wythoff.rhai");
    std::fs::write(&wythoff, "const DIMENSION = 2;\nfn options(p) { let r = []; for a in 0..p[0] { r.push([[a, p[1]]]); } for b in 0..p[1] { r.push([[p[0], b]]); } for k in 1..=min(p[0], p[1]) { r.push([[p[0] - k, p[1] - k]]); } r }").unwrap();
    let path = d.join("wythoff.png");
    ok(&["draw", "--rules", wythoff.to_str().unwrap(), "--size", "16", "--scale", "5", "-o", path.to_str().unwrap()]);
    let png = Png::read(&path);
    let [left, top, cell, rows, cols] = png.grid();
    assert_eq!((cell, rows, cols), (5, 16, 16));
    let g = crate::common::wythoff(16);
    for x in 0..16u32 {
        for y in 0..16u32 {
            let v = g[x as usize][y as usize] as usize;
            let got = png.at(left + y * cell + cell / 2, top + x * cell + cell / 2);
            // The test's palette has the first eight colours; past them, a colour of none of them.
            match PALETTE.get(v) {
                Some(&colour) => assert_eq!(got, colour, "cell ({x}, {y}) of value {v}"),
                None => assert!(!PALETTE.contains(&got), "cell ({x}, {y}) of value {v}"),
            }
        }
    }

    let kayles = d.join("kayles.rhai");
    std::fs::write(&kayles, "fn options(n) { let r = []; for t in 1..=2 { if n >= t { for a in 0..=(n - t) / 2 { r.push([a, n - t - a]); } } } r }").unwrap();
    let path = d.join("kayles.png");
    ok(&["draw", "--rules", kayles.to_str().unwrap(), "--size", "100", "--scale", "4", "-o", path.to_str().unwrap()]);
    let png = Png::read(&path);
    let [left, top, cell, rows, cols] = png.grid();
    let g = crate::common::octal(&[7, 7], 100);
    let largest = *g.iter().max().unwrap();
    assert_eq!((cell, rows, cols), (4, largest as u32 + 1, 100));
    for (n, &v) in g.iter().enumerate() {
        let row = largest - v;
        let got = png.at(left + n as u32 * cell + 1, top + row * cell + 1);
        match PALETTE.get(v as usize) {
            Some(&colour) => assert_eq!(got, colour, "heap {n} of value {v}"),
            None => assert!(!PALETTE.contains(&got) && got != [255; 3], "heap {n} of value {v}"),
        }
        for other in (0..rows).filter(|&r| r != row) {
            assert_eq!(png.at(left + n as u32 * cell + 1, top + other * cell + 1), [255; 3], "heap {n}, row {other}");
        }
    }
    std::fs::remove_dir_all(&d).unwrap();
}
