//! Rasterising a [`Picture`] and encoding it with the `png` crate. Text chunks say where the
//! grid and the legend swatches are (`grundy-grid`: `left top cell rows cols`; `grundy-legend`:
//! `label=x,y` per entry, `;`-separated), so a reader can find every cell.

use super::{BLACK, Item, Picture, Rgb, Stroke, Swatch};

/// An RGB raster.
struct Raster {
    width: u32,
    height: u32,
    pixels: Vec<u8>,
}

impl Raster {
    fn set(&mut self, x: i64, y: i64, c: Rgb) {
        if x >= 0 && y >= 0 && (x as u32) < self.width && (y as u32) < self.height {
            let i = (y as usize * self.width as usize + x as usize) * 3;
            self.pixels[i..i + 3].copy_from_slice(&c);
        }
    }

    fn fill(&mut self, x: f32, y: f32, w: f32, h: f32, c: Rgb) {
        let (x0, y0) = (x.round() as i64, y.round() as i64);
        let (x1, y1) = ((x + w).round() as i64, (y + h).round() as i64);
        for yy in y0.max(0)..y1.min(i64::from(self.height)) {
            for xx in x0.max(0)..x1.min(i64::from(self.width)) {
                self.set(xx, yy, c);
            }
        }
    }

    /// A square pen of side `width` stamped along the segment (every half pixel).
    fn pen(&mut self, from: (f32, f32), to: (f32, f32), width: f32, dashed: bool, c: Rgb) {
        let (dx, dy) = (to.0 - from.0, to.1 - from.1);
        let len = (dx * dx + dy * dy).sqrt();
        let steps = (len * 2.0).ceil().max(1.0) as u32;
        let half = width / 2.0;
        for s in 0..=steps {
            let t = s as f32 / steps as f32;
            if dashed && (t * len) % 9.0 >= 5.0 {
                continue;
            }
            let (x, y) = (from.0 + t * dx, from.1 + t * dy);
            self.fill(x - half, y - half, width, width, c);
        }
    }

    fn line(&mut self, from: (f32, f32), to: (f32, f32), s: Stroke) {
        let w = s.width.round().max(1.0);
        if s.halo {
            self.pen(from, to, w + 2.0, false, BLACK);
        }
        self.pen(from, to, w, s.dashed, s.colour);
    }

    fn ring(&mut self, centre: (f32, f32), radius: f32, s: Stroke) {
        let w = s.width.max(1.0);
        let reach = (radius + w + 2.0).ceil() as i64;
        for dy in -reach..=reach {
            for dx in -reach..=reach {
                let d = ((dx * dx + dy * dy) as f32).sqrt();
                let (x, y) = (centre.0.floor() as i64 + dx, centre.1.floor() as i64 + dy);
                if (d - radius).abs() <= w / 2.0 {
                    self.set(x, y, s.colour);
                } else if s.halo && (d - radius).abs() <= w / 2.0 + 1.0 {
                    self.set(x, y, BLACK);
                }
            }
        }
    }

    /// The 8×8 font (public-domain glyphs of `font8x8`): bit `i` of row byte `j` is the pixel at
    /// column `i`, row `j`.
    fn text(&mut self, x: f32, y: f32, text: &str, c: Rgb, scale: u32) {
        let scale = i64::from(scale.max(1));
        for (k, ch) in text.chars().enumerate() {
            let glyph = font8x8::legacy::BASIC_LEGACY
                .get(ch as usize)
                .copied()
                .unwrap_or(font8x8::legacy::BASIC_LEGACY[b'?' as usize]);
            let ox = x.round() as i64 + k as i64 * 8 * scale;
            for (row, bits) in glyph.iter().enumerate() {
                for col in 0..8 {
                    if bits >> col & 1 == 1 {
                        for sy in 0..scale {
                            for sx in 0..scale {
                                self.set(ox + col * scale + sx, y.round() as i64 + row as i64 * scale + sy, c);
                            }
                        }
                    }
                }
            }
        }
    }
}

