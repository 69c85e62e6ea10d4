'use strict';
// The picture: a scene (a leaper's square, a heap game's values or Φ of its misère play, a
// script's game, a Mine board) drawn on the canvas in its own units, zoomed with the wheel and
// panned by dragging. A scene says what lies under a point (`hit`), which the page shows on hover.

const Picture = (() => {
  // The library's palette (src/picture/mod.rs, value_colour): Okabe and Ito's eight colours for
  // 0 to 7 (0 black), then hues 137.5 degrees apart at alternating lightness.
  const OKABE_ITO = [[0, 0, 0], [0xe6, 0x9f, 0], [0x56, 0xb4, 0xe9], [0, 0x9e, 0x73],
    [0xf0, 0xe4, 0x42], [0, 0x72, 0xb2], [0xd5, 0x5e, 0], [0xcc, 0x79, 0xa7]];

  function hsl(h, s, l) {
    const c = (1 - Math.abs(2 * l - 1)) * s, hp = h / 60, x = c * (1 - Math.abs((hp % 2) - 1));
    const [r, g, b] = [[c, x, 0], [x, c, 0], [0, c, x], [0, x, c], [x, 0, c], [c, 0, x]][Math.min(5, Math.floor(hp))];
    const m = l - c / 2, byte = (v) => Math.max(0, Math.min(255, Math.round((v + m) * 255)));
    return [byte(r), byte(g), byte(b)];
  }

  function colour(v) {
    return v < 8 ? OKABE_ITO[v] : hsl((20 + 137.508 * (v - 8)) % 360, 0.7, v % 2 === 0 ? 0.42 : 0.68);
  }

  const css = (rgb) => `rgb(${rgb[0]},${rgb[1]},${rgb[2]})`;

  // An offscreen canvas of w x h pixels, one per cell, coloured by `rgbAt(row, col)`.
  function bitmap(w, h, rgbAt) {
    const off = document.createElement('canvas');
    off.width = w; off.height = h;
    const ctx = off.getContext('2d'), img = ctx.createImageData(w, h);
    for (let r = 0; r < h; r++) {
      for (let c = 0; c < w; c++) {
        const rgb = rgbAt(r, c), i = 4 * (r * w + c);
        img.data[i] = rgb[0]; img.data[i + 1] = rgb[1]; img.data[i + 2] = rgb[2]; img.data[i + 3] = 255;
      }
    }
    ctx.putImageData(img, 0, 0);
    return off;
  }

  // A line in scene units, `px` pixels wide whatever the zoom; dashed if asked, with a dark halo.
  function stroke(ctx, view, from, to, px, dashed) {
    for (const [width, style] of [[px + 2, 'rgba(0,0,0,.55)'], [px, '#fff']]) {
      ctx.beginPath();
      ctx.lineWidth = width / view.scale;
      ctx.strokeStyle = style;
      ctx.setLineDash(dashed ? [6 / view.scale, 4 / view.scale] : []);
      ctx.moveTo(from[0], from[1]); ctx.lineTo(to[0], to[1]);
      ctx.stroke();
    }
    ctx.setLineDash([]);
  }

  function label(ctx, view, text, at, fill) {
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    const x = at[0] * view.scale + view.tx, y = at[1] * view.scale + view.ty;
    ctx.font = '12px system-ui, sans-serif';
    const w = ctx.measureText(text).width;
    ctx.fillStyle = fill || '#fff'; ctx.fillRect(x - w / 2 - 3, y - 8, w + 6, 16);
    ctx.strokeStyle = '#222'; ctx.lineWidth = 1; ctx.strokeRect(x - w / 2 - 3, y - 8, w + 6, 16);
    ctx.fillStyle = '#222'; ctx.textAlign = 'center'; ctx.textBaseline = 'middle'; ctx.fillText(text, x, y);
    ctx.restore();
  }

  // A leaper's square: x down, y across; the closed form's core (solid) and strip edges (dashed).
  function leaper(data) {
    const n = data.size, values = data.values;
    const at = (x, y) => values.charCodeAt(x * n + y) - 48;
    const image = bitmap(n, n, (x, y) => colour(at(x, y)));
    const r = data.regions;
    return {
      width: n, height: n,
      draw(ctx, view) {
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(image, 0, 0);
        if (!r) return;
        // Regions are (X down, Y across): the picture's (u, v) is (Y, X).
        for (const s of r.core_edges) stroke(ctx, view, [s.from[1], s.from[0]], [s.to[1], s.to[0]], 3, false);
        for (const s of r.strip_edges) stroke(ctx, view, [s.from[1], s.from[0]], [s.to[1], s.to[0]], 2, true);
        for (const s of r.sectors) label(ctx, view, s.label, [s.at[1], s.at[0]]);
      },
      hit(u, v) {
        const x = Math.floor(v), y = Math.floor(u);
        return x >= 0 && y >= 0 && x < n && y < n ? { key: `${x},${y}`, x, y, value: at(x, y) } : null;
      },
    };
  }

  // The preperiod and one period of a heap sequence shaded (`period`: {period, preperiod}, or
  // null), under its marks.
  function shade(ctx, period, n, height) {
    ctx.fillStyle = '#fafafa'; ctx.fillRect(0, 0, n, height);
    if (!period) return;
    const n0 = period.preperiod, end = Math.min(n, n0 + period.period);
    ctx.fillStyle = '#e4e4e4'; ctx.fillRect(0, 0, Math.min(n0, n), height);
    if (n0 < n) { ctx.fillStyle = '#fff1c2'; ctx.fillRect(n0, 0, end - n0, height); }
  }

  // The lines at n0 (solid) and n0 + p (dashed) over the marks.
  function periodLines(ctx, view, period, n, height) {
    if (!period) return;
    const n0 = period.preperiod, end = n0 + period.period;
    if (n0 <= n) { stroke(ctx, view, [n0, 0], [n0, height], 2, false); label(ctx, view, `n0 = ${n0}`, [n0, height * 0.06]); }
    if (end <= n) { stroke(ctx, view, [end, 0], [end, height], 2, true); label(ctx, view, `n0 + p = ${end}`, [end, height * 0.16], '#fff1c2'); }
  }

  // A sequence of values: heap n across, G(n) up, one mark per heap; the preperiod and one
  // period (proven, or observed for a script's game) shaded.
  function sequence(values, period) {
    const n = values.length, top = Math.max(1, values.reduce((a, b) => Math.max(a, b), 0) + 1);
    const unit = Math.max(1, n / 3 / top), height = top * unit;
    return {
      width: n, height,
      draw(ctx, view) {
        shade(ctx, period, n, height);
        for (let h = 0; h < n; h++) {
          ctx.fillStyle = css(values[h] === 0 ? [0xd5, 0x5e, 0] : [0, 0x72, 0xb2]);
          ctx.fillRect(h + 0.1, height - (values[h] + 1) * unit, 0.8, unit);
        }
        periodLines(ctx, view, period, n, height);
      },
      hit(u) {
        const h = Math.floor(u);
        return h >= 0 && h < n ? { key: `${h}`, heap: h, value: values[h] } : null;
      },
    };
  }

  // A heap game's values, its proven period marked.
  function heap(data) {
    return sequence(data.values, data.status.proven ? data.status : null);
  }

  // Φ of misère play: heap n across, one row per element the heaps shown reach (the first
  // reached at the bottom), a mark per heap in its image's row: vermillion in P (rows in P
  // tinted), blue outside; the preperiod and one period shaded.
  function misere(data) {
    const images = data.images, n = images.length, row = new Map();
    for (const x of images) if (!row.has(x)) row.set(x, row.size);
    const rows = Math.max(1, row.size), unit = Math.max(1, n / 3 / rows), height = rows * unit;
    const period = data.status.proven ? data.status : null;
    const top = (x) => height - (row.get(x) + 1) * unit;
    return {
      width: n, height,
      draw(ctx, view) {
        shade(ctx, period, n, height);
        ctx.fillStyle = 'rgba(213,94,0,.12)';
        for (const [x] of row) if (data.in_p[x]) ctx.fillRect(0, top(x), n, unit);
        for (let h = 0; h < n; h++) {
          ctx.fillStyle = css(data.in_p[images[h]] ? [0xd5, 0x5e, 0] : [0, 0x72, 0xb2]);
          ctx.fillRect(h + 0.1, top(images[h]) + 0.1 * unit, 0.8, 0.8 * unit);
        }
        periodLines(ctx, view, period, n, height);
      },
      hit(u) {
        const h = Math.floor(u);
        if (h < 0 || h >= n) return null;
        const x = images[h];
        return { key: `${h}`, heap: h, element: data.elements[x], in_p: data.in_p[x] };
      },
    };
  }

  // A game on pairs' table: x down, y across, each cell its value's colour.
  function pairs(data) {
    const n = data.side, at = (x, y) => data.values[x * n + y];
    const image = bitmap(n, n, (x, y) => colour(at(x, y)));
    return {
      width: n, height: n,
      draw(ctx) { ctx.imageSmoothingEnabled = false; ctx.drawImage(image, 0, 0); },
      hit(u, v) {
        const x = Math.floor(v), y = Math.floor(u);
        return x >= 0 && y >= 0 && x < n && y < n ? { key: `${x},${y}`, position: [x, y], value: at(x, y) } : null;
      },
    };
  }

  // A script's game: its sequence with the regularity observed, or its table.
  function rules(data) {
    if (data.shape !== 'heap') return pairs(data);
    const scene = sequence(data.values, data.observed);
    const hit = scene.hit;
    scene.hit = (u) => { const h = hit(u); return h && { ...h, position: [h.heap] }; };
    return scene;
  }

  // A Mine board: mines dark, blank cells coloured by region (regions in a cluster orange),
  // numbers grey with their count, shared numbers outlined, the winning click ringed.
  function mine(data) {
    const rows = data.rows, cols = data.cols;
    const region = new Int32Array(rows * cols).fill(-1), mine = new Uint8Array(rows * cols);
    for (const [r, c] of data.mines) mine[r * cols + c] = 1;
    for (const [r, first, last, k] of data.runs) for (let c = first; c <= last; c++) region[r * cols + c] = k;
    const shared = new Set(data.shared.map(([r, c]) => r * cols + c));
    const count = (r, c) => {
      let k = 0;
      for (let dr = -1; dr <= 1; dr++) for (let dc = -1; dc <= 1; dc++) {
        const rr = r + dr, cc = c + dc;
        if ((dr || dc) && rr >= 0 && cc >= 0 && rr < rows && cc < cols) k += mine[rr * cols + cc];
      }
      return k;
    };
    const regionColour = (k) => data.clusters[k] !== null ? hsl(25 + 12 * (data.clusters[k] % 5), 0.9, 0.62) : hsl((200 + 47 * k) % 360, 0.45, 0.8);
    const image = bitmap(cols, rows, (r, c) => {
      const i = r * cols + c;
      if (mine[i]) return [40, 40, 40];
      if (region[i] >= 0) return regionColour(region[i]);
      return [215, 215, 215];
    });
    return {
      width: cols, height: rows,
      draw(ctx, view) {
        ctx.imageSmoothingEnabled = false;
        ctx.drawImage(image, 0, 0);
        if (view.scale >= 12) {
          ctx.save();
          ctx.setTransform(1, 0, 0, 1, 0, 0);
          ctx.font = `${Math.min(16, view.scale * 0.6)}px system-ui, sans-serif`;
          ctx.textAlign = 'center'; ctx.textBaseline = 'middle'; ctx.fillStyle = '#222';
          for (let r = 0; r < rows; r++) for (let c = 0; c < cols; c++) {
            const i = r * cols + c;
            if (mine[i] || region[i] >= 0) continue;
            ctx.fillText(String(count(r, c)), (c + 0.5) * view.scale + view.tx, (r + 0.5) * view.scale + view.ty);
          }
          ctx.restore();
        }
        ctx.lineWidth = 2 / view.scale; ctx.strokeStyle = '#0072b2';
        for (const i of shared) ctx.strokeRect(i % cols + 0.1, Math.floor(i / cols) + 0.1, 0.8, 0.8);
        if (data.winning_click) {
          const [r, c] = data.winning_click;
          ctx.beginPath(); ctx.lineWidth = 3 / view.scale; ctx.strokeStyle = '#009e73';
          ctx.arc(c + 0.5, r + 0.5, 0.45, 0, 2 * Math.PI); ctx.stroke();
        }
      },
      hit(u, v) {
        const r = Math.floor(v), c = Math.floor(u);
        if (r < 0 || c < 0 || r >= rows || c >= cols) return null;
        const i = r * cols + c;
        const what = mine[i] ? 'mine' : region[i] >= 0 ? `blank, region ${region[i]}` +
          (data.clusters[region[i]] !== null ? ` (cluster ${data.clusters[region[i]]})` : '') :
          `number ${count(r, c)}${shared.has(i) ? ' (shared by regions)' : ''}`;
        return { key: `${r},${c}`, row: r, col: c, what };
      },
    };
  }

  // The canvas, its zoom and pan, and the scene on it.
  class View {
    constructor(canvas, onHover) {
      this.canvas = canvas; this.ctx = canvas.getContext('2d'); this.onHover = onHover;
      this.scene = null; this.scale = 1; this.tx = 0; this.ty = 0; this.hovered = null;
      let drag = null;
      canvas.addEventListener('wheel', (e) => {
        e.preventDefault();
        this.zoom(Math.pow(1.0015, -e.deltaY), e.offsetX, e.offsetY);
      }, { passive: false });
      canvas.addEventListener('pointerdown', (e) => { drag = [e.offsetX, e.offsetY]; canvas.setPointerCapture(e.pointerId); });
      canvas.addEventListener('pointerup', () => { drag = null; });
      canvas.addEventListener('pointermove', (e) => {
        if (drag) {
          this.tx += e.offsetX - drag[0]; this.ty += e.offsetY - drag[1]; drag = [e.offsetX, e.offsetY];
          this.draw();
        }
      });
      canvas.addEventListener('mousemove', (e) => this.hover(e.offsetX, e.offsetY));
      canvas.tabIndex = 0;
      canvas.addEventListener('keydown', (e) => {
        const c = [canvas.width / 2, canvas.height / 2];
        if (e.key === '+' || e.key === '=') this.zoom(1.25, ...c);
        else if (e.key === '-') this.zoom(0.8, ...c);
      });
    }

    show(scene) { this.scene = scene; this.hovered = null; this.fit(); }

    fit() {
      if (!this.scene) return;
      const { width, height } = this.scene, pad = 8;
      this.scale = Math.min((this.canvas.width - 2 * pad) / width, (this.canvas.height - 2 * pad) / height);
      this.tx = (this.canvas.width - width * this.scale) / 2;
      this.ty = (this.canvas.height - height * this.scale) / 2;
      this.draw();
    }

    zoom(factor, px, py) {
      const s = Math.max(0.05, Math.min(400, this.scale * factor)), f = s / this.scale;
      this.tx = px - (px - this.tx) * f; this.ty = py - (py - this.ty) * f; this.scale = s;
      this.draw();
    }

    draw() {
      const ctx = this.ctx;
      ctx.setTransform(1, 0, 0, 1, 0, 0);
      ctx.clearRect(0, 0, this.canvas.width, this.canvas.height);
      if (!this.scene) return;
      ctx.setTransform(this.scale, 0, 0, this.scale, this.tx, this.ty);
      this.scene.draw(ctx, this);
      ctx.setTransform(1, 0, 0, 1, 0, 0);
    }

    // What lies under canvas pixel (px, py), told once per item.
    hover(px, py) {
      if (!this.scene) return;
      const hit = this.scene.hit((px - this.tx) / this.scale, (py - this.ty) / this.scale);
      const key = hit ? hit.key : null;
      if (key !== this.hovered) { this.hovered = key; if (hit) this.onHover(hit); }
    }
  }

  return { View, leaper, heap, misere, rules, mine, colour };
})();
