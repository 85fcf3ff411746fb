// The search field: suggestions after 300 ms without typing, arrow keys, Enter only on a choice.
import { get } from './api.js';
import { h, icon, fill, uid } from './dom.js';

const DEBOUNCE_MS = 300;

/** favorites: {has(symbol), toggle(symbol, on) → Promise} lets a result be starred in place. */
export function createSearch(onPick, favorites) {
  const listId = uid('sugg');
  let timer;
  let ctrl;
  const input = h('input', {
    type: 'search', placeholder: 'Search', 'aria-label': 'Search stocks by symbol or company name', role: 'combobox',
    'aria-expanded': 'false', 'aria-controls': listId, 'aria-autocomplete': 'list', autocomplete: 'off', autocapitalize: 'characters', spellcheck: 'false', enterkeyhint: 'search',
  });
  const clear = h('button.clear', { 'aria-label': 'Clear search', hidden: true, onclick: () => reset(true) }, icon('x'));
  const cancel = h('button.nav-btn', { hidden: true, onclick: () => (reset(), input.blur()) }, 'Cancel');
  const suggestions = suggestionList(listId, input, { onPick, favorites });
  const { open } = suggestions;
  const el = h('div.search', { role: 'search' }, h('label.search-field', icon('search'), input, clear), cancel, suggestions.list);

  function reset(focus) {
    input.value = '';
    clearTimeout(timer);
    ctrl?.abort();
    suggestions.clear();
    clear.hidden = true;
    cancel.hidden = !focus;
    if (focus) input.focus();
  }

  async function lookup() {
    const q = input.value.trim();
    if (!q) return reset(true);
    if (q === suggestions.asked()) return open(true);
    ctrl?.abort();
    ctrl = new AbortController();
    try {
      const { results } = await get(`/search?q=${encodeURIComponent(q)}&limit=8`, ctrl.signal);
      suggestions.show(results, q);
    } catch (e) {
      if (e.name !== 'AbortError') suggestions.show([], q);
    }
  }

  input.addEventListener('input', () => {
    clear.hidden = !input.value;
    clearTimeout(timer);
    if (!input.value.trim()) return reset(true);
    timer = setTimeout(lookup, DEBOUNCE_MS);
  });
  input.addEventListener('focus', () => {
    cancel.hidden = false;
    if (suggestions.results().length || suggestions.asked()) open(true);
  });
  input.addEventListener('keydown', (e) => comboboxKey(e, suggestions, reset));
  el.addEventListener('focusout', (e) => {
    if (el.contains(e.relatedTarget)) return;
    open(false);
    if (!input.value) cancel.hidden = true;
  });

  return {
    el,
    /** Shows the search as it was left (query and suggestions). */
    restore() {
      if (input.value && (suggestions.results().length || suggestions.asked())) {
        input.focus({ preventScroll: true });
        open(true);
      }
    },
  };
}

// The list under the field: the results for the query last asked, open or closed (the field's
// aria-expanded says which), and the one the arrow keys have chosen (aria-activedescendant).
function suggestionList(listId, input, { onPick, favorites }) {
  let results = [];
  let asked = '';
  let active = -1;
  const list = h('ul.suggest', { id: listId, role: 'listbox', 'aria-label': 'Suggestions', hidden: true });
  function open(show) {
    list.hidden = !show;
    input.setAttribute('aria-expanded', String(show));
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
  function show(found, q) {
    asked = q;
    results = found;
    fill(list, results.length ? results.map((r, i) => suggestion(r, `${listId}-${i}`, () => pick(i), favorites)) : h('li.empty', { role: 'option', 'aria-disabled': 'true' }, `No results for “${asked}”`));
    setActive(-1);
    open(document.activeElement === input);
  }
  function clear() {
    results = [];
    asked = '';
    fill(list);
    setActive(-1);
    open(false);
  }
  function pick(i) {
    const r = results[i];
    if (!r) return;
    open(false);
    onPick(r.symbol);
  }
  return { list, open, setActive, show, clear, pick, results: () => results, asked: () => asked, active: () => active };
}

// The field's keys: the arrows open the suggestions and move through them, Enter opens the
// one chosen, Escape closes them, or clears the field when they are closed.
function comboboxKey(e, suggestions, reset) {
  const { list, open, setActive, active, pick } = suggestions;
  const n = suggestions.results().length;
  if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
    e.preventDefault();
    if (!n) return;
    open(true);
    setActive(e.key === 'ArrowDown' ? (active() + 1) % n : active() <= 0 ? n - 1 : active() - 1);
  } else if (e.key === 'Enter') {
    // Enter alone never navigates: only a suggestion chosen with the arrow keys opens.
    e.preventDefault();
    if (active() >= 0 && !list.hidden) pick(active());
  } else if (e.key === 'Escape') {
    e.preventDefault();
    if (!list.hidden) open(false);
    else reset(true);
  }
}

// A result: its symbol, name and exchange; the mouse picks it without taking the focus.
const suggestion = (r, id, pick, favorites) =>
  h('li', { id, role: 'option', 'aria-selected': 'false', 'data-symbol': r.symbol, onmousedown: (e) => e.preventDefault(), onclick: pick }, h('b', r.symbol), h('span', r.name), h('small', r.exchange.split(' ')[0]), favorites && star(r.symbol, favorites));

// A star on each result (Stocktracker's watchlist-from-search): filled when a favorite.
function star(symbol, favorites) {
  const btn = h('button.nav-btn.result-star', { tabindex: '-1', onmousedown: (e) => e.preventDefault(), onclick: toggle });
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
