//! The images of a heap game's heaps in its misère quotient: heap `n` across, one row per element
//! the heaps drawn reach (in the order they first reach it), one point per heap in its image's
//! row, the rows of P-elements labelled and lined and their points in their own colour, the
//! preperiod and one period shaded with a line and a label at `n0` and at `n0 + p` (as the
//! normal-play picture marks them), a title (game, `|Q|`, `|P|`, status) and a legend naming each
//! row's element in the presentation's generators.
//!
//! The points are [`Item::Mark`]s (in SVG, `<rect class="mark" data-heap data-value>`, the
//! value being the element's index in the quotient, with `data-p="1"` for an element of `P`);
//! the grid has no rows, its `cols` heaps of `cell` pixels from `left` say where each heap's
//! column is.

use grundy_core::heap_misere::{MisereAnalysis, MisereStatus};

use crate::heap::check_picture;
use crate::heap::picture::{HeapPlot, heaps_shown};
use crate::picture::{INK, Item, Picture, PictureError, Rgb, Stroke, Swatch, item_pixels, text_width};

/// The plot's height in pixels, about (rows get whole pixels, 1 to 16 each).
const PLOT_HEIGHT: u32 = 320;
/// Rows at least this high are labelled with their element.
const LABELLED_ROW: u32 = 9;
/// The most elements the legend names one by one.
const MAX_NAMED: usize = 48;
/// The most characters of the presentation written out.
const MAX_TEXT: usize = 160;

/// The image of a heap outside `P` (alone, the player to move wins).
const N_IMAGE: Rgb = [0x00, 0x72, 0xB2];
/// The image of a heap in `P` (alone, the player to move loses).
const P_IMAGE: Rgb = [0xD5, 0x5E, 0x00];
/// The line along a P-element's row.
const P_ROW: Stroke = Stroke { colour: [0xF2, 0xB8, 0x9A], width: 1.0, dashed: false, halo: false };

