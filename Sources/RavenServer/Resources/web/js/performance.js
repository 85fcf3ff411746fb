// Performance: how the account did over a range and against the market, in plain words; its
// time-weighted return and the benchmark's on one scrubbable chart, its deepest drawdown
// shaded; the figures beneath (the API's /portfolio/performance, defined in the README).
import { get } from './api.js';
import { h, icon, fill, loading, uid } from './dom.js';
import { money, pct, chartTime, fmt, dec, add, dollars } from './format.js';
import { lineChart, tickStep, swatch } from './chart.js';
import { navbar, section, kv, rangeButtons } from './ui.js';

// How the headline says the range: "You're up 8.20% this year".
const SPAN = { '1D': 'today', '1W': 'over the past week', '1M': 'over the past month', '3M': 'over the past 3 months', YTD: 'this year', '1Y': 'over the past year', ALL: 'since you started' };
const marketName = (symbol) => (symbol === 'SPY' ? 'The S&P 500' : symbol);
// Both said as shown, to the hundredth of a percent: a return of −0.0008% is even, not down.
const hundredths = (f) => (Math.sign(f) * Math.round(Math.abs(f) * 1e4)) / 1e4;
// A return (a fraction, or the API's decimal text) as a signed percentage: "+8.20%", "−3.10%".
const signed = (f) => (f == null ? '—' : `${hundredths(f) > 0 ? '+' : ''}${pct(hundredths(f) * 100)}`.replace('-', '−'));
const upOrDown = (f) => ((f = hundredths(f)) > 0 ? `up ${pct(f * 100)}` : f < 0 ? `down ${pct(-f * 100)}` : 'even');
// A market date ("2026-03-04") as people read it: "Mar 4", with its year when not `year`'s.
const shortDay = fmt({ month: 'short', day: 'numeric' });
const day = (d, year) => shortDay.format(new Date(`${d}T17:00:00Z`)) + (d.startsWith(year) ? '' : `, ${d.slice(0, 4)}`);
// The New York date of an instant, as the API writes market dates.
const marketDay = (t) => new Date(t).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

export function createPerformance({ back }) {
  const titleId = uid('t');
  // The range shown, its figures, and the latest load (an older one's answer is dropped).
  const view = { range: '1Y', report: null, load: 0 };
  const headline = h('p.perf-headline', { 'data-testid': 'perf-headline' });
  const versus = h('p.perf-versus');
  const chartEl = h('div.chart', { 'data-testid': 'perf-chart' });
  // Values are the growth of 100 (100.5 is +0.5%), so that the chart's floor on its span (half a
  // point) keeps a day of hundredths from drawing as a cliff.
  const chart = lineChart(chartEl, { label: 'Your return and the market’s', valueText: (v) => signed(v / 100 - 1), timeText: (t) => chartTime(t, view.range), onScrub: paintScrub, minSpan: 0.005 });
  const legend = h('p.legend');
  const ranges = rangeButtons(Object.keys(SPAN), view.range, pick);
  const figures = h('div', { 'aria-busy': 'true' }, loading());
  const backBtn = h('button.nav-btn.back', { onclick: back }, icon('back'), 'Stocks');
  // The sentence, or the values under the finger or the arrow keys, read out as they change.
  const said = h('div', { 'aria-live': 'polite', 'aria-atomic': 'true' }, headline, versus);
  const el = h('section.view', { 'aria-labelledby': titleId }, navbar('Performance', backBtn), h('h1.large-title', { id: titleId, tabindex: '-1' }, 'Performance'), h('div.perf-hero', said, chartEl, legend, ranges), figures);

  async function pick(range) {
    const load = ++view.load;
    view.range = range;
    ranges.press(range);
    figures.setAttribute('aria-busy', 'true');
    try {
      const [report, history, portfolio] = await Promise.all([get(`/portfolio/performance?range=${range}`), get(`/portfolio/history?range=${range}`), get('/portfolio')]);
      if (load !== view.load) return;
      view.report = report;
      paintHeadline();
      const data = comparison(history, report);
      chart.set(data);
      ranges.className = `ranges ${data.dir}`;
      fill(legend, h('span', swatch(`var(--${{ up: 'green', down: 'red' }[data.dir] ?? 'gray'})`), 'You'), data.compare && h('span', swatch('var(--blue)'), report.benchmark.symbol), data.band && h('span', h('i.band'), 'Deepest drawdown'));
      fill(figures, figureSections(report, portfolio));
    } catch (e) {
      if (load !== view.load) return;
      view.report = null;
      fill(headline, e.code === 'no_history' ? 'Your returns show here once you trade or add cash.' : e.message);
      versus.textContent = '';
      chart.set({ points: [] });
      fill(legend);
      fill(figures, e.code === 'no_history' ? null : h('div.load-failed', { role: 'alert' }, h('button.btn', { onclick: () => pick(view.range) }, 'Try Again')));
    }
    figures.removeAttribute('aria-busy');
  }

  // The range's figures in a sentence, unless a finger is on the chart.
  function paintHeadline() {
    const r = view.report;
    if (!r || chartEl.dataset.scrub) return;
    headline.textContent = `You're ${upOrDown(r.timeWeightedReturn)} ${SPAN[r.range]}`;
    const b = r.benchmark;
    if (!b) return (versus.textContent = 'The market’s return is not available right now.');
    // The gap between the two figures as shown, so that the sentence adds up.
    const gap = hundredths(hundredths(r.timeWeightedReturn) - hundredths(b.totalReturn));
    versus.textContent = `${marketName(b.symbol)} is ${upOrDown(b.totalReturn)}: you're ${gap ? `${pct(Math.abs(gap) * 100).replace('%', '')} points ${gap > 0 ? 'ahead of' : 'behind'}` : 'level with'} it.`;
  }

  function paintScrub(p, i) {
    if (!p) return paintHeadline();
    const market = chartEl.market?.[i];
    headline.textContent = `You ${signed(p.v / 100 - 1)}`;
    versus.textContent = `${chartTime(p.t, view.range)}${market == null ? '' : ` · ${view.report?.benchmark?.symbol} ${signed(market / 100 - 1)}`}`;
  }

  // The chart's data: both lines from the range's start, with the drawdown.
  function comparison(history, report) {
    const start = Date.parse(report.start);
    const pts = history.points.filter((p) => Date.parse(p.time) >= start);
    const points = pts.map((p) => ({ t: Date.parse(p.time), v: Number(p.twrIndex) * 100 }));
    const market = pts.map((p) => (p.benchmarkIndex == null ? null : Number(p.benchmarkIndex) * 100));
    chartEl.market = market;
    const last = hundredths((points[points.length - 1]?.v ?? 100) / 100 - 1);
    const dd = report.maxDrawdown;
    const days = pts.map((p) => marketDay(p.time));
    const band = dd && hundredths(dd.depth) && dd.peak !== dd.trough ? { first: days.lastIndexOf(dd.peak), last: days.lastIndexOf(dd.trough) } : null;
    return { points, compare: report.benchmark && !market.includes(null) ? market : null, band: band?.first >= 0 && band.last > band.first ? band : null, baseline: 100, dir: last > 0 ? 'up' : last < 0 ? 'down' : 'flat', ticks: ticks([...points.map((p) => p.v), ...market]) };
  }

  pick(view.range);
  // Another account chosen: its figures.
  const reload = () => pick(view.range);
  addEventListener('raven:account', reload);
  return { el, title: 'Performance', destroy: () => removeEventListener('raven:account', reload) };
}

