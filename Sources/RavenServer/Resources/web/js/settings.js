// Settings: add or withdraw cash, margin for each paper account, link an Alpaca paper account to trade through it
// instead of the built-in ledger, API keys for trading bots, change the password, or sign out
// (here, or on every device).
import { api, get, put, post, patch, del, chooseAccount, chosenAccount } from './api.js';
import { h, fill, spinner, loading, uid } from './dom.js';
import { money, amountText } from './format.js';
import { sheet, sheetBar, section, kv, confirm, toast } from './ui.js';

export function openSettings({ user, signOut, onChange }) {
  const sh = sheet({ label: 'Settings', className: 'settings' });
  const box = h('div', { 'data-testid': 'brokerage' }, loading('Loading...'));
  sh.body.append(
    sheetBar('Settings', sh.close),
    section(user.username, h('div.group', kv('Signed in as', user.username))),
    cashSection(onChange),
    marginSection(),
    box,
    apiKeys(),
    passwordSection(),
    h(
      'div.sheet-actions',
      h('button.btn.danger', { type: 'button', onclick: () => (sh.close(), signOut()) }, 'Sign Out'),
      h('button.btn.danger', { type: 'button', onclick: signOutEverywhere }, 'Sign Out Everywhere'),
    ),
  );
  const show = (s) => fill(box, s.linked ? linkedAccount(s, show, onChange) : linkForm(show, onChange));
  get('/brokerage').then(show, (e) => fill(box, h('p.error', { role: 'alert' }, e.message)));

  // Every session ends, this one too, so the app goes where sign-out takes it.
  async function signOutEverywhere() {
    if (!(await confirm({ title: 'Sign out on every device?', message: 'Your personal API tokens stop working too. API keys stay.', action: 'Sign Out', destructive: true }))) return;
    try {
      await post('/auth/logout-everywhere');
    } catch (e) {
      // 401: this session had ended already, which is where the person wants to be.
      if (e.status !== 401) return toast(e.message);
    }
    sh.close();
    dispatchEvent(new Event('raven:signedout'));
  }
}

// Cash in and out of the account Home shows, as a bank transfer would move it: Performance
// counts it as money added or withdrawn, never as gain. One key per amount typed, so a tap
// retried after a lost answer moves the money once.
function cashSection(onChange) {
  const id = uid('c');
  const amount = h('input', { id, inputmode: 'decimal', autocomplete: 'off', placeholder: '$0.00', 'data-testid': 'cash-amount', oninput: () => (keys = {}) });
  const error = h('p.error', { role: 'alert' });
  // One key per direction and amount typed: a deposit retried is never taken for a withdrawal.
  let keys = {};
  const move = (direction) => async () => {
    error.textContent = '';
    keys[direction] ??= crypto.randomUUID?.() ?? `web-${Date.now()}-${Math.random()}`;
    buttons.forEach((b) => (b.disabled = true));
    try {
      const r = await api('/portfolio/transfers', { method: 'POST', body: { amount: amountText(amount.value.replace(/[$,]/g, '')), direction }, headers: { 'Idempotency-Key': keys[direction] } });
      toast(`${direction === 'deposit' ? 'Added' : 'Withdrew'} ${money(r.transfer.amount)}. Cash is now ${money(r.cash)}.`);
      amount.value = '';
      keys = {};
      onChange?.();
    } catch (e) {
      error.textContent = e.message;
    }
    buttons.forEach((b) => (b.disabled = false));
  };
  const buttons = [h('button.btn.primary', { onclick: move('deposit') }, 'Add Cash'), h('button.btn', { onclick: move('withdrawal') }, 'Withdraw')];
  return h('form.form', { novalidate: true, onsubmit: (e) => e.preventDefault() }, section('Cash', h('div', h('div.group', h('label.row', { for: id }, h('span', 'Amount'), amount)), h('div.sheet-actions', buttons), error)));
}

