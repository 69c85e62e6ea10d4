//! Writing a [`Picture`] as SVG 1.1 that browsers render: the grid as one `<rect>` per run of
//! equal colours in a row (inside `<g class="cells">`, whose `data-*` attributes give its
//! geometry), lines, circles, monospace text, one `<rect class="mark">` per data point and one
//! `<g class="legend-entry">` per legend entry.

use std::fmt::Write as _;

use super::{Item, Picture, Stroke, Swatch, hex};

fn escape(text: &str) -> String {
    text.replace('&', "&amp;").replace('<', "&lt;").replace('>', "&gt;").replace('"', "&quot;")
}

fn line(out: &mut String, from: (f32, f32), to: (f32, f32), s: &Stroke) {
    let dash = if s.dashed { r#" stroke-dasharray="5 4""# } else { "" };
    if s.halo {
        let _ = writeln!(
            out,
            r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="black" stroke-width="{}"/>"#,
            from.0,
            from.1,
            to.0,
            to.1,
            s.width + 2.0
        );
    }
    let _ = writeln!(
        out,
        r#"<line x1="{}" y1="{}" x2="{}" y2="{}" stroke="{}" stroke-width="{}"{dash}/>"#,
        from.0,
        from.1,
        to.0,
        to.1,
        hex(s.colour),
        s.width
    );
}

fn ring(out: &mut String, c: (f32, f32), r: f32, s: &Stroke) {
    if s.halo {
        let _ = writeln!(
            out,
            r#"<circle cx="{}" cy="{}" r="{r}" fill="none" stroke="black" stroke-width="{}"/>"#,
            c.0,
            c.1,
            s.width + 2.0
        );
    }
    let _ = writeln!(
        out,
        r#"<circle cx="{}" cy="{}" r="{r}" fill="none" stroke="{}" stroke-width="{}"/>"#,
        c.0,
        c.1,
        hex(s.colour),
        s.width
    );
}

fn text(out: &mut String, x: f32, y: f32, t: &str, colour: &str, scale: u32) {
    // The 8x8 font's cell: a 10-unit monospace font's baseline sits about 7 units down.
    let size = 10 * scale;
    let _ = writeln!(
        out,
        r#"<text x="{x}" y="{}" font-family="monospace" font-size="{size}" fill="{colour}">{}</text>"#,
        y + 7.0 * scale as f32,
        escape(t)
    );
}

/// The SVG document of `picture`.
pub(super) fn encode(picture: &Picture) -> String {
    let mut out = String::new();
    let (w, h) = (picture.width, picture.height);
    let _ = writeln!(out, r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="{w}" height="{h}" viewBox="0 0 {w} {h}">"#
    );
    let _ = writeln!(out, "<title>{}</title>", escape(&picture.title));
    let _ = writeln!(out, r#"<rect x="0" y="0" width="{w}" height="{h}" fill="white"/>"#);
    let g = &picture.grid;
    let _ = writeln!(
        out,
        r#"<g class="cells" shape-rendering="crispEdges" data-left="{}" data-top="{}" data-cell="{}" data-rows="{}" data-cols="{}">"#,
        g.left, g.top, g.cell, g.rows, g.cols
    );
    for row in 0..g.rows {
        let colours = &g.colours[row * g.cols..(row + 1) * g.cols];
        let mut start = 0;
        while start < g.cols {
            let mut end = start + 1;
            while end < g.cols && colours[end] == colours[start] {
                end += 1;
            }
            let _ = writeln!(
                out,
                r#"<rect x="{}" y="{}" width="{}" height="{}" fill="{}"/>"#,
                g.left + start as u32 * g.cell,
                g.top + row as u32 * g.cell,
                (end - start) as u32 * g.cell,
                g.cell,
                hex(colours[start])
            );
            start = end;
        }
    }
    let _ = writeln!(out, "</g>");
    for item in &picture.items {
        match item {
            Item::Rect { x, y, w, h, fill, stroke } => {
                let fill = fill.map_or("none".into(), hex);
                let stroke = stroke.map_or(String::new(), |c| format!(r#" stroke="{}" stroke-width="1""#, hex(c)));
                let _ = writeln!(out, r#"<rect x="{x}" y="{y}" width="{w}" height="{h}" fill="{fill}"{stroke}/>"#);
            }
            Item::Mark { x, y, w, h, colour, heap, value, flag } => {
                let flag = flag.map_or(String::new(), |name| format!(r#" data-{name}="1""#));
                let _ = writeln!(
                    out,
                    r#"<rect class="mark" x="{x}" y="{y}" width="{w}" height="{h}" fill="{}" data-heap="{heap}" data-value="{value}"{flag}/>"#,
                    hex(*colour)
                );
            }
            Item::Line { from, to, stroke } => line(&mut out, *from, *to, stroke),
            Item::Ring { centre, radius, stroke } => ring(&mut out, *centre, *radius, stroke),
            Item::Text { x, y, text: t, colour, scale } => text(&mut out, *x, *y, t, &hex(*colour), *scale),
            Item::Legend { x, y, size, swatch, label, value } => {
                let data = value.map_or(String::new(), |v| format!(r#" data-value="{v}""#));
                let _ = writeln!(out, r#"<g class="legend-entry"{data}>"#);
                match swatch {
                    Swatch::Fill(c) => {
                        let _ = writeln!(
                            out,
                            r##"<rect x="{x}" y="{y}" width="{size}" height="{size}" fill="{}" stroke="#808080"/>"##,
                            hex(*c)
                        );
                    }
                    Swatch::Line(s) => line(&mut out, (*x, y + size / 2.0), (x + size, y + size / 2.0), s),
                    Swatch::Ring(s) => ring(&mut out, (x + size / 2.0, y + size / 2.0), size / 2.0 - 2.0, s),
                }
                text(&mut out, x + size + 6.0, y + (size - 8.0) / 2.0, label, "#222222", 1);
                let _ = writeln!(out, "</g>");
            }
        }
    }
    let _ = writeln!(out, "</svg>");
    out
}
