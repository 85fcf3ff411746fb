// Charts as SVG from the server's chart JSON: a scrubbable price line, candles, columns, rings.
import { h, s, fill } from './dom.js';
import { money, number } from './format.js';

const TOP = 30; // room for the scrub date above the plot
const BOTTOM = 22; // room for segment labels
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

/**
 * A Robinhood-style line: green when the range is up, red when down, a dashed previous-close
 * line, a glowing dot at the last point while live, and scrubbing (pointer, touch or arrow keys)
 * with a vertical stick, the value and time at the top, and the segment under it highlighted.
 *
 * data: {points: [{t, v}], segments: [{first, last, label}], baseline, live, dir, ticks, end}
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
    const W = el.clientWidth || 300;
    const H = el.clientHeight || 200;
    const pts = data.points;
    if (pts.length < 2) {
      fill(svg);
      return;
    }
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    let [lo0, hi0] = extent([...pts.map((p) => p.v), data.baseline]);
    // A floor on the vertical range (a fraction of the value), so that cents of change on a
    // large balance draw as the flat line they are, not as a cliff.
    const floor = (Math.abs(lo0 + hi0) / 2) * minSpan;
    if (hi0 - lo0 < floor) [lo0, hi0] = [(lo0 + hi0 - floor) / 2, (lo0 + hi0 + floor) / 2];
    const padY = (hi0 - lo0) * 0.06;
    const lo = lo0 - padY;
    const hi = hi0 + padY;
    const bottom = data.segments?.length > 1 || data.timeLabels?.length ? BOTTOM : 8;
    // Points are spaced by index (no gaps overnight); a live day leaves room for the rest of the session.
    const last = pts.length - 1;
    const step = pts.length > 2 ? (pts[last].t - pts[0].t) / last : data.step ?? 1;
    const slots = Math.max(last, data.end ? last + Math.max(0, Math.round((data.end - pts[last].t) / step)) : last);
    // The price labels get a gutter of their own on the right, so neither the line nor the
    // live dot (and its glow) ever runs under them.
    const tickText = (data.ticks || []).map((t) => valueText(t));
    const gutter = Math.max(tickText.length ? Math.max(...tickText.map((t) => textWidth(t, 6))) + 14 : 8, data.live ? 18 : 0);
    const x = (i) => (i / slots) * (W - gutter - 1) + 1;
    const y = (v) => TOP + (1 - (v - lo) / (hi - lo)) * (H - TOP - bottom);
    geo = { x, y, W, H, slots, bottom, plotW: W - gutter - 1 };
    const cls = `line ${data.dir}-stroke`;
    const segs = data.segments?.length ? data.segments : [{ first: 0, last }];
    const paths = segs.map((g) => {
      let d = '';
      for (let i = Math.max(0, g.first - 1); i <= Math.min(last, g.last); i++) d += `${d ? 'L' : 'M'}${x(i).toFixed(1)} ${y(pts[i].v).toFixed(1)}`;
      return s('path', { class: cls, d });
    });
    const grid = (data.ticks || [])
      .filter((t) => t > lo && t < hi)
      .map((t) => [s('line.grid', { x1: 0, x2: W - gutter + 4, y1: y(t), y2: y(t) }), s('text.axis', { x: W - 2, y: y(t) + 4, 'text-anchor': 'end' }, valueText(t))]);
    const labels = [];
    if (data.timeLabels?.length) {
      // Labels at instants (a session's hours), placed where those instants fall.
      let prev = -Infinity;
      for (const { t, label: text } of data.timeLabels) {
        const tx = x((t - pts[0].t) / step);
        const w = textWidth(text, 6.5);
        if (tx - prev > w + 10 && tx + w / 2 < W - gutter + 8 && tx >= 0) labels.push(s('text.axis', { x: tx, y: H - 5, 'text-anchor': tx < w ? 'start' : 'middle' }, text)), (prev = tx);
      }
    } else if (segs.length > 1) {
      let prev = -Infinity;
      for (const g of segs) {
        const gx = x(g.first) + 2;
        if (g.label && gx - prev > textWidth(g.label, 6.5) + 10 && gx + textWidth(g.label, 6.5) < W) labels.push(s('text.axis', { x: gx, y: H - 5 }, g.label)), (prev = gx);
      }
    }
    const base =
      data.baseline != null
        ? [s('line.baseline', { x1: 0, x2: W, y1: y(data.baseline), y2: y(data.baseline) }), data.baselineLabel ? s('text.axis.baseline-label', { x: W - 6, y: y(data.baseline) - 5, 'text-anchor': 'end' }, `${data.baselineLabel} ${valueText(data.baseline)}`) : null]
        : null;
    const lx = x(last);
    const ly = y(pts[last].v);
    const dotColor = `var(--${data.dir === 'down' ? 'red' : data.dir === 'up' ? 'green' : 'gray'})`;
    const live = data.live ? s('g.live', s('circle.live-dot', { cx: lx, cy: ly, r: 4.5, fill: dotColor }), s('circle', { cx: lx, cy: ly, r: 4, fill: dotColor })) : null;
    const scrub = s('g.scrub', { visibility: 'hidden' });
    fill(svg, grid, base, labels, paths, live, scrub);
    geo.paths = paths;
    geo.segs = segs;
    geo.scrub = scrub;
    geo.dotColor = dotColor;
    if (idx != null) show(idx);
  }

  function show(i) {
    if (!geo || !data) return;
    const pts = data.points;
    i = Math.max(0, Math.min(pts.length - 1, i));
    idx = i;
    const { x, y, H, W, bottom } = geo;
    const px = x(i);
    const p = pts[i];
    const seg = geo.segs.findIndex((g) => i >= g.first && i <= g.last);
    geo.paths.forEach((path, j) => path.classList.toggle('dim', geo.paths.length > 1 && j !== seg));
    // The value goes to the screen's header (onScrub); the stick carries the date on top.
    const when = timeText ? timeText(p.t) : '';
    const half = textWidth(when, 6.5) / 2 + 2;
    const tx = Math.max(half, Math.min(W - half, px));
    fill(
      geo.scrub,
      s('line.stick', { x1: px, x2: px, y1: TOP - 8, y2: H - bottom }),
      s('circle.scrub-dot', { cx: px, cy: y(p.v), r: 5, fill: geo.dotColor }),
      onScrub ? null : s('text.scrub-price', { x: tx, y: 2, 'text-anchor': 'middle' }, valueText(p.v)),
      s('text.scrub-date', { x: tx, y: TOP - 14, 'text-anchor': 'middle' }, when),
    );
    geo.scrub.setAttribute('visibility', 'visible');
    el.dataset.scrub = String(i);
    onScrub?.(p, i);
  }

  function hide() {
    idx = null;
    delete el.dataset.scrub;
    if (!geo) return;
    geo.scrub.setAttribute('visibility', 'hidden');
    geo.paths.forEach((p) => p.classList.remove('dim'));
    onScrub?.(null);
  }

  const at = (e) => {
    const r = svg.getBoundingClientRect();
    return Math.round(((((e.clientX - r.left) / r.width) * geo.W - 1) / geo.plotW) * geo.slots);
  };
  let dragging = false;
  el.addEventListener('pointerdown', (e) => {
    if (!geo) return;
    dragging = true;
    if (e.pointerType !== 'touch') el.setPointerCapture(e.pointerId);
    show(at(e));
  });
  el.addEventListener('pointermove', (e) => {
    if (!geo || (e.pointerType === 'touch' && !dragging)) return;
    show(at(e));
  });
  const up = (e) => {
    dragging = false;
    if (e.pointerType === 'touch' || e.type === 'pointerleave') hide();
  };
  el.addEventListener('pointerup', up);
  el.addEventListener('pointercancel', up);
  el.addEventListener('pointerleave', up);
  el.addEventListener('keydown', (e) => {
    if (!data) return;
    const n = data.points.length;
    const k = { ArrowLeft: -1, ArrowRight: 1, PageDown: -10, PageUp: 10 }[e.key];
    if (k) show((idx ?? n - 1) + k);
    else if (e.key === 'Home') show(0);
    else if (e.key === 'End') show(n - 1);
    else if (e.key === 'Escape') hide();
    else return;
    e.preventDefault();
  });
  el.addEventListener('blur', hide);
  track(el, draw);

  return {
    set(d) {
      data = d;
      const first = d.points[0];
      const lastP = d.points[d.points.length - 1];
      el.setAttribute('aria-label', first ? `${label ?? 'Chart'}: ${valueText(first.v)} to ${valueText(lastP.v)}, ${d.dir === 'flat' ? 'unchanged' : d.dir}. Use the arrow keys to read values.` : `${label ?? 'Chart'}: no data`);
      if (idx != null && idx >= d.points.length) idx = null;
      draw();
    },
    scrub: show,
    hide,
  };
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
    const W = el.clientWidth || 300;
    const H = el.clientHeight || 200;
    const { candles, sma } = data;
    const n = candles.length;
    svg.setAttribute('viewBox', `0 0 ${W} ${H}`);
    if (!n) return fill(svg);
    const AXIS = 18; // the date axis under the volume
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
    const vmax = Math.max(...candles.map((c) => c.vol)) || 1;
    const body = Math.max(1, bw * 0.7);
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
    let ma = '';
    sma.forEach((v, i) => {
      if (v != null) ma += `${ma ? 'L' : 'M'}${x(i).toFixed(1)} ${y(v).toFixed(1)}`;
    });
    const grid = (data.ticks || [])
      .filter((t) => t > lo && t < hi)
      .map((t) => [s('line.grid', { x1: 0, x2: W - 44, y1: y(t), y2: y(t) }), s('text.axis', { x: W, y: y(t) + 4, 'text-anchor': 'end' }, number(t))]);
    const scrub = s('g', { visibility: 'hidden' });
    fill(svg, grid, dateAxis(candles, x, H - 4, W - 44), s('path.vol', { d: vols.join('') }), s('path.candle-up', { d: up.join(''), 'stroke-width': 1 }), s('path.candle-down', { d: down.join(''), 'stroke-width': 1 }), s('path.sma', { d: ma }), scrub);
    geo = { x, bw, W, H, scrub, n };
  }

  function show(i) {
    if (!geo) return;
    i = Math.max(0, Math.min(geo.n - 1, i));
    const c = data.candles[i];
    const px = geo.x(i);
    const top = `O ${number(c.o)}  H ${number(c.h)}  L ${number(c.l)}  C ${number(c.c)}`;
    const sub = `${timeText ? timeText(c.t) : ''} · Vol ${compact(c.vol)}${data.sma[i] != null ? ` · SMA ${number(data.sma[i])}` : ''}`;
    fill(geo.scrub, s('line.stick', { x1: px, x2: px, y1: TOP - 6, y2: geo.H }), s('text.scrub-price', { x: 4, y: 16 }, top), s('text.scrub-date', { x: 4, y: 33 }, sub));
    geo.scrub.setAttribute('visibility', 'visible');
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

// Month names under the candles where a month begins (the year at January), as far apart
// as they need to be to read.
const monthName = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', month: 'short' });
const yearName = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', year: 'numeric' });
function dateAxis(candles, x, y, right) {
  const labels = [];
  let prevMonth = null;
  let prevX = -Infinity;
  candles.forEach((c, i) => {
    const month = monthName.format(c.t);
    if (month === prevMonth) return;
    const first = prevMonth === null;
    prevMonth = month;
    if (first && i === 0 && candles.length > 1) return; // a month that starts before the window
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
  const step = niceStep(max / 4);
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
  const step = niceStep((hi0 - lo0) / 4 || 0.1);
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

function niceStep(raw) {
  const p = 10 ** Math.floor(Math.log10(raw || 1));
  const f = raw / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
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
