// Stock detail: header, chart tabs, portfolio and trade, open orders, stats, about, insights,
// news.
import { get, put, del, logoURL, marketStatus } from './api.js';
import { h, icon, fill, uid, spinner } from './dom.js';
import { money, shares, change, setChange, dir, chartTime, date } from './format.js';
import { lineChart, candleChart } from './chart.js';
import { navbar, section, kv, segmented, toast } from './ui.js';
import { watch, onQuote, onPoll } from './stream.js';
import { openTrade } from './trade.js';
import { openOrders } from './orders.js';
import { insights } from './insights.js';
import { newsList } from './news.js';

const RANGES = ['1D', '1W', '1M', '3M', '1Y', '5Y', 'MAX'];
// What the header's change is measured over, in Robinhood's words.
const RANGE_LABELS = { '1D': 'Today', '1W': 'Past week', '1M': 'Past month', '3M': 'Past 3 months', '1Y': 'Past year', '5Y': 'Past 5 years', MAX: 'All time' };
// Each window as a fraction of a year; candles are daily, or weekly when the provider has
// no daily history that long.
const CANDLE_WINDOWS = [['3M', 0.25], ['6M', 0.5], ['1Y', 1], ['2Y', Infinity]];
const CANDLES_PER_YEAR = { D: 252, W: 52, M: 12 };
const CANDLE_UNIT = { D: 'day', W: 'week', M: 'month' };

