// Stock detail: header, chart tabs, portfolio and trade, open orders, stats, about, insights,
// news.
import { get, put, del, logoURL, marketStatus } from './api.js';
import { h, icon, fill, uid, spinner, loading } from './dom.js';
import { money, shares, holding, unsigned, setChange, dir, chartTime, date, weekday, sameMarketDay, closedText, RANGE_LABELS, fmt } from './format.js';
import { lineChart, candleChart, tickStep, swatch } from './chart.js';
import { navbar, section, kv, segmented, toast, rangeButtons } from './ui.js';
import { watch, onQuote, onPoll } from './stream.js';
import { openTrade } from './trade.js';
import { openOrders } from './orders.js';
import { insights } from './insights.js';
import { newsList } from './news.js';

const RANGES = ['1D', '1W', '1M', '3M', '1Y', '5Y', 'MAX'];
// What the header's change is measured over, in Robinhood's words.
// Each window as a fraction of a year; candles are daily, or weekly when the provider has
// no daily history that long.
const CANDLE_WINDOWS = [['3M', 0.25], ['6M', 0.5], ['1Y', 1], ['2Y', Infinity]];
// Each resolution's bar, and how many of them make a year.
const CANDLE_UNITS = { D: ['day', 252], W: ['week', 52], M: ['month', 12] };

export function createStock(symbol, { back, backLabel = 'Stocks', onTrade }) {
  // What the screen's parts share: the quote, the company, the market's hours, the range shown
  // and its chart, and whether the screen is still up.
  const page = { quote: null, profile: null, status: null, range: '1D', chart: null, alive: true };
  const cleanup = [];
  const titleId = uid('t');

  const star = favoriteStar(symbol);
  const backBtn = h('button.nav-btn.back', { onclick: back }, icon('back'), backLabel);
  const header = quoteHeader(symbol, titleId, page);
  const prices = priceChart(symbol, page, header);
  const chartCard = chartTabs(prices, candlePanel(symbol));
  const portfolio = portfolioCard(symbol, page, () => (portfolio.load(), orders.refresh(), onTrade?.()));
  const company = companyProfile(symbol, page, header);
  const news = newsBox(symbol);
  // Fills change the position: the portfolio box follows them.
  const orders = openOrders(symbol, () => (portfolio.load().catch(() => {}), onTrade?.()));
  cleanup.push(orders.destroy);

  // Until the quote arrives: HW9's progress view, not a page of empty boxes.
  const progress = loading(undefined, { 'data-testid': 'detail-loading' });
  const cols = detailColumns(header, chartCard, portfolio, orders, company, news);
  const el = h('section.view.wide', { 'aria-labelledby': titleId }, navbar(symbol, backBtn, star.el), progress, cols);

  async function loadQuote() {
    page.quote = await get(`/stocks/${symbol}/quote`);
    if (!page.alive || !cols.isConnected) return;
    header.paintQuote();
    if (!cols.hidden) return;
    const focused = document.activeElement === document.body || el.contains(document.activeElement);
    progress.remove();
    cols.hidden = false;
    if (focused) header.head.querySelector('h1').focus({ preventScroll: true });
  }

  function onLive(q) {
    if (q.symbol !== symbol || !page.quote) return;
    page.quote = withLivePrice(page.quote, q);
    // While a finger is on the chart the header is the point's; letting go shows the live quote.
    if (prices.scrubbing()) return header.paintStats();
    header.paintQuote();
    if (page.chart && page.chart.isLive) prices.paint();
  }

  const fail = (e) => page.alive && progress.isConnected && showFailure(e, { symbol, back, progress, cols, star: star.el, retry: () => start() });
  const start = () =>
    marketStatus()
      .catch(() => null)
      .then((s) => (page.status = s))
      .then(() => Promise.all([loadQuote(), prices.load('1D')]))
      .catch(fail);
  start();
  company.load();
  portfolio.load().catch(() => {});
  star.load().catch(() => {});
  news.load();
  watch('stock', [symbol]);
  cleanup.push(onQuote(onLive));
  cleanup.push(onPoll(() => cols.isConnected && !cols.hidden && (loadQuote().catch(() => {}), page.range === '1D' && prices.load('1D'))));
  // While live, the 1D line gains a point each minute.
  const timer = setInterval(() => page.range === '1D' && page.chart?.isLive && !prices.scrubbing() && prices.load('1D'), 60000);

  return {
    el,
    title: symbol,
    destroy() {
      page.alive = false;
      clearInterval(timer);
      cleanup.forEach((f) => f());
      watch('stock', []);
    },
  };
}

