//! The picture of a Mine board: mines, numbers, blank regions (a colour each), clusters of
//! regions linked by shared numbers (outlined) and the winning click (a ring).
//!
//! The regions, clusters and shared numbers are the solver's ([`Solver::region_map`]), the value
//! and the winning click too ([`Solver::explain`]). Boards with more than [`MAX_SIDE_CELLS`]
//! cells on a side are block-averaged down to one pixel per block.

use grundy_core::mine::{Board, Explanation, RegionMap, SolveError};

#[cfg(doc)]
use super::Solver;
use crate::picture::{Grid, INK, Item, Picture, PictureError, Rgb, Stroke, Swatch, hsl, item_pixels, text_width};

/// The most cells a board may have to be drawn.
pub const MAX_PICTURE_CELLS: u64 = 1 << 26;
/// Beyond this many cells on a side, blocks of cells are averaged into one pixel.
pub const MAX_SIDE_CELLS: u64 = 1200;

const MINE: Rgb = [40, 40, 40];
const NUMBER: Rgb = [196, 196, 196];
const SHARED: Rgb = [236, 72, 72];
const OUTLINE: Rgb = [200, 0, 40];
const CLICK: Stroke = Stroke { colour: [255, 0, 170], width: 3.0, dashed: false, halo: true };

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
    /// A mine, or a number next to no region: outlines do not run around these.
    hole: Vec<bool>,
}

const NONE: u32 = u32::MAX;

impl Layout {
    /// The cells of `board`, with the regions and clusters the solver found (`map`).
    fn new(board: &Board, map: &RegionMap<'_>) -> Layout {
        let (rows, cols) = (board.rows(), board.cols());
        let mine: Vec<bool> = (0..rows * cols).map(|i| board.is_mine((i / cols) as u64, (i % cols) as u64)).collect();
        let mut region = vec![NONE; rows * cols];
        for (r, first, last, g) in map.runs() {
            let row = r as usize * cols;
            region[row + first as usize..=row + last as usize].fill(g);
        }
        let mut shared = vec![false; rows * cols];
        for (r, c) in map.shared_numbers() {
            shared[r as usize * cols + c as usize] = true;
        }
        let around = |r: usize, c: usize| {
            let (r0, r1, c0, c1) =
                (r.saturating_sub(1), (r + 1).min(rows - 1), c.saturating_sub(1), (c + 1).min(cols - 1));
            (r0..=r1).flat_map(move |rr| (c0..=c1).map(move |cc| (rr, cc))).filter(move |&(rr, cc)| (rr, cc) != (r, c))
        };
        let (mut count, mut cluster, mut hole) =
            (vec![0u8; rows * cols], vec![NONE; rows * cols], vec![false; rows * cols]);
        for i in 0..rows * cols {
            let (r, c) = (i / cols, i % cols);
            count[i] = around(r, c).filter(|&(rr, cc)| mine[rr * cols + cc]).count() as u8;
            let near = || around(r, c).map(|(rr, cc)| region[rr * cols + cc]).filter(|&g| g != NONE);
            hole[i] = mine[i] || (region[i] == NONE && near().next().is_none());
            // A number is in the cluster of the first clustered region next to it.
            cluster[i] = match region[i] {
                _ if mine[i] => NONE,
                NONE => near().find_map(|g| map.cluster_of(g)).unwrap_or(NONE),
                g => map.cluster_of(g).unwrap_or(NONE),
            };
        }
        Layout { rows, cols, mine, count, region, cluster, shared, hole }
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
    hsl((f64::from(g) * 137.508) % 360.0, 0.65, if g.is_multiple_of(2) { 0.72 } else { 0.82 })
}

/// The picture of `board` (case `case` of its input), with its regions and clusters (`map`) and
/// what the solver found (`explained`, or why it could not), `scale` pixels per cell (by default
/// `800 /` the longer side, between 1 and 24).
pub fn picture(
    board: &Board,
    map: &RegionMap<'_>,
    explained: Result<&Explanation, &SolveError>,
    case: u64,
    scale: Option<u32>,
) -> Result<Picture, PictureError> {
    let (rows, cols) = (board.rows() as u64, board.cols() as u64);
    if rows * cols > MAX_PICTURE_CELLS {
        return Err(PictureError::Size { size: rows * cols, max: MAX_PICTURE_CELLS, unit: "cells" });
    }
    let layout = Layout::new(board, map);

    // Blocks of `block × block` cells per grid square.
    let longest = rows.max(cols);
    let block = longest.div_ceil(MAX_SIDE_CELLS) as usize;
    let (grows, gcols) = ((rows as usize).div_ceil(block), (cols as usize).div_ceil(block));
    let glongest = grows.max(gcols) as u32;
    let cell = item_pixels(u64::from(glongest), scale, 800, (1, 24), String::new)?;
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
                    block_hole[br * gcols + bc] &= layout.hole[i];
                    if block_cluster[br * gcols + bc] == NONE {
                        block_cluster[br * gcols + bc] = layout.cluster[i];
                    }
                }
            }
            colours.push([(sum[0] / n) as u8, (sum[1] / n) as u8, (sum[2] / n) as u8]);
        }
    }

    let (outcome, click) = match &explained {
        Ok(e) => {
            let v = e.analysis.value.0;
            (format!("value {v}, {}", if v != 0 { "Xiemao wins" } else { "Fanglaoshi wins" }), e.winning_move)
        }
        Err(_) => ("not solved, outcome unknown".into(), None),
    };
    let title = format!("Mine case {case}: {rows} x {cols}, {} mines; {outcome}", board.mine_count());
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
        (Swatch::Fill(region_colour(0)), format!("blank region ({}, a colour each)", map.regions())),
        (Swatch::Line(outline), format!("cluster of linked regions ({})", map.clusters())),
    ];
    labels.push(match (click, &explained) {
        (Some(k), _) => (Swatch::Ring(CLICK), format!("winning click ({}, {})", k.row, k.col)),
        (None, Ok(_)) => (Swatch::Ring(CLICK), "no winning click".to_string()),
        (None, Err(_)) => (Swatch::Ring(CLICK), "winning click unknown (not solved)".to_string()),
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
        let note = format!("not solved: {e}");
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
