//! The value sequence of a heap game: heap `n` across, `G(n)` up, one point per heap (the rare
//! class in its own colour), the preperiod and one period shaded with a line and a label at
//! `n0` and at `n0 + p`, a title (game and status) and a legend.
//!
//! The points are [`Item::Mark`]s (in SVG, `<rect class="mark" data-heap data-value>`); the grid
//! has no rows, its `cols` heaps of `cell` pixels from `left` say where each heap's column is.

use grundy_core::heap::{HeapAnalysis, HeapGame, HeapStatus, HeapValues};

use crate::picture::{Grid, INK, Item, Picture, PictureError, Rgb, Stroke, Swatch, item_pixels, text_width, tick_step};

/// The most heaps drawn (more are clipped, with a note in the legend).
pub const MAX_PICTURE_HEAPS: u64 = 4096;
/// The fewest heaps drawn by default.
const MIN_HEAPS: u64 = 100;
/// The plot's height in pixels, about (values get whole pixels up to 24 each).
const PLOT_HEIGHT: f32 = 240.0;

/// A value of the common class.
const COMMON: Rgb = [0x00, 0x72, 0xB2];
/// A value of the rare class (a rare position).
const RARE: Rgb = [0xD5, 0x5E, 0x00];
/// The preperiod's band.
const PREPERIOD_BAND: Rgb = [0xE4, 0xE4, 0xE4];
/// One period's band.
const PERIOD_BAND: Rgb = [0xFF, 0xF1, 0xC2];
const START_LINE: Stroke = Stroke { colour: INK, width: 2.0, dashed: false, halo: false };
const END_LINE: Stroke = Stroke { colour: INK, width: 2.0, dashed: true, halo: false };

/// Checks a number of heaps to draw (`size`) before anything is computed.
pub fn check_picture(size: Option<u64>) -> Result<(), PictureError> {
    match size {
        Some(n) if !(1..=MAX_PICTURE_HEAPS).contains(&n) => {
            Err(PictureError::Size { size: n, max: MAX_PICTURE_HEAPS, unit: "heaps" })
        }
        _ => Ok(()),
    }
}

