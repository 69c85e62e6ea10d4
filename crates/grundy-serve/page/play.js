'use strict';
// Play against grundy: a sum of heaps (in normal or misère play), of knights or of a script's
// positions set up, then a move each in turn. Grundy answers with a winning move when there is
// one, else with a move that keeps the game long. Every position in the history shows its value
// (in misère play, its element of the quotient and whether it is in P).

// Each kind of game: how a position is typed and shown, a piece's moves, grundy's reply, and
// the value of the empty sum.
const PLAY_KINDS = (() => {
  const heaps = (text) => {
    const heaps = text.split(/[\s,]+/).filter(Boolean).map(Number);
    if (!heaps.length || heaps.some((h) => !Number.isSafeInteger(h) || h < 0)) throw new Error(`heaps ${text}: give heap sizes, such as 3 5 7`);
    return heaps;
  };
  const whole = (v) => Number.isSafeInteger(v) && v >= 0;
  const take = (m) => `take ${m.take}${m.left.length ? `, leave ${m.left.join(' + ')}` : ''}`;
  const nimber = (v) => ({ text: `*${v}`, loses: v === 0, value: v });
  const element = (e) => ({ text: `${e.element}${e.in_p ? ' (in P)' : ''}`, loses: e.in_p, value: e.element });
  const spot = (p) => (p.length === 1 ? `${p[0]}` : `(${p.join(',')})`);
  return {
    heap: {
      empty: nimber(0),
      parse: heaps, show: (p) => p.join(' '), piece: (p, i, v) => `heap ${i + 1}: ${p} (${v.text})`,
      async moves(game, heap) {
        const d = await api(`/api/heap/moves?spec=${encodeURIComponent(game)}&heap=${heap}`);
        return { value: nimber(d.value), list: d.moves.map((m) => ({ label: `${take(m)} (*${m.value})`, left: m.left, take: m.take })) };
      },
      after: (position, i, m) => [...position.slice(0, i), ...m.left, ...position.slice(i + 1)].filter((h) => h > 0),
      text: (position, i, m) => `take ${m.take} from heap ${i + 1} (${position[i]})${m.left.length ? `, leaving ${m.left.join(' + ')}` : ''}`,
      async reply(game, position) {
        const r = await api('/api/heap/play', { spec: game, heaps: position });
        return { before: nimber(r.nimber), move: r.move, after: r.after, afterValue: r.move && nimber(r.after_nimber) };
      },
    },
    misere: {
      misere: true,
      empty: element({ element: '1', in_p: false }),
      parse: heaps, show: (p) => p.join(' '), piece: (p, i, v) => `heap ${i + 1}: ${p} (${v.text})`,
      async moves(game, heap) {
        const d = await api(`/api/misere/moves?spec=${encodeURIComponent(game)}&heap=${heap}`);
        return { value: element(d), list: d.moves.map((m) => ({ label: `${take(m)} (${element(m.after).text})`, left: m.left, take: m.take })) };
      },
      after: (position, i, m) => [...position.slice(0, i), ...m.left, ...position.slice(i + 1)].filter((h) => h > 0),
      text: (position, i, m) => `take ${m.take} from heap ${i + 1} (${position[i]})${m.left.length ? `, leaving ${m.left.join(' + ')}` : ''}`,
      async reply(game, position) {
        const r = await api('/api/misere/play', { spec: game, heaps: position });
        return { before: element(r.before), move: r.move, after: r.after, afterValue: r.move && element(r.after_element) };
      },
    },
    leaper: {
      parse(text) {
        const knights = text.trim().split(/\s+|\)\s*,?\s*\(/).filter(Boolean).map((k) => k.replace(/[()]/g, '').split(',').map(Number));
        if (!knights.length || knights.some((k) => k.length !== 2 || !k.every(whole))) {
          throw new Error(`knights ${text}: give knights x,y separated by spaces, such as 3,4 5,1`);
        }
        return knights;
      },
      show: (p) => p.map(([x, y]) => `(${x},${y})`).join(' '),
      piece: (p, i, v) => `knight ${i + 1}: (${p.join(',')}) ${v.text}`,
      async moves(game, [x, y]) {
        const d = await api(`/api/leaper/options?moves=${encodeURIComponent(game)}&x=${x}&y=${y}`);
        return { value: nimber(d.value), list: d.options.map((o) => ({ label: `→ (${o.to.join(',')}) (*${o.value})`, to: o.to })) };
      },
      after: (position, i, m) => position.map((k, j) => (j === i ? m.to : k)),
      text: (position, i, m) => `knight ${i + 1} (${position[i].join(',')}) → (${m.to.join(',')})`,
      async reply(game, position) {
        const r = await api('/api/knights/play', { moves: game, knights: position });
        const move = r.move && { ...r.move, text: `knight ${r.move.knight + 1} (${r.move.from.join(',')}) → (${r.move.to.join(',')})` };
        return { before: nimber(r.nimber), move, after: r.after, afterValue: r.move && nimber(r.after_nimber) };
      },
    },
    rules: {
      empty: nimber(0),
      parse(text) {
        const positions = text.trim().split(/\s+/).filter(Boolean).map((p) => p.replace(/[()[\]]/g, '').split(',').map(Number));
        if (!positions.length || positions.some((p) => !p.every(whole))) throw new Error(`positions ${text}: give heaps (3 5 7) or tuples (3,4 5,1)`);
        return positions;
      },
      show: (p) => p.map(spot).join(' '),
      piece: (p, i, v) => `${spot(p)} (${v.text})`,
      async moves(script, position) {
        const d = await api('/api/rules/options', { script, position });
        return { value: nimber(d.value), list: d.options.map((o) => ({ label: `→ ${o.to.length ? o.to.map(spot).join(' + ') : 'nothing'} (*${o.value})`, to: o.to })) };
      },
      after: (position, i, m) => [...position.slice(0, i), ...m.to, ...position.slice(i + 1)],
      text: (position, i, m) => `${spot(position[i])} → ${m.to.length ? m.to.map(spot).join(' + ') : 'nothing'}`,
      async reply(script, position) {
        const r = await api('/api/rules/play', { script, positions: position });
        const move = r.move && { ...r.move, text: `${spot(r.move.from)} → ${r.move.to.length ? r.move.to.map(spot).join(' + ') : 'nothing'}` };
        return { before: nimber(r.nimber), move, after: r.after, afterValue: r.move && nimber(r.after_nimber) };
      },
    },
  };
})();

