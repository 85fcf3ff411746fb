// Goals: total progress, each goal's ring, and a sheet to create, edit or delete one.
import { get, post, patch, del } from './api.js';
import { h, icon, fill, spinner, uid } from './dom.js';
import { money, shares, sharesWord } from './format.js';
import { ring } from './chart.js';
import { navbar, section, sheet, sheetBar, segmented, toast, confirm } from './ui.js';

export function createGoals() {
  const titleId = uid('t');
  const add = h('button.nav-btn', { type: 'button', 'aria-label': 'New Goal', onclick: () => edit(null) }, icon('plus'));
  const body = h('div', { 'aria-busy': 'true' }, h('div.loading', { role: 'status' }, spinner(), 'Fetching Data...'));
  const el = h('section.view', { 'aria-labelledby': titleId }, navbar('Goals', null, add), h('h1.large-title', { id: titleId, tabindex: '-1' }, 'Goals'), h('p.subtitle', 'Fund what matters with your holdings'), h('div.pad', body));
  let positions = [];

  async function load() {
    try {
      const [g, p] = await Promise.all([get('/goals'), get('/portfolio')]);
      positions = p.positions;
      render(g);
    } catch (e) {
      fill(body, h('p.empty', { role: 'alert' }, e.message));
    }
  }

  function render({ goals, totalProgress }) {
    body.removeAttribute('aria-busy');
    const total = goals.reduce((a, g) => a + Number(g.target), 0);
    const funded = goals.reduce((a, g) => a + Math.min(Number(g.allocatedValue), Number(g.target)), 0);
    fill(
      body,
      h('div.section', h('div.group.goal-hero', { 'data-testid': 'total-progress' }, ring(Number(totalProgress), 168, 16, true), h('b', 'Total Progress'), h('span.muted.num', goals.length ? `${money(funded)} of ${money(total)}` : 'No goals yet'))),
      section(
        'Goals',
        goals.length
          ? h('ul.group.list', goals.map((g) => h('li', h('button.row.goal-row', { type: 'button', 'data-testid': 'goal', onclick: () => edit(g) },
              ring(Number(g.progress), 48, 6),
              h('div.grow', h('div.title', g.title), g.description ? h('div.sub', g.description) : null, h('div.target.num', `Target ${money(g.target)}`)),
              h('div.end.pct', `${Math.round(Number(g.progress) * 100)}%`),
              icon('chev')))))
          : h('div.group', h('p.empty', 'Set a goal (a house, a trip) and allocate shares you own to it.'), h('div.pad-row', h('button.btn.primary', { type: 'button', onclick: () => edit(null) }, 'Create a Goal'))),
      ),
    );
  }

  function edit(goal) {
    const sh = sheet({ label: goal ? 'Edit Goal' : 'New Goal', full: true });
    const f = (label, input) => h('label.row', h('span', label), input);
    const title = h('input', { value: goal?.title ?? '', required: true, maxlength: 100, 'aria-label': 'Title', placeholder: 'House down payment' });
    const desc = h('textarea', { 'aria-label': 'Description', maxlength: 500, placeholder: 'Optional' }, goal?.description ?? '');
    const target = h('input', { value: goal?.target ?? '', inputmode: 'decimal', 'aria-label': 'Target value in dollars', placeholder: '$10,000' });
    const allocs = positions.map((p) => {
      const prev = goal?.allocations.find((a) => a.symbol === p.symbol);
      let mode = prev?.percent != null ? 1 : 0;
      const amount = h('input', { inputmode: 'decimal', value: prev ? (mode ? prev.percent : prev.shares) ?? '' : '', placeholder: '0', 'aria-label': `${p.symbol} allocation` });
      const seg = segmented(['Shares', '%'], mode, (i) => (mode = i), { label: `${p.symbol} allocation unit` });
      return { symbol: p.symbol, amount, mode: () => mode, row: h('div.row.alloc', h('div.grow', h('div.title', p.symbol), h('div.sub', `${shares(p.shares)} ${sharesWord(p.shares)} held`)), seg, amount) };
    });
    const save = h('button.nav-btn', { type: 'button' }, h('b', goal ? 'Save' : 'Add'));
    save.addEventListener('click', async () => {
      const allocations = allocs.filter((a) => a.amount.value.trim()).map((a) => ({ symbol: a.symbol, [a.mode() ? 'percent' : 'shares']: a.amount.value.trim() }));
      const payload = { title: title.value.trim(), description: desc.value.trim(), target: target.value.trim().replace(/[$,]/g, ''), allocations };
      save.disabled = true;
      try {
        await (goal ? patch(`/goals/${goal.id}`, payload) : post('/goals', payload));
        sh.close();
        toast(goal ? 'Goal saved' : 'Goal created');
        load();
      } catch (e) {
        toast(e.message);
      } finally {
        save.disabled = false;
      }
    });
    const remove = goal
      ? h('div.section', h('button.btn.danger', { type: 'button', onclick: async () => {
          if (!(await confirm({ title: `Delete “${goal.title}”?`, message: 'The goal is removed; your shares stay in your portfolio.', action: 'Delete', destructive: true }))) return;
          try {
            await del(`/goals/${goal.id}`);
            sh.close();
            toast('Goal deleted');
            load();
          } catch (e) {
            toast(e.message);
          }
        } }, 'Delete Goal'))
      : null;
    sh.body.append(
      sheetBar(goal ? 'Edit Goal' : 'New Goal', sh.close, save),
      h('div.sheet-body.form',
        section(null, h('div.group', f('Title', title), f('Description', desc), f('Target', target))),
        section('Assets', positions.length ? h('div.group', allocs.map((a) => a.row)) : h('div.group', h('p.empty', 'Buy shares to fund goals with them.')), h('span', 'Shares or % of holding')),
        remove,
      ),
    );
    title.focus();
  }

  load();
  return { el, title: 'Goals' };
}
