'use strict';
// The page: the family and game typed, the URL that holds them (so a view is a link), the
// picture with the proof's numbers beside it, and hover and look-up of a position.

const $ = (id) => document.getElementById(id);

// A call of the API: the JSON answer, or an Error carrying the server's message.
async function api(path, body) {
  const options = body === undefined ? {} :
    { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) };
  const response = await fetch(path, options);
  let answer;
  try { answer = await response.json(); } catch (_) { answer = { error: `${response.status} ${response.statusText}` }; }
  if (!response.ok) throw new Error(answer.error || `${response.status} ${response.statusText}`);
  return answer;
}

function showError(e) {
  $('error').textContent = e ? String(e.message || e) : '';
  $('error').hidden = !e;
}

const FAMILIES = {
  leaper: { param: 'moves', label: 'Moves', placeholder: 'empty: the hyper knight; or (-1,-2),(-2,-1)',
    hint: 'a move set (dx, dy)', size: 'Size', position: 'Knights', positionHint: '3,4 5,1', lookup: 'x,y' },
  heap: { param: 'heap', label: 'Heap game', placeholder: '0.77, 4.07, {1,3,4} or grundy',
    hint: 'an octal or hexadecimal code, or a subtraction set', size: 'Heaps', position: 'Heaps', positionHint: '3 5 7', lookup: 'heap' },
  mine: { param: 'board', label: 'Board', placeholder: '8x8:0,0;2,5;5,3',
    hint: 'ROWSxCOLS:r,c;r,c;... (mines, 0-based)', size: null, lookup: 'row,col' },
};

