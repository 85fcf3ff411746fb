// Goals: total progress, each goal's ring, and a sheet to create, edit or delete one.
import { get, post, patch, del } from './api.js';
import { h, icon, fill, loading, uid } from './dom.js';
import { money, shares, sharesText, amountText, dec, add, sub, decText } from './format.js';
import { ring } from './chart.js';
import { navbar, section, sheet, sheetBar, segmented, toast, confirm } from './ui.js';

// The API's strict decimal form, checked after `amountText` has read a person's “.5” or “5.”.
const NUMBER = /^\d+(\.\d+)?$/;

export function createGoals() {
  const titleId = uid('t');
  const add = h('button.nav-btn', { 'aria-label': 'New Goal', onclick: () => edit(null) }, icon('plus'));
  const body = h('div', { 'aria-busy': 'true' }, loading());
  const el = h('section.view', { 'aria-labelledby': titleId }, navbar('Goals', null, add), h('h1.large-title', { id: titleId, tabindex: '-1' }, 'Goals'), h('p.subtitle', 'Fund what matters with your holdings'), body);
  let positions = [];
  let goals = [];

  async function load() {
    try {
      const [g, p] = await Promise.all([get('/goals'), get('/portfolio')]);
      // Shares owned fund goals; a short position owes shares, and funds none.
      positions = p.positions.filter((x) => Number(x.shares) > 0);
      goals = g.goals;
      renderGoals(body, g, edit);
    } catch (e) {
      fill(body, h('p.empty', { role: 'alert' }, e.message));
    }
  }

  function edit(goal) {
    openGoalSheet(goal, positions, load, goals);
  }

  load();
  return { el, title: 'Goals' };
}

// Ring, caption and API share one definition: what the goals are funded up to their
// targets (a goal's surplus funds no other), over the sum of the targets.
function renderGoals(body, { goals, totalProgress, fundedValue, totalTarget }, edit) {
  body.removeAttribute('aria-busy');
  fill(
    body,
    h('div.section', h('div.group.goal-hero', { 'data-testid': 'total-progress' }, ring(Number(totalProgress), 168, 16, true), h('b', 'Total Progress'), h('span.muted.num', goals.length ? `${money(fundedValue)} of ${money(totalTarget)}` : 'No goals yet'))),
    section(
      'Goals',
      goals.length
        ? h('ul.group.list', goals.map((g) => h('li', h('button.row.goal-row', { 'data-testid': 'goal', onclick: () => edit(g) },
            ring(Number(g.progress), 48, 6),
            h('div.grow', h('div.title', g.title), g.description && h('div.sub', g.description), h('div.target.num', `Target ${money(g.target)}`), unfundedNote(g)),
            h('div.end.pct', `${Math.round(Number(g.progress) * 100)}%`),
            icon('chev')))))
        : h('div.group', h('p.empty', 'Set a goal (a house, a trip) and allocate shares you own to it.'), h('div.pad-row', h('button.btn.primary', { onclick: () => edit(null) }, 'Create a Goal'))),
    ),
  );
}

// Shares sold after they were allocated: the goal says so, and its sheet says how to fix it.
function unfundedNote(g) {
  const short = g.allocations.filter((a) => a.unfunded).map((a) => a.symbol);
  return short.length ? h('div.sub.unfunded', { 'data-testid': 'unfunded' }, `Unfunded: ${short.join(', ')} sold. Tap to fix.`) : null;
}

// The sheet that creates a goal (goal null) or edits one: its title, description and target,
// and the shares of each holding it takes; Delete for a goal that exists. reload() after a change.
function openGoalSheet(goal, positions, reload, goals) {
  const sh = sheet({ label: goal ? 'Edit Goal' : 'New Goal', full: true });
  const f = (label, input) => h('label.row', h('span', label), input);
  const title = h('input', { value: goal?.title, required: true, maxlength: 100, 'aria-label': 'Title', placeholder: 'House down payment' });
  const desc = h('textarea', { 'aria-label': 'Description', maxlength: 500, placeholder: 'Optional' }, goal?.description);
  const target = h('input', { value: goal?.target, inputmode: 'decimal', 'aria-label': 'Target value in dollars', placeholder: '$10,000' });
  // The shares of each holding the other goals already take: the rest is free for this one.
  const others = goals.filter((g) => g.id !== goal?.id).flatMap((g) => g.allocations);
  const taken = (symbol) => others.filter((a) => a.symbol === symbol).reduce((t, a) => add(t, dec(a.effectiveShares)), dec('0'));
  const allocs = positions.map((p) => allocationRow(p, goal?.allocations.find((a) => a.symbol === p.symbol), taken(p.symbol)));
  // Allocations of stocks no longer held fund nothing; saving the goal lets them go.
  const gone = (goal?.allocations ?? []).filter((a) => !positions.some((p) => p.symbol === a.symbol));
  const goneRows = gone.map((a) => h('div.row.alloc', { 'data-testid': 'sold-allocation' }, h('div.grow', h('div.title', a.symbol), h('div.sub.unfunded', `Sold: funds nothing now. Saving removes it.`))));
  const save = h('button.nav-btn', { onclick: () => saveGoal(goal, { title, desc, target, allocs }, { save, problem, sh, reload }) }, h('b', goal ? 'Save' : 'Add'));
  const problem = h('p.form-error', { role: 'alert', 'data-testid': 'goal-problem', hidden: true });
  sh.body.append(
    sheetBar(goal ? 'Edit Goal' : 'New Goal', sh.close, save),
    h('div.sheet-body.form',
      problem,
      section(null, h('div.group', f('Title', title), f('Description', desc), f('Target', target))),
      section('Assets', positions.length || gone.length ? h('div.group', allocs.map((a) => a.row), goneRows) : h('div.group', h('p.empty', 'Buy shares to fund goals with them.')), h('span', 'Shares or % of holding')),
      goal && deleteGoalButton(goal, sh, reload),
    ),
  );
  title.focus();
}

