'use strict';
// The page: the family and game typed, the URL that holds them (so a view is a link), the
// picture with the proof's numbers beside it, and hover and look-up of a position. A heap game
// is seen in normal or misère play (`&misere`); a script's game is typed in a text area, and
// its link holds the script compressed in the fragment (`?rules#…`, never sent to the server).

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

// Text as base64url of its raw DEFLATE (CompressionStream), and back: a script in a link.
async function pack(text) {
  const stream = new Blob([text]).stream().pipeThrough(new CompressionStream('deflate-raw'));
  const bytes = new Uint8Array(await new Response(stream).arrayBuffer());
  return btoa(Array.from(bytes, (b) => String.fromCharCode(b)).join('')).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

async function unpack(code) {
  const bytes = Uint8Array.from(atob(code.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
  const stream = new Blob([bytes]).stream().pipeThrough(new DecompressionStream('deflate-raw'));
  return new Response(stream).text();
}

// Kayles, the script shown first: take one pin or two adjacent pins, leaving two rows.
const KAYLES = `fn options(n) {
    let r = [];
    for t in 1..=2 {
        if n >= t {
            for a in 0..=(n - t) / 2 {
                r.push([a, n - t - a]);
            }
        }
    }
    r
}
`;

const FAMILIES = {
  leaper: { param: 'moves', label: 'Moves', placeholder: 'empty: the hyper knight; or (-1,-2),(-2,-1)',
    hint: 'a move set (dx, dy)', size: 'Size', position: 'Knights', positionHint: '3,4 5,1', lookup: 'x,y' },
  heap: { param: 'heap', label: 'Heap game', placeholder: '0.77, 4.07, {1,3,4} or grundy',
    hint: 'an octal or hexadecimal code, or a subtraction set', size: 'Heaps', position: 'Heaps', positionHint: '3 5 7', lookup: 'heap' },
  mine: { param: 'board', label: 'Board', placeholder: '8x8:0,0;2,5;5,3',
    hint: 'ROWSxCOLS:r,c;r,c;... (mines, 0-based)', size: null, lookup: 'row,col' },
  rules: { param: 'rules', label: 'Script', placeholder: '', hint: 'Rhai: fn options(p) returns the options; const DIMENSION = 2; for a game on pairs',
    size: 'Heaps / side', position: 'Positions', positionHint: '3 5 7, or pairs 3,4 5,1', lookup: 'n or x,y' },
};

const App = {
  family: 'leaper',
  mode: 'see',
  games: { leaper: '', heap: '0.77', mine: '8x8:0,0;2,5;5,3;7,7', rules: KAYLES },
  size: { leaper: '', heap: '', rules: '' },
  misere: false,
  data: null,
  view: null,
  pictured: false,

  // What is seen: a family, or the heap family in misère play.
  kind() {
    return this.family === 'heap' && this.misere ? 'misere' : this.family;
  },

  // The state from the URL: ?moves=, ?heap= (&misere), ?board= or ?rules with the script in the
  // fragment (else the hyper knight), &size=, &mode=.
  async fromUrl() {
    const q = new URLSearchParams(location.search);
    for (const [family, f] of Object.entries(FAMILIES)) {
      if (q.has(f.param)) { this.family = family; this.games[family] = q.get(f.param); }
    }
    if (this.family === 'rules') {
      this.games.rules = KAYLES;
      if (location.hash.length > 1) {
        try { this.games.rules = await unpack(location.hash.slice(1)); } catch (_) { showError('the script in the link could not be read'); }
      }
    }
    this.misere = q.has('misere');
    if (q.has('size') && FAMILIES[this.family].size) this.size[this.family] = q.get('size');
    if (['see', 'play', 'judge'].includes(q.get('mode'))) this.mode = q.get('mode');
  },

  async toUrl() {
    const q = new URLSearchParams();
    const f = FAMILIES[this.family], game = this.games[this.family];
    if (this.family === 'rules') q.set(f.param, '');
    else if (game || this.family !== 'leaper') q.set(f.param, game);
    if (this.kind() === 'misere') q.set('misere', '');
    if (f.size && this.size[this.family]) q.set('size', this.size[this.family]);
    if (this.mode !== 'see') q.set('mode', this.mode);
    // Readable links: these characters need no escaping in a query, nor flags an `=`.
    const readable = q.toString().replace(/%(2C|3A|3B|28|29|7B|7D)/g, (_, hex) => String.fromCharCode(parseInt(hex, 16)))
      .replace(/(^|&)(rules|misere)=(?=&|$)/g, '$1$2');
    const hash = this.family === 'rules' ? `#${await pack(game)}` : '';
    history.replaceState(null, '', `${readable ? `?${readable}` : location.pathname}${hash}`);
  },

  // The controls as the state says.
  render() {
    const f = FAMILIES[this.family];
    for (const b of document.querySelectorAll('#families button')) b.classList.toggle('on', b.dataset.family === this.family);
    for (const b of document.querySelectorAll('#modes button')) b.classList.toggle('on', b.dataset.mode === this.mode);
    $('game-label').textContent = f.label;
    $('game').placeholder = f.placeholder;
    const script = this.family === 'rules';
    $('game-label').htmlFor = script ? 'script' : 'game';
    $('game').hidden = script;
    $('script').hidden = !script;
    if (script) $('script').value = this.games.rules; else $('game').value = this.games[this.family];
    $('misere-label').hidden = this.family !== 'heap';
    $('misere').checked = this.misere;
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
    const game = this.games[this.family], size = this.size[this.family], kind = this.kind();
    const sizeParam = size ? `&size=${encodeURIComponent(size)}` : '';
    const n = size ? `&n=${encodeURIComponent(size)}` : '';
    let data;
    try {
      if (kind === 'leaper') data = await api(`/api/leaper?moves=${encodeURIComponent(game)}${sizeParam}`);
      else if (kind === 'heap') data = await api(`/api/heap?spec=${encodeURIComponent(game)}${n}`);
      else if (kind === 'misere') data = await api(`/api/misere?spec=${encodeURIComponent(game)}${n}`);
      else if (kind === 'rules') {
        if (size && !/^\d+$/.test(size)) throw new Error(`size ${size}: give a whole number`);
        data = await api('/api/rules', size ? { script: game, size: Number(size) } : { script: game });
      } else data = await api(`/api/mine?board=${encodeURIComponent(game)}`);
    } catch (e) { showError(e); return; }
    this.data = data;
    this.view.show(Picture[kind](data));
    this.numbers(data);
    $('report').textContent = data.report || '';
    $('hover').textContent = '';
    if (!this.pictured) { this.pictured = true; performance.mark('first-picture'); }
    document.body.dataset.loaded = kind;
  },

  // The proof's status and numbers, beside the picture.
  numbers(d) {
    let rows;
    const kind = this.kind();
    if (kind === 'leaper') {
      rows = [['moves', d.moves], ['potential', `${d.potential[0]}x + ${d.potential[1]}y`],
        ['symmetric', d.symmetric ? 'yes' : 'no'],
        ['status', d.status === 'certified' ? 'closed form certified on all of N²' : 'no closed form found']];
      if (d.form) rows.push(['core', d.form.core], ['strips', d.form.strips], ['sectors', d.form.sectors], ['modulus', d.form.modulus]);
      rows.push(['shown', `0 ≤ x, y < ${d.size}`], ['largest', d.largest]);
    } else if (kind === 'heap') {
      const s = d.status;
      rows = [['game', d.game], ['status', s.proven ? 'period proven' : 'no period proven']];
      if (s.proven) rows.push(['period', s.period], ['preperiod', s.preperiod]);
      else rows.push(['reason', s.reason]);
      rows.push(['computed', d.computed], ['largest', d.largest], ['shown', `0 ≤ n < ${d.values.length}`]);
    } else if (kind === 'misere') {
      const s = d.status;
      rows = [['game', `${d.game} (misère play)`], ['status', s.proven ? 'period of Φ proven' : 'no period of Φ proven']];
      if (s.proven) rows.push(['period', s.period], ['preperiod', s.preperiod], ['proven with', `heaps 0..${s.proven_with}`]);
      else rows.push(['reason', s.reason]);
      rows.push(['|Q|', d.order], ['|P|', d.p_size], ['tame', d.tame ? 'tame' : 'wild'], ['presentation', d.presentation],
        ['P', `{${d.elements.filter((_, x) => d.in_p[x]).join(', ')}}`], ['generator heaps', d.generator_heaps.join(', ')],
        ['computed', `heaps 0..${d.computed}`], ['shown', `0 ≤ n < ${d.images.length}`]);
    } else if (kind === 'rules' && d.shape === 'heap') {
      const o = d.observed;
      rows = [['game', 'a heap game, by its script'], ['shown', `0 ≤ n < ${d.values.length}`], ['largest', d.largest],
        ['observed', !o ? 'no period seen' : o.saltus ? `arithmetic period ${o.period} (saltus ${o.saltus}) from heap ${o.preperiod}` :
          `period ${o.period} from heap ${o.preperiod}`], ['proof', 'none: an observation on the values shown']];
    } else if (kind === 'rules') {
      rows = [['game', 'a game on pairs, by its script'], ['shown', `0 ≤ x, y < ${d.side}`], ['largest', d.largest],
        ['P-positions', d.p_positions]];
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
      dt.textContent = key; dd.textContent = String(value); dd.id = `num-${key.replace(/ /g, '-').replace(/[^\w-]/g, '')}`;
      dl.append(dt, dd);
    }
  },

  // A position's value and options, shown beside the picture. A script's game is computed anew
  // for each position (the script runs in the request), so it is asked only once the pointer
  // rests, and its answer is dropped when a later hover overtook it.
  async describe(hit) {
    const game = encodeURIComponent(this.games[this.family]), kind = this.kind();
    const asked = this.asked = (this.asked || 0) + 1;
    const current = () => asked === this.asked;
    try {
      if (kind === 'leaper') {
        const d = await api(`/api/leaper/options?moves=${game}&x=${hit.x}&y=${hit.y}`);
        const options = d.options.map((o) => `(${o.to[0]}, ${o.to[1]}) *${o.value}${o.value === 0 ? '  ← wins' : ''}`);
        $('hover').textContent = `g(${hit.x}, ${hit.y}) = ${d.value}\n` + (options.length ? `options:\n  ${options.join('\n  ')}` : 'no moves');
      } else if (kind === 'misere') {
        const d = await api(`/api/misere/moves?spec=${game}&heap=${hit.heap}`);
        const examples = d.moves.slice(0, 6).map((m) => `take ${m.take}${m.left.length ? `, leave ${m.left.join(' + ')}` : ''}: ${m.after.element}${m.after.in_p ? ' (in P)' : ''}`);
        $('hover').textContent = `Φ(${d.heap}) = ${d.element}, ${d.in_p ? 'in P: the player to move loses' : 'not in P: the player to move wins'}\n` +
          `${d.moves.length}${d.truncated ? '+' : ''} moves\n  ${examples.join('\n  ')}`;
      } else if (kind === 'rules') {
        await new Promise((resolve) => setTimeout(resolve, 150));
        if (!current()) return;
        const d = await api('/api/rules/options', { script: this.games.rules, position: hit.position });
        if (!current()) return;
        const show = (p) => p.length === 1 ? `${p[0]}` : `(${p.join(', ')})`;
        const options = d.options.slice(0, 12).map((o) => `${o.to.length ? o.to.map(show).join(' + ') : 'nothing'}: *${o.value}${o.value === 0 ? '  ← wins' : ''}`);
        $('hover').textContent = `G(${hit.position.join(', ')}) = ${d.value}\n${d.options.length}${d.truncated ? '+' : ''} options\n  ${options.join('\n  ')}`;
      } else if (kind === 'heap') {
        const d = await api(`/api/heap/moves?spec=${game}&heap=${hit.heap}`);
        const values = [...new Set(d.moves.map((m) => m.value))].sort((a, b) => a - b);
        const examples = d.moves.slice(0, 6).map((m) => `take ${m.take}${m.left.length ? `, leave ${m.left.join(' + ')}` : ''}: *${m.value}`);
        $('hover').textContent = `G(${d.heap}) = ${d.value}\n${d.moves.length}${d.truncated ? '+' : ''} moves, option values {${values.join(', ')}}\n  ${examples.join('\n  ')}`;
      } else {
        $('hover').textContent = `row ${hit.row}, column ${hit.col}: ${hit.what}`;
      }
    } catch (e) { if (current()) $('hover').textContent = String(e.message || e); }
  },

  lookup(text) {
    const nums = text.split(/[\s,()]+/).filter(Boolean).map(Number);
    if (nums.some((n) => !Number.isSafeInteger(n) || n < 0)) { $('hover').textContent = `${text}: give whole numbers`; return; }
    if (this.family === 'leaper' && nums.length === 2) this.describe({ x: nums[0], y: nums[1] });
    else if (this.family === 'heap' && nums.length === 1) this.describe({ heap: nums[0] });
    else if (this.family === 'rules' && nums.length) this.describe({ position: nums });
    else if (this.family === 'mine' && nums.length === 2 && this.view.scene) {
      const hit = this.view.scene.hit(nums[1] + 0.5, nums[0] + 0.5);
      $('hover').textContent = hit ? `row ${hit.row}, column ${hit.col}: ${hit.what}` : `${text}: not on the board`;
    } else $('hover').textContent = `${text}: give ${FAMILIES[this.family].lookup}`;
  },

  async init() {
    await this.fromUrl();
    this.view = new Picture.View($('picture'), (hit) => this.describe(hit));
    for (const b of document.querySelectorAll('#families button')) {
      b.addEventListener('click', () => { this.family = b.dataset.family; if (this.family === 'mine' && this.mode === 'play') this.mode = 'see'; this.render(); this.load(); });
    }
    $('misere').addEventListener('change', () => { this.misere = $('misere').checked; this.render(); this.load(); });
    for (const b of document.querySelectorAll('#modes button')) {
      b.addEventListener('click', () => { this.mode = b.dataset.mode; this.render(); this.toUrl(); });
    }
    $('game-form').addEventListener('submit', (e) => {
      e.preventDefault();
      this.games[this.family] = this.family === 'rules' ? $('script').value : $('game').value.trim();
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
