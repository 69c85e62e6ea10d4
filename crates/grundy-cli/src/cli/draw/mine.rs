//! The picture of one case of a Mine judge input.
//!
//! The regions and clusters are found here by a flood fill (8-connected blank cells, a number
//! being a safe cell next to a mine; a cluster is the regions linked through numbers touching two
//! of them); the winning click comes from the solver, [`Solver::explain`]. Boards with more than
//! [`MAX_SIDE_CELLS`] cells on a side are block-averaged down to one pixel per block.

use std::collections::VecDeque;
use std::io::{BufRead, BufReader, Read};
use std::path::PathBuf;

use clap::Args;
use grundy::mine::{Board, Solver};

use super::super::Failure;
use super::picture::{Grid, INK, Item, Picture, Rgb, Stroke, Swatch, hsl, text_width};

/// The most cells a board may have to be drawn.
pub const MAX_CELLS: u64 = 1 << 26;
/// Beyond this many cells on a side, blocks of cells are averaged into one pixel.
pub const MAX_SIDE_CELLS: u64 = 1200;

const MINE: Rgb = [40, 40, 40];
const NUMBER: Rgb = [196, 196, 196];
const SHARED: Rgb = [236, 72, 72];
const OUTLINE: Rgb = [200, 0, 40];
const CLICK: Stroke = Stroke { colour: [255, 0, 170], width: 3.0, dashed: false, halo: true };

/// `grundy draw mine`'s arguments.
#[derive(Args, Debug)]
pub struct MineArgs {
    /// A Mine judge input; `-` or nothing reads standard input.
    file: Option<PathBuf>,
    /// Which case to draw, from 1.
    #[arg(long, value_name = "K", default_value_t = 1)]
    case: u64,
    /// Pixels per cell [default: 800 / the longer side, between 1 and 24].
    #[arg(long, value_name = "K")]
    scale: Option<u32>,
    /// The picture: FILE.png or FILE.svg (replaces a regular file only).
    #[arg(short, long, value_name = "FILE")]
    pub output: PathBuf,
}

/// Whitespace-separated unsigned numbers, as in the judge format.
struct Tokens<R> {
    input: R,
    name: String,
    line: u64,
}

impl<R: BufRead> Tokens<R> {
    fn next(&mut self, what: &str) -> Result<u64, Failure> {
        let mut token = Vec::new();
        loop {
            let buf = self.input.fill_buf().map_err(|e| Failure::io(format!("{}: {e}", self.name)))?;
            if buf.is_empty() {
                break;
            }
            let mut used = 0;
            let mut done = false;
            for &b in buf {
                used += 1;
                if matches!(b, b' ' | b'\t' | b'\r' | b'\n') {
                    if b == b'\n' {
                        self.line += 1;
                    }
                    if !token.is_empty() {
                        done = true;
                        break;
                    }
                } else {
                    token.push(b);
                }
            }
            self.input.consume(used);
            if done {
                break;
            }
        }
        let bad = |why: &str| Failure::invalid(format!("{}: line {}: {what}: {why}", self.name, self.line));
        if token.is_empty() {
            return Err(bad("expected, but the input ends here"));
        }
        if !token.iter().all(u8::is_ascii_digit) {
            return Err(bad("not an unsigned decimal number"));
        }
        std::str::from_utf8(&token).expect("digits").parse().map_err(|_| bad("does not fit in 64 bits"))
    }
}

/// A board as read: rows, columns and mines.
type Case = (u64, u64, Vec<(u64, u64)>);

/// Case `case` of the input.
fn read_case(args: &MineArgs) -> Result<Case, Failure> {
    let (input, name): (Box<dyn Read>, String) = match args.file.as_deref() {
        None => (Box::new(std::io::stdin()), "standard input".into()),
        Some(p) if p.as_os_str() == "-" => (Box::new(std::io::stdin()), "standard input".into()),
        Some(p) => {
            let file = std::fs::File::open(p).map_err(|e| Failure::io(format!("{}: {e}", p.display())))?;
            (Box::new(file), p.display().to_string())
        }
    };
    let mut t = Tokens { input: BufReader::with_capacity(1 << 16, input), name, line: 1 };
    if args.case == 0 {
        return Err(Failure::invalid("--case 0: cases are numbered from 1"));
    }
    let cases = t.next("T, the number of cases")?;
    if args.case > cases {
        return Err(Failure::invalid(format!("--case {}: {} has only {cases} cases", args.case, t.name)));
    }
    for case in 1..=args.case {
        let rows = t.next(&format!("N of case {case}"))?;
        let cols = t.next(&format!("M of case {case}"))?;
        let k = t.next(&format!("K of case {case}"))?;
        if rows == 0 || cols == 0 {
            return Err(Failure::invalid(format!("{}: case {case} has a side of 0", t.name)));
        }
        let keep = case == args.case;
        if keep && rows.saturating_mul(cols) > MAX_CELLS {
            return Err(Failure::invalid(format!(
                "case {case} is {rows} x {cols}: at most {MAX_CELLS} cells are drawn"
            )));
        }
        let mut mines = Vec::new();
        for i in 1..=k {
            let x = t.next(&format!("X of mine {i} of case {case}"))?;
            let y = t.next(&format!("Y of mine {i} of case {case}"))?;
            if x >= rows || y >= cols {
                return Err(Failure::invalid(format!(
                    "{}: mine {i} of case {case} at ({x}, {y}) is off the {rows} x {cols} board",
                    t.name
                )));
            }
            if keep {
                mines.push((x, y));
            }
        }
        if keep {
            return Ok((rows, cols, mines));
        }
    }
    unreachable!("the loop returns at the case asked for")
}