// The screen's columns, hidden until the quote arrives. On a wide screen the header, charts,
// insights and news go down the left, the position, orders, stats and company down the right.
function detailColumns(header, chartCard, portfolio, orders, company, news) {
  return h('div.detail-cols', { hidden: true },
    h('div.col-a', header.head, chartCard),
    h('div.col-b', section('Portfolio', portfolio.el), section('Open Orders', orders.el), section('Stats', header.stats), section('About', company.about)),
    h('div.col-c', section('Insights', company.insights), section('News', news.el)),
  );
}

// The header (symbol, name, price, and its change over the range shown) and the Stats box:
// what the quote paints.
function quoteHeader(symbol, titleId, page) {
  const name = h('p.name');
  const price = h('p.price.num', { 'aria-live': 'polite', 'aria-atomic': 'true' });
  const rangeLabel = h('span.when', { 'data-testid': 'range-label' }, RANGE_LABELS[page.range]);
  const chg = h('p', h('span.change'), rangeLabel);
  const closed = h('p.market-closed', { 'data-testid': 'market-closed', hidden: true });
  const logo = h('img.logo', { src: logoURL(symbol), alt: '', width: 56, height: 56 });
  const head = h('div.detail-head', h('div.grow', h('h1.sym', { id: titleId, tabindex: '-1' }, symbol), name, price, chg, closed), logo);
  const stats = h('div.group.stats', { 'data-testid': 'stats' }, ['High Price', 'Low Price', 'Open Price', 'Prev. Close'].map((l) => h('div', h('span', l), h('b.num', '—'))));

  // The header's change agrees with the line under it: today's change against the previous
  // close on 1D, else from the range's first point (to the point under the finger while
  // scrubbing).
  function paintChange(to) {
    const { chart, range, quote } = page;
    const shown = !!chart && chart.range === range;
    if (!shown || (range === '1D' && to == null)) setChange(chg.firstChild, quote.change, quote.changePercent);
    else {
      const base = Number(chart.baseline ?? chart.points[0]?.price);
      const v = to ?? Number(quote.price);
      setChange(chg.firstChild, v - base, base ? ((v - base) / base) * 100 : 0);
    }
    // A closed market's day move is the last session's: named by its day unless it was today.
    const { status } = page;
    const lastSession = status && !status.isOpen && quote.time && !sameMarketDay(quote.time, status.time ?? Date.now());
    const over = shown ? range : '1D';
    rangeLabel.textContent = over === '1D' && lastSession ? weekday(quote.time) : RANGE_LABELS[over];
  }

  function paintQuote() {
    price.textContent = money(page.quote.price);
    const note = closedText(page.status);
    closed.hidden = !note;
    closed.textContent = note;
    paintChange();
    paintStats();
  }

  function paintStats() {
    const { quote } = page;
    const vals = [quote.high, quote.low, quote.open, quote.previousClose];
    [...stats.children].forEach((d, i) => (d.lastChild.textContent = money(vals[i])));
  }

  // While scrubbing: the price under the finger, and its change over the range.
  function paintScrubbed(v) {
    price.textContent = money(v);
    paintChange(v);
  }

  return { head, name, stats, paintChange, paintQuote, paintStats, paintScrubbed };
}

// The quote with a streamed price: its change, and the day's high and low stretched to it.
function withLivePrice(quote, q) {
  const p = Number(q.price);
  return { ...quote, price: q.price, change: q.change, changePercent: q.changePercent, high: String(Math.max(p, +quote.high)), low: String(Math.min(p, +quote.low)) };
}

// The Chart tab: the price line over a range, with the range buttons under it.
function priceChart(symbol, page, header) {
  const plotEl = h('div.chart', { 'data-testid': 'plot' });
  const plot = lineChart(plotEl, {
    label: `${symbol} price`,
    timeText: (t) => chartTime(t, page.range),
    // Scrubbing shows the price under the finger, and its change over the range, in the header.
    onScrub: (p) => {
      if (!p) return page.quote && header.paintQuote();
      header.paintScrubbed(p.v);
    },
  });
  const ranges = rangeButtons(RANGES, page.range, load);

  async function load(r) {
    page.range = r;
    ranges.press(r);
    plotEl.setAttribute('aria-busy', 'true');
    try {
      const c = await get(`/stocks/${symbol}/chart?range=${r}&points=${Math.min(600, Math.max(120, plotEl.clientWidth || 300))}`);
      if (!page.alive || r !== page.range) return;
      page.chart = { ...c, range: r };
      paint();
      if (page.quote && !plotEl.dataset.scrub) header.paintChange();
    } catch (e) {
      if (r === page.range) fill(plotEl, h('div.chart-empty', e.message));
    } finally {
      plotEl.removeAttribute('aria-busy');
    }
  }

  function paint() {
    const line = priceLine(page);
    ranges.classList.remove('up', 'down', 'flat');
    ranges.classList.add(line.dir);
    plotEl.dataset.dir = line.dir;
    plot.set(line);
  }

  return { plotEl, ranges, load, paint, scrubbing: () => !!plotEl.dataset.scrub };
}

