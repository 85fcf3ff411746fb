// Sign in / sign up.
import { post } from './api.js';
import { h, uid } from './dom.js';
import { segmented } from './ui.js';

export function createAuth(onSignedIn) {
  // 0 sign in, 1 sign up
  let mode = 0;
  const id = uid('f');
  const username = h('input', { id: `${id}-u`, name: 'username', autocomplete: 'username', autocapitalize: 'none', spellcheck: 'false', required: true, minlength: 3, maxlength: 32, placeholder: 'Required' });
  const password = h('input', { id: `${id}-p`, name: 'password', type: 'password', autocomplete: 'current-password', required: true, placeholder: 'Required' });
  const error = h('p.error', { role: 'alert', 'aria-live': 'assertive' });
  const submit = h('button.btn.primary', { type: 'submit' }, 'Sign In');
  const hint = h('p.field-note', { hidden: true }, 'Usernames have 3–32 characters; passwords at least 8.');
  const seg = segmented(['Sign In', 'Sign Up'], 0, (i) => {
    mode = i;
    submit.textContent = i ? 'Create Account' : 'Sign In';
    password.setAttribute('autocomplete', i ? 'new-password' : 'current-password');
    hint.hidden = !i;
    error.textContent = '';
  }, { label: 'Account' });
  const form = h(
    'form.signin.view',
    { novalidate: true, 'aria-labelledby': `${id}-h` },
    h('img.app-icon', { src: '/icons/icon.svg', alt: '', width: 84, height: 84 }),
    h('h1', { id: `${id}-h`, tabindex: '-1' }, 'Raven'),
    h('p.lead', 'Stocks, your portfolio and your goals, on a simulated market.'),
    seg,
    h('div.section.form', h('div.group', h('label.row', { for: `${id}-u` }, h('span', 'Username'), username), h('label.row', { for: `${id}-p` }, h('span', 'Password'), password)), hint),
    error,
    submit,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    error.textContent = '';
    submit.disabled = true;
    try {
      const r = await post(mode ? '/auth/signup' : '/auth/login', { username: username.value.trim(), password: password.value });
      onSignedIn(r.user);
    } catch (err) {
      error.textContent = err.message;
    } finally {
      submit.disabled = false;
    }
  });
  return { el: form, title: 'Sign In', focus: () => username.focus() };
}
