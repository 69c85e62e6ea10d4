//! What a picture holds, independent of the file format: a grid of coloured cells, and vector
//! items over it (rectangles, lines, rings, text, legend entries). [`super::png`] rasterises it,
//! [`super::svg`] writes it as SVG elements.

/// A colour.
pub type Rgb = [u8; 3];

pub const WHITE: Rgb = [255, 255, 255];
pub const BLACK: Rgb = [0, 0, 0];
pub const INK: Rgb = [34, 34, 34];

/// The colour of Grundy value `v`: the eight colours of Okabe and Ito's colour-blind-safe
/// palette for 0 to 7 (0 black, so the P-positions stand out), then hues 137.5° apart (the
/// golden angle) at alternating lightness for 8 to 63.
pub fn value_colour(v: u8) -> Rgb {
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
pub fn hsl(h: f64, s: f64, l: f64) -> Rgb {
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
pub fn hex(c: Rgb) -> String {
    format!("#{:02x}{:02x}{:02x}", c[0], c[1], c[2])
}

/// The cells: `rows × cols` squares of `cell` pixels from (`left`, `top`), row-major colours.
#[derive(Debug, Clone)]
pub struct Grid {
    pub left: u32,
    pub top: u32,
    pub cell: u32,
    pub rows: usize,
    pub cols: usize,
    pub colours: Vec<Rgb>,
}

/// How a line is drawn.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Stroke {
    pub colour: Rgb,
    pub width: f32,
    pub dashed: bool,
    /// A black edge one pixel wide on both sides, so the line shows on any colour.
    pub halo: bool,
}

/// A vector item over the grid (pixel coordinates).
#[derive(Debug, Clone)]
pub enum Item {
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
    /// A data point: a filled rectangle standing for `G(heap) = value` (in SVG, a `<rect
    /// class="mark">` with `data-heap`, `data-value` and, for a rare position, `data-rare`).
    Mark {
        x: f32,
        y: f32,
        w: f32,
        h: f32,
        colour: Rgb,
        heap: u64,
        value: u32,
        rare: bool,
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
pub enum Swatch {
    Fill(Rgb),
    Line(Stroke),
    Ring(Stroke),
}

/// A whole picture.
#[derive(Debug, Clone)]
pub struct Picture {
    pub width: u32,
    pub height: u32,
    pub title: String,
    pub grid: Grid,
    pub items: Vec<Item>,
}

/// Width in pixels of `text` in the 8×8 font at `scale`.
pub fn text_width(text: &str, scale: u32) -> u32 {
    text.chars().count() as u32 * 8 * scale
}

impl Picture {
    /// The legend entries as `(label, value, swatch centre)`, for the PNG's text chunk.
    pub fn legend_centres(&self) -> Vec<(String, Option<u8>, (f32, f32))> {
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
