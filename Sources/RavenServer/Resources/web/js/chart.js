// Charts as SVG from the server's chart JSON: a scrubbable price line, candles, columns, rings.
import { h, s, fill } from './dom.js';
import { money, number, fmt } from './format.js';

// Room for the scrub date above the plot
const TOP = 30;
// Room for segment labels
const BOTTOM = 22;
const sized = new WeakMap();

// Re-renders a chart when its box changes width.
const observer = new ResizeObserver((entries) => {
  for (const e of entries) {
    const c = sized.get(e.target);
    const w = Math.round(e.contentRect.width);
    if (c && w && w !== c.w) {
      c.w = w;
      c.draw();
    }
  }
});
function track(el, draw) {
  const c = { w: el.clientWidth, draw };
  sized.set(el, c);
  observer.observe(el);
}

const extent = (vals) => {
  let lo = Infinity;
  let hi = -Infinity;
  for (const v of vals) if (v != null && isFinite(v)) (lo = Math.min(lo, v)), (hi = Math.max(hi, v));
  if (lo === hi) (lo -= 1), (hi += 1);
  return [lo, hi];
};
const textWidth = (t, px = 7) => String(t).length * px;

/** Axis ticks at round values, for every chart that picks its own (the price line's come from
 * the server): the smallest 1, 2 or 5 × 10ⁿ step that is at least `raw`. */