// The line of the chart shown: while the market is open its last point is the live price; its
// direction is against the previous close (or the range's first point); 1D marks the session's
// hours.
function priceLine({ chart, status, quote, range }) {
  const pts = chart.points.map((p) => ({ t: Date.parse(p.time), v: Number(p.price) }));
  const base = chart.previousClose ?? chart.baseline;
  const session = status?.currentOrNextSession;
  const live = chart.isLive && !!status?.isOpen;
  if (live && quote && pts.length) pts[pts.length - 1].v = Number(quote.price);
  const first = base != null ? Number(base) : pts[0]?.v;
  return {
    points: pts,
    segments: chart.segments.map((s) => ({ first: s.firstIndex, last: s.lastIndex, label: s.label })),
    baseline: range === '1D' && chart.previousClose != null ? Number(chart.previousClose) : null,
    ticks: chart.ticks.map(Number),
    dir: dir((pts[pts.length - 1]?.v ?? 0) - first),
    live,
    end: range === '1D' && live && session ? Date.parse(session.close) : null,
    timeLabels: range === '1D' ? sessionHours(pts, live && session ? Date.parse(session.close) : Date.parse(chart.segments.at(-1)?.end ?? 0)) : null,
    step: 60000,
  };
}

// The Historical tab: daily (or weekly) candles over a window, asked for when first shown.
function candlePanel(symbol) {
  let candles = null;
  let candleWindow = 1;
  const candleEl = h('div.chart', { 'data-testid': 'candles' });
  const candle = candleChart(candleEl, { timeText: date });
  const legend = h('div.legend');
  const paintLegend = (resolution = 'D', period = 50) => {
    const unit = CANDLE_UNITS[resolution]?.[0] ?? 'bar';
    fill(legend, h('span', swatch('var(--green)'), `Up ${unit}`), h('span', swatch('var(--red)'), `Down ${unit}`), h('span', swatch('var(--orange)'), `SMA (${period})`), h('span', swatch('var(--label3)'), 'Volume'));
  };
  paintLegend();
  const windows = segmented(CANDLE_WINDOWS.map((w) => w[0]), candleWindow, (i) => ((candleWindow = i), paint()), { label: 'Candle period' });

  async function load() {
    try {
      const c = await get(`/stocks/${symbol}/candles`);
      candles = {
        candles: c.candles.map((b) => ({ t: Date.parse(b.time), o: +b.open, h: +b.high, l: +b.low, c: +b.close, vol: b.volume })),
        sma: c.movingAverage.map((v) => (v == null ? null : +v)),
        perYear: CANDLE_UNITS[c.resolution]?.[1] ?? 252,
      };
      paintLegend(c.resolution, c.movingAveragePeriod);
      paint();
    } catch (e) {
      fill(candleEl, h('div.chart-empty', e.message));
    }
  }
  function paint() {
    if (!candles) return;
    const n = Math.round(CANDLE_WINDOWS[candleWindow][1] * candles.perYear);
    const cs = candles.candles.slice(-n);
    const sma = candles.sma.slice(-n);
    candle.set({ candles: cs, sma, ticks: candleTicks(cs) });
  }

  return { candleEl, legend, windows, load, loaded: () => !!candles };
}

// About four price ticks at round values, from the lowest low to the highest high.
function candleTicks(cs) {
  const vals = cs.flatMap((c) => [c.l, c.h]);
  const lo = Math.min(...vals);
  const hi = Math.max(...vals);
  const step = tickStep((hi - lo) / 4);
  const ticks = [];
  for (let t = Math.ceil(lo / step) * step; t <= hi; t += step) ticks.push(t);
  return ticks;
}

