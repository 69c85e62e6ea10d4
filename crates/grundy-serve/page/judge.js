'use strict';
// Judge: a pasted judge input answered by the same judges as the command line (`--explain`
// when asked). Knights use the leaper typed, heaps (normal or misère) the heap game typed, and
// `rules` the script typed.

const Judge = {
  init(app) {
    $('judge-form').addEventListener('submit', (e) => { e.preventDefault(); this.run(app); });
    $('problem').addEventListener('change', () => this.render(app));
  },

  render(app) {
    const problem = $('problem').value;
    $('judge-game').textContent = problem === 'knights' ? `moves: ${app.games.leaper || 'the hyper knight'}` :
      problem === 'heaps' || problem === 'misere-heaps' ? `heap game: ${app.games.heap}` :
        problem === 'rules' ? 'the game of the script typed (Script)' : '';
  },

  async run(app) {
    showError(null);
    $('judge-output').textContent = '';
    const request = { problem: $('problem').value, input: $('judge-input').value, explain: $('explain').checked };
    if (request.problem === 'knights' && app.games.leaper) request.moves = app.games.leaper;
    if (request.problem === 'heaps' || request.problem === 'misere-heaps') request.spec = app.games.heap;
    if (request.problem === 'rules') request.script = app.games.rules;
    try {
      $('judge-output').textContent = (await api('/api/judge', request)).output;
      $('judge-output').dataset.done = 'ok';
    } catch (e) {
      showError(e);
      $('judge-output').dataset.done = 'error';
    }
  },
};