/// The picture of `Φ` from `analysis`: `size` heaps (by default `n0 + 2p`, at least 100, with a
/// proven period; else the heaps computed), at most
/// [`MAX_PICTURE_HEAPS`](crate::heap::MAX_PICTURE_HEAPS), `scale` pixels per heap.
pub fn picture(analysis: &MisereAnalysis, size: Option<u64>, scale: Option<u32>) -> Result<Picture, PictureError> {
    check_picture(size)?;
    let (game, q, pres) = (&analysis.game, analysis.quotient(), analysis.presentation());
    let period = analysis.period();
    let (wanted, shown) = heaps_shown(size, period, analysis.computed());
    let images: Vec<u32> = (0..shown)
        .map(|n| analysis.image(n).expect("a heap below the heaps computed, or through the period"))
        .collect();

    // The rows: each element the heaps drawn reach, with the first heap that does.
    let mut row_of = vec![usize::MAX; q.order()];
    let mut rows: Vec<(u32, u64)> = Vec::new();
    for (n, &x) in images.iter().enumerate() {
        if row_of[x as usize] == usize::MAX {
            row_of[x as usize] = rows.len();
            rows.push((x, n as u64));
        }
    }
    let label = |x: u32| {
        let name = pres.element(x);
        if q.in_p(x) { format!("{name} (P)") } else { name }
    };

    let cell =
        item_pixels(shown, scale, 1200, (1, 12), || format!("{shown} {}", if shown == 1 { "heap" } else { "heaps" }))?;
    let unit = (PLOT_HEIGHT / rows.len() as u32).clamp(1, 16);
    let plot_h = (unit * rows.len() as u32) as f32;
    let plot_w = (cell as u64 * shown) as f32;

    let status = match analysis.status {
        MisereStatus::Certified { period, .. } => {
            format!("period {} from heap {} (proven)", period.period, period.preperiod)
        }
        MisereStatus::NotFound(stop) => format!("no period proven ({stop})"),
    };
    let title = format!(
        "Phi(n) of {game} (misere) for n < {shown}: |Q| = {}, |P| = {}, {status}",
        q.order(),
        q.p_portion_size()
    );
    let labelled = unit >= LABELLED_ROW;
    let label_w = if labelled { rows.iter().map(|&(x, _)| text_width(&label(x), 1)).max().unwrap_or(0) } else { 0 };
    let left = (16 + label_w + 12).max(40);
    let top = 16 + 12 + 8 + 24;
    let (l, t) = (left as f32, top as f32);
    let plot = HeapPlot { left, top, cell, shown, plot_h };
    let y_of = |row: usize| t + plot_h - (row as f32 + 1.0) * unit as f32;
    let mut items = vec![Item::Text { x: 16.0, y: 12.0, text: title.clone(), colour: INK, scale: 1 }];

    // The bands, under everything else, and the lines at n0 and n0 + p with their labels.
    if let Some(p) = period {
        plot.period_marks(p, &mut items);
    }

    // The P-elements' rows, the frame, the row labels and the heap axis.
    for (row, &(x, _)) in rows.iter().enumerate() {
        let y = y_of(row) + unit as f32 / 2.0;
        if q.in_p(x) {
            items.push(Item::Line { from: (l, y), to: (l + plot_w, y), stroke: P_ROW });
        }
        if labelled {
            let text = label(x);
            let lx = l - 8.0 - text_width(&text, 1) as f32;
            items.push(Item::Text { x: lx, y: y - 4.0, text, colour: INK, scale: 1 });
        }
    }
    plot.frame(&mut items);
    plot.heap_axis("Phi", &mut items);

    // One mark per heap: its column, its image's row.
    let mark_w = if cell >= 4 { cell - 1 } else { cell } as f32;
    let mark_h = unit.max(2) as f32;
    for (n, &x) in images.iter().enumerate() {
        let in_p = q.in_p(x);
        items.push(Item::Mark {
            x: plot.x_of(n as u64),
            y: y_of(row_of[x as usize]) + unit as f32 - mark_h,
            w: mark_w,
            h: mark_h,
            colour: if in_p { P_IMAGE } else { N_IMAGE },
            heap: n as u64,
            value: x,
            flag: in_p.then_some("p"),
        });
    }

    // The legend, under the heap axis: the colours, the period, the quotient and each row.
    let mut legend = plot.legend();
    legend.push(&mut items, Swatch::Fill(N_IMAGE), "Phi(n) not in P: heap n alone is won by the player to move".into());
    legend.push(&mut items, Swatch::Fill(P_IMAGE), "Phi(n) in P: heap n alone is lost by the player to move".into());
    if let Some(p) = period {
        legend.period(&mut items, p);
    }
    for (row, &(x, first)) in rows.iter().enumerate().take(MAX_NAMED) {
        let colour = if q.in_p(x) { P_IMAGE } else { N_IMAGE };
        let text = format!("row {}: {}, first at heap {first}", row + 1, label(x));
        legend.push(&mut items, Swatch::Fill(colour), text);
    }
    let generators: Vec<String> = pres
        .generator_heaps
        .iter()
        .map(|&h| format!("{} = Phi({h})", pres.element(analysis.image(h).expect("a generator heap is computed"))))
        .collect();
    let mut presentation = pres.text();
    if presentation.chars().count() > MAX_TEXT {
        presentation = presentation.chars().take(MAX_TEXT).collect::<String>() + " ...";
    }
    let mut notes = vec![format!("Q = {presentation}"), format!("generators: {}", generators.join(", "))];
    if rows.len() > MAX_NAMED {
        notes.push(format!("rows {}..{} not named here", MAX_NAMED + 1, rows.len()));
    }
    notes.extend(plot.notes(wanted, period));
    legend.notes(&mut items, notes);
    Ok(plot.finish(title, items, legend.y))
}