// A holding's row in the sheet: how much of it the goal takes (prev, its allocation so far),
// in shares or as a percentage of the shares held; and what other goals leave free of it.
function allocationRow(p, prev, taken) {
  let mode = prev?.percent != null ? 1 : 0;
  const amount = h('input', { inputmode: 'decimal', value: mode ? prev.percent : prev?.shares, placeholder: '0', 'aria-label': `${p.symbol} allocation` });
  const seg = segmented(['Shares', '%'], mode, (i) => (mode = i), { label: `${p.symbol} allocation unit` });
  const free = sub(dec(p.shares), taken);
  const held = `${sharesText(p.shares)} held` + (taken.n ? `, ${shares(free.n > 0n ? decText(free) : 0)} free` : '');
  const note = prev?.unfunded ? h('div.sub.unfunded', `${held}; this goal asks for more. Lower it to what you hold.`) : h('div.sub', held);
  return { symbol: p.symbol, amount, mode: () => mode, row: h('div.row.alloc', h('div.grow', h('div.title', p.symbol), note), seg, amount) };
}

// Checked here, in plain words, before anything is sent: [the field to fix, what is wrong], or null.
function goalProblem({ title, target, allocs }, targetText) {
  for (const el of [title, target, ...allocs.map((a) => a.amount)]) el.removeAttribute('aria-invalid');
  if (!title.value.trim()) return [title, 'Enter a title for the goal'];
  if (!targetText) return [target, 'Enter a target amount'];
  if (!NUMBER.test(targetText) || !(Number(targetText) > 0)) return [target, 'Enter a target amount in dollars, such as 10,000'];
  for (const a of allocs) {
    const v = amountText(a.amount.value);
    if (!v) continue;
    const percent = a.mode();
    if (!NUMBER.test(v) || !(Number(v) > 0) || (percent && Number(v) > 100)) return [a.amount, percent ? `Enter a percentage of your ${a.symbol} shares, from 1 to 100` : `Enter a number of shares of ${a.symbol}`];
  }
  return null;
}

async function saveGoal(goal, fields, { save, problem, sh, reload }) {
  const { title, desc, target, allocs } = fields;
  const allocations = allocs.filter((a) => a.amount.value.trim()).map((a) => ({ symbol: a.symbol, [a.mode() ? 'percent' : 'shares']: amountText(a.amount.value) }));
  const payload = { title: title.value.trim(), description: desc.value.trim(), target: amountText(target.value.replace(/[$,\s]/g, '')), allocations };
  const wrong = goalProblem(fields, payload.target);
  problem.hidden = !wrong;
  if (wrong) {
    problem.textContent = wrong[1];
    wrong[0].setAttribute('aria-invalid', 'true');
    wrong[0].focus();
    return;
  }
  save.disabled = true;
  try {
    await (goal ? patch(`/goals/${goal.id}`, payload) : post('/goals', payload));
    sh.close();
    toast(goal ? 'Goal saved' : 'Goal created');
    reload();
  } catch (e) {
    toast(e.message);
  } finally {
    save.disabled = false;
  }
}

function deleteGoalButton(goal, sh, reload) {
  const remove = async () => {
    if (!(await confirm({ title: `Delete “${goal.title}”?`, message: 'The goal is removed; your shares stay in your portfolio.', action: 'Delete', destructive: true }))) return;
    try {
      await del(`/goals/${goal.id}`);
      sh.close();
      toast('Goal deleted');
      reload();
    } catch (e) {
      toast(e.message);
    }
  };
  return h('div.section', h('button.btn.danger', { onclick: remove }, 'Delete Goal'));
}