export function tickStep(raw) {
  const p = 10 ** Math.floor(Math.log10(raw || 1));
  const f = raw / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

/**
 * A Robinhood-style line: green when the range is up, red when down, a dashed previous-close
 * line, a glowing dot at the last point while live, and scrubbing (pointer, touch or arrow keys)
 * with a vertical stick, the value and time at the top, and the segment under it highlighted.
 *
 * data: {points: [{t, v}], segments: [{first, last, label}], baseline, live, dir, ticks, end}, and
 * for a comparison (Performance's account against its benchmark) `compare`: a second value per
 * point, drawn as a blue line, and `band`: {first, last}, a span of
 * points shaded behind the lines (the deepest drawdown).
 */
export function lineChart(el, { valueText = money, timeText, label, onScrub, minSpan = 0 } = {}) {
  let data = null;
  let idx = null;
  let geo = null;
  el.tabIndex = 0;
  el.setAttribute('role', 'img');
  const svg = s('svg', { 'aria-hidden': 'true' });
  el.append(svg);

  function draw() {
    if (!data) return;
    // Fewer than two points leave the plot empty, and the geometry as it was.
    const drawn = drawLine(svg, el, data, { valueText, minSpan });
    if (!drawn) return;
    geo = drawn;
    if (idx != null) show(idx);
  }

  function show(i) {
    if (!geo || !data) return;
    idx = Math.max(0, Math.min(data.points.length - 1, i));
    const p = data.points[idx];
    paintLineScrub(geo, p, idx, { valueText, timeText, onScrub });
    el.dataset.scrub = String(idx);
    onScrub?.(p, idx);
  }

  function hide() {
    idx = null;
    delete el.dataset.scrub;
    if (!geo) return;
    geo.scrub.setAttribute('visibility', 'hidden');
    geo.paths.forEach((p) => p.classList.remove('dim'));
    onScrub?.(null);
  }

  // What the pointer and the keys scrub: read at each event, as draws replace the geometry.
  const chart = { geometry: () => geo, points: () => data?.points, index: () => idx, show, hide };
  scrubWithPointer(el, svg, chart);
  scrubWithKeys(el, chart);
  el.addEventListener('blur', hide);
  track(el, draw);

  return {
    set(d) {
      data = d;
      el.setAttribute('aria-label', lineLabel(d, label, valueText));
      if (idx != null && idx >= d.points.length) idx = null;
      draw();
    },
  };
}

// What a screen reader hears for a line: where it starts and ends, and which way it went.
function lineLabel(d, label, valueText) {
  const first = d.points[0];
  const last = d.points[d.points.length - 1];
  return first ? `${label ?? 'Chart'}: ${valueText(first.v)} to ${valueText(last.v)}, ${d.dir === 'flat' ? 'unchanged' : d.dir}. Use the arrow keys to read values.` : `${label ?? 'Chart'}: no data`;
}

// Draws the line into svg; returns the geometry that scrubbing reads, or null when there are
// fewer than two points to draw.
function drawLine(svg, el, data, { valueText, minSpan }) {
  const W = el.clientWidth || 300;
  const H = el.clientHeight || 200;
  const pts = data.points;
  if (pts.length < 2) {
    fill(svg);
    return null;
  }
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  const frame = lineFrame(data, W, H, valueText, minSpan);
  const { x, y, last } = frame;
  const segs = data.segments?.length ? data.segments : [{ first: 0, last }];
  const paths = segmentPaths(pts, segs, frame, `line ${data.dir}-stroke`);
  const compare = data.compare ? segmentPaths(data.compare.map((v) => ({ v })), [{ first: 0, last }], frame, 'line compare') : null;
  const band = data.band ? s('rect.band', { x: x(data.band.first), width: x(data.band.last) - x(data.band.first), y: TOP, height: H - TOP - frame.bottom }) : null;
  const grid = priceGrid(data.ticks || [], frame, valueText);
  const labels = data.timeLabels?.length ? instantLabels(data.timeLabels, pts, frame) : segs.length > 1 ? segmentLabels(segs, frame) : [];
  const base = baselineMarks(data, frame, valueText);
  const dotColor = `var(--${data.dir === 'down' ? 'red' : data.dir === 'up' ? 'green' : 'gray'})`;
  const live = data.live ? liveDot(x(last), y(pts[last].v), dotColor) : null;
  const scrub = s('g.scrub', { visibility: 'hidden' });
  fill(svg, band, grid, base, labels, compare, paths, live, scrub);
  const { slots, bottom, plotW } = frame;
  return { x, y, W, H, slots, bottom, plotW, paths, segs, scrub, dotColor, compare: data.compare };
}

// The values the plot spans: the points' and the baseline's, at least minSpan of their middle
// value, padded so that the line never touches the edges.
function valueRange(data, minSpan) {
  let [lo, hi] = extent([...data.points.map((p) => p.v), ...(data.compare ?? []), data.baseline]);
  // A floor on the vertical range (a fraction of the value), so that cents of change on a
  // large balance draw as the flat line they are, not as a cliff.
  const floor = (Math.abs(lo + hi) / 2) * minSpan;
  if (hi - lo < floor) [lo, hi] = [(lo + hi - floor) / 2, (lo + hi + floor) / 2];
  const pad = (hi - lo) * 0.06;
  return [lo - pad, hi + pad];
}

// Where values and point indexes fall on a W × H plot (x, y), and the room kept around it.
function lineFrame(data, W, H, valueText, minSpan) {
  const pts = data.points;
  const [lo, hi] = valueRange(data, minSpan);
  const bottom = data.segments?.length > 1 || data.timeLabels?.length ? BOTTOM : 8;
  // Points are spaced by index (no gaps overnight); a live day leaves room for the rest of the
  // session, in steps of the data's own width where it says (a day that starts at the previous
  // close has a long first step).
  const last = pts.length - 1;
  const step = data.step ?? (pts.length > 1 ? (pts[last].t - pts[0].t) / last : 1);
  const slots = Math.max(last, data.end ? last + Math.max(0, Math.round((data.end - pts[last].t) / step)) : last);
  // The price labels get a gutter of their own on the right, so neither the line nor the
  // live dot (and its glow) ever runs under them.
  const tickText = (data.ticks || []).map((t) => valueText(t));
  const gutter = Math.max(tickText.length ? Math.max(...tickText.map((t) => textWidth(t, 6))) + 14 : 8, data.live ? 18 : 0);
  const x = (i) => (i / slots) * (W - gutter - 1) + 1;
  const y = (v) => TOP + (1 - (v - lo) / (hi - lo)) * (H - TOP - bottom);
  return { x, y, W, H, lo, hi, last, step, slots, bottom, gutter, plotW: W - gutter - 1 };
}

// A path per segment (a day of 1W), each from the point before it so that they join up.
function segmentPaths(pts, segs, { x, y, last }, cls) {
  return segs.map((g) => {
    let d = '';
    for (let i = Math.max(0, g.first - 1); i <= Math.min(last, g.last); i++) d += `${d ? 'L' : 'M'}${x(i).toFixed(1)} ${y(pts[i].v).toFixed(1)}`;
    return s('path', { class: cls, d });
  });
}

// Grid lines at the ticks inside the plot, their values in the gutter.
function priceGrid(ticks, { y, lo, hi, W, gutter }, valueText) {
  return ticks
    .filter((t) => t > lo && t < hi)
    .map((t) => [s('line.grid', { x1: 0, x2: W - gutter + 4, y1: y(t), y2: y(t) }), s('text.axis', { x: W - 2, y: y(t) + 4, 'text-anchor': 'end' }, valueText(t))]);
}

// Labels at instants (a session's hours), placed where those instants fall.
function instantLabels(timeLabels, pts, { x, step, W, H, gutter }) {
  const labels = [];
  let prev = -Infinity;
  for (const { t, label: text } of timeLabels) {
    const tx = x((t - pts[0].t) / step);
    const w = textWidth(text, 6.5);
    if (tx - prev > w + 10 && tx + w / 2 < W - gutter + 8 && tx >= 0) labels.push(s('text.axis', { x: tx, y: H - 5, 'text-anchor': tx < w ? 'start' : 'middle' }, text)), (prev = tx);
  }
  return labels;
}

// Each segment's label at its start, skipped where the one before leaves no room; a first
// segment cut short by the window (5Y's first year) gives way to the whole one after it.
function segmentLabels(segs, { x, W, H }) {
  const labels = [];
  let prev = -Infinity;
  segs.forEach((g, i) => {
    const gx = x(g.first) + 2;
    const w = textWidth(g.label, 6.5);
    if (!i && segs[1] && x(segs[1].first) - gx < w + 10) return;
    if (g.label && gx - prev > w + 10 && gx + w < W) labels.push(s('text.axis', { x: gx, y: H - 5 }, g.label)), (prev = gx);
  });
  return labels;
}

// The dashed previous-close line across the plot, with its value when the data names it.
function baselineMarks(data, { y, W }, valueText) {
  if (data.baseline == null) return null;
  return [s('line.baseline', { x1: 0, x2: W, y1: y(data.baseline), y2: y(data.baseline) }), data.baselineLabel ? s('text.axis.baseline-label', { x: W - 6, y: y(data.baseline) - 5, 'text-anchor': 'end' }, `${data.baselineLabel} ${valueText(data.baseline)}`) : null];
}

// The last point while the market is open: a dot with a glow that pulses (styled in CSS).
const liveDot = (cx, cy, color) => s('g.live', s('circle.live-dot', { cx, cy, r: 4.5, fill: color }), s('circle', { cx, cy, r: 4, fill: color }));

// The stick at point i, with a dot on the line and the segment under it highlighted.
function paintLineScrub(geo, p, i, { valueText, timeText, onScrub }) {
  const { x, y, H, W, bottom } = geo;
  const px = x(i);
  const seg = geo.segs.findIndex((g) => i >= g.first && i <= g.last);
  geo.paths.forEach((path, j) => path.classList.toggle('dim', geo.paths.length > 1 && j !== seg));
  // The value goes to the screen's header (onScrub); the stick carries the date on top.
  const when = timeText ? timeText(p.t) : '';
  const half = textWidth(when, 6.5) / 2 + 2;
  const tx = Math.max(half, Math.min(W - half, px));
  fill(
    geo.scrub,
    s('line.stick', { x1: px, x2: px, y1: TOP - 8, y2: H - bottom }),
    geo.compare?.[i] == null ? null : s('circle.scrub-dot', { cx: px, cy: y(geo.compare[i]), r: 4, fill: 'var(--blue)' }),
    s('circle.scrub-dot', { cx: px, cy: y(p.v), r: 5, fill: geo.dotColor }),
    onScrub ? null : s('text.scrub-price', { x: tx, y: 2, 'text-anchor': 'middle' }, valueText(p.v)),
    s('text.scrub-date', { x: tx, y: TOP - 14, 'text-anchor': 'middle' }, when),
  );
  geo.scrub.setAttribute('visibility', 'visible');
}

// A mouse scrubs as it moves over the line and lets go when it leaves; a finger scrubs while
// it presses, and lets go when it lifts.
function scrubWithPointer(el, svg, chart) {
  const at = (e) => {
    const geo = chart.geometry();
    const r = svg.getBoundingClientRect();
    return Math.round(((((e.clientX - r.left) / r.width) * geo.W - 1) / geo.plotW) * geo.slots);
  };
  let dragging = false;
  el.addEventListener('pointerdown', (e) => {
    if (!chart.geometry()) return;
    dragging = true;
    if (e.pointerType !== 'touch') el.setPointerCapture(e.pointerId);
    chart.show(at(e));
  });
  el.addEventListener('pointermove', (e) => {
    if (!chart.geometry() || (e.pointerType === 'touch' && !dragging)) return;
    chart.show(at(e));
  });
  const up = (e) => {
    dragging = false;
    if (e.pointerType === 'touch' || e.type === 'pointerleave') chart.hide();
  };
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('pointerleave', up);
}

// The arrow keys step a point (Page Up and Down ten), Home and End jump, Escape lets go.
function scrubWithKeys(el, chart) {
  el.addEventListener('keydown', (e) => {
    const points = chart.points();
    if (!points) return;
    const n = points.length;
    const k = { ArrowLeft: -1, ArrowRight: 1, PageDown: -10, PageUp: 10 }[e.key];
    if (k) chart.show((chart.index() ?? n - 1) + k);
    else if (e.key === 'Home') chart.show(0);
    else if (e.key === 'End') chart.show(n - 1);
    else if (e.key === 'Escape') chart.hide();
    else return;
    e.preventDefault();
  });
}

/** Candlesticks with volume bars and a moving average; scrubbing reads out OHLC and volume. */
export function candleChart(el, { timeText } = {}) {
  let data = null;
  let geo = null;
  el.tabIndex = 0;
  el.setAttribute('role', 'img');
  const svg = s('svg', { 'aria-hidden': 'true' });
  el.append(svg);

  function draw() {
    if (!data) return;
    // No candles leave the plot empty, and the geometry as it was.
    geo = drawCandles(svg, el, data) ?? geo;
  }

  function show(i) {
    if (!geo) return;
    i = Math.max(0, Math.min(geo.n - 1, i));
    paintCandleScrub(geo, data, i, timeText);
    geo.i = i;
    el.dataset.scrub = String(i);
  }
  const hide = () => geo && (geo.scrub.setAttribute('visibility', 'hidden'), (geo.i = null), delete el.dataset.scrub);
  const at = (e) => Math.floor((e.clientX - svg.getBoundingClientRect().left) / geo.bw);
  el.addEventListener('pointermove', (e) => geo && show(at(e)));
  el.addEventListener('pointerdown', (e) => geo && show(at(e)));
  el.addEventListener('pointerleave', hide);
  el.addEventListener('pointerup', (e) => e.pointerType === 'touch' && hide());
  el.addEventListener('keydown', (e) => {
    if (!geo) return;
    const k = { ArrowLeft: -1, ArrowRight: 1 }[e.key];
    if (k) show((geo.i ?? geo.n - 1) + k), e.preventDefault();
    else if (e.key === 'Escape') hide();
  });
  el.addEventListener('blur', hide);
  track(el, draw);
  return {
    set(d) {
      data = d;
      const l = d.candles[d.candles.length - 1];
      el.setAttribute('aria-label', l ? `Daily candles, ${d.candles.length} sessions, last close ${number(l.c)}. Use the arrow keys to read values.` : 'No candles');
      draw();
    },
  };
}

// Draws the candles into svg; returns the geometry that scrubbing reads, or null when there
// are none.
function drawCandles(svg, el, data) {
  const W = el.clientWidth || 300;
  const H = el.clientHeight || 200;
  const { candles, sma } = data;
  const n = candles.length;
  svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
  if (!n) {
    fill(svg);
    return null;
  }
  // The date axis under the volume
  const AXIS = 18;
  const base = H - AXIS;
  const volH = (base - TOP) * 0.2;
  const plotB = base - volH - 14;
  const [lo0, hi0] = extent([...candles.flatMap((c) => [c.l, c.h]), ...sma]);
  const pad = (hi0 - lo0) * 0.04;
  const lo = lo0 - pad;
  const hi = hi0 + pad;
  const bw = (W - 44) / n;
  const x = (i) => i * bw + bw / 2;
  const y = (v) => TOP + (1 - (v - lo) / (hi - lo)) * (plotB - TOP);
  const { up, down, vols } = candleShapes(candles, { x, y, body: Math.max(1, bw * 0.7), base, volH });
  const grid = (data.ticks || [])
    .filter((t) => t > lo && t < hi)
    .map((t) => [s('line.grid', { x1: 0, x2: W - 44, y1: y(t), y2: y(t) }), s('text.axis', { x: W, y: y(t) + 4, 'text-anchor': 'end' }, number(t))]);
  const scrub = s('g', { visibility: 'hidden' });
  fill(svg, grid, dateAxis(candles, x, H - 4, W - 44), s('path.vol', { d: vols.join('') }), s('path.candle-up', { d: up.join(''), 'stroke-width': 1 }), s('path.candle-down', { d: down.join(''), 'stroke-width': 1 }), s('path.sma', { d: smaPath(sma, x, y) }), scrub);
  return { x, bw, W, H, scrub, n };
}

// Each candle's wick and body (into the rising or the falling path) and its volume bar, as
// path data: three paths draw them all.
function candleShapes(candles, { x, y, body, base, volH }) {
  const vmax = Math.max(...candles.map((c) => c.vol)) || 1;
  const up = [];
  const down = [];
  const vols = [];
  candles.forEach((c, i) => {
    const cx = x(i).toFixed(2);
    const [a, b] = [y(c.o), y(c.c)];
    const top = Math.min(a, b);
    const hgt = Math.max(1, Math.abs(a - b));
    const dpath = `M${cx} ${y(c.h).toFixed(1)}V${y(c.l).toFixed(1)}M${(x(i) - body / 2).toFixed(2)} ${top.toFixed(1)}h${body.toFixed(2)}v${hgt.toFixed(1)}h${(-body).toFixed(2)}Z`;
    (c.c >= c.o ? up : down).push(dpath);
    const vh = (c.vol / vmax) * volH;
    vols.push(`M${(x(i) - body / 2).toFixed(2)} ${(base - vh).toFixed(1)}h${body.toFixed(2)}V${base}h${(-body).toFixed(2)}Z`);
  });
  return { up, down, vols };
}

// The moving average's line, from its first defined value.
function smaPath(sma, x, y) {
  let ma = '';
  sma.forEach((v, i) => {
    if (v != null) ma += `${ma ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`;
  });
  return ma;
}

// The stick at candle i, with its open, high, low and close on top, and its date, volume and
// moving average under them.
function paintCandleScrub(geo, data, i, timeText) {
  const c = data.candles[i];
  const px = geo.x(i);
  const top = `O ${money(c.o)}  H ${money(c.h)}  L ${money(c.l)}  C ${money(c.c)}`;
  const sub = `${timeText ? timeText(c.t) : ''} · Vol ${compact(c.vol)}${data.sma[i] != null ? ` · SMA ${number(data.sma[i])}` : ''}`;
  fill(geo.scrub, s('line.stick', { x1: px, x2: px, y1: TOP - 6, y2: geo.H }), s('text.scrub-price', { x: 4, y: 16 }, top), s('text.scrub-date', { x: 4, y: 33 }, sub));
  geo.scrub.setAttribute('visibility', 'visible');
}

// Month names under the candles where a month begins (the year at January), as far apart
// as they need to be to read.
const monthName = fmt({ month: 'short' });
const yearName = fmt({ year: 'numeric' });
function dateAxis(candles, x, y, right) {
  const labels = [];
  let prevMonth = null;
  let prevX = -Infinity;
  candles.forEach((c, i) => {
    const month = monthName.format(c.t);
    if (month === prevMonth) return;
    const first = prevMonth === null;
    prevMonth = month;
    // A month that starts before the window
    if (first && i === 0 && candles.length > 1) return;
    const text = month === 'Jan' ? yearName.format(c.t) : month;
    const lx = x(i);
    if (lx - prevX < textWidth(text, 6.5) + 12 || lx + 12 > right) return;
    labels.push(s('text.axis', { x: lx, y, 'text-anchor': 'middle' }, text));
    prevX = lx;
  });
  return s('g.date-axis', labels);
}

export const compact = (v) => new Intl.NumberFormat('en-US', { notation: 'compact', maximumFractionDigits: 1 }).format(v);

/** Stacked columns: categories along x, series stacked, counts written inside. */
export function stackedColumns(el, { categories, series }) {
  const W = el.clientWidth || 320;
  const H = el.clientHeight || 220;
  const left = 28;
  const bottom = 22;
  const totals = categories.map((_, i) => series.reduce((a, sr) => a + sr.values[i], 0));
  const max = Math.max(1, ...totals);
  const step = tickStep(max / 4);
  const top = Math.ceil(max / step) * step;
  const y = (v) => 8 + (1 - v / top) * (H - 8 - bottom);
  const cw = (W - left) / categories.length;
  const bw = Math.min(44, cw * 0.6);
  const parts = [];
  for (let v = 0; v <= top; v += step) parts.push(s('line.grid', { x1: left, x2: W, y1: y(v), y2: y(v) }), s('text.axis', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, v));
  categories.forEach((cat, i) => {
    const cx = left + cw * i + cw / 2;
    let acc = 0;
    for (const sr of series) {
      const v = sr.values[i];
      if (!v) continue;
      const y1 = y(acc + v);
      const hgt = y(acc) - y1;
      parts.push(s('rect', { x: cx - bw / 2, y: y1, width: bw, height: Math.max(0, hgt - 1), rx: 2, fill: sr.color }, s('title', `${sr.name}: ${v}`)));
      if (hgt > 14) parts.push(s('text.bar-label', { x: cx, y: y1 + hgt / 2 + 4 }, v));
      acc += v;
    }
    parts.push(s('text.axis', { x: cx, y: H - 5, 'text-anchor': 'middle' }, cat));
  });
  fill(el, s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'Recommendation trends: ' + categories.map((c, i) => `${c}: ${series.map((sr) => `${sr.values[i]} ${sr.name}`).join(', ')}`).join('; ') }, parts));
}

