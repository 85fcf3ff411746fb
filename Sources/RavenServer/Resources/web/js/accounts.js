// Accounts: the name above the net worth opens this sheet, to pick the account Home and
// trading show (remembered on this device), see them all together, open one, and rename,
// reset or close the one shown.
import { get, post, patch, del, chosenAccount, chooseAccount } from './api.js';
import { h, fill, loading, uid } from './dom.js';
import { sheet, sheetBar, section, confirm, toast } from './ui.js';
import { money, dec, add, dollars } from './format.js';

/** The account shown: the chosen one, else the default. */
export const shownAccount = (all) => all.find((a) => a.id === chosenAccount()) ?? all.find((a) => a.isDefault) ?? all[0];

// A labelled input in a group row, with an optional button after it (outside the label,
// so the input's name is the label's alone).
const field = (label, props, button) => {
  const input = h('input', { id: uid('f'), autocomplete: 'off', ...props });
  return [input, h('div.row', h('label', { for: input.id }, label), input, button)];
};
const cashText = (input) => input.value.trim().replace(/[$,]/g, '') || undefined;

export function openAccounts() {
  const sh = sheet({ label: 'Accounts', className: 'accounts' });
  const box = h('div', loading('Loading...'));
  const error = h('p.error', { role: 'alert', 'aria-live': 'assertive' });
  sh.body.append(sheetBar('Accounts', sh.close), box);
  const pick = (id) => (chooseAccount(id), sh.close());
  // Runs a change; its refusal shows under the forms.
  const act = (work) => async () => {
    error.textContent = '';
    try {
      await work();
    } catch (e) {
      error.textContent = e.message;
    }
  };
  const sure = (title, message, action) => confirm({ title, message, action, destructive: true });
  load();

  async function load() {
    try {
      const all = (await get('/accounts')).accounts;
      const open = all.filter((a) => !a.closedAt);
      // Each open account's worth, and their total (a linked one may not answer).
      const worths = await Promise.all(open.map((a) => get(`/portfolio?account=${a.id}`).then((p) => p.netWorth, () => null)));
      const shown = shownAccount(all);
      const rows = (list, w = []) => h('ul.list', { 'aria-label': list === open ? 'Accounts' : 'Closed accounts' }, list.map((a, i) => row(a, w[i], a.id === shown?.id)));
      fill(
        box,
        h('div.all-accounts.num', { 'data-testid': 'all-accounts' }, h('div.label', 'All Accounts'), money(dollars(worths.reduce((t, w) => (w ? add(t, dec(w)) : t), dec('0'))))),
        section('Accounts', rows(open, worths)),
        h('div.form', shown.kind === 'paper' && !shown.closedAt && manage(shown), create(), error),
        all.length > open.length && section('Closed', rows(all.filter((a) => a.closedAt))),
      );
    } catch (e) {
      fill(box, h('p.error', { role: 'alert' }, e.message));
    }
  }

  function row(a, worth, current) {
    const kind = a.kind === 'alpaca' ? 'Alpaca' : a.closedAt ? 'Closed' : a.margin ? 'Paper · Margin' : 'Paper';
    return h('li', h('button.row.account-row', { 'aria-current': current ? 'true' : null, onclick: () => pick(a.id) }, h('span.grow', h('span.name', a.name), h('span.sub', kind)), worth && h('span.end.num', money(worth)), h('span.check', current ? '✓' : '')));
  }

  // Rename, reset and close, for the paper account shown.
  function manage(a) {
    const rename = act(async () => {
      await patch(`/accounts/${a.id}`, { name: name.value.trim() });
      toast('Renamed');
      load();
    });
    const reset = act(async () => {
      const startingCash = cashText(cash);
      if (!(await sure(`Reset ${a.name}?`, `Open orders are canceled, positions cleared; it restarts with ${money(startingCash ?? a.startingCash)}. History and API keys stay; unpaid dividends go with the old period.`, 'Reset'))) return;
      await post(`/accounts/${a.id}/reset`, { startingCash });
      pick(a.id);
    });
    const close = act(async () => {
      if (!(await sure(`Close ${a.name}?`, 'It stays readable, takes no orders, and its API keys stop working.', 'Close Account'))) return;
      await del(`/accounts/${a.id}`);
      pick(null);
    });
    const [name, nameRow] = field('Name', { value: a.name, maxlength: 40 }, h('button.link', { onclick: rename }, 'Save'));
    const [cash, cashRow] = field('Reset to', { value: a.startingCash, inputmode: 'decimal' }, h('button.link', { onclick: reset }, 'Reset…'));
    return section(a.name, h('div', h('div.group', nameRow, cashRow), h('button.btn.danger', { onclick: close }, 'Close Account…')));
  }

  function create() {
    const [name, nameRow] = field('Name', { maxlength: 40, placeholder: 'e.g. Momentum' });
    const [cash, cashRow] = field('Cash', { inputmode: 'decimal', placeholder: '25,000.00' });
    const open = act(async () => {
      const made = await post('/accounts', { name: name.value.trim(), startingCash: cashText(cash) });
      toast(`${made.name} is open`);
      pick(made.id);
    });
    return h('form', { novalidate: true, onsubmit: (e) => (e.preventDefault(), open()) }, section('New Account', h('div.group', nameRow, cashRow)), h('button.btn.primary', { type: 'submit' }, 'Open Account'));
  }
}