/// Rasterises `picture`.
fn raster(picture: &Picture) -> Raster {
    let mut r = Raster {
        width: picture.width,
        height: picture.height,
        pixels: vec![255; picture.width as usize * picture.height as usize * 3],
    };
    let g = &picture.grid;
    for row in 0..g.rows {
        for col in 0..g.cols {
            let c = g.colours[row * g.cols + col];
            let (x, y) = (g.left + col as u32 * g.cell, g.top + row as u32 * g.cell);
            r.fill(x as f32, y as f32, g.cell as f32, g.cell as f32, c);
        }
    }
    for item in &picture.items {
        match item {
            Item::Rect { x, y, w, h, fill, stroke } => {
                if let Some(c) = fill {
                    r.fill(*x, *y, *w, *h, *c);
                }
                if let Some(c) = stroke {
                    let s = Stroke { colour: *c, width: 1.0, dashed: false, halo: false };
                    let (x0, y0, x1, y1) = (*x, *y, x + w - 1.0, y + h - 1.0);
                    r.line((x0, y0), (x1, y0), s);
                    r.line((x1, y0), (x1, y1), s);
                    r.line((x1, y1), (x0, y1), s);
                    r.line((x0, y1), (x0, y0), s);
                }
            }
            Item::Mark { x, y, w, h, colour, .. } => r.fill(*x, *y, *w, *h, *colour),
            Item::Line { from, to, stroke } => r.line(*from, *to, *stroke),
            Item::Ring { centre, radius, stroke } => r.ring(*centre, *radius, *stroke),
            Item::Text { x, y, text, colour, scale } => r.text(*x, *y, text, *colour, *scale),
            Item::Legend { x, y, size, swatch, label, .. } => {
                match swatch {
                    Swatch::Fill(c) => {
                        r.fill(*x, *y, *size, *size, *c);
                        let s = Stroke { colour: [128, 128, 128], width: 1.0, dashed: false, halo: false };
                        let (x1, y1) = (x + size - 1.0, y + size - 1.0);
                        for (a, b) in
                            [((*x, *y), (x1, *y)), ((x1, *y), (x1, y1)), ((x1, y1), (*x, y1)), ((*x, y1), (*x, *y))]
                        {
                            r.line(a, b, s);
                        }
                        // The centre keeps the swatch's own colour.
                        r.fill(x + 2.0, y + 2.0, size - 4.0, size - 4.0, *c);
                    }
                    Swatch::Line(s) => r.line((*x, y + size / 2.0), (x + size, y + size / 2.0), *s),
                    Swatch::Ring(s) => r.ring((x + size / 2.0, y + size / 2.0), size / 2.0 - 2.0, *s),
                }
                r.text(x + size + 6.0, y + (size - 8.0) / 2.0, label, super::INK, 1);
            }
        }
    }
    r
}

/// The PNG file of `picture`.
pub(super) fn encode(picture: &Picture) -> Result<Vec<u8>, png::EncodingError> {
    let r = raster(picture);
    let mut bytes = Vec::new();
    let mut encoder = png::Encoder::new(&mut bytes, r.width, r.height);
    encoder.set_color(png::ColorType::Rgb);
    encoder.set_depth(png::BitDepth::Eight);
    encoder.add_text_chunk("Title".into(), picture.title.clone())?;
    encoder.add_text_chunk("Software".into(), format!("grundy {}", env!("CARGO_PKG_VERSION")))?;
    let g = &picture.grid;
    encoder.add_text_chunk("grundy-grid".into(), format!("{} {} {} {} {}", g.left, g.top, g.cell, g.rows, g.cols))?;
    let legend: Vec<String> = picture
        .legend_centres()
        .into_iter()
        .map(|(label, _, (x, y))| format!("{}={},{}", label.replace([';', '='], " "), x.floor(), y.floor()))
        .collect();
    encoder.add_text_chunk("grundy-legend".into(), legend.join(";"))?;
    let mut writer = encoder.write_header()?;
    writer.write_image_data(&r.pixels)?;
    writer.finish()?;
    Ok(bytes)
}