/// Cells, regions and clusters of a board.
struct Layout {
    rows: usize,
    cols: usize,
    mine: Vec<bool>,
    /// Adjacent mines of a safe cell.
    count: Vec<u8>,
    /// Region of a blank cell (`NONE` otherwise).
    region: Vec<u32>,
    /// Cluster of a cell: the blank cells of its regions and the numbers next to them.
    cluster: Vec<u32>,
    /// Numbers touching two regions.
    shared: Vec<bool>,
    regions: u32,
    clusters: u32,
}

const NONE: u32 = u32::MAX;

fn find(parent: &mut [u32], mut a: u32) -> u32 {
    while parent[a as usize] != a {
        parent[a as usize] = parent[parent[a as usize] as usize];
        a = parent[a as usize];
    }
    a
}

impl Layout {
    fn new(rows: usize, cols: usize, mines: &[(u64, u64)]) -> Layout {
        let mut mine = vec![false; rows * cols];
        for &(x, y) in mines {
            mine[x as usize * cols + y as usize] = true;
        }
        let around = |r: usize, c: usize| {
            let (r0, r1, c0, c1) =
                (r.saturating_sub(1), (r + 1).min(rows - 1), c.saturating_sub(1), (c + 1).min(cols - 1));
            (r0..=r1).flat_map(move |rr| (c0..=c1).map(move |cc| (rr, cc))).filter(move |&(rr, cc)| (rr, cc) != (r, c))
        };
        let mut count = vec![0u8; rows * cols];
        for r in 0..rows {
            for c in 0..cols {
                count[r * cols + c] = around(r, c).filter(|&(rr, cc)| mine[rr * cols + cc]).count() as u8;
            }
        }
        let blank = |i: usize| !mine[i] && count[i] == 0;
        let mut region = vec![NONE; rows * cols];
        let mut regions = 0u32;
        let mut queue = VecDeque::new();
        for start in 0..rows * cols {
            if !blank(start) || region[start] != NONE {
                continue;
            }
            region[start] = regions;
            queue.push_back(start);
            while let Some(i) = queue.pop_front() {
                for (rr, cc) in around(i / cols, i % cols) {
                    let j = rr * cols + cc;
                    if blank(j) && region[j] == NONE {
                        region[j] = regions;
                        queue.push_back(j);
                    }
                }
            }
            regions += 1;
        }
        // Numbers touching two regions link them.
        let mut parent: Vec<u32> = (0..regions).collect();
        let mut linked = vec![false; regions as usize];
        let mut shared = vec![false; rows * cols];
        for i in 0..rows * cols {
            if mine[i] || count[i] == 0 {
                continue;
            }
            let mut first = NONE;
            for (rr, cc) in around(i / cols, i % cols) {
                let g = region[rr * cols + cc];
                if g == NONE {
                    continue;
                }
                if first == NONE {
                    first = g;
                } else if g != first {
                    let (a, b) = (find(&mut parent, first), find(&mut parent, g));
                    parent[a as usize] = b;
                    linked[first as usize] = true;
                    linked[g as usize] = true;
                    shared[i] = true;
                }
            }
        }
        let mut id = vec![NONE; regions as usize];
        let mut clusters = 0;
        let mut cluster_of = vec![NONE; regions as usize];
        for g in 0..regions {
            let root = find(&mut parent, g) as usize;
            if linked[g as usize] || linked[root] {
                if id[root] == NONE {
                    id[root] = clusters;
                    clusters += 1;
                }
                cluster_of[g as usize] = id[root];
            }
        }
        let mut cluster = vec![NONE; rows * cols];
        for i in 0..rows * cols {
            if region[i] != NONE {
                cluster[i] = cluster_of[region[i] as usize];
            } else if !mine[i] {
                cluster[i] = around(i / cols, i % cols)
                    .map(|(rr, cc)| region[rr * cols + cc])
                    .find(|&g| g != NONE && cluster_of[g as usize] != NONE)
                    .map_or(NONE, |g| cluster_of[g as usize]);
            }
        }
        Layout { rows, cols, mine, count, region, cluster, shared, regions, clusters }
    }