const Play = {
  kind: null, game: '', position: null, over: true, busy: false,

  init(app) {
    $('play-form').addEventListener('submit', (e) => { e.preventDefault(); this.start(app, false); });
    $('grundy-first').addEventListener('click', () => this.start(app, true));
  },

  render(app) {
    const f = FAMILIES[app.family], playable = app.family !== 'mine';
    $('position-label').textContent = f.position || 'Position';
    $('position').placeholder = f.positionHint || '';
    $('start').disabled = $('grundy-first').disabled = !playable;
    if (!playable) $('turn').textContent = 'Play is for heap games, knights and scripts; pick one of those.';
  },

  rules() { return PLAY_KINDS[this.kind]; },

  // Adds a line to the history: who moved, the move, the position after it.
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

  // Writes a position's value into its history line once known (`loses`: the player to move
  // loses).
  valued(li, v) {
    li.dataset.value = String(v.value);
    li.dataset.loses = String(v.loses);
    li.textContent += `  → ${this.rules().misere ? 'element' : 'value'} ${v.text}${v.loses ? ' (the player to move loses)' : ''}`;
  },

  async start(app, grundyFirst) {
    showError(null);
    this.kind = app.kind(); this.game = app.games[app.family]; this.over = false;
    delete $('turn').dataset.over;
    $('history').replaceChildren(); $('choices').replaceChildren(); $('pieces').replaceChildren();
    try { this.position = this.rules().parse($('position').value); } catch (e) { showError(e); this.over = true; return; }
    this.last = this.record('start', this.rules().show(this.position), null, this.position);
    if (grundyFirst) await this.grundyMoves(); else await this.yourTurn();
  },

  // The end of the game: in misère play whoever cannot move wins.
  end(grundyToMove) {
    const winner = grundyToMove === Boolean(this.rules().misere) ? 'grundy wins' : 'you win';
    this.finish(`${grundyToMove ? 'grundy' : 'you'} cannot move${this.rules().misere ? ' (misère play)' : ''}: ${winner}`);
  },

  // Grundy's move in the current position (the last history line gets its value).
  async grundyMoves() {
    $('turn').textContent = 'grundy is thinking…';
    const before = this.position;
    // Nothing left (the APIs take a sum of at least one): grundy, to move, has no move.
    if (!before.length) { this.valued(this.last, this.rules().empty); this.end(true); return; }
    let r;
    try { r = await this.rules().reply(this.game, before); } catch (e) { showError(e); $('turn').textContent = 'stopped by an error'; this.over = true; return; }
    this.valued(this.last, r.before);
    if (!r.move) { this.end(true); return; }
    const how = r.move.winning ? 'a winning move' : 'no winning move exists; a move that keeps the game long';
    const text = r.move.text || this.rules().text(before, r.move.heap, r.move);
    this.position = r.after;
    this.last = this.record('grundy', `${text} [${how}] → ${this.rules().show(r.after)}`, before, r.after, r.move.winning);
    this.valued(this.last, r.afterValue);
    await this.yourTurn();
  },

  // Your turn: each piece with its moves; the game ends when none has one.
  async yourTurn() {
    $('choices').replaceChildren();
    const pieces = $('pieces');
    pieces.replaceChildren();
    let any = false;
    for (const [i, piece] of this.position.entries()) {
      let moves;
      try { moves = await this.rules().moves(this.game, piece); } catch (e) { showError(e); this.over = true; return; }
      const b = document.createElement('button');
      b.type = 'button';
      b.dataset.piece = String(i);
      b.textContent = this.rules().piece(piece, i, moves.value);
      b.disabled = moves.list.length === 0;
      any = any || moves.list.length > 0;
      b.addEventListener('click', () => this.choose(i, moves, b));
      pieces.append(b);
    }
    if (!any) { this.end(false); return; }
    $('turn').textContent = 'your move: pick a piece';
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
    const before = this.position, after = this.rules().after(before, i, m);
    this.position = after;
    $('choices').replaceChildren();
    this.last = this.record('you', `${this.rules().text(before, i, m)} → ${this.rules().show(after)}`, before, after);
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
