// The search field: suggestions after 300 ms without typing, arrow keys, Enter only on a choice.
import { get } from './api.js';
import { h, icon, fill, uid } from './dom.js';

export const DEBOUNCE_MS = 300;

/** favorites: {has(symbol), toggle(symbol, on) → Promise} lets a result be starred in place. */
export function createSearch(onPick, favorites) {
  const listId = uid('sugg');
  let results = [];
  let active = -1;
  let timer;
  let ctrl;
  let asked = '';
  const input = h('input', {
    type: 'search', placeholder: 'Search', 'aria-label': 'Search stocks by symbol or company name', role: 'combobox',
    'aria-expanded': 'false', 'aria-controls': listId, 'aria-autocomplete': 'list', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', enterkeyhint: 'search',
  });
  const clear = h('button.clear', { type: 'button', 'aria-label': 'Clear search', hidden: true, onclick: () => reset(true) }, icon('x'));
  const cancel = h('button.nav-btn', { type: 'button', hidden: true, onclick: () => (reset(), input.blur()) }, 'Cancel');
  const list = h('ul.suggest', { id: listId, role: 'listbox', 'aria-label': 'Suggestions', hidden: true });
  const el = h('div.search', { role: 'search' }, h('label.search-field', icon('search'), input, clear), cancel, list);

  function open(show) {
    list.hidden = !show;
    input.setAttribute('aria-expanded', String(show));
  }
  function reset(focus) {
    input.value = '';
    results = [];
    asked = '';
    clearTimeout(timer);
    ctrl?.abort();
    fill(list);
    setActive(-1);
    open(false);
    clear.hidden = true;
    cancel.hidden = !focus;
    if (focus) input.focus();
  }
  function setActive(i) {
    active = i;
    [...list.children].forEach((li, j) => li.setAttribute('aria-selected', String(i === j)));
    const li = list.children[i];
    if (li?.id) {
      input.setAttribute('aria-activedescendant', li.id);
      li.scrollIntoView({ block: 'nearest' });
    } else input.removeAttribute('aria-activedescendant');
  }
  function render() {
    fill(
      list,
      results.length
        ? results.map((r, i) =>
            h('li', { id: `${listId}-${i}`, role: 'option', 'aria-selected': 'false', 'data-symbol': r.symbol, onmousedown: (e) => e.preventDefault(), onclick: () => pick(i) }, h('b', r.symbol), h('span', r.name), h('small', r.exchange.split(' ')[0]), favorites ? star(r.symbol) : null),
          )
        : h('li.empty', { role: 'option', 'aria-disabled': 'true' }, `No results for “${asked}”`),
    );
    setActive(-1);
    open(document.activeElement === input);
  }
  // A star on each result (Stocktracker's watchlist-from-search): filled when a favorite.
  function star(symbol) {
    const btn = h('button.nav-btn.result-star', { type: 'button', tabindex: '-1', onmousedown: (e) => e.preventDefault(), onclick: toggle });
    const paint = (on) => {
      btn.setAttribute('aria-pressed', String(on));
      btn.setAttribute('aria-label', `${on ? 'Remove' : 'Add'} ${symbol} ${on ? 'from' : 'to'} Favorites`);
      fill(btn, icon(on ? 'starFill' : 'star'));
    };
    async function toggle(e) {
      e.stopPropagation();
      const on = btn.getAttribute('aria-pressed') !== 'true';
      paint(on);
      if (!(await favorites.toggle(symbol, on))) paint(!on);
    }
    paint(favorites.has(symbol));
    return btn;
  }

  async function lookup() {
    const q = input.value.trim();
    if (!q) return reset(true);
    if (q === asked) return open(true);
    ctrl?.abort();
    ctrl = new AbortController();
    try {
      const { results: r } = await get(`/search?q=${encodeURIComponent(q)}&limit=8`, ctrl.signal);
      asked = q;
      results = r;
      render();
    } catch (e) {
      if (e.name !== 'AbortError') (results = []), (asked = q), render();
    }
  }
  function pick(i) {
    const r = results[i];
    if (!r) return;
    open(false);
    onPick(r.symbol);
  }

  input.addEventListener('input', () => {
    clear.hidden = !input.value;
    clearTimeout(timer);
    if (!input.value.trim()) return reset(true);
    timer = setTimeout(lookup, DEBOUNCE_MS);
  });
  input.addEventListener('focus', () => {
    cancel.hidden = false;
    if (results.length || asked) open(true);
  });
  input.addEventListener('keydown', (e) => {
    const n = results.length;
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!n) return;
      open(true);
      setActive(e.key === 'ArrowDown' ? (active + 1) % n : active <= 0 ? n - 1 : active - 1);
    } else if (e.key === 'Enter') {
      // Enter alone never navigates: only a suggestion chosen with the arrow keys opens.
      e.preventDefault();
      if (active >= 0 && !list.hidden) pick(active);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      if (!list.hidden) open(false);
      else reset(true);
    }
  });
  el.addEventListener('focusout', (e) => {
    if (el.contains(e.relatedTarget)) return;
    open(false);
    if (!input.value) cancel.hidden = true;
  });

  return {
    el,
    input,
    /** Shows the search as it was left (query and suggestions). */
    restore() {
      if (input.value && (results.length || asked)) {
        input.focus({ preventScroll: true });
        open(true);
      }
    },
  };
}