    /// A mine, or a number next to no region: outlines do not run around these.
    fn is_hole(&self, i: usize) -> bool {
        self.mine[i] || (self.region[i] == NONE && self.cluster[i] == NONE && !self.next_to_region(i))
    }

    fn next_to_region(&self, i: usize) -> bool {
        let (r, c) = (i / self.cols, i % self.cols);
        (r.saturating_sub(1)..=(r + 1).min(self.rows - 1)).any(|rr| {
            (c.saturating_sub(1)..=(c + 1).min(self.cols - 1)).any(|cc| self.region[rr * self.cols + cc] != NONE)
        })
    }

    fn colour(&self, i: usize) -> Rgb {
        if self.mine[i] {
            MINE
        } else if self.shared[i] {
            SHARED
        } else if self.region[i] == NONE {
            NUMBER
        } else {
            region_colour(self.region[i])
        }
    }
}

/// A light colour per region: hues the golden angle apart, two lightnesses.
fn region_colour(g: u32) -> Rgb {
    hsl((f64::from(g) * 137.508) % 360.0, 0.65, if g % 2 == 0 { 0.72 } else { 0.82 })
}

/// The picture of the case `args` names.
pub fn picture(args: &MineArgs) -> Result<Picture, Failure> {
    let (rows, cols, mines) = read_case(args)?;
    let board = Board::with_mines(rows, cols, mines.iter().copied()).map_err(Failure::invalid)?;
    let explained = Solver::new().explain(&board);
    let layout = Layout::new(rows as usize, cols as usize, &mines);

    // Blocks of `block × block` cells per grid square.
    let longest = rows.max(cols);
    let block = longest.div_ceil(MAX_SIDE_CELLS) as usize;
    let (grows, gcols) = ((rows as usize).div_ceil(block), (cols as usize).div_ceil(block));
    let glongest = grows.max(gcols) as u32;
    let cell = match args.scale {
        Some(0) => return Err(Failure::invalid("--scale 0: must be at least 1")),
        Some(k) if u64::from(k) * u64::from(glongest) > super::MAX_SIDE => {
            return Err(Failure::invalid(format!("--scale {k}: more than {} pixels across", super::MAX_SIDE)));
        }
        Some(k) => k,
        None => (800 / glongest).clamp(1, 24),
    };
    let mut colours = Vec::with_capacity(grows * gcols);
    let mut block_cluster = vec![NONE; grows * gcols];
    let mut block_hole = vec![true; grows * gcols];
    for br in 0..grows {
        for bc in 0..gcols {
            let mut sum = [0u64; 3];
            let mut n = 0u64;
            for r in br * block..((br + 1) * block).min(layout.rows) {
                for c in bc * block..((bc + 1) * block).min(layout.cols) {
                    let i = r * layout.cols + c;
                    let col = layout.colour(i);
                    for k in 0..3 {
                        sum[k] += u64::from(col[k]);
                    }
                    n += 1;
                    block_hole[br * gcols + bc] &= layout.is_hole(i);
                    if block_cluster[br * gcols + bc] == NONE {
                        block_cluster[br * gcols + bc] = layout.cluster[i];
                    }
                }
            }
            colours.push([(sum[0] / n) as u8, (sum[1] / n) as u8, (sum[2] / n) as u8]);
        }
    }

    let (value, winner, click) = match &explained {
        Ok(e) => {
            let v = e.analysis.value.0;
            (v.to_string(), if v != 0 { "Xiemao wins" } else { "Fanglaoshi wins" }, e.winning_move)
        }
        Err(_) => ("?".into(), "the solver refused this board", None),
    };
    let title =
        format!("Mine case {}: {rows} x {cols}, {} mines; value {value}, {winner}", args.case, board.mine_count());
    let left = 16u32;
    let top = 36u32;
    let side_w = cell * gcols as u32;
    let side_h = cell * grows as u32;
    let grid = Grid { left, top, cell, rows: grows, cols: gcols, colours };
    let mut items = vec![Item::Text { x: 16.0, y: 14.0, text: title.clone(), colour: INK, scale: 1 }];

    // The numbers, where a cell is large enough.
    if block == 1 && cell >= 12 {
        for i in 0..layout.rows * layout.cols {
            if !layout.mine[i] && layout.count[i] > 0 {
                let (r, c) = ((i / layout.cols) as u32, (i % layout.cols) as u32);
                items.push(Item::Text {
                    x: (left + c * cell + cell / 2) as f32 - 4.0,
                    y: (top + r * cell + cell / 2) as f32 - 4.0,
                    text: layout.count[i].to_string(),
                    colour: INK,
                    scale: 1,
                });
            }
        }
    }

    // Cluster outlines: the edges between a square of a cluster and one outside it, merged into
    // runs along rows and columns; not around mines and lone numbers (holes), so a cluster is
    // outlined where it meets other regions and the board's edge.
    let outline = Stroke { colour: OUTLINE, width: if cell >= 6 { 2.0 } else { 1.0 }, dashed: false, halo: false };
    let at = |r: isize, c: isize| {
        if r < 0 || c < 0 || r as usize >= grows || c as usize >= gcols {
            Some(NONE)
        } else {
            let i = r as usize * gcols + c as usize;
            if block_hole[i] { None } else { Some(block_cluster[i]) }
        }
    };
    let edge = |a: Option<u32>, b: Option<u32>| matches!((a, b), (Some(a), Some(b)) if a != b);
    let px = |r: usize, c: usize| ((left + c as u32 * cell) as f32, (top + r as u32 * cell) as f32);
    // Horizontal edges above row r, vertical edges left of column c.
    for r in 0..=grows {
        let mut run: Option<usize> = None;
        for c in 0..=gcols {
            let on = c < gcols && edge(at(r as isize - 1, c as isize), at(r as isize, c as isize));
            match (on, run) {
                (true, None) => run = Some(c),
                (false, Some(s)) => {
                    items.push(Item::Line { from: px(r, s), to: px(r, c), stroke: outline });
                    run = None;
                }
                _ => {}
            }
        }
    }
    for c in 0..=gcols {
        let mut run: Option<usize> = None;
        for r in 0..=grows {
            let on = r < grows && edge(at(r as isize, c as isize - 1), at(r as isize, c as isize));
            match (on, run) {
                (true, None) => run = Some(r),
                (false, Some(s)) => {
                    items.push(Item::Line { from: px(s, c), to: px(r, c), stroke: outline });
                    run = None;
                }
                _ => {}
            }
        }
    }
    if let Some(k) = click {
        let (r, c) = (k.row as usize / block, k.col as usize / block);
        let (x, y) = px(r, c);
        let half = cell as f32 / 2.0;
        items.push(Item::Ring { centre: (x + half, y + half), radius: (cell as f32 * 0.9).max(7.0), stroke: CLICK });
    }

    // The legend, right of the board.
    let panel = left + side_w + 24;
    let mut y = top as f32;
    let entry =
        |y: f32, swatch, label: String| Item::Legend { x: panel as f32, y, size: 16.0, swatch, label, value: None };
    let mut labels = vec![
        (Swatch::Fill(MINE), format!("mine ({})", board.mine_count())),
        (Swatch::Fill(NUMBER), "number".to_string()),
        (
            Swatch::Fill(SHARED),
            format!("number touching two regions ({})", layout.shared.iter().filter(|&&s| s).count()),
        ),
        (Swatch::Fill(region_colour(0)), format!("blank region ({}, a colour each)", layout.regions)),
        (Swatch::Line(outline), format!("cluster of linked regions ({})", layout.clusters)),
    ];
    labels.push(match click {
        Some(k) => (Swatch::Ring(CLICK), format!("winning click ({}, {})", k.row, k.col)),
        None => (Swatch::Ring(CLICK), "no winning click".to_string()),
    });
    let mut panel_w = 0;
    for (swatch, label) in labels {
        panel_w = panel_w.max(text_width(&label, 1) + 16 + 8);
        items.push(entry(y, swatch, label));
        y += 22.0;
    }
    if block > 1 {
        let note = format!("{block} x {block} cells per pixel (averaged)");
        panel_w = panel_w.max(text_width(&note, 1));
        items.push(Item::Text { x: panel as f32, y: y + 4.0, text: note, colour: INK, scale: 1 });
        y += 18.0;
    }
    if let Err(e) = &explained {
        let note = format!("solver: {e}");
        panel_w = panel_w.max(text_width(&note, 1));
        items.push(Item::Text { x: panel as f32, y: y + 4.0, text: note, colour: INK, scale: 1 });
        y += 18.0;
    }
    items.push(Item::Rect {
        x: left as f32 - 1.0,
        y: top as f32 - 1.0,
        w: side_w as f32 + 2.0,
        h: side_h as f32 + 2.0,
        fill: None,
        stroke: Some(INK),
    });
    let width = (panel + panel_w + 16).max(text_width(&title, 1) + 32);
    let height = (top + side_h + 16).max(y as u32 + 16);
    Ok(Picture { width, height, title, grid, items })
}
