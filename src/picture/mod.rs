//! Pictures of a family's values, as PNG or SVG: a leaper's table, a heap game's values, its
//! misère quotient's images and a Mine board, each drawn by its family's `picture` (a scene in
//! the family's folder).
//!
//! A scene builds the format-independent model here: a grid of coloured cells, and vector items
//! over it (rectangles, lines, rings, text, data points, legend entries). `png.rs` rasterises it
//! (with the `png` crate and the `font8x8` glyphs), `svg.rs` writes it as SVG elements.

mod png;
mod svg;

use std::fmt;
use std::path::Path;

/// The largest picture side accepted, in pixels.
pub const MAX_SIDE: u64 = 16384;

/// A picture's file format.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Format {
    /// PNG, with text chunks locating the grid and the legend.
    Png,
    /// SVG 1.1.
    Svg,
}

impl Format {
    /// The format a file name's extension names (`.png` or `.svg`, any case).
    pub fn of_path(path: &Path) -> Option<Format> {
        match path.extension()?.to_str()?.to_ascii_lowercase().as_str() {
            "png" => Some(Format::Png),
            "svg" => Some(Format::Svg),
            _ => None,
        }
    }
}

/// Why a picture was not drawn.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum PictureError {
    /// More items across than a scene draws.
    Size {
        /// The items asked for.
        size: u64,
        /// The most the scene draws.
        max: u64,
        /// What an item is, plural (`heaps`), or empty.
        unit: &'static str,
    },
    /// More than [`MAX_SIDE`] pixels across.
    TooWide {
        /// Pixels per item.
        scale: u32,
        /// What is drawn across (`500 x 500 cells`), or empty.
        across: String,
    },
    /// The values to draw cannot be computed.
    Values(String),
    /// The PNG encoder failed.
    Encoding(String),
}

impl fmt::Display for PictureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Self::Size { size, max, unit } => write!(f, "size {size}: must be 1 to {max}{}{unit}", sep(unit)),
            Self::TooWide { scale, across } => {
                write!(f, "scale {scale}: more than {MAX_SIDE} pixels across{}{across}", sep(across))
            }
            Self::Values(why) => write!(f, "the values: {why}"),
            Self::Encoding(why) => write!(f, "encoding the PNG: {why}"),
        }
    }
}

fn sep(text: &str) -> &'static str {
    if text.is_empty() { "" } else { " " }
}

impl std::error::Error for PictureError {}

/// Pixels per item for `count` items across: `scale`, or `default_side / count` within `range`;
/// refused beyond [`MAX_SIDE`] pixels.
pub(crate) fn item_pixels(
    count: u64,
    scale: Option<u32>,
    default_side: u32,
    range: (u32, u32),
    across: impl FnOnce() -> String,
) -> Result<u32, PictureError> {
    let cell =
        scale.unwrap_or_else(|| (default_side / count.clamp(1, u64::from(u32::MAX)) as u32).clamp(range.0, range.1));
    if u64::from(cell) * count > MAX_SIDE {
        return Err(PictureError::TooWide { scale: cell, across: across() });
    }
    Ok(cell)
}

/// A tick step (1, 2, 5, 10, 20, 25, 50, ...) at least `min_px` pixels apart.
pub(crate) fn tick_step(cell: u32, min_px: u32) -> u64 {
    let mut base = 1u64;
    loop {
        for m in [1, 2, 5] {
            if base * m * u64::from(cell) >= u64::from(min_px) {
                return base * m;
            }
        }
        base *= 10;
    }
}

/// A colour.
pub(crate) type Rgb = [u8; 3];

pub(crate) const WHITE: Rgb = [255, 255, 255];
pub(crate) const BLACK: Rgb = [0, 0, 0];
pub(crate) const INK: Rgb = [34, 34, 34];

/// The colour of Grundy value `v`: the eight colours of Okabe and Ito's colour-blind-safe
/// palette for 0 to 7 (0 black, so the P-positions stand out), then hues 137.5° apart (the
/// golden angle) at alternating lightness for 8 to 63.
pub(crate) fn value_colour(v: u8) -> Rgb {
    const OKABE_ITO: [Rgb; 8] = [
        [0x00, 0x00, 0x00],
        [0xE6, 0x9F, 0x00],
        [0x56, 0xB4, 0xE9],
        [0x00, 0x9E, 0x73],
        [0xF0, 0xE4, 0x42],
        [0x00, 0x72, 0xB2],
        [0xD5, 0x5E, 0x00],
        [0xCC, 0x79, 0xA7],
    ];
    match OKABE_ITO.get(usize::from(v)) {
        Some(&c) => c,
        None => {
            let k = f64::from(v - 8);
            hsl((20.0 + 137.508 * k) % 360.0, 0.7, if v.is_multiple_of(2) { 0.42 } else { 0.68 })
        }
    }
}

