// Settings: link an Alpaca paper account to trade through it instead of the built-in ledger,
// API keys for trading bots, or sign out (here, or on every device).
import { get, put, post, del, chooseAccount } from './api.js';
import { h, fill, spinner, uid } from './dom.js';
import { sheet, sheetBar, section, kv, confirm, toast } from './ui.js';
import { apiKeys } from './apikeys.js';
import { passwordSection } from './password.js';

export function openSettings({ user, signOut, onChange }) {
  const sh = sheet({ label: 'Settings', className: 'settings' });
  const box = h('div', { 'data-testid': 'brokerage' }, h('div.loading', { role: 'status' }, spinner(), 'Loading...'));
  sh.body.append(
    sheetBar('Settings', sh.close),
    section(user.username, h('div.group', kv('Signed in as', user.username))),
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