// Round percentages across the values (growths of 100), three or four of them, over at least
// the chart's half a point.
function ticks(values) {
  const shown = values.filter((v) => v != null);
  let lo = Math.min(100, ...shown);
  let hi = Math.max(100, ...shown);
  if (hi - lo < 0.5) [lo, hi] = [(lo + hi) / 2 - 0.25, (lo + hi) / 2 + 0.25];
  const step = tickStep((hi - lo) / 3);
  const out = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) out.push(Number(t.toFixed(6)));
  return out;
}

// The figures beneath the chart, grouped as a brokerage's statement groups them.
function figureSections(r, portfolio) {
  const { maxDrawdown: dd, benchmark: b, bestSession: best, worstSession: worst } = r;
  const year = r.end.slice(0, 4);
  let unrealized = dec(0);
  let cost = dec(0);
  for (const p of portfolio.positions) (unrealized = add(unrealized, dec(p.changeFromCost))), (cost = add(cost, dec(p.totalCost)));
  const perYear = (f) => (f == null ? '' : ` · ${signed(f)} a year`);
  return [
    section(
      'Return',
      h(
        'div.group',
        kv('Time-weighted return', signed(r.timeWeightedReturn) + perYear(r.timeWeightedReturnAnnualized)),
        kv('Money-weighted return', r.moneyWeightedReturn == null ? 'None' : signed(r.moneyWeightedReturn) + perYear(r.moneyWeightedReturnAnnualized)),
        b && kv(`${b.symbol}, dividends in`, signed(b.totalReturn) + perYear(b.annualizedReturn)),
        kv('Gain', money(r.gain)),
        r.deposits > 0 && kv('Added', money(r.deposits)),
        r.withdrawals > 0 && kv('Withdrawn', money(r.withdrawals)),
        kv('Value', `${money(r.startValue)} → ${money(r.endValue)}`),
      ),
    ),
    section(
      'Risk',
      h(
        'div.group',
        kv('Volatility (a year)', r.volatility == null ? '—' : pct(r.volatility * 100)),
        kv('Deepest drawdown', dd ? signed(dd.depth) : 'None'),
        dd && kv('Peak to low', `${day(dd.peak, year)} – ${day(dd.trough, year)}`),
        dd && kv('Back at the peak', dd.recovery ? day(dd.recovery, year) : 'Not yet'),
        kv('Sharpe ratio', r.sharpeRatio == null ? '—' : Number(r.sharpeRatio).toFixed(2)),
        r.beta != null && kv(`Beta to ${b?.symbol}`, Number(r.beta).toFixed(2)),
        best && kv('Best day', `${signed(best.dailyReturn)} · ${day(best.date, year)}`),
        worst && kv('Worst day', `${signed(worst.dailyReturn)} · ${day(worst.date, year)}`),
      ),
    ),
    section('Profit now', h('div.group', kv('Unrealized', money(dollars(unrealized))), kv('Realized', money(portfolio.realizedProfit)), portfolio.dividendsReceived != null && kv('Dividends received', money(portfolio.dividendsReceived)), kv('Cost of holdings', money(dollars(cost))))),
    h(
      'p.foot',
      r.flowsKnown ? '' : 'Alpaca lists no deposits or withdrawals for this account: money moved in shows as gain. ',
      'Time-weighted return leaves out money you add or withdraw, so it compares with the market; money-weighted return counts when it came in',
      r.moneyWeightedReturnNote ? ` (none here: ${r.moneyWeightedReturnNote})` : '',
      '.',
    ),
  ];
}