/// A colour from hue (degrees), saturation and lightness in 0..=1.
pub(crate) fn hsl(h: f64, s: f64, l: f64) -> Rgb {
    let c = (1.0 - (2.0 * l - 1.0).abs()) * s;
    let hp = h / 60.0;
    let x = c * (1.0 - (hp % 2.0 - 1.0).abs());
    let (r, g, b) = match hp as u32 {
        0 => (c, x, 0.0),
        1 => (x, c, 0.0),
        2 => (0.0, c, x),
        3 => (0.0, x, c),
        4 => (x, 0.0, c),
        _ => (c, 0.0, x),
    };
    let m = l - c / 2.0;
    let byte = |v: f64| ((v + m) * 255.0).round().clamp(0.0, 255.0) as u8;
    [byte(r), byte(g), byte(b)]
}

/// `#rrggbb`.
pub(crate) fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The cells: `rows × cols` squares of `cell` pixels from (`left`, `top`), row-major colours.
#[derive(Debug, Clone)]
pub(crate) struct Grid {
    pub(crate) left: u32,
    pub(crate) top: u32,
    pub(crate) cell: u32,
    pub(crate) rows: usize,
    pub(crate) cols: usize,
    pub(crate) colours: Vec<Rgb>,
}

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) struct Stroke {
    pub(crate) colour: Rgb,
    pub(crate) width: f32,
    pub(crate) dashed: bool,
    /// A black edge one pixel wide on both sides, so the line shows on any colour.
    pub(crate) halo: bool,
}

/// A vector item over the grid (pixel coordinates).
#[derive(Debug, Clone)]
pub(crate) enum Item {
    /// A rectangle, filled and/or outlined.
    Rect {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        fill: Option<Rgb>,
        stroke: Option<Rgb>,
    },
    Line {
        from: (f32, f32),
        to: (f32, f32),
        stroke: Stroke,
    },
    Ring {
        centre: (f32, f32),
        radius: f32,
        stroke: Stroke,
    },
    /// Text in the 8×8 font, `scale` pixels per font pixel, its top left corner at (`x`, `y`).
    Text {
        x: f32,
        y: f32,
        text: String,
        colour: Rgb,
        scale: u32,
    },
    /// A data point: a filled rectangle standing for `G(heap) = value`, or `Φ(heap) = value` in
    /// misère play (in SVG, a `<rect class="mark">` with `data-heap`, `data-value` and, when set,
    /// the attribute `flag` names, `data-rare` for a rare position or `data-p` for an image in
    /// P, equal to 1).
    Mark {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        colour: Rgb,
        heap: u64,
        value: u32,
        flag: Option<&'static str>,
    },
    /// A legend entry: a swatch (filled square, a line sample or a ring) and a label.
    Legend {
        x: f32,
        y: f32,
        size: f32,
        swatch: Swatch,
        label: String,
        value: Option<u8>,
    },
}

/// A legend entry's sample.
#[derive(Debug, Clone, Copy, PartialEq)]
pub(crate) enum Swatch {
    Fill(Rgb),
    Line(Stroke),
    Ring(Stroke),
}

/// A whole picture, drawn by a family's scene; [`Picture::encode`] writes it.
#[derive(Debug, Clone)]
pub struct Picture {
    pub(crate) width: u32,
    pub(crate) height: u32,
    pub(crate) title: String,
    pub(crate) grid: Grid,
    pub(crate) items: Vec<Item>,
}

/// Width in pixels of `text` in the 8×8 font at `scale`.
pub(crate) fn text_width(text: &str, scale: u32) -> u32 {
    text.chars().count() as u32 * 8 * scale
}

impl Picture {
    /// Width in pixels.
    pub fn width(&self) -> u32 {
        self.width
    }

    /// Height in pixels.
    pub fn height(&self) -> u32 {
        self.height
    }

    /// The picture as a file of `format`.
    pub fn encode(&self, format: Format) -> Result<Vec<u8>, PictureError> {
        match format {
            Format::Png => png::encode(self).map_err(|e| PictureError::Encoding(e.to_string())),
            Format::Svg => Ok(svg::encode(self).into_bytes()),
        }
    }

    /// The legend entries as `(label, value, swatch centre)`, for the PNG's text chunk.
    pub(crate) fn legend_centres(&self) -> Vec<(String, Option<u8>, (f32, f32))> {
        self.items
            .iter()
            .filter_map(|item| match item {
                Item::Legend { x, y, size, label, value, .. } => {
                    Some((label.clone(), *value, (x + size / 2.0, y + size / 2.0)))
                }
                _ => None,
            })
            .collect()
    }
}