/** Two lines with markers: actual (filled) against estimate (hollow), per quarter. */
export function epsChart(el, { labels, sub, actual, estimate }) {
  const W = el.clientWidth || 320;
  const H = el.clientHeight || 220;
  const left = 40;
  const bottom = 36;
  const [lo0, hi0] = extent([...actual, ...estimate]);
  const step = tickStep((hi0 - lo0) / 4 || 0.1);
  const lo = Math.floor(lo0 / step) * step;
  const hi = Math.ceil(hi0 / step) * step;
  const n = labels.length;
  const cw = (W - left) / n;
  const x = (i) => left + cw * i + cw / 2;
  const y = (v) => 10 + (1 - (v - lo) / (hi - lo || 1)) * (H - 10 - bottom);
  const parts = [];
  for (let v = lo; v <= hi + step / 2; v += step) parts.push(s('line.grid', { x1: left, x2: W, y1: y(v), y2: y(v) }), s('text.axis', { x: left - 6, y: y(v) + 4, 'text-anchor': 'end' }, +v.toFixed(2)));
  const line = (vals, cls) => s(`path.eps-line.${cls}`, { d: vals.map((v, i) => `${i ? 'L' : 'M'}${x(i)} ${y(v)}`).join('') });
  parts.push(line(estimate, 'eps-estimate'), line(actual, 'eps-actual'));
  labels.forEach((lab, i) => {
    parts.push(s('circle.eps-estimate', { cx: x(i), cy: y(estimate[i]), r: 5, 'stroke-width': 2 }, s('title', `Estimate ${estimate[i]}`)));
    parts.push(s('circle.eps-actual', { cx: x(i), cy: y(actual[i]), r: 5, 'stroke-width': 2 }, s('title', `Actual ${actual[i]}`)));
    parts.push(s('text.axis', { x: x(i), y: H - 19, 'text-anchor': 'middle' }, lab), s('text.axis', { x: x(i), y: H - 4, 'text-anchor': 'middle' }, cw < 100 ? sub[i].replace('Surprise: ', '') : sub[i]));
  });
  fill(el, s('svg', { viewBox: `0 0 ${W} ${H}`, role: 'img', 'aria-label': 'EPS surprises: ' + labels.map((l, i) => `${l} actual ${actual[i]}, estimate ${estimate[i]}`).join('; ') }, parts));
}

