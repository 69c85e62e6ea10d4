//! A game defined by rules, drawn: a heap game's values as `G(n)` against `n` (one coloured cell
//! per heap, in the row of its value), a game on pairs as its `side × side` table (row `x`,
//! column `y`), each value in its colour, with a title and a legend.

use grundy_core::rules::Shape;

use crate::picture::{Grid, INK, Item, Picture, PictureError, Rgb, Swatch, WHITE, text_width, value_colour};

/// The most cells drawn.
pub const MAX_PICTURE_CELLS: u64 = 1 << 22;

/// The picture of a game's values: `values` a heap game's `G(0..)`, or a game on pairs' box of
/// side `side`, row-major; `scale` pixels per cell (by default about 720 pixels across).
pub fn picture(
    name: &str,
    shape: Shape,
    side: u64,
    values: &[u64],
    scale: Option<u32>,
) -> Result<Picture, PictureError> {
    let colour = |v: u64| value_colour(v.min(63) as u8);
    let largest = values.iter().copied().max().unwrap_or(0);
    let (rows, cols, colours): (usize, usize, Vec<Rgb>) = match shape {
        Shape::Heap => {
            let rows = largest as usize + 1;
            let cols = values.len();
            let mut colours = vec![WHITE; rows * cols];
            for (n, &v) in values.iter().enumerate() {
                colours[(rows - 1 - v as usize) * cols + n] = colour(v);
            }
            (rows, cols, colours)
        }
        Shape::Tuple(2) => (side as usize, side as usize, values.iter().map(|&v| colour(v)).collect()),
        Shape::Tuple(d) => {
            return Err(PictureError::Values(format!("a game on tuples of {d} numbers: only pairs are drawn")));
        }
    };
    let cells = rows as u64 * cols as u64;
    if cells > MAX_PICTURE_CELLS {
        return Err(PictureError::Size { size: cells, max: MAX_PICTURE_CELLS, unit: "cells" });
    }
    let cell = scale.unwrap_or((720 / cols.max(rows).max(1)).clamp(1, 16) as u32);
    let (left, top) = (8, 28);
    let title = match shape {
        Shape::Heap => format!("{name}: G(n) for n < {cols}"),
        _ => format!("{name}: g(x, y) for x, y < {side}"),
    };
    let mut items = vec![Item::Text { x: left as f32, y: 8.0, text: title.clone(), colour: INK, scale: 1 }];
    let legend_top = top + rows as u32 * cell + 8;
    let mut x = left as f32;
    for v in 0..=largest.min(7) {
        let label = if v == 7 && largest > 7 { "7+".to_string() } else { v.to_string() };
        let width = 12.0 + 4.0 + text_width(&label, 1) as f32 + 10.0;
        items.push(Item::Legend {
            x,
            y: legend_top as f32,
            size: 12.0,
            swatch: Swatch::Fill(colour(v)),
            label,
            value: Some(v as u8),
        });
        x += width;
    }
    let width = (left * 2 + cols as u32 * cell).max(text_width(&title, 1) + 16).max(x as u32 + 8);
    let height = legend_top + 24;
    if width > crate::picture::MAX_SIDE as u32 {
        return Err(PictureError::TooWide { scale: cell, across: format!("{cols} cells") });
    }
    Ok(Picture { width, height, title, grid: Grid { left, top, cell, rows, cols, colours }, items })
}
