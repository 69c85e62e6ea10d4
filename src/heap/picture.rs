//! The value sequence of a heap game: heap `n` across, `G(n)` up, one point per heap (the rare
//! class in its own colour), the preperiod and one period shaded with a line and a label at
//! `n0` and at `n0 + p`, a title (game and status) and a legend.
//!
//! The points are [`Item::Mark`]s (in SVG, `<rect class="mark" data-heap data-value>`); the grid
//! has no rows, its `cols` heaps of `cell` pixels from `left` say where each heap's column is.

use grundy_core::heap::{HeapAnalysis, HeapGame, HeapStatus, HeapValues, Period};

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
/// A tick of the heap axis.
const THIN: Stroke = Stroke { colour: INK, width: 1.0, dashed: false, halo: false };

/// Checks a number of heaps to draw (`size`) before anything is computed.
pub fn check_picture(size: Option<u64>) -> Result<(), PictureError> {
    match size {
        Some(n) if !(1..=MAX_PICTURE_HEAPS).contains(&n) => {
            Err(PictureError::Size { size: n, max: MAX_PICTURE_HEAPS, unit: "heaps" })
        }
        _ => Ok(()),
    }
}

/// The heaps a picture should show and those it draws: `size`, by default `n0 + 2p` (at least
/// [`MIN_HEAPS`]) with a proven period or else the `computed` ones; at most
/// [`MAX_PICTURE_HEAPS`] drawn, and without a period none past those computed.
pub(crate) fn heaps_shown(size: Option<u64>, period: Option<Period>, computed: u64) -> (u64, u64) {
    let wanted = match (size, period) {
        (Some(n), _) => n,
        (None, Some(p)) => (p.preperiod + 2 * p.period).max(MIN_HEAPS),
        (None, None) => computed,
    };
    let reach = if period.is_some() { u64::MAX } else { computed };
    (wanted, wanted.min(MAX_PICTURE_HEAPS).min(reach))
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
    let (wanted, shown) = heaps_shown(size, period, analysis.computed());
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
    let plot = HeapPlot { left, top, cell, shown, plot_h };
    let y_of = |v: u32| t + plot_h - (v as f32 + 1.0) * unit;
    let mut items = vec![Item::Text { x: 16.0, y: 12.0, text: title.clone(), colour: INK, scale: 1 }];

    // The bands, under everything else, and the lines at n0 and n0 + p with their labels.
    if let Some(p) = period {
        plot.period_marks(p, &mut items);
    }

    // The frame, the value axis and the heap axis.
    plot.frame(&mut items);
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
    plot.heap_axis("G", &mut items);

    // One mark per heap: its column, one value's height (at least 2 pixels).
    let (mark_w, mark_h) = (if cell >= 4 { cell - 1 } else { cell } as f32, unit.max(2.0));
    let mut rare_shown = 0;
    for (n, &v) in values.iter().enumerate() {
        let rare = is_rare(n as u64);
        rare_shown += usize::from(rare);
        items.push(Item::Mark {
            x: plot.x_of(n as u64),
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
    let mut legend = plot.legend();
    legend.push(&mut items, Swatch::Fill(COMMON), "G(n), n a common position".into());
    let rare_label = match rare.last() {
        Some(last) => format!(
            "G(n), n a rare position ({} of {} computed, the last at heap {last}; {rare_shown} drawn)",
            rare.len(),
            analysis.computed()
        ),
        None => format!("G(n), n a rare position (none of {} computed)", analysis.computed()),
    };
    legend.push(&mut items, Swatch::Fill(RARE), rare_label);
    if let Some(p) = period {
        legend.period(&mut items, p);
    }
    legend.notes(&mut items, plot.notes(wanted, period));
    Ok(plot.finish(title, items, legend.y))
}

/// The frame of a picture of heaps `0..shown` across: heap `n`'s column is `cell` pixels from
/// `left + n · cell`, under a plot `plot_h` pixels high from `top`. The normal-play and the misère
/// pictures share it: the period's bands and lines, the heap axis, the legend's period entries
/// and notes, and the picture's size.
pub(crate) struct HeapPlot {
    pub(crate) left: u32,
    pub(crate) top: u32,
    pub(crate) cell: u32,
    pub(crate) shown: u64,
    pub(crate) plot_h: f32,
}

impl HeapPlot {
    fn l(&self) -> f32 {
        self.left as f32
    }

    fn t(&self) -> f32 {
        self.top as f32
    }

    fn plot_w(&self) -> f32 {
        (u64::from(self.cell) * self.shown) as f32
    }

    /// Where heap `n`'s column starts.
    pub(crate) fn x_of(&self, n: u64) -> f32 {
        self.l() + (n * u64::from(self.cell)) as f32
    }

    /// The preperiod's and one period's bands, and the lines at `n0` and `n0 + p` with their
    /// labels (what is past the heaps shown is left out).
    pub(crate) fn period_marks(&self, p: Period, items: &mut Vec<Item>) {
        let (t, plot_h, shown) = (self.t(), self.plot_h, self.shown);
        let end = p.preperiod.saturating_add(p.period);
        let band = |from: u64, to: u64, fill: Rgb| Item::Rect {
            x: self.x_of(from),
            y: t,
            w: self.x_of(to.min(shown)) - self.x_of(from),
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
            let x = self.x_of(at);
            items.push(Item::Line { from: (x, t - 12.0), to: (x, t + plot_h), stroke });
            let w = text_width(&label, 1) as f32;
            // n0's label ends at its line, p's starts at its line (they never overlap).
            let lx = if at == p.preperiod { (x - w - 3.0).max(2.0) } else { x + 3.0 };
            items.push(Item::Text { x: lx, y: t - 22.0, text: label, colour: INK, scale: 1 });
        }
    }

    /// The plot's frame.
    pub(crate) fn frame(&self, items: &mut Vec<Item>) {
        let (l, t) = (self.l(), self.t());
        items.push(Item::Rect {
            x: l - 1.0,
            y: t - 1.0,
            w: self.plot_w() + 2.0,
            h: self.plot_h + 2.0,
            fill: None,
            stroke: Some(INK),
        });
    }

    /// The heap axis's ticks and numbers, and the axes' names (`value` up the side, `n` across).
    pub(crate) fn heap_axis(&self, value: &str, items: &mut Vec<Item>) {
        let (l, t, plot_h) = (self.l(), self.t(), self.plot_h);
        let n_step = tick_step(self.cell, 48);
        let mut n = 0u64;
        while n < self.shown {
            let label = n.to_string();
            let x = self.x_of(n) + self.cell as f32 / 2.0;
            items.push(Item::Line { from: (x, t + plot_h + 1.0), to: (x, t + plot_h + 6.0), stroke: THIN });
            items.push(Item::Text {
                x: x - text_width(&label, 1) as f32 / 2.0,
                y: t + plot_h + 10.0,
                text: label,
                colour: INK,
                scale: 1,
            });
            n += n_step;
        }
        items.push(Item::Text { x: 4.0, y: t - 12.0, text: value.into(), colour: INK, scale: 1 });
        items.push(Item::Text {
            x: l + self.plot_w() + 6.0,
            y: t + plot_h + 10.0,
            text: "n".into(),
            colour: INK,
            scale: 1,
        });
    }

    /// The legend, under the heap axis.
    pub(crate) fn legend(&self) -> Legend {
        Legend { x: self.l(), y: self.t() + self.plot_h + 32.0 }
    }

    /// The notes under the legend: heaps clipped from the `wanted`, and two periods not shown.
    pub(crate) fn notes(&self, wanted: u64, period: Option<Period>) -> Vec<String> {
        let mut notes = Vec::new();
        if self.shown < wanted {
            notes.push(format!("clipped: heaps 0..{} of the {wanted} asked for are drawn", self.shown - 1));
        }
        if let Some(p) = period.filter(|p| p.preperiod.saturating_add(2 * p.period) > self.shown) {
            notes.push(format!("n0 + 2p = {} heaps would show two periods", p.preperiod + 2 * p.period));
        }
        notes
    }

    /// The picture: wide enough for the plot, the title and every text, as high as the legend
    /// and notes (which end at `bottom`) go.
    pub(crate) fn finish(&self, title: String, items: Vec<Item>, bottom: f32) -> Picture {
        let mut width = (self.l() + self.plot_w() + 24.0) as u32;
        width = width.max(16 + text_width(&title, 1) + 16);
        for item in &items {
            match item {
                Item::Legend { label, size, .. } => {
                    width = width.max(self.left + *size as u32 + 6 + text_width(label, 1) + 16)
                }
                Item::Text { x, text, .. } => width = width.max(*x as u32 + text_width(text, 1) + 16),
                _ => {}
            }
        }
        let grid = Grid {
            left: self.left,
            top: self.top,
            cell: self.cell,
            rows: 0,
            cols: self.shown as usize,
            colours: Vec::new(),
        };
        Picture { width, height: bottom as u32 + 16, title, grid, items }
    }
}

/// The legend's entries, one under another, then its notes.
pub(crate) struct Legend {
    x: f32,
    /// Where the next entry goes.
    pub(crate) y: f32,
}

impl Legend {
    /// An entry: a swatch and its label.
    pub(crate) fn push(&mut self, items: &mut Vec<Item>, swatch: Swatch, label: String) {
        items.push(Item::Legend { x: self.x, y: self.y, size: 14.0, swatch, label, value: None });
        self.y += 18.0;
    }

    /// The entries of a period: its bands and its two lines.
    pub(crate) fn period(&mut self, items: &mut Vec<Item>, p: Period) {
        if p.preperiod > 0 {
            self.push(items, Swatch::Fill(PREPERIOD_BAND), format!("preperiod: heaps 0..{}", p.preperiod - 1));
        }
        let end = p.preperiod + p.period;
        self.push(items, Swatch::Fill(PERIOD_BAND), format!("one period: heaps {}..{}", p.preperiod, end - 1));
        self.push(items, Swatch::Line(START_LINE), format!("n0 = {}: the first periodic heap", p.preperiod));
        self.push(items, Swatch::Line(END_LINE), format!("n0 + p = {end} (p = {})", p.period));
    }

    /// Lines of text under the entries.
    pub(crate) fn notes(&mut self, items: &mut Vec<Item>, notes: Vec<String>) {
        for note in notes {
            items.push(Item::Text { x: self.x, y: self.y, text: note, colour: INK, scale: 1 });
            self.y += 14.0;
        }
    }
}