export function createStock(symbol, { back, onTrade }) {
  let quote = null;
  let profile = null;
  let chart = null;
  let range = '1D';
  let favorite = false;
  let status = null;
  let candles = null;
  let alive = true;
  const cleanup = [];
  const titleId = uid('t');

  const star = h('button.nav-btn.star', { type: 'button', 'aria-pressed': 'false', 'aria-label': 'Add to Favorites', disabled: true, onclick: toggleFavorite }, icon('star'));
  const backBtn = h('button.nav-btn.back', { type: 'button', onclick: back }, icon('back'), 'Stocks');
  const name = h('p.name');
  const price = h('p.price.num', { 'aria-live': 'polite', 'aria-atomic': 'true' });
  const rangeLabel = h('span.when', { 'data-testid': 'range-label' }, RANGE_LABELS[range]);
  const chg = h('p.range-change', h('span.change'), rangeLabel);
  const logo = h('img.logo', { src: logoURL(symbol), alt: '', width: 56, height: 56 });
  const head = h('div.detail-head', h('div.grow', h('h1.sym', { id: titleId, tabindex: '-1' }, symbol), name, price, chg), logo);

  // Chart tabs: the price line over ranges, and two years of daily candles.
  const plotEl = h('div.chart', { 'data-testid': 'plot' });
  const plot = lineChart(plotEl, {
    label: `${symbol} price`,
    timeText: (t) => chartTime(t, range),
    // Scrubbing shows the price under the finger, and its change over the range, in the header.
    onScrub: (p) => {
      if (!p) return quote && paintQuote();
      price.textContent = money(p.v);
      paintChange(p.v);
    },
  });
  const rangeBtns = RANGES.map((r) => h('button', { type: 'button', 'aria-pressed': String(r === range), onclick: () => loadChart(r) }, r));
  const ranges = h('div.ranges', { role: 'group', 'aria-label': 'Range' }, rangeBtns);
  const candleEl = h('div.chart', { 'data-testid': 'candles' });
  const candle = candleChart(candleEl, { timeText: date });
  let candleWindow = 1;
  const legend = h('div.legend');
  const paintLegend = (resolution = 'D', period = 50) => {
    const unit = CANDLE_UNIT[resolution] ?? 'bar';
    fill(legend, h('span', swatch('var(--green)'), `Up ${unit}`), h('span', swatch('var(--red)'), `Down ${unit}`), h('span', swatch('var(--orange)'), `SMA (${period})`), h('span', swatch('var(--label3)'), 'Volume'));
  };
  paintLegend();
  const windows = segmented(CANDLE_WINDOWS.map((w) => w[0]), candleWindow, (i) => ((candleWindow = i), paintCandles()), { label: 'Candle period' });
  windows.classList.add('windows');
  const tabIds = [uid('tab'), uid('tab')];
  const panels = [
    h('div', { role: 'tabpanel', id: tabIds[0], 'aria-label': 'Chart' }, plotEl, ranges),
    h('div', { role: 'tabpanel', id: tabIds[1], 'aria-label': 'Historical', hidden: true }, candleEl, legend, windows),
  ];
  const tabs = segmented(['Chart', 'Historical'], 0, (i) => {
    panels.forEach((p, j) => (p.hidden = i !== j));
    if (i === 1 && !candles) loadCandles();
  }, { tabs: true, label: 'Chart type' });
  tabs.buttons.forEach((b, i) => b.setAttribute('aria-controls', tabIds[i]));
  const chartCard = h('div.chart-card', tabs, panels);

  const portfolioBox = h('div.skeleton');
  const statsBox = h('div.group.stats', { 'data-testid': 'stats' }, ['High Price', 'Low Price', 'Open Price', 'Prev. Close'].map((l) => h('div', h('span', l), h('b.num', '—'))));
  const aboutBox = h('div.group', h('div.skeleton'));
  const insightsBox = h('div.skeleton.tall');
  const newsBox = h('div.skeleton.tall', { 'data-testid': 'news' });
  // Fills change the position: the portfolio box follows them.
  const orders = openOrders(symbol, () => (loadPortfolio().catch(() => {}), onTrade?.()));
  cleanup.push(orders.destroy);

  // Until the quote arrives: HW9's progress view, not a page of empty boxes.
  const loading = h('div.loading', { role: 'status', 'data-testid': 'detail-loading' }, spinner(), 'Fetching Data...');
  const cols = h('div.detail-cols', { hidden: true },
    h('div.col-a', head, chartCard),
    h('div.col-b', section('Portfolio', portfolioBox), section('Open Orders', orders.el), section('Stats', statsBox), section('About', aboutBox)),
    h('div.col-c', section('Insights', insightsBox), section('News', newsBox)),
  );
  const el = h('section.view.wide', { 'aria-labelledby': titleId }, navbar(symbol, backBtn, star), loading, cols);

  // The header's change agrees with the line under it: today's change against the previous
  // close on 1D, else from the range's first point (to the point under the finger while
  // scrubbing).
  function paintChange(to) {
    const shown = !!chart && chart.range === range;
    if (!shown || (range === '1D' && to == null)) setChange(chg.firstChild, quote.change, quote.changePercent);
    else {
      const base = Number(chart.baseline ?? chart.points[0]?.price);
      const v = to ?? Number(quote.price);
      setChange(chg.firstChild, v - base, base ? ((v - base) / base) * 100 : 0);
    }
    rangeLabel.textContent = RANGE_LABELS[shown ? range : '1D'];
  }

  function paintQuote() {
    price.textContent = money(quote.price);
    paintChange();
    const vals = [quote.high, quote.low, quote.open, quote.previousClose];
    [...statsBox.children].forEach((d, i) => (d.lastChild.textContent = money(vals[i])));
  }

  async function loadQuote() {
    quote = await get(`/stocks/${symbol}/quote`);
    if (!alive || !cols.isConnected) return;
    paintQuote();
    if (!cols.hidden) return;
    const focused = document.activeElement === document.body || el.contains(document.activeElement);
    loading.remove();
    cols.hidden = false;
    if (focused) head.querySelector('h1').focus({ preventScroll: true });
  }

  async function loadChart(r) {
    range = r;
    rangeBtns.forEach((b) => b.setAttribute('aria-pressed', String(b.textContent === r)));
    plotEl.setAttribute('aria-busy', 'true');
    try {
      const c = await get(`/stocks/${symbol}/chart?range=${r}&points=${Math.min(600, Math.max(120, plotEl.clientWidth || 300))}`);
      if (!alive || r !== range) return;
      chart = { ...c, range: r };
      paintChart();
      if (quote && !plotEl.dataset.scrub) paintChange();
    } catch (e) {
      if (r === range) fill(plotEl, h('div.chart-empty', e.message));
    } finally {
      plotEl.removeAttribute('aria-busy');
    }
  }

  function paintChart() {
    const pts = chart.points.map((p) => ({ t: Date.parse(p.time), v: Number(p.price) }));
    const base = chart.previousClose ?? chart.baseline;
    const session = status?.currentOrNextSession;
    const live = chart.isLive && !!status?.isOpen;
    if (live && quote && pts.length) pts[pts.length - 1].v = Number(quote.price);
    const first = base != null ? Number(base) : pts[0]?.v;
    const d = dir((pts[pts.length - 1]?.v ?? 0) - first);
    ranges.classList.remove('up', 'down', 'flat');
    ranges.classList.add(d);
    plotEl.dataset.dir = d;
    plot.set({
      points: pts,
      segments: chart.segments.map((s) => ({ first: s.firstIndex, last: s.lastIndex, label: s.label })),
      baseline: range === '1D' && chart.previousClose != null ? Number(chart.previousClose) : null,
      ticks: chart.ticks.map(Number),
      dir: d,
      live,
      end: range === '1D' && live && session ? Date.parse(session.close) : null,
      timeLabels: range === '1D' ? sessionHours(pts, live && session ? Date.parse(session.close) : Date.parse(chart.segments.at(-1)?.end ?? 0)) : null,
      step: 60000,
    });
  }

  async function loadCandles() {
    try {
      const c = await get(`/stocks/${symbol}/candles`);
      candles = {
        candles: c.candles.map((b) => ({ t: Date.parse(b.time), o: +b.open, h: +b.high, l: +b.low, c: +b.close, vol: b.volume })),
        sma: c.movingAverage.map((v) => (v == null ? null : +v)),
        perYear: CANDLES_PER_YEAR[c.resolution] ?? 252,
      };
      paintLegend(c.resolution, c.movingAveragePeriod);
      paintCandles();
    } catch (e) {
      fill(candleEl, h('div.chart-empty', e.message));
    }
  }
  function paintCandles() {
    if (!candles) return;
    const n = Math.round(CANDLE_WINDOWS[candleWindow][1] * candles.perYear);
    const cs = candles.candles.slice(-n);
    const sma = candles.sma.slice(-n);
    const vals = cs.flatMap((c) => [c.l, c.h]);
    const lo = Math.min(...vals);
    const hi = Math.max(...vals);
    const step = niceStep((hi - lo) / 4);
    const ticks = [];
    for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(t);
    candle.set({ candles: cs, sma, ticks });
  }

  async function loadPortfolio() {
    const p = await get('/portfolio');
    if (!alive) return;
    const pos = p.positions.find((x) => x.symbol === symbol);
    const trade = (qty) => openTrade({ symbol, name: profile?.name ?? symbol, price: quote?.price ?? pos?.price ?? '0', bid: quote?.bid, ask: quote?.ask, cash: p.cash, held: pos?.shares ?? '0', qty, onDone: () => (loadPortfolio(), orders.refresh(), onTrade?.()) });
    const tradeBtn = h('button.btn.green.trade-btn', { type: 'button', onclick: () => trade() }, 'Trade');
    // Opens the sheet with every share held, for one tap on Sell.
    const sellAll = pos ? h('button.btn.sell-all', { type: 'button', onclick: () => trade(pos.shares) }, 'Sell All') : null;
    portfolioBox.className = '';
    const figures = pos
      ? h('div.figures', { 'data-testid': 'position' },
          kv('Shares Owned', shares(pos.shares)),
          kv('Avg. Cost / Share', money(pos.avgCost)),
          kv('Total Cost', money(pos.totalCost)),
          h('div.row.kv', h('span.grow', 'Change'), h(`span.end.num.${dir(pos.changeFromCost)}`, money(pos.changeFromCost))),
          h('div.row.kv', h('span.grow', 'Market Value'), h(`span.end.num.${dir(pos.changeFromCost)}`, money(pos.marketValue))),
        )
      : h('div.figures', h('p.start', { 'data-testid': 'no-position' }, `You have 0 shares of ${symbol}. Start trading!`));
    fill(portfolioBox, h('div.group.position-card', figures, h('div.trade-col', tradeBtn, sellAll)));
  }

  async function loadProfile() {
    profile = await get(`/stocks/${symbol}/profile`);
    if (!alive) return;
    name.textContent = profile.name;
    document.title = `${symbol} · ${profile.name} – Raven`;
    const peers = h('div.peers');
    fill(
      aboutBox,
      kv('IPO Start Date', profile.ipo ? date(`${profile.ipo}T12:00:00Z`) : '—'),
      kv('Industry', profile.industry),
      h('div.row.kv', h('span.grow', 'Webpage'), profile.webURL ? h('a.end', { href: profile.webURL, target: '_blank', rel: 'noopener noreferrer' }, profile.webURL.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')) : h('span.end', '—')),
      h('div.row.peers-row', h('span', 'Company Peers'), peers),
    );
    get(`/stocks/${symbol}/peers`).then(({ peers: list }) => fill(peers, list.map((p) => h('a.chip', { href: `#/stock/${p}` }, p)))).catch(() => {});
    insightsBox.className = '';
    insights(symbol, profile.name, insightsBox);
  }

  async function loadNews() {
    try {
      const { articles } = await get(`/stocks/${symbol}/news`);
      newsBox.className = '';
      fill(newsBox, newsList(articles));
    } catch (e) {
      fill(newsBox, h('p.empty', e.message));
    }
  }

  async function loadFavorite() {
    const { items } = await get('/watchlist');
    favorite = items.some((i) => i.symbol === symbol);
    paintStar();
    star.disabled = false;
  }
  function paintStar() {
    star.setAttribute('aria-pressed', String(favorite));
    star.setAttribute('aria-label', favorite ? 'Remove from Favorites' : 'Add to Favorites');
    fill(star, icon(favorite ? 'starFill' : 'star'));
  }
  async function toggleFavorite() {
    favorite = !favorite;
    paintStar();
    toast(favorite ? `Adding ${symbol} to Favorites` : `Removing ${symbol} from Favorites`);
    try {
      await (favorite ? put : del)(`/watchlist/${symbol}`);
    } catch (e) {
      favorite = !favorite;
      paintStar();
      toast(e.message);
    }
  }

  function onLive(q) {
    if (q.symbol !== symbol || !quote) return;
    const p = Number(q.price);
    quote = { ...quote, price: q.price, change: q.change, changePercent: q.changePercent, high: String(Math.max(p, +quote.high)), low: String(Math.min(p, +quote.low)) };
    paintQuote();
    if (chart && chart.isLive && !plotEl.dataset.scrub) paintChart();
  }

  // An unknown symbol gets a screen that says so, and a way back; anything else, a retry.
  const fail = (e) => {
    if (!alive || !loading.isConnected) return;
    if (e.status === 404) {
      star.hidden = true;
      cols.remove();
      return fill(loading, h('div.not-found', { 'data-testid': 'unknown-symbol' }, h('h2', `No stock called ${symbol}`), h('p', 'Check the symbol, or search by company name.'), h('button.btn.primary', { type: 'button', onclick: () => back() }, 'Back to Stocks')));
    }
    fill(loading, h('p', e.message), h('button.btn', { type: 'button', onclick: () => (fill(loading, spinner(), 'Fetching Data...'), start()) }, 'Try Again'));
  };
  const start = () =>
    marketStatus()
      .catch(() => null)
      .then((s) => (status = s))
      .then(() => Promise.all([loadQuote(), loadChart('1D')]))
      .catch(fail);
  start();
  // No company profile (an ETF at Finnhub) is not an unknown symbol: About says so.
  loadProfile().catch((e) => alive && fill(aboutBox, h('p.empty', e.status === 404 ? 'No company profile for this symbol.' : e.message)));
  loadPortfolio().catch(() => {});
  loadFavorite().catch(() => {});
  loadNews();
  watch('stock', [symbol]);
  cleanup.push(onQuote(onLive));
  cleanup.push(onPoll(() => cols.isConnected && !cols.hidden && (loadQuote().catch(() => {}), range === '1D' && loadChart('1D'))));
  // While live, the 1D line gains a point each minute.
  const timer = setInterval(() => range === '1D' && chart?.isLive && !plotEl.dataset.scrub && loadChart('1D'), 60000);

  return {
    el,
    title: symbol,
    destroy() {
      alive = false;
      clearInterval(timer);
      cleanup.forEach((f) => f());
      watch('stock', []);
    },
  };
}

// A session's hours along a 1D chart: its open ("9:30"), then every other full hour to the
// close ("11 AM", "1 PM", "3 PM").
const hour = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric' });
const hourMinute = new Intl.DateTimeFormat('en-US', { timeZone: 'America/New_York', hour: 'numeric', minute: '2-digit' });
function sessionHours(pts, close) {
  if (!pts.length) return null;
  const open = pts[0].t;
  const labels = [{ t: open, label: hourMinute.format(open).replace(/ [AP]M$/, '') }];
  const firstHour = Math.ceil(open / 3600000) * 3600000;
  for (let t = firstHour + 3600000; t < (close || open) - 1800000; t += 2 * 3600000) labels.push({ t, label: hour.format(t) });
  return labels;
}

function niceStep(raw) {
  const p = 10 ** Math.floor(Math.log10(raw || 1));
  const f = raw / p;
  return (f <= 1 ? 1 : f <= 2 ? 2 : f <= 5 ? 5 : 10) * p;
}

const swatch = (color) => {
  const i = h('i');
  i.style.background = color;
  return i;
};
