// iOS building blocks: navigation bars, grouped lists, segmented controls, sheets, alerts, toasts.
import { h, icon, uid } from './dom.js';

/** A toast at the bottom of the screen; the region is aria-live, so it is read out. */
// An open sheet or alert is modal: the page behind it is inert and below it, so the toast
// goes into the top-most open dialog's own region (removed with it).
export function toast(text, ms = 2600) {
  const host = [...document.querySelectorAll('dialog.open')].pop();
  let box = document.getElementById('toasts');
  // On a sheet, at the top of the sheet itself: never over the dimmed page or the sheet's buttons.
  if (host) box = host.querySelector(':scope > .toasts') ?? host.insertBefore(h('div.toasts', { role: 'status', 'aria-live': 'polite' }), host.firstChild);
  // One toast at a time, as on iOS: a new one replaces what is showing.
  box.querySelectorAll('.toast:not(.out)').forEach(dismiss);
  const t = h('div.toast', text);
  box.append(t);
  setTimeout(() => dismiss(t), ms);
}

function dismiss(t) {
  t.classList.add('out');
  setTimeout(() => t.remove(), 300);
}

/** A chart's range buttons (1D, 1W, …), the one shown pressed; `pick` is told of a tap. */
export function rangeButtons(names, shown, pick) {
  const el = h('div.ranges', { role: 'group', 'aria-label': 'Range' }, names.map((r) => h('button', { 'aria-pressed': String(r === shown), onclick: () => pick(r) }, r)));
  el.press = (r) => [...el.children].forEach((b) => b.setAttribute('aria-pressed', String(b.textContent === r)));
  return el;
}

/** A navigation bar: leading and trailing items, a small title shown once scrolled. */
export function navbar(title, leading, trailing) {
  return h('header.navbar', h('div', leading), h('div.nav-title', { 'aria-hidden': 'true' }, title), h('div', trailing));
}

// The bars of the visible view turn translucent with a hairline once content scrolls under them.
addEventListener('scroll', () => document.querySelectorAll('.navbar').forEach((b) => b.classList.toggle('scrolled', scrollY > 8)), { passive: true });

/** A grouped inset list section with an uppercase header. */
export function section(title, body, extra) {
  const id = uid('s');
  return h('section.section', { 'aria-labelledby': title ? id : null }, title && h('div.section-head', h('h2', { id }, title), extra), body);
}

/** A label–value row. */
export const kv = (label, value) => h('div.row.kv', h('span.grow', label), h('span.end.num', value));

/** A segmented control; role tablist when it switches panels, else a group of toggle buttons. */
export function segmented(labels, selected, onchange, { tabs = false, label } = {}) {
  const state = tabs ? 'aria-selected' : 'aria-pressed';
  const buttons = labels.map((text, i) => h('button', { role: tabs ? 'tab' : null, [state]: String(i === selected), tabindex: tabs && i !== selected ? '-1' : null, onclick: () => pick(i) }, text));
  const el = h('div.seg', { role: tabs ? 'tablist' : 'group', 'aria-label': label }, buttons);
  function pick(i, focus) {
    buttons.forEach((b, j) => {
      b.setAttribute(state, String(i === j));
      if (tabs) b.tabIndex = i === j ? 0 : -1;
    });
    if (focus) buttons[i].focus();
    onchange(i);
  }
  if (tabs)
    el.addEventListener('keydown', (e) => {
      const i = buttons.indexOf(document.activeElement);
      if (i < 0 || !['ArrowLeft', 'ArrowRight'].includes(e.key)) return;
      pick((i + (e.key === 'ArrowRight' ? 1 : buttons.length - 1)) % buttons.length, true);
    });
  el.buttons = buttons;
  return el;
}

// The open sheets, bottom first. A sheet belongs to the screen it was opened on: leaving the
// screen closes it, and Back closes the top sheet first, as on iOS (each sheet adds a
// history entry with the same URL, so Back pops that entry and stays on the screen).
// Ids differ across page loads, so an entry left by a sheet before a reload is never
// taken for a sheet open now. Alerts are modal over them and go with them.
const openSheets = [];
let sheetIds = Date.now();
const dismissAlerts = () => document.querySelectorAll('dialog.alert[open]').forEach((d) => d.dispatchEvent(new Event('cancel')));

