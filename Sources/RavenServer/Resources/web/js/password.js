// Settings › Password: change it with the current one; other browsers are signed out.
import { post } from './api.js';
import { h, uid } from './dom.js';
import { section, toast } from './ui.js';

export function passwordSection() {
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
