//! The heat map of a leaper's table for `0 <= x, y < N` (row `x` down, column `y` across), with
//! a legend, coordinates, and the certified closed form's regions: the core square (solid), the
//! edges of every strip band or sector boundary (dashed), and a label per sector.

use grundy_core::leaper::{Analysis, ClosedForm, MoveSet, Triangle};

use super::regions::{SectorLabel, regions};

use crate::picture::{
    Grid, INK, Item, Picture, PictureError, Stroke, Swatch, WHITE, item_pixels, text_width, tick_step, value_colour,
};

/// The largest side drawn, in cells.
pub const MAX_PICTURE_SIZE: u64 = 4096;

const CORE_LINE: Stroke = Stroke { colour: WHITE, width: 3.0, dashed: false, halo: true };
const STRIP_LINE: Stroke = Stroke { colour: WHITE, width: 2.0, dashed: true, halo: true };

/// Checks a picture's side (`size` cells) and pixels per cell (`scale`, by default `720 / size`
/// between 1 and 16) before anything is computed; returns the pixels per cell.
pub fn check_picture(size: u64, scale: Option<u32>) -> Result<u32, PictureError> {
    if !(1..=MAX_PICTURE_SIZE).contains(&size) {
        return Err(PictureError::Size { size, max: MAX_PICTURE_SIZE, unit: "" });
    }
    item_pixels(size, scale, 720, (1, 16), || format!("{size} x {size} cells"))
}

/// The picture of `set`'s table for `0 <= x, y < size`, `scale` pixels per cell, with the
/// regions of the closed form `overlay`'s analysis certified (or a note that it certified none).
pub fn picture(
    set: &MoveSet,
    size: u64,
    scale: Option<u32>,
    overlay: Option<&Analysis>,
) -> Result<Picture, PictureError> {
    let cell = check_picture(size, scale)?;
    let table = Triangle::for_square(set, size);
    let values = table.square(size);

    let n = size as usize;
    let title = format!("g(x, y) for 0 <= x, y < {size}, moves {set}");
    let label_w = text_width(&(size - 1).to_string(), 1);
    let left = 16 + label_w + 8;
    let top = 16 + 12 + 8 + 16;
    let side = cell * size as u32;
    let grid = Grid { left, top, cell, rows: n, cols: n, colours: values.iter().map(|&v| value_colour(v)).collect() };
    let mut items = vec![Item::Text { x: 16.0, y: 12.0, text: title.clone(), colour: INK, scale: 1 }];

    // Coordinates: y across the top, x down the left side.
    let step = tick_step(cell, 36);
    let centre = |i: u64| (i as f32 + 0.5) * cell as f32;
    let mut i = 0;
    while i < size {
        let label = i.to_string();
        let (px, py) = (left as f32 + centre(i), top as f32 + centre(i));
        items.push(Item::Text {
            x: px - text_width(&label, 1) as f32 / 2.0,
            y: top as f32 - 20.0,
            text: label.clone(),
            colour: INK,
            scale: 1,
        });
        items.push(Item::Line { from: (px, top as f32 - 8.0), to: (px, top as f32 - 2.0), stroke: thin() });
        items.push(Item::Text {
            x: left as f32 - 10.0 - text_width(&label, 1) as f32,
            y: py - 4.0,
            text: label,
            colour: INK,
            scale: 1,
        });
        items.push(Item::Line { from: (left as f32 - 8.0, py), to: (left as f32 - 2.0, py), stroke: thin() });
        i += step;
    }
    items.push(Item::Text { x: 4.0, y: top as f32 - 20.0, text: "x\\y".into(), colour: INK, scale: 1 });
    items.push(Item::Rect {
        x: left as f32 - 1.0,
        y: top as f32 - 1.0,
        w: side as f32 + 2.0,
        h: side as f32 + 2.0,
        fill: None,
        stroke: Some(INK),
    });

    // The legend: every value that occurs, in increasing order.
    let panel = left + side + 24;
    let mut y = top as f32;
    let mut panel_w = text_width("value", 1);
    items.push(Item::Text { x: panel as f32, y, text: "value".into(), colour: INK, scale: 1 });
    y += 16.0;
    let mut seen = [false; 64];
    for &v in &values {
        seen[usize::from(v)] = true;
    }
    for v in (0..64u8).filter(|&v| seen[usize::from(v)]) {
        items.push(Item::Legend {
            x: panel as f32,
            y,
            size: 14.0,
            swatch: Swatch::Fill(value_colour(v)),
            label: v.to_string(),
            value: Some(v),
        });
        y += 18.0;
    }

    // The closed form's regions and their key.
    let mut key: Vec<String> = Vec::new();
    if let Some(a) = overlay {
        y += 12.0;
        match a.form() {
            Some(form) => {
                items.push(Item::Legend {
                    x: panel as f32,
                    y,
                    size: 24.0,
                    swatch: Swatch::Line(CORE_LINE),
                    label: match form.core_size() {
                        0 => "core: none".into(),
                        c => format!("core: x, y < {c}"),
                    },
                    value: None,
                });
                y += 22.0;
                items.push(Item::Legend {
                    x: panel as f32,
                    y,
                    size: 24.0,
                    swatch: Swatch::Line(STRIP_LINE),
                    label: "strip / sector edge".into(),
                    value: None,
                });
                y += 26.0;
                overlay_items(form, size, cell, (left, top), &mut items, &mut key);
            }
            None => key.push("no certified closed form".into()),
        }
    }
    for line in &key {
        panel_w = panel_w.max(text_width(line, 1) + 8);
        items.push(Item::Text { x: panel as f32, y, text: line.clone(), colour: INK, scale: 1 });
        y += 14.0;
    }
    for item in &items {
        if let Item::Legend { label, size, .. } = item {
            panel_w = panel_w.max(text_width(label, 1) + *size as u32 + 8);
        }
    }
    let width = (panel + panel_w + 16).max(16 + text_width(&title, 1) + 16);
    let height = (top + side + 16).max(y as u32 + 16);
    Ok(Picture { width, height, title, grid, items })
}

fn thin() -> Stroke {
    Stroke { colour: INK, width: 1.0, dashed: false, halo: false }
}

/// The core square, the strip edges (outside the core) and a label per sector ([`regions`]).
fn overlay_items(
    form: &ClosedForm,
    size: u64,
    cell: u32,
    (left, top): (u32, u32),
    items: &mut Vec<Item>,
    key: &mut Vec<String>,
) {
    // Cell units (X down, Y across) to pixels.
    let px =
        |(x, y): (f64, f64)| (left as f32 + (y * f64::from(cell)) as f32, top as f32 + (x * f64::from(cell)) as f32);
    let r = regions(form, size);
    for (segments, stroke) in [(&r.core_edges, CORE_LINE), (&r.strip_edges, STRIP_LINE)] {
        for s in segments {
            items.push(Item::Line { from: px(s.from), to: px(s.to), stroke });
        }
    }
    key.extend(r.key);
    for SectorLabel { label, at } in r.sectors {
        let (cx, cy) = px(at);
        let w = text_width(&label, 1) as f32;
        items.push(Item::Rect {
            x: cx - w / 2.0 - 2.0,
            y: cy - 6.0,
            w: w + 4.0,
            h: 12.0,
            fill: Some(WHITE),
            stroke: Some(INK),
        });
        items.push(Item::Text { x: cx - w / 2.0, y: cy - 4.0, text: label, colour: INK, scale: 1 });
    }
}