const App = {
  family: 'leaper',
  mode: 'see',
  games: { leaper: '', heap: '0.77', mine: '8x8:0,0;2,5;5,3;7,7' },
  size: { leaper: '', heap: '' },
  data: null,
  view: null,
  pictured: false,

  // The state from the URL: ?moves=, ?heap= or ?board= (else the hyper knight), &size=, &mode=.
  fromUrl() {
    const q = new URLSearchParams(location.search);
    for (const [family, f] of Object.entries(FAMILIES)) {
      if (q.has(f.param)) { this.family = family; this.games[family] = q.get(f.param); }
    }
    if (q.has('size') && FAMILIES[this.family].size) this.size[this.family] = q.get('size');
    if (['see', 'play', 'judge'].includes(q.get('mode'))) this.mode = q.get('mode');
  },

  toUrl() {
    const q = new URLSearchParams();
    const f = FAMILIES[this.family], game = this.games[this.family];
    if (game || this.family !== 'leaper') q.set(f.param, game);
    if (f.size && this.size[this.family]) q.set('size', this.size[this.family]);
    if (this.mode !== 'see') q.set('mode', this.mode);
    // Readable links: these characters need no escaping in a query.
    const readable = q.toString().replace(/%(2C|3A|3B|28|29|7B|7D)/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)));
    const url = readable ? `?${readable}` : location.pathname;
    history.replaceState(null, '', url);
  },

  // The controls as the state says.
  render() {
    const f = FAMILIES[this.family];
    for (const b of document.querySelectorAll('#families button')) b.classList.toggle('on', b.dataset.family === this.family);
    for (const b of document.querySelectorAll('#modes button')) b.classList.toggle('on', b.dataset.mode === this.mode);
    $('game-label').textContent = f.label;
    $('game').placeholder = f.placeholder;
    $('game').value = this.games[this.family];
    $('game-hint').textContent = f.hint;
    $('size-label').hidden = $('size').hidden = !f.size;
    if (f.size) { $('size-label').textContent = f.size; $('size').value = this.size[this.family]; }
    $('lookup-label').textContent = f.lookup;
    $('see').hidden = this.mode !== 'see';
    $('play').hidden = this.mode !== 'play';
    $('judge').hidden = this.mode !== 'judge';
    Play.render(this);
    Judge.render(this);
  },

  async load() {
    showError(null);
    this.toUrl();
    const game = this.games[this.family], size = this.size[this.family];
    const sizeParam = size ? `&size=${encodeURIComponent(size)}` : '';
    let data;
    try {
      if (this.family === 'leaper') {
        data = await api(`/api/leaper?moves=${encodeURIComponent(game)}${sizeParam}`);
      } else if (this.family === 'heap') {
        data = await api(`/api/heap?spec=${encodeURIComponent(game)}${size ? `&n=${encodeURIComponent(size)}` : ''}`);
        data.largest_shown = data.values.reduce((a, b) => Math.max(a, b), 0);
      } else {
        data = await api(`/api/mine?board=${encodeURIComponent(game)}`);
      }
    } catch (e) { showError(e); return; }
    this.data = data;
    this.view.show(Picture[this.family](data));
    this.numbers(data);
    $('report').textContent = data.report || '';
    $('hover').textContent = '';
    if (!this.pictured) { this.pictured = true; performance.mark('first-picture'); }
    document.body.dataset.loaded = this.family;
  },

  // The proof's status and numbers, beside the picture.
  numbers(d) {
    let rows;
    if (this.family === 'leaper') {
      rows = [['moves', d.moves], ['potential', `${d.potential[0]}x + ${d.potential[1]}y`],
        ['symmetric', d.symmetric ? 'yes' : 'no'],
        ['status', d.status === 'certified' ? 'closed form certified on all of N²' : 'no closed form found']];
      if (d.form) rows.push(['core', d.form.core], ['strips', d.form.strips], ['sectors', d.form.sectors], ['modulus', d.form.modulus]);
      rows.push(['shown', `0 ≤ x, y < ${d.size}`], ['largest', d.largest]);
    } else if (this.family === 'heap') {
      const s = d.status;
      rows = [['game', d.game], ['status', s.proven ? 'period proven' : 'no period proven']];
      if (s.proven) rows.push(['period', s.period], ['preperiod', s.preperiod]);
      else rows.push(['reason', s.reason]);
      rows.push(['computed', d.computed], ['largest', d.largest], ['shown', `0 ≤ n < ${d.values.length}`]);
    } else {
      rows = [['board', `${d.rows} x ${d.cols}, ${d.mines.length} mines`], ['value', `*${d.value}`],
        ['winner', d.value ? 'the first player (Xiemao)' : 'the second player'],
        ['winning click', d.winning_click ? `row ${d.winning_click[0]}, column ${d.winning_click[1]}` : 'none'],
        ['regions', d.regions], ['numbers', d.numbers], ['promise', d.keeps_promise ? 'kept' : 'broken (solved exactly)'],
        ['pieces', d.components.map((c) => `*${c.value}`).join(' ^ ') || 'none']];
    }
    const dl = $('numbers');
    dl.replaceChildren();
    for (const [key, value] of rows) {
      const dt = document.createElement('dt'), dd = document.createElement('dd');
      dt.textContent = key; dd.textContent = String(value); dd.id = `num-${key.replace(/ /g, '-')}`;
      dl.append(dt, dd);
    }
  },

  // A position's value and options, shown beside the picture.
  async describe(hit) {
    const game = encodeURIComponent(this.games[this.family]);
    try {
      if (this.family === 'leaper') {
        const d = await api(`/api/leaper/options?moves=${game}&x=${hit.x}&y=${hit.y}`);
        const options = d.options.map((o) => `(${o.to[0]}, ${o.to[1]}) *${o.value}${o.value === 0 ? '  ← wins' : ''}`);
        $('hover').textContent = `g(${hit.x}, ${hit.y}) = ${d.value}\n` + (options.length ? `options:\n  ${options.join('\n  ')}` : 'no moves');
      } else if (this.family === 'heap') {
        const d = await api(`/api/heap/moves?spec=${game}&heap=${hit.heap}`);
        const values = [...new Set(d.moves.map((m) => m.value))].sort((a, b) => a - b);
        const examples = d.moves.slice(0, 6).map((m) => `take ${m.take}${m.left.length ? `, leave ${m.left.join(' + ')}` : ''}: *${m.value}`);
        $('hover').textContent = `G(${d.heap}) = ${d.value}\n${d.moves.length}${d.truncated ? '+' : ''} moves, option values {${values.join(', ')}}\n  ${examples.join('\n  ')}`;
      } else {
        $('hover').textContent = `row ${hit.row}, column ${hit.col}: ${hit.what}`;
      }
    } catch (e) { $('hover').textContent = String(e.message || e); }
  },

  lookup(text) {
    const nums = text.split(/[\s,()]+/).filter(Boolean).map(Number);
    if (nums.some((n) => !Number.isSafeInteger(n) || n < 0)) { $('hover').textContent = `${text}: give whole numbers`; return; }
    if (this.family === 'leaper' && nums.length === 2) this.describe({ x: nums[0], y: nums[1] });
    else if (this.family === 'heap' && nums.length === 1) this.describe({ heap: nums[0] });
    else if (this.family === 'mine' && nums.length === 2 && this.view.scene) {
      const hit = this.view.scene.hit(nums[1] + 0.5, nums[0] + 0.5);
      $('hover').textContent = hit ? `row ${hit.row}, column ${hit.col}: ${hit.what}` : `${text}: not on the board`;
    } else $('hover').textContent = `${text}: give ${FAMILIES[this.family].lookup}`;
  },

  init() {
    this.fromUrl();
    this.view = new Picture.View($('picture'), (hit) => this.describe(hit));
    for (const b of document.querySelectorAll('#families button')) {
      b.addEventListener('click', () => { this.family = b.dataset.family; if (this.family === 'mine' && this.mode === 'play') this.mode = 'see'; this.render(); this.load(); });
    }
    for (const b of document.querySelectorAll('#modes button')) {
      b.addEventListener('click', () => { this.mode = b.dataset.mode; this.render(); this.toUrl(); });
    }
    $('game-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.games[this.family] = $('game').value.trim();
      if (FAMILIES[this.family].size) this.size[this.family] = $('size').value.trim();
      this.render();
      this.load();
    });
    $('lookup-form').addEventListener('submit', (e) => { e.preventDefault(); this.lookup($('lookup').value); });
    $('fit').addEventListener('click', () => this.view.fit());
    Play.init(this);
    Judge.init(this);
    this.render();
    this.load();
  },
};

App.init();
