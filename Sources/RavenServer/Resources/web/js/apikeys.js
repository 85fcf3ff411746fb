// Settings' API keys: keys for trading bots written with Alpaca's SDKs (the server's /v2).
// A new key's secret is shown once, with what to paste into alpaca-py.
import { get, post, del, chosenAccount } from './api.js';
import { h, fill, spinner, uid } from './dom.js';
import { section, confirm, toast } from './ui.js';

export function apiKeys() {
  const list = h('div', h('div.loading', { role: 'status' }, spinner(), 'Loading...'));
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
