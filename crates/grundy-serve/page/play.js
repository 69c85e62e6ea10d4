'use strict';
// Play against grundy: a sum of heaps or of knights set up, then a move each in turn. Grundy
// answers with a winning move when there is one, else with the move that keeps the game long.
// Every position in the history shows its value.

const Play = {
  family: null, game: '', position: null, over: true, busy: false,

  init(app) {
    $('play-form').addEventListener('submit', (e) => { e.preventDefault(); this.start(app, false); });
    $('grundy-first').addEventListener('click', () => this.start(app, true));
  },

  render(app) {
    const f = FAMILIES[app.family], playable = app.family !== 'mine';
    $('position-label').textContent = f.position || 'Position';
    $('position').placeholder = f.positionHint || '';
    $('start').disabled = $('grundy-first').disabled = !playable;
    if (!playable) $('turn').textContent = 'Play is for heap games and knights; pick one of those.';
  },

  // The position typed: heap sizes, or knights `x,y` separated by spaces.
  parse(text) {
    if (this.family === 'heap') {
      const heaps = text.split(/[\s,]+/).filter(Boolean).map(Number);
      if (!heaps.length || heaps.some((h) => !Number.isSafeInteger(h) || h < 0)) throw new Error(`heaps ${text}: give heap sizes, such as 3 5 7`);
      return heaps;
    }
    const knights = text.trim().split(/\s+|\)\s*,?\s*\(/).filter(Boolean).map((k) => k.replace(/[()]/g, '').split(',').map(Number));
    if (!knights.length || knights.some((k) => k.length !== 2 || k.some((v) => !Number.isSafeInteger(v) || v < 0))) {
      throw new Error(`knights ${text}: give knights x,y separated by spaces, such as 3,4 5,1`);
    }
    return knights;
  },

  show(position) {
    return this.family === 'heap' ? position.join(' ') : position.map(([x, y]) => `(${x},${y})`).join(' ');
  },

  // Adds a line to the history: who moved, the move, the position after it and its value.
  record(who, text, before, after, winning) {
    const li = document.createElement('li');
    li.className = who;
    li.dataset.who = who;
    li.dataset.before = JSON.stringify(before);
    li.dataset.after = JSON.stringify(after);
    if (winning !== undefined) li.dataset.winning = String(winning);
    li.textContent = `${who === 'grundy' ? 'grundy' : who === 'you' ? 'you' : 'start'}: ${text}`;
    $('history').append(li);
    return li;
  },

  // Writes a position's value into its history line once known.
  valued(li, nimber) {
    li.dataset.value = String(nimber);
    li.textContent += `  → value *${nimber}${nimber === 0 ? ' (the player to move loses)' : ''}`;
  },

  async start(app, grundyFirst) {
    showError(null);
    this.family = app.family; this.game = app.games[app.family]; this.over = false;
    $('history').replaceChildren(); $('choices').replaceChildren(); $('pieces').replaceChildren();
    try { this.position = this.parse($('position').value); } catch (e) { showError(e); this.over = true; return; }
    this.last = this.record('start', this.show(this.position), null, this.position);
    if (grundyFirst) await this.grundyMoves(); else await this.yourTurn();
  },

  // Grundy's move in the current position (the last history line gets its value).
  async grundyMoves() {
    $('turn').textContent = 'grundy is thinking…';
    const before = this.position;
    let r;
    try {
      r = this.family === 'heap' ? await api('/api/heap/play', { spec: this.game, heaps: before }) :
        await api('/api/knights/play', { moves: this.game, knights: before });
    } catch (e) { showError(e); $('turn').textContent = 'stopped by an error'; this.over = true; return; }
    this.valued(this.last, r.nimber);
    if (!r.move) { this.finish('grundy cannot move: you win'); return; }
    const m = r.move, how = m.winning ? 'a winning move' : 'no winning move exists; a move that keeps the game long';
    const text = this.family === 'heap' ?
      `take ${m.take} from heap ${m.heap + 1} (${m.from})${m.left.length ? `, leaving ${m.left.join(' + ')}` : ''}` :
      `knight ${m.knight + 1} (${m.from.join(',')}) → (${m.to.join(',')})`;
    this.position = r.after;
    this.last = this.record('grundy', `${text} [${how}] → ${this.show(r.after)}`, before, r.after, m.winning);
    this.valued(this.last, r.after_nimber);
    await this.yourTurn();
  },

  // Your turn: each heap or knight with its moves; the game ends when none has one.
  async yourTurn() {
    $('choices').replaceChildren();
    const pieces = $('pieces');
    pieces.replaceChildren();
    let any = false;
    for (const [i, piece] of this.position.entries()) {
      let moves;
      try { moves = await this.moves(piece); } catch (e) { showError(e); this.over = true; return; }
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.piece = String(i);
      b.textContent = this.family === 'heap' ? `heap ${i + 1}: ${piece} (*${moves.value})` : `knight ${i + 1}: (${piece.join(',')}) *${moves.value}`;
      b.disabled = moves.list.length === 0;
      any = any || moves.list.length > 0;
      b.addEventListener('click', () => this.choose(i, moves, b));
      pieces.append(b);
    }
    if (!any) { this.finish('you cannot move: grundy wins'); return; }
    $('turn').textContent = 'your move: pick a ' + (this.family === 'heap' ? 'heap' : 'knight');
  },

  // The moves of one heap or knight: its value, and each move with the value it leaves.
  async moves(piece) {
    const game = encodeURIComponent(this.game);
    if (this.family === 'heap') {
      const d = await api(`/api/heap/moves?spec=${game}&heap=${piece}`);
      return { value: d.value, list: d.moves.map((m) => ({ label: `take ${m.take}${m.left.length ? `, leave ${m.left.join(' + ')}` : ''} (*${m.value})`, value: m.value, left: m.left, take: m.take })) };
    }
    const d = await api(`/api/leaper/options?moves=${game}&x=${piece[0]}&y=${piece[1]}`);
    return { value: d.value, list: d.options.map((o) => ({ label: `→ (${o.to.join(',')}) (*${o.value})`, value: o.value, to: o.to })) };
  },

  choose(i, moves, button) {
    if (this.over || this.busy) return;
    for (const b of document.querySelectorAll('#pieces button')) b.classList.toggle('picked', b === button);
    const choices = $('choices');
    choices.replaceChildren();
    for (const [k, m] of moves.list.entries()) {
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.choice = String(k);
      b.textContent = m.label;
      b.addEventListener('click', () => this.play(i, m));
      choices.append(b);
    }
  },

  async play(i, m) {
    if (this.over || this.busy) return;
    this.busy = true;
    const before = this.position;
    let after, text;
    if (this.family === 'heap') {
      after = [...before.slice(0, i), ...m.left, ...before.slice(i + 1)].filter((h) => h > 0);
      text = `take ${m.take} from heap ${i + 1} (${before[i]})${m.left.length ? `, leaving ${m.left.join(' + ')}` : ''}`;
    } else {
      after = before.map((k, j) => (j === i ? m.to : k));
      text = `knight ${i + 1} (${before[i].join(',')}) → (${m.to.join(',')})`;
    }
    this.position = after;
    $('choices').replaceChildren();
    this.last = this.record('you', `${text} → ${this.show(after)}`, before, after);
    await this.grundyMoves();
    this.busy = false;
  },

  finish(text) {
    this.over = true;
    $('turn').textContent = `game over: ${text}`;
    $('turn').dataset.over = 'true';
    $('pieces').replaceChildren();
    $('choices').replaceChildren();
  },
};