// The chart card: a tab for the price line and one for the candles, which load when first
// opened (again after a failure).
function chartTabs(prices, candles) {
  const tabIds = [uid('tab'), uid('tab')];
  const panels = [
    h('div', { role: 'tabpanel', id: tabIds[0], 'aria-label': 'Chart' }, prices.plotEl, prices.ranges),
    h('div', { role: 'tabpanel', id: tabIds[1], 'aria-label': 'Historical', hidden: true }, candles.candleEl, candles.legend, candles.windows),
  ];
  const tabs = segmented(['Chart', 'Historical'], 0, (i) => {
    panels.forEach((p, j) => (p.hidden = i !== j));
    if (i === 1 && !candles.loaded()) candles.load();
  }, { tabs: true, label: 'Chart type' });
  tabs.buttons.forEach((b, i) => b.setAttribute('aria-controls', tabIds[i]));
  return h('div.chart-card', tabs, panels);
}

// The Portfolio box: the shares held (or sold short), what they cost (or brought) and are
// worth, and Trade (and Sell All, or Cover All for a short position).
function portfolioCard(symbol, page, afterTrade) {
  const box = h('div.skeleton');
  async function load() {
    const p = await get('/portfolio');
    if (!page.alive) return;
    const pos = p.positions.find((x) => x.symbol === symbol);
    const free = pos?.sharesAvailable ?? unsigned(pos?.shares);
    // The name and prices as they are when the sheet opens, not when the box was filled.
    const trade = (qty) => openTrade({ symbol, name: page.profile?.name ?? symbol, price: page.quote?.price ?? pos?.price ?? '0', bid: page.quote?.bid, ask: page.quote?.ask, cash: p.buyingPower ?? p.cash, held: pos?.shares, free, qty, status: page.status, margin: p.margin?.shortingEnabled, onDone: afterTrade });
    const tradeBtn = h('button.btn.green.trade-btn', { onclick: () => trade() }, 'Trade');
    // Opens the sheet with every share free to sell (open sales hold the rest), for one tap on
    // Sell; for a short position, every share to buy back, for one tap on Buy to Cover.
    const short = Number(pos?.shares) < 0;
    const sellAll = pos ? h('button.btn', { disabled: !(Number(free) > 0), onclick: () => trade(free) }, short ? 'Cover All' : 'Sell All') : null;
    box.className = '';
    fill(box, h('div.group.position-card', positionFigures(symbol, pos), h('div.trade-col', tradeBtn, sellAll)));
  }
  return { el: box, load };
}

function positionFigures(symbol, pos) {
  if (!pos) return h('div.figures', h('p.start', { 'data-testid': 'no-position' }, `You have 0 shares of ${symbol}. Start trading!`));
  // A short position: the shares owed, the price they were sold at and what the sale brought;
  // its market value is negative, and it gains as the price falls.
  const short = Number(pos.shares) < 0;
  return h('div.figures', { 'data-testid': 'position' },
    short ? kv('Position', holding(pos.shares)) : kv('Shares Owned', shares(pos.shares)),
    kv(short ? 'Avg. Sale / Share' : 'Avg. Cost / Share', money(pos.avgCost)),
    short ? kv('Short Proceeds', money(unsigned(pos.totalCost))) : kv('Total Cost', money(pos.totalCost)),
    h('div.row.kv', h('span.grow', 'Change'), h(`span.end.num.${dir(pos.changeFromCost)}`, money(pos.changeFromCost))),
    h('div.row.kv', h('span.grow', 'Market Value'), h(`span.end.num.${dir(pos.changeFromCost)}`, money(pos.marketValue))),
  );
}