/** A small line of the day against the previous close (dotted), colored by its direction. */
export function sparkline(values, base, w = 64, h = 28) {
  if (values.length < 2) return null;
  const [lo, hi] = extent([...values, base]);
  const y = (v) => 2 + (1 - (v - lo) / (hi - lo)) * (h - 4);
  const d = values.map((v, i) => `${i ? 'L' : 'M'}${((i / (values.length - 1)) * w).toFixed(1)} ${y(v).toFixed(1)}`).join('');
  const trend = values.at(-1) > base ? 'up' : values.at(-1) < base ? 'down' : 'flat';
  return s('svg', { viewBox: `0 0 ${w} ${h}`, width: w, height: h }, s('line.baseline', { x1: 0, x2: w, y1: y(base), y2: y(base) }), s(`path.line.${trend}-stroke`, { d, 'stroke-width': 1.5 }));
}

/** A legend's colour sample. */
export const swatch = (color) => {
  const i = h('i');
  i.style.background = color;
  return i;
};

/** A progress ring (0…1, shown up to 100%) with the percentage in the middle. */
export function ring(progress, size = 44, width = 5, big) {
  const r = (size - width) / 2;
  const c = 2 * Math.PI * r;
  const p = Math.max(0, Math.min(1, progress));
  return h(
    `div.ring-wrap.${big ? 'ring-big' : 'ring-small'}`,
    s('svg', { width: size, height: size, viewBox: `0 0 ${size} ${size}`, 'aria-hidden': 'true' }, s('circle.ring-track', { cx: size / 2, cy: size / 2, r, 'stroke-width': width }), s('circle.ring-value', { cx: size / 2, cy: size / 2, r, 'stroke-width': width, 'stroke-dasharray': c, 'stroke-dashoffset': c * (1 - p), transform: `rotate(-90 ${size / 2} ${size / 2})`, opacity: p ? 1 : 0 })),
    h('span', `${Math.round(progress * 100)}%`),
  );
}