/// The picture of `game`'s values from `analysis`: `size` heaps (by default `n0 + 2p`, at least
/// 100, with a proven period; else the values computed), at most [`MAX_PICTURE_HEAPS`], `scale` pixels
/// per heap.
pub fn picture(
    game: &HeapGame,
    analysis: &HeapAnalysis,
    size: Option<u64>,
    scale: Option<u32>,
) -> Result<Picture, PictureError> {
    check_picture(size)?;
    let period = analysis.period();
    // What the picture should show, then what it does.
    let wanted = match (size, period) {
        (Some(n), _) => n,
        (None, Some(p)) => (p.preperiod + 2 * p.period).max(MIN_HEAPS),
        (None, None) => analysis.computed(),
    };
    let reach = if period.is_some() { u64::MAX } else { analysis.computed() };
    let shown = wanted.min(MAX_PICTURE_HEAPS).min(reach);
    let values: Vec<u32> = (0..shown)
        .map(|n| analysis.value(n).expect("a heap below the values computed, or through the period"))
        .collect();

    // The rare positions under the split of the values the analysis computed.
    let mut engine = HeapValues::new(game);
    engine.extend_to(analysis.computed() as usize, u64::MAX).map_err(|e| PictureError::Values(e.to_string()))?;
    let rare = engine.rare_positions();
    let is_rare = |n: u64| u32::try_from(n).is_ok_and(|n| rare.binary_search(&n).is_ok());

    let cell =
        item_pixels(shown, scale, 1200, (1, 12), || format!("{shown} {}", if shown == 1 { "heap" } else { "heaps" }))?;
    let max = values.iter().copied().max().unwrap_or(0);
    let rows = f64::from(max) + 1.0;
    let unit = (f64::from(PLOT_HEIGHT) / rows).min(24.0);
    let unit = if unit >= 1.0 { unit.floor() } else { unit } as f32;
    let plot_h = (unit * rows as f32).ceil();
    let plot_w = (cell as u64 * shown) as f32;

    let title = match &analysis.status {
        HeapStatus::Certified(p) => {
            format!("G(n) of {game} for n < {shown}: period {} from heap {} (proven)", p.period, p.preperiod)
        }
        HeapStatus::NotFound(e) => format!("G(n) of {game} for n < {shown}: no period proven ({})", e.stopped),
    };
    let label_w = text_width(&max.to_string(), 1);
    let left = (16 + label_w + 12).max(40);
    let top = 16 + 12 + 8 + 24;
    let (l, t) = (left as f32, top as f32);
    let x_of = |n: u64| l + (n * u64::from(cell)) as f32;
    let y_of = |v: u32| t + plot_h - (v as f32 + 1.0) * unit;
    let mut items = vec![Item::Text { x: 16.0, y: 12.0, text: title.clone(), colour: INK, scale: 1 }];

    // The bands, under everything else, and the lines at n0 and n0 + p with their labels.
    if let Some(p) = period {
        let end = p.preperiod.saturating_add(p.period);
        let band = |from: u64, to: u64, fill: Rgb| Item::Rect {
            x: x_of(from),
            y: t,
            w: x_of(to.min(shown)) - x_of(from),
            h: plot_h,
            fill: Some(fill),
            stroke: None,
        };
        if p.preperiod > 0 {
            items.push(band(0, p.preperiod, PREPERIOD_BAND));
        }
        if p.preperiod < shown {
            items.push(band(p.preperiod, end, PERIOD_BAND));
        }
        for (at, stroke, label) in
            [(p.preperiod, START_LINE, format!("n0 = {}", p.preperiod)), (end, END_LINE, format!("p = {}", p.period))]
        {
            if at > shown {
                continue;
            }
            let x = x_of(at);
            items.push(Item::Line { from: (x, t - 12.0), to: (x, t + plot_h), stroke });
            let w = text_width(&label, 1) as f32;
            // n0's label ends at its line, p's starts at its line (they never overlap).
            let lx = if at == p.preperiod { (x - w - 3.0).max(2.0) } else { x + 3.0 };
            items.push(Item::Text { x: lx, y: t - 22.0, text: label, colour: INK, scale: 1 });
        }
    }

    // The frame, the value axis and the heap axis.
    items.push(Item::Rect { x: l - 1.0, y: t - 1.0, w: plot_w + 2.0, h: plot_h + 2.0, fill: None, stroke: Some(INK) });
    let v_step = tick_step(unit.max(1.0).ceil() as u32, 12);
    let mut v = 0u64;
    while v <= u64::from(max) {
        let label = v.to_string();
        let y = y_of(v as u32) + unit / 2.0;
        items.push(Item::Text {
            x: l - 8.0 - text_width(&label, 1) as f32,
            y: y - 4.0,
            text: label,
            colour: INK,
            scale: 1,
        });
        v += v_step;
    }
    let n_step = tick_step(cell, 48);
    let mut n = 0u64;
    while n < shown {
        let label = n.to_string();
        let x = x_of(n) + cell as f32 / 2.0;
        items.push(Item::Line { from: (x, t + plot_h + 1.0), to: (x, t + plot_h + 6.0), stroke: thin() });
        items.push(Item::Text {
            x: x - text_width(&label, 1) as f32 / 2.0,
            y: t + plot_h + 10.0,
            text: label,
            colour: INK,
            scale: 1,
        });
        n += n_step;
    }
    items.push(Item::Text { x: 4.0, y: t - 12.0, text: "G".into(), colour: INK, scale: 1 });
    items.push(Item::Text { x: l + plot_w + 6.0, y: t + plot_h + 10.0, text: "n".into(), colour: INK, scale: 1 });

    // One mark per heap: its column, one value's height (at least 2 pixels).
    let (mark_w, mark_h) = (if cell >= 4 { cell - 1 } else { cell } as f32, unit.max(2.0));
    let mut rare_shown = 0;
    for (n, &v) in values.iter().enumerate() {
        let rare = is_rare(n as u64);
        rare_shown += usize::from(rare);
        items.push(Item::Mark {
            x: x_of(n as u64),
            y: y_of(v) + unit - mark_h,
            w: mark_w,
            h: mark_h,
            colour: if rare { RARE } else { COMMON },
            heap: n as u64,
            value: v,
            flag: rare.then_some("rare"),
        });
    }

    // The legend, under the heap axis.
    let mut y = t + plot_h + 32.0;
    let mut legend = |swatch: Swatch, label: String, items: &mut Vec<Item>| {
        items.push(Item::Legend { x: l, y, size: 14.0, swatch, label, value: None });
        y += 18.0;
    };
    legend(Swatch::Fill(COMMON), "G(n), n a common position".into(), &mut items);
    let rare_label = match rare.last() {
        Some(last) => format!(
            "G(n), n a rare position ({} of {} computed, the last at heap {last}; {rare_shown} drawn)",
            rare.len(),
            analysis.computed()
        ),
        None => format!("G(n), n a rare position (none of {} computed)", analysis.computed()),
    };
    legend(Swatch::Fill(RARE), rare_label, &mut items);
    if let Some(p) = period {
        if p.preperiod > 0 {
            legend(Swatch::Fill(PREPERIOD_BAND), format!("preperiod: heaps 0..{}", p.preperiod - 1), &mut items);
        }
        let end = p.preperiod + p.period;
        legend(Swatch::Fill(PERIOD_BAND), format!("one period: heaps {}..{}", p.preperiod, end - 1), &mut items);
        legend(Swatch::Line(START_LINE), format!("n0 = {}: the first periodic heap", p.preperiod), &mut items);
        legend(Swatch::Line(END_LINE), format!("n0 + p = {end} (p = {})", p.period), &mut items);
    }
    let mut notes = Vec::new();
    if shown < wanted {
        notes.push(format!("clipped: heaps 0..{} of the {wanted} asked for are drawn", shown - 1));
    }
    if let Some(p) = period.filter(|p| p.preperiod.saturating_add(2 * p.period) > shown) {
        notes.push(format!("n0 + 2p = {} heaps would show two periods", p.preperiod + 2 * p.period));
    }
    for note in &notes {
        items.push(Item::Text { x: l, y, text: note.clone(), colour: INK, scale: 1 });
        y += 14.0;
    }

    let mut width = (l + plot_w + 24.0) as u32;
    width = width.max(16 + text_width(&title, 1) + 16);
    for item in &items {
        match item {
            Item::Legend { label, size, .. } => width = width.max(left + *size as u32 + 6 + text_width(label, 1) + 16),
            Item::Text { x, text, .. } => width = width.max(*x as u32 + text_width(text, 1) + 16),
            _ => {}
        }
    }
    let grid = Grid { left, top, cell, rows: 0, cols: shown as usize, colours: Vec::new() };
    Ok(Picture { width, height: y as u32 + 16, title, grid, items })
}

fn thin() -> Stroke {
    Stroke { colour: INK, width: 1.0, dashed: false, halo: false }
}