// Margin, per paper account: a switch each. Turned off, refused while the account borrows or
// is short, it flips back and the server's words show under it; Home hears of a change.
function marginSection() {
  const box = h('div.group', h('p.empty', 'Loading...'));
  const error = h('p.error', { role: 'alert' });
  get('/accounts').then(({ accounts }) => fill(box, accounts.filter((a) => a.kind === 'paper' && !a.closedAt).map(marginSwitch)), (e) => fill(box, h('p.empty', e.message)));
  function marginSwitch(a) {
    const input = h('input.switch', { type: 'checkbox', role: 'switch', 'aria-label': `Margin for ${a.name}`, onchange: async () => {
      error.textContent = '';
      input.disabled = true;
      try {
        a.margin = (await patch(`/accounts/${a.id}`, { margin: input.checked })).margin;
        dispatchEvent(new Event('raven:margin'));
      } catch (e) {
        error.textContent = e.message;
      }
      input.disabled = false;
      paint();
    } });
    const paint = () => (input.checked = a.margin);
    paint();
    return h('label.row', h('span.grow', a.name), input);
  }
  return section('Margin', h('div', box, h('p.field-note', 'Margin buys with borrowed money and sells short. Losses can exceed what you put in; if equity falls below maintenance, a margin call sells your largest positions.'), error));
}

// A linked account: its key's hint, its number and status, and Unlink (back to the built-in
// account). show(settings) repaints the box with the brokerage settings now in force.
function linkedAccount(s, show, onChange) {
  const a = s.account;
  const unlink = async () => {
    if (!(await confirm({ title: 'Unlink Alpaca?', message: 'Its account here closes; Home shows your Raven accounts again, as you left them.', action: 'Unlink', destructive: true }))) return;
    try {
      await del('/brokerage');
      show({ linked: false });
      chooseAccount(null);
      onChange?.();
    } catch (e) {
      toast(e.message);
    }
  };
  // `section` takes a title, a body and a header accessory: the note and the button go in the body.
  return section(
    'Alpaca paper account',
    h(
      'div',
      h('div.group', kv('Key', s.keyHint), kv('Account', a ? `${a.accountNumber} (${a.status})` : 'Alpaca cannot be reached right now')),
      h('p.field-note', 'Your portfolio and trades come from this Alpaca paper account.'),
      h('button.btn.danger', { type: 'button', onclick: unlink }, 'Unlink Alpaca'),
    ),
  );
}

// Not linked: the form that links an Alpaca paper account by its keys.
function linkForm(show, onChange) {
  const id = uid('k');
  const keyId = h('input', { id: `${id}-i`, name: 'keyId', autocomplete: 'off', autocapitalize: 'none', spellcheck: 'false', required: true, placeholder: 'PK…' });
  const secret = h('input', { id: `${id}-s`, name: 'secretKey', type: 'password', autocomplete: 'off', required: true, placeholder: 'Required' });
  const error = h('p.error', { role: 'alert', 'aria-live': 'assertive' });
  const submit = h('button.btn.primary', { type: 'submit' }, 'Link Alpaca');
  const f = h(
    'form.form',
    { novalidate: true },
    section('Alpaca paper account', h('div.group', h('label.row', { for: keyId.id }, h('span', 'Key ID'), keyId), h('label.row', { for: secret.id }, h('span', 'Secret Key'), secret))),
    h('p.field-note', 'Trade through your own Alpaca paper account instead of Raven’s. The keys are checked with Alpaca, stored encrypted and never shown again.'),
    error,
    submit,
  );
  f.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    // Alpaca can take seconds to answer: say what the wait is for.
    fill(submit, spinner(), 'Checking with Alpaca…');
    try {
      show(await put('/brokerage', { provider: 'alpaca', keyId: keyId.value.trim(), secretKey: secret.value.trim() }));
      // The linked account is the default: Home shows it.
      chooseAccount(null);
      onChange?.();
    } catch (err) {
      error.textContent = err.message;
      secret.value = '';
    } finally {
      submit.disabled = false;
      fill(submit, 'Link Alpaca');
    }
  });
  return f;
}

