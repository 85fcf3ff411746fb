// Building DOM without HTML strings: h('button.btn.primary', {onclick}, 'Buy').
const SVG = 'http://www.w3.org/2000/svg';

// Children as given, nested arrays flattened, null and false (a part not shown) left out;
// anything else not a node goes in as text.
const present = (kids) => kids.flat(9).filter((k) => k != null && k !== false);

function build(el, props, kids) {
  // A button only submits its form when it says so (type: 'submit').
  if (el.localName === 'button') el.type = 'button';
  for (const [k, v] of Object.entries(props || {})) {
    if (v == null || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v);
    else if (k === 'class') el.classList.add(...String(v).split(' ').filter(Boolean));
    else el.setAttribute(k, v === true ? '' : v);
  }
  el.append(...present(kids));
  return el;
}

function parse(sel, ns) {
  const [tag, ...classes] = sel.split('.');
  const el = ns ? document.createElementNS(SVG, tag) : document.createElement(tag);
  el.classList.add(...classes);
  return el;
}

const isProps = (p) => p && typeof p === 'object' && !(p instanceof Node) && !Array.isArray(p);
const maker = (ns) => (sel, props, ...kids) => (isProps(props) ? build(parse(sel, ns), props, kids) : build(parse(sel, ns), null, [props, ...kids]));

/** An HTML element: h('tag.class', {attrs, onclick}, ...children). */
export const h = maker();

/** An SVG element, same shape as h. */
export const s = maker(true);

export const $ = (sel, root = document) => root.querySelector(sel);
export const $$ = (sel, root = document) => [...root.querySelectorAll(sel)];

/** Replaces an element's children. */
export const fill = (el, ...kids) => {
  el.replaceChildren(...present(kids));
  return el;
};

let ids = 0;
export const uid = (p = 'r') => `${p}${++ids}`;

// SF Symbols-like icons as 24×24 paths (stroke unless noted).
const P = {
  back: 'M11 2 2 11.5 11 21',
  chev: 'M1 1l6 6-6 6',
  search: 'M10.5 18a7.5 7.5 0 1 1 0-15 7.5 7.5 0 0 1 0 15Zm5.3-2.2L21 21',
  x: 'M2 2l20 20M22 2 2 22',
  star: 'M12 2.8l2.8 5.9 6.4.8-4.7 4.4 1.2 6.4L12 17.2l-5.7 3.1 1.2-6.4L2.8 9.5l6.4-.8Z',
  up: 'M5 19 19 5M8 5h11v11',
  down: 'M5 5l14 14M19 8v11H8',
  flat: 'M5 12h14',
  plus: 'M12 4v16M4 12h16',
  grip: 'M3 7h18M3 12h18M3 17h18',
  person: 'M12 22a10 10 0 1 0 0-20 10 10 0 0 0 0 20Zm-6.2-4a7.5 7.5 0 0 1 12.4 0M12 13a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7Z',
  check: 'M12 23a11 11 0 1 0 0-22 11 11 0 0 0 0 22Zm-5-11 3.5 3.5L17.5 8',
  ext: 'M14 3h7v7M21 3l-9 9M19 14v6H4V5h6',
};
const FILLED = {
  starFill: P.star,
  minus: 'M12 23a11 11 0 1 1 0-22 11 11 0 0 1 0 22ZM6.5 11v2h11v-2Z',
  xLogo: 'M17.8 2.5h3.3l-7.2 8.2 8.4 11.1h-6.6l-5.2-6.8-5.9 6.8H1.3l7.7-8.8L1 2.5h6.8l4.7 6.2Zm-1.2 17.3h1.8L6.6 4.4H4.6Z',
  fbLogo: 'M24 12a12 12 0 1 0-13.9 11.9v-8.4h-3V12h3V9.4c0-3 1.8-4.7 4.5-4.7 1.3 0 2.7.2 2.7.2v3h-1.5c-1.5 0-2 .9-2 1.9V12h3.4l-.5 3.5h-2.9v8.4A12 12 0 0 0 24 12Z',
};

/** An icon by name, decorative (aria-hidden): its meaning is in the text or label beside it. */
export function icon(name) {
  const d = FILLED[name];
  const box = name === 'back' ? '0 0 13 23' : name === 'chev' ? '0 0 8 14' : '0 0 24 24';
  const path = d
    ? s('path', { d, fill: 'currentColor' })
    : s('path', { d: P[name], fill: 'none', stroke: 'currentColor', 'stroke-width': name === 'back' || name === 'chev' ? 2.6 : 2, 'stroke-linecap': 'round', 'stroke-linejoin': 'round' });
  return s('svg', { viewBox: box, 'aria-hidden': 'true', class: `i-${name}` }, path);
}

/** The iOS activity indicator: eight fading spokes. */
export function spinner() {
  const spokes = [...Array(8)].map((_, i) =>
    s('line', { x1: 14, y1: 3, x2: 14, y2: 8.5, stroke: 'currentColor', 'stroke-width': 2.6, 'stroke-linecap': 'round', opacity: (1 - i * 0.11).toFixed(2), transform: `rotate(${-i * 45} 14 14)` }),
  );
  return s('svg.spinner', { viewBox: '0 0 28 28', 'aria-hidden': 'true' }, spokes);
}

/** A screen's or a box's progress: the spinner and what it waits for, read out as a status. */
export const loading = (text = 'Fetching Data...', props) => h('div.loading', { role: 'status', ...props }, spinner(), text);
