// Editable list rows: drag to reorder within one list (pointer or arrow keys), swipe to delete.
import { h, icon } from './dom.js';

/** Announces a change to screen readers. */
export function announce(text) {
  const el = document.getElementById('announcer');
  el.textContent = '';
  setTimeout(() => (el.textContent = text), 50);
}

const order = (ul) => [...ul.children].map((li) => li.dataset.symbol);

/** Makes a grip button drag its row within its own list; onMoved(symbols) after a move. */
export function grip(li, symbol, onMoved) {
  const btn = h('button.grip', { 'aria-label': `Reorder ${symbol}`, 'aria-description': 'Drag, or use the up and down arrow keys' }, icon('grip'));
  btn.addEventListener('keydown', (e) => {
    if (e.key !== 'ArrowUp' && e.key !== 'ArrowDown') return;
    e.preventDefault();
    const ul = li.parentElement;
    const sib = e.key === 'ArrowUp' ? li.previousElementSibling : li.nextElementSibling;
    if (!sib) return;
    ul.insertBefore(li, e.key === 'ArrowUp' ? sib : sib.nextElementSibling);
    btn.focus();
    announce(`${symbol} moved to position ${[...ul.children].indexOf(li) + 1} of ${ul.children.length}`);
    onMoved(order(ul));
  });
  btn.addEventListener('pointerdown', (e) => {
    if (e.button) return;
    e.preventDefault();
    const ul = li.parentElement;
    const items = [...ul.children];
    const from = items.indexOf(li);
    const rects = items.map((x) => x.getBoundingClientRect());
    const hgt = rects[from].height;
    const y0 = e.clientY;
    // A pixel of slack past either end, so a row dragged all the way passes the last center.
    const minDy = rects[0].top - rects[from].top - 1;
    const maxDy = rects[rects.length - 1].bottom - rects[from].bottom + 1;
    let to = from;
    btn.setPointerCapture(e.pointerId);
    li.classList.add('dragging');
    items.forEach((x) => x !== li && x.classList.add('shifting'));
    const move = (ev) => {
      const dy = Math.max(minDy, Math.min(maxDy, ev.clientY - y0));
      li.style.transform = `translateY(${dy}px)`;
      const center = (rects[from].top + rects[from].bottom) / 2 + dy;
      to = 0;
      items.forEach((x, i) => i !== from && center > (rects[i].top + rects[i].bottom) / 2 && to++);
      items.forEach((x, i) => {
        if (i === from) return;
        const shift = from < to && i > from && i <= to ? -hgt : from > to && i < from && i >= to ? hgt : 0;
        x.style.transform = shift ? `translateY(${shift}px)` : '';
      });
    };
    const up = () => {
      btn.removeEventListener('pointermove', move);
      btn.removeEventListener('pointerup', up);
      btn.removeEventListener('pointercancel', up);
      items.forEach((x) => ((x.style.transform = ''), x.classList.remove('shifting', 'dragging')));
      if (to !== from) {
        const rest = items.filter((x) => x !== li);
        ul.insertBefore(li, rest[to] ?? null);
        announce(`${symbol} moved to position ${to + 1} of ${items.length}`);
        onMoved(order(ul));
      }
    };
    btn.addEventListener('pointermove', move);
    btn.addEventListener('pointerup', up);
    btn.addEventListener('pointercancel', up);
  });
  return btn;
}

/** Reveals (or hides) the Delete button behind a row. */
export function reveal(li, on) {
  const row = li.firstElementChild;
  row.style.transform = on ? 'translateX(-84px)' : '';
  li.classList.toggle('revealed', on);
  li.querySelector('.swipe-del').tabIndex = on ? 0 : -1;
  // While Delete shows, a tap anywhere else only hides it, as on iOS.
  li.hide ??= (e) => e.target.closest('.swipe-del') || (e.preventDefault(), e.stopPropagation(), reveal(li, false));
  (on ? addEventListener : removeEventListener)('click', li.hide, { capture: true, once: true });
}

/** Swipe left on touch to reveal Delete; a long swipe deletes at once. */
export function swipeToDelete(li, onDelete) {
  const row = li.firstElementChild;
  // Sideways moves belong to the row (not to the browser's panning, which would cancel
  // the pointer); vertical ones still scroll the page.
  row.classList.add('swipeable');
  let x0 = null;
  let y0 = 0;
  let dx = 0;
  let horizontal = null;
  row.addEventListener('pointerdown', (e) => {
    if (e.pointerType !== 'touch' || document.querySelector('.view.editing')) return;
    x0 = e.clientX;
    y0 = e.clientY;
    dx = 0;
    horizontal = null;
  });
  row.addEventListener('pointermove', (e) => {
    if (x0 == null) return;
    const mx = e.clientX - x0;
    if (horizontal == null && (Math.abs(mx) > 8 || Math.abs(e.clientY - y0) > 8)) horizontal = Math.abs(mx) > Math.abs(e.clientY - y0);
    if (!horizontal) return;
    dx = Math.min(0, mx + (li.classList.contains('revealed') ? -84 : 0));
    row.style.transition = 'none';
    row.style.transform = `translateX(${dx}px)`;
  });
  const end = () => {
    if (x0 == null) return;
    x0 = null;
    row.style.transition = '';
    if (!horizontal) return;
    if (dx < -li.clientWidth * 0.5) onDelete();
    else reveal(li, dx < -40);
  };
  row.addEventListener('pointerup', end);
  row.addEventListener('pointercancel', end);
  // A swipe is not a tap: keep the row's link from opening after one.
  row.addEventListener('click', (e) => {
    // Editing controls have their own clicks
    if (e.target.closest('.minus, .grip')) return;
    if (horizontal || li.classList.contains('revealed')) {
      e.preventDefault();
      if (!horizontal) reveal(li, false);
      horizontal = null;
    }
  });
}