// The About box (IPO, industry, webpage, peers) and Insights, from the company's profile; the
// name goes to the header and the page's title.
function companyProfile(symbol, page, header) {
  const about = h('div.group', h('div.skeleton'));
  const insightsBox = h('div.skeleton.tall');
  async function load() {
    const profile = (page.profile = await get(`/stocks/${symbol}/profile`));
    if (!page.alive) return;
    header.name.textContent = profile.name;
    document.title = `${symbol} · ${profile.name} – Raven`;
    const peers = h('div.peers');
    const acts = h('div', { 'data-testid': 'corporate-actions' });
    fill(
      about,
      kv('IPO Start Date', profile.ipo ? day(profile.ipo) : '—'),
      kv('Industry', profile.industry),
      acts,
      h('div.row.kv', h('span.grow', 'Webpage'), profile.webURL ? h('a.end', { href: profile.webURL, target: '_blank', rel: 'noopener noreferrer' }, profile.webURL.replace(/^https?:\/\/(www\.)?/, '').replace(/\/$/, '')) : h('span.end', '—')),
      h('div.row.peers-row', h('span', 'Company Peers'), peers),
    );
    // The dividend yield, the next dividend and the last split, where a source serves them.
    get(`/stocks/${symbol}/corporate-actions`).then((c) => {
      const next = c.nextDividend;
      c.source && fill(acts, kv('Dividend Yield', c.dividendYield ? `${c.dividendYield}%` : 'None'),
        next && kv('Next Dividend', `${money(next.rate)} · ex ${day(next.exDate)}, pays ${day(next.payableDate)}`),
        c.lastSplit && kv('Last Split', `${c.lastSplit.ratio} on ${day(c.lastSplit.exDate)}`));
    }).catch(() => {});
    get(`/stocks/${symbol}/peers`).then(({ peers: list }) => fill(peers, list.map((p) => h('a.chip', { href: `#/stock/${p}` }, p)))).catch(() => {});
    insightsBox.className = '';
    insights(symbol, profile.name, insightsBox);
  }
  return {
    about,
    insights: insightsBox,
    // No company profile (an ETF at Finnhub) is not an unknown symbol: About says so.
    load: () => load().catch((e) => page.alive && fill(about, h('p.empty', e.status === 404 ? 'No company profile for this symbol.' : e.message))),
  };
}

// A calendar day ("2026-11-20") as "Nov 20, 2026".
const day = (d) => date(`${d}T12:00:00Z`);

// The News box: the stock's latest articles, or why there are none.
function newsBox(symbol) {
  const box = h('div.skeleton.tall', { 'data-testid': 'news' });
  async function load() {
    try {
      const { articles } = await get(`/stocks/${symbol}/news`);
      box.className = '';
      fill(box, newsList(articles));
    } catch (e) {
      fill(box, h('p.empty', e.message));
    }
  }
  return { el: box, load };
}

// The star in the navigation bar: on at once when tapped, off again if the server refuses.
function favoriteStar(symbol) {
  let favorite = false;
  const star = h('button.nav-btn.star', { 'aria-pressed': 'false', 'aria-label': 'Add to Favorites', disabled: true, onclick: toggle }, icon('star'));
  function paint() {
    star.setAttribute('aria-pressed', String(favorite));
    star.setAttribute('aria-label', favorite ? 'Remove from Favorites' : 'Add to Favorites');
    fill(star, icon(favorite ? 'starFill' : 'star'));
  }
  async function toggle() {
    favorite = !favorite;
    paint();
    toast(favorite ? `Adding ${symbol} to Favorites` : `Removing ${symbol} from Favorites`);
    try {
      await (favorite ? put : del)(`/watchlist/${symbol}`);
    } catch (e) {
      favorite = !favorite;
      paint();
      toast(e.message);
    }
  }
  // The star can be tapped once the watchlist says whether the stock is on it.
  async function load() {
    const { items } = await get('/watchlist');
    favorite = items.some((i) => i.symbol === symbol);
    paint();
    star.disabled = false;
  }
  return { el: star, load };
}

// The first load failed: an unknown symbol gets a screen that says so, and a way back; anything
// else, a retry.
function showFailure(e, { symbol, back, progress, cols, star, retry }) {
  if (e.status === 404) {
    star.hidden = true;
    cols.remove();
    return fill(progress, h('div.not-found', { 'data-testid': 'unknown-symbol' }, h('h2', `No stock called ${symbol}`), h('p', 'Check the symbol, or search by company name.'), h('button.btn.primary', { onclick: () => back() }, 'Back to Stocks')));
  }
  fill(progress, h('p', e.message), h('button.btn', { onclick: () => (fill(progress, spinner(), 'Fetching Data...'), retry()) }, 'Try Again'));
}

// A session's hours along a 1D chart: its open ("9:30"), then every other full hour to the
// close ("11 AM", "1 PM", "3 PM").
const hour = fmt({ hour: 'numeric' });
const hourMinute = fmt({ hour: 'numeric', minute: '2-digit' });
function sessionHours(pts, close) {
  if (!pts.length) return null;
  const open = pts[0].t;
  const labels = [{ t: open, label: hourMinute.format(open).replace(/ [AP]M$/, '') }];
  const firstHour = Math.ceil(open / 3600000) * 3600000;
  for (let t = firstHour + 3600000; t < (close || open) - 1800000; t += 2 * 3600000) labels.push({ t, label: hour.format(t) });
  return labels;
}