/** Closes every open sheet and alert (the screen they belong to is going away). */
export function closeSheets() {
  dismissAlerts();
  [...openSheets].reverse().forEach((s) => s.close({ fromHistory: true }));
}

addEventListener('popstate', () => {
  const top = openSheets.at(-1);
  if (top && history.state?.ravenSheet !== top.id) dismissAlerts(), top.close({ fromHistory: true });
});
// A reload with a sheet's entry current: that sheet is gone, so is its entry.
if (history.state?.ravenSheet) history.replaceState(null, '');

/** A sheet that slides up (a modal <dialog>). Returns {el, body, close, closed}. */
export function sheet({ label, full, className } = {}) {
  const body = h('div');
  const entry = { id: ++sheetIds, close };
  const dlg = h(full ? 'dialog.sheet.full' : 'dialog.sheet', { class: className, 'aria-label': label }, h('div.grabber', { 'aria-hidden': 'true' }), body);
  let done;
  const closed = new Promise((r) => (done = r));
  let closing = false;
  function close({ fromHistory } = {}) {
    if (closing) return;
    closing = true;
    openSheets.splice(openSheets.indexOf(entry), 1);
    if (!fromHistory && history.state?.ravenSheet === entry.id) history.back();
    dlg.classList.remove('open');
    setTimeout(() => {
      dlg.close();
      dlg.remove();
      done();
    }, 320);
  }
  dlg.addEventListener('cancel', (e) => {
    e.preventDefault();
    close();
  });
  openSheets.push(entry);
  history.pushState({ ravenSheet: entry.id }, '');
  // A click on the backdrop (outside the sheet's box) closes it.
  dlg.addEventListener('mousedown', (e) => {
    if (e.target !== dlg) return;
    const r = dlg.getBoundingClientRect();
    if (e.clientX < r.left || e.clientX > r.right || e.clientY < r.top || e.clientY > r.bottom) close();
  });
  swipeDown(dlg, close);
  document.body.append(dlg);
  dlg.showModal();
  requestAnimationFrame(() => requestAnimationFrame(() => dlg.classList.add('open')));
  return { el: dlg, body, close, closed };
}

// Dragging the grabber area of a sheet down dismisses it, as on iOS.
function swipeDown(dlg, close) {
  let y0 = null;
  dlg.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch' || dlg.scrollTop > 0 || !e.target.closest('.grabber, .sheet-bar, h2')) return;
    y0 = e.clientY;
    dlg.setPointerCapture(e.pointerId);
  });
  dlg.addEventListener('pointermove', (e) => {
    if (y0 == null) return;
    const dy = Math.max(0, e.clientY - y0);
    dlg.style.transition = 'none';
    dlg.style.transform = `translateY(${dy}px)`;
  });
  const end = (e) => {
    if (y0 == null) return;
    const dy = e.clientY - y0;
    y0 = null;
    dlg.style.transition = dlg.style.transform = '';
    if (dy > 120) close();
  };
  dlg.addEventListener('pointerup', end);
  dlg.addEventListener('pointercancel', end);
}

/** A top bar for a sheet: a close button (and optional title and trailing item). */
export function sheetBar(title, close, trailing) {
  return h('div.sheet-bar', h('div', trailing === undefined ? null : h('button.nav-btn', { onclick: close }, 'Cancel')), title ? h('h2', title) : h('span'), h('div', trailing ?? h('button.close', { 'aria-label': 'Close', onclick: close }, icon('x'))));
}

/** An iOS alert; resolves true when the (destructive) action is chosen. */
export function confirm({ title, message, action = 'OK', dismiss = 'Cancel', destructive }) {
  return new Promise((resolve) => {
    const tid = uid('a');
    const cancel = h('button', { onclick: () => end(false) }, dismiss);
    const ok = h(`button${destructive ? '.destructive' : ''}`, { onclick: () => end(true) }, action);
    const dlg = h('dialog.alert', { role: 'alertdialog', 'aria-labelledby': tid }, h('h2', { id: tid }, title), message && h('p', message), h('div.actions', cancel, ok));
    dlg.addEventListener('cancel', (e) => {
      e.preventDefault();
      end(false);
    });
    function end(v) {
      dlg.classList.remove('open');
      setTimeout(() => (dlg.close(), dlg.remove()), 200);
      resolve(v);
    }
    document.body.append(dlg);
    dlg.showModal();
    cancel.focus();
    requestAnimationFrame(() => dlg.classList.add('open'));
  });
}