// API keys: keys for trading bots written with Alpaca's SDKs (the server's /v2). A new key's
// secret is shown once, with what to paste into alpaca-py.
function apiKeys() {
  const list = h('div', loading('Loading...'));
  const created = h('div', { 'aria-live': 'polite' });
  const id = uid('key');
  const name = h('input', { id: `${id}-n`, name: 'keyName', autocomplete: 'off', maxlength: 100, placeholder: 'e.g. momentum bot' });
  const readOnly = h('input', { id: `${id}-r`, type: 'checkbox' });
  const error = h('p.error', { role: 'alert' });
  const create = h('button.btn.primary', { type: 'submit' }, 'Create Key');
  const form = h(
    'form.form',
    { novalidate: true },
    h('div.group', h('label.row', { for: name.id }, h('span', 'Name'), name), h('label.row', { for: readOnly.id }, h('span.grow', 'Read-only (no orders)'), readOnly)),
    error,
    create,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    if (!name.value.trim()) return (error.textContent = 'Give the key a name'), name.focus();
    create.disabled = true;
    try {
      // A key trades the account shown (the first account when none is chosen).
      show(await post('/auth/api-keys', { name: name.value.trim(), readOnly: readOnly.checked, accountId: chosenAccount() ?? undefined }));
      name.value = '';
      readOnly.checked = false;
      load();
    } catch (err) {
      error.textContent = err.message;
    } finally {
      create.disabled = false;
    }
  });

  // The secret, once: it is stored only as a hash.
  function show(key) {
    const server = location.origin;
    const copy = (text, what) => h('button.btn.small', { type: 'button', onclick: () => navigator.clipboard?.writeText(text).then(() => toast(`${what} copied`), () => toast('Copy it by hand')) }, 'Copy');
    fill(
      created,
      h(
        'div.group.new-key',
        { 'data-testid': 'new-key' },
        h('div.row', h('div.grow', h('div.sub', 'Key ID'), h('code', key.keyId)), copy(key.keyId, 'Key ID')),
        h('div.row', h('div.grow', h('div.sub', 'Secret key'), h('code', key.secret)), copy(key.secret, 'Secret key')),
        h('p.field-note', 'Copy the secret now: it is not shown again. With alpaca-py:'),
        h('pre.snippet', `TradingClient("${key.keyId}", "<secret>", paper=True,\n              url_override="${server}")`),
      ),
    );
  }

  function row(k) {
    const revoke = async () => {
      if (!(await confirm({ title: `Revoke “${k.name}”?`, message: 'Programs using this key stop working at once.', action: 'Revoke', destructive: true }))) return;
      try {
        await del(`/auth/api-keys/${k.id}`);
        toast('Key revoked');
        load();
      } catch (e) {
        toast(e.message);
      }
    };
    return h('li.row', { 'data-testid': 'api-key' }, h('div.grow', h('div.title', k.name, k.readOnly ? h('span.badge.status', 'read-only') : null), h('div.sub.num', k.keyId)), h('button.btn.small.danger', { type: 'button', 'aria-label': `Revoke ${k.name}`, onclick: revoke }, 'Revoke'));
  }

  async function load() {
    try {
      const { keys } = await get('/auth/api-keys');
      fill(list, keys.length ? h('ul.group.list', keys.map(row)) : h('div.group', h('p.empty', 'No API keys yet.')));
    } catch (e) {
      fill(list, h('p.error', { role: 'alert' }, e.message));
    }
  }
  load();
  return section('API keys', h('div', { 'data-testid': 'api-keys' }, h('p.field-note', 'For trading bots written with Alpaca’s SDKs: they trade on this account through this server.'), list, created, form));
}

// Password: change it with the current one; other browsers are signed out.
function passwordSection() {
  const id = uid('pw');
  const field = (name, label, autocomplete) => {
    const input = h('input', { id: `${id}-${name}`, type: 'password', autocomplete, required: true, maxlength: 128 });
    return { input, row: h('label.row', { for: input.id }, h('span', label), input) };
  };
  const current = field('c', 'Current', 'current-password');
  const next = field('n', 'New', 'new-password');
  const again = field('a', 'New again', 'new-password');
  const error = h('p.error', { role: 'alert', 'aria-live': 'assertive', 'data-testid': 'password-error' });
  const submit = h('button.btn', { type: 'submit' }, 'Change Password');
  const form = h(
    'form.form',
    { novalidate: true },
    section('Password', h('div.group', current.row, next.row, again.row)),
    h('p.field-note', 'At least 8 characters, and not a common password. Other browsers signed in to your account are signed out.'),
    error,
    submit,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    if (!current.input.value) return (error.textContent = 'Enter your current password'), current.input.focus();
    if (next.input.value.length < 8) return (error.textContent = 'Enter a new password of at least 8 characters'), next.input.focus();
    if (next.input.value !== again.input.value) return (error.textContent = 'The new passwords differ'), again.input.focus();
    submit.disabled = true;
    try {
      await post('/auth/password', { currentPassword: current.input.value, newPassword: next.input.value });
      form.reset();
      toast('Password changed');
    } catch (err) {
      error.textContent = err.status === 401 ? 'The current password is wrong' : err.message;
    } finally {
      submit.disabled = false;
    }
  });
  return form;
}
