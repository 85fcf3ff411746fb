// Home: the date, search, the portfolio (net worth chart, cash, a margin account's figures,
// positions) and favorites, live.
import { get, put, del, marketStatus } from './api.js';
import { h, icon, fill, spinner, loading, uid } from './dom.js';
import { money, holding, unsigned, change, setChange, dir, calendarDay, chartTime, dec, mul, add, sub, dollars, RANGE_LABELS } from './format.js';
import { lineChart, sparkline } from './chart.js';
import { createSearch } from './search.js';
import { grip, reveal, swipeToDelete, announce } from './lists.js';
import { navbar, section, toast, rangeButtons } from './ui.js';
import { openSettings } from './settings.js';
import { newsList } from './news.js';
import { openAccounts, shownAccount } from './accounts.js';
import { watch, onQuote, onPoll } from './stream.js';

export function createHome({ go, user, signOut }) {
  const body = h('div.home-body', { 'aria-busy': 'true' }, loading());
  // The screen's data, and the parts that show it, for the functions below that paint them.
  const home = { portfolio: null, favorites: null, history: null, range: '1D', status: null, account: null, editing: false, rows: new Map(), paintSpark: sparkPainter(), body, reload: () => load(false) };
  home.hero = netWorthHero(home);
  home.news = h('div');

  const editBtn = h('button.nav-btn', { type: 'button', hidden: true, onclick: () => setEditing(!home.editing) }, 'Edit');
  const account = h('button.nav-btn', { type: 'button', 'aria-label': `Account: ${user.username}`, onclick: accountSheet }, icon('person'));
  const titleId = uid('t');
  const dateEl = h('p.subtitle', { 'data-testid': 'today' });
  const search = createSearch((sym) => go(`#/stock/${sym}`), searchFavorites(home));
  const el = h('section.view', { 'aria-labelledby': titleId }, navbar('Stocks', account, editBtn), h('div.home-top', h('h1.large-title', { id: titleId, tabindex: '-1' }, 'Stocks'), dateEl), search.el, body);

  async function load(first) {
    try {
      const [p, w, hist, st, a] = await Promise.all([get('/portfolio'), get('/watchlist'), loadHistory(home), marketStatus(!first), get('/accounts')]);
      home.portfolio = p;
      home.account = shownAccount(a.accounts);
      home.hero.name(home.account);
      home.favorites = w.items;
      if (hist.range === home.range) home.history = hist;
      home.status = st;
      dateEl.textContent = calendarDay(st.date);
      if (first || !showsSameSymbols(home)) render();
      else updateHome(home);
      watch('home', watchedSymbols(home));
    } catch (e) {
      if (first) fill(body, h('div.loading', { role: 'alert' }, e.message, h('button.btn', { type: 'button', onclick: () => (fill(body, h('div.loading', spinner(), 'Fetching Data...')), load(true)) }, 'Try Again')));
    }
  }

  function render() {
    editBtn.hidden = false;
    renderHome(home);
  }

  function setEditing(on) {
    home.editing = on;
    editBtn.textContent = on ? 'Done' : 'Edit';
    editBtn.style.fontWeight = on ? '600' : '';
    el.classList.toggle('editing', on);
    render();
  }

  function accountSheet() {
    openSettings({ user, signOut, onChange: () => load(false) });
  }

  // Another account chosen: its books, from the top.
  addEventListener('raven:account', () => ((home.history = null), load(true)));
  // Margin turned on or off in Settings: its figures come or go.
  addEventListener('raven:margin', () => load(false));
  onQuote((q) => applyLiveQuote(home, q));
  onPoll(() => !el.hidden && load(false));
  // The chart gains a point every five minutes.
  setInterval(() => home.portfolio && !el.hidden && home.status?.isOpen && loadHistory(home).then((x) => ((home.history = x), home.hero.redraw())).catch(() => {}), 60000);
  load(true);

  return {
    el,
    title: 'Stocks',
    show(back) {
      if (home.portfolio) load(false);
      if (back) search.restore();
    },
    refresh: () => load(false),
  };
}

// Search results can be starred in place: the star adds or removes a favorite, and Home follows.
function searchFavorites(home) {
  return {
    has: (sym) => !!home.favorites?.some((f) => f.symbol === sym),
    async toggle(sym, on) {
      try {
        await (on ? put : del)(`/watchlist/${sym}`);
        toast(on ? `Adding ${sym} to Favorites` : `Removing ${sym} from Favorites`);
        home.reload();
        return true;
      } catch (e) {
        toast(e.message);
        return false;
      }
    },
  };
}

const watchedSymbols = (home) => [...new Set([...home.portfolio.positions.map((p) => p.symbol), ...home.favorites.map((f) => f.symbol)])];
const showsSameSymbols = (home) => {
  const have = [...home.rows.keys()].sort().join();
  return have === watchedSymbols(home).sort().join() && !!home.body.querySelector('.hero');
};

const loadHistory = (home) => get(`/portfolio/history?range=${home.range}`);

// The hero: net worth now (or where the finger is) over the range's chart, Robinhood's ranges under it.
function netWorthHero(home) {
  // The account shown, above its net worth: tapping it opens the accounts sheet.
  const accountLabel = h('span');
  const accountName = h('button.account-name', { type: 'button', hidden: true, 'data-testid': 'account-name', onclick: openAccounts }, accountLabel, h('span.caret', { 'aria-hidden': 'true' }, '▾'));
  const worth = h('div.big.num', { 'aria-live': 'off' });
  const worthChange = h('span.change');
  const worthWhen = h('span.when', 'Today');
  const chartEl = h('div.chart');
  const chart = lineChart(chartEl, {
    label: 'Net worth',
    // 0.2%: $50 on $25,000
    minSpan: 0.002,
    timeText: (t) => chartTime(t, home.range),
    onScrub: (p) => {
      if (!p) return paint();
      worth.textContent = money(p.v);
      const base = Number(home.history.baseline ?? home.history.points[0]?.value ?? p.v);
      setChange(worthChange, p.v - base, base ? ((p.v - base) / base) * 100 : 0);
      worthWhen.textContent = chartTime(p.t, home.range);
    },
  });
  const ranges = rangeButtons(['1D', '1W', '1M', '3M', 'YTD', '1Y', 'ALL'], home.range, pick);
  async function pick(r) {
    home.range = r;
    ranges.press(r);
    const x = await loadHistory(home).catch((e) => toast(e.message));
    if (x && r === home.range) (home.history = x), paint(), redraw();
  }
  function redraw() {
    const line = netWorthLine(home);
    ranges.className = `ranges ${line.dir}`;
    chart.set(line);
  }

  // Live figures, unless a finger is on the chart: then the header is the point's until it lifts.
  function paint() {
    if (chartEl.dataset.scrub) return;
    const nw = netWorth(home.portfolio);
    worth.textContent = money(nw);
    const base = Number(home.history?.baseline ?? nw);
    setChange(worthChange, nw - base, base ? ((nw - base) / base) * 100 : 0);
    worthWhen.textContent = RANGE_LABELS[home.range];
  }

  return {
    // A new box on each render, around the same figures and chart.
    box: () => h('div.hero', accountName, h('div.label', 'Net Worth'), worth, h('div', worthChange, worthWhen), chartEl, ranges),
    name(account) {
      accountName.hidden = !account;
      accountLabel.textContent = account?.name ?? '';
      accountName.setAttribute('aria-label', `${account?.name}: switch accounts`);
    },
    paint,
    redraw,
    scrubbing: () => !!chartEl.dataset.scrub,
  };
}

function netWorth(portfolio) {
  let total = dec(portfolio.cash);
  for (const p of portfolio.positions) total = add(total, dec(p.marketValue));
  return dollars(total);
}

// The range's line of net worth: while the market is open, its last point is the live total;
// on 1D, measured from the previous close to the session's close.
function netWorthLine({ portfolio, history, status, range }) {
  const pts = history.points.map((p) => ({ t: Date.parse(p.time), v: Number(p.value) }));
  if (status?.isOpen && pts.length) pts[pts.length - 1] = { ...pts[pts.length - 1], v: netWorth(portfolio) };
  const day = range === '1D';
  const base = history.baseline != null ? Number(history.baseline) : null;
  const lastV = pts.length ? pts[pts.length - 1].v : 0;
  const session = status?.currentOrNextSession;
  // Five-minute points after the previous close's.
  return { points: pts, baseline: day ? base : null, baselineLabel: 'Previous close', dir: dir(lastV - (base ?? lastV)), live: !!status?.isOpen, end: day && status?.isOpen && session ? Date.parse(session.close) : null, step: day ? 300000 : null };
}

// The Portfolio and Favorites sections, built anew: on the first load, when the symbols
// change, and into and out of editing.
function renderHome(home) {
  const { portfolio, favorites, body, hero } = home;
  home.rows.clear();
  home.cashLabel = h('span.grow');
  home.cash = h('span.end.num', { 'data-testid': 'cash' });
  const cash = h('div.row.kv', home.cashLabel, home.cash);
  home.margin = h('div.stats.margin-figures', { role: 'group', 'aria-label': 'Margin' });
  const posList = h('ul.list', { 'aria-label': 'Positions', 'data-list': 'portfolio' }, portfolio.positions.map((p) => positionRow(home, p)));
  const favList = h('ul.list', { 'aria-label': 'Favorites', 'data-list': 'favorites' }, favorites.map((f) => favoriteRow(home, f)));
  fill(
    body,
    section('Portfolio', h('div.group', hero.box(), performanceLink(), cash, home.margin, posList, portfolio.positions.length ? null : h('p.empty', 'No stocks yet. Search for one to start trading.'))),
    section('Favorites', h('div.group', favList, h('p.empty', { hidden: favorites.length > 0, 'data-empty': 'favorites' }, 'No favorites yet. Tap ☆ on a stock to add it.'))),
    home.news,
    attributionFooter(),
  );
  loadNews(home);
  body.removeAttribute('aria-busy');
  paintCash(home);
  paintMargin(home);
  hero.paint();
  hero.redraw();
}

// Net worth's next question, "how am I doing against the market?": the Performance screen.
const performanceLink = () => h('a.row', { href: '#/performance', 'data-testid': 'performance-link' }, h('span.grow', 'Performance'), h('span.sub', 'You vs. the market'), icon('chev'));

// The news of the holdings and favorites, newest first (fetched again when they change).
async function loadNews(home) {
  const symbols = watchedSymbols(home).slice(0, 6);
  if (symbols.join() === home.newsOf) return;
  home.newsOf = symbols.join();
  const found = await Promise.all(symbols.map((s) => get(`/stocks/${s}/news`).then((x) => x.articles, () => [])));
  const seen = new Set();
  const articles = found.flat().filter((a) => !seen.has(a.id) && seen.add(a.id));
  articles.sort((a, b) => (a.publishedAt < b.publishedAt ? 1 : -1));
  fill(home.news, symbols.length ? section('News', newsList(articles.slice(0, 6))) : null);
}

// Values only: rows stay where they are (no re-render while someone drags one).
function updateHome(home) {
  const { portfolio, rows, body, hero } = home;
  for (const p of portfolio.positions) paintPosition(rows, p);
  for (const f of home.favorites) paintFavorite(rows, f);
  if (!home.editing) body.querySelectorAll('li[data-symbol] [data-testid=sparkline]').forEach((box) => home.paintSpark(box.closest('li').dataset.symbol, box));
  paintCash(home);
  paintMargin(home);
  hero.paint();
  hero.redraw();
}

// Cash, or on a margin account the cash borrowed (cash below zero).
function paintCash(home) {
  const borrowed = home.portfolio.cash < 0;
  home.cashLabel.textContent = borrowed ? 'Borrowed' : 'Cash Balance';
  home.cash.textContent = money(borrowed ? unsigned(home.portfolio.cash) : home.portfolio.cash);
}

// A margin account's figures (none for a cash account): buying power, equity (the live net
// worth), the maintenance margin, and the cushion above it (below zero, a margin call sells
// positions at the next minute).
function paintMargin(home) {
  const m = home.portfolio.margin;
  home.margin.hidden = !m;
  if (!m) return;
  const equity = netWorth(home.portfolio);
  const cushion = equity - m.maintenanceMargin;
  const tile = (label, value) => h('div', h('span', label), h(value < 0 ? 'b.num.down' : 'b.num', money(value)));
  fill(home.margin, tile(`Buying Power · ${m.multiplier}×`, home.portfolio.buyingPower), tile('Equity', equity), tile('Maintenance', m.maintenanceMargin), tile('Margin Cushion', cushion));
}

// A list's row: a link to the stock, or while editing a row to reorder (and a favorite's minus,
// which reveals Delete). The caller fills li.row, then adds its tail.
function listRow(home, symbol, kind, listName) {
  const li = h('li.list-row', { 'data-symbol': symbol });
  const row = home.editing ? h('div.row.stock-row') : h('a.row.stock-row', { href: `#/stock/${symbol}` });
  li.append(row);
  if (home.editing && kind === 'favorite') row.append(h('button.minus', { type: 'button', 'aria-label': `Delete ${symbol}`, onclick: () => reveal(li, !li.classList.contains('revealed')) }, icon('minus')));
  li.row = row;
  // Every row links on, with HW9's chevron; in editing, a grip instead.
  li.tail = () => row.append(home.editing ? grip(li, symbol, (order) => reorder(home, listName, order)) : icon('chev'));
  return li;
}

function positionRow(home, p) {
  const li = listRow(home, p.symbol, 'position', 'portfolio');
  const value = h('div.price.num', money(p.marketValue));
  const chg = change(p.changeFromCost, p.changeFromCostPercent);
  const count = h('div.sub', holding(p.shares));
  li.row.append(h('div.grow', h('div.title', p.symbol), count), h('div.end', value, chg));
  li.tail();
  addRow(home.rows, p.symbol, { kind: 'position', value, chg, count, li });
  return li;
}

function favoriteRow(home, f) {
  const li = listRow(home, f.symbol, 'favorite', 'favorites');
  const price = h('div.price.num', f.price != null ? money(f.price) : '—');
  const chg = change(f.change ?? 0, f.changePercent ?? 0);
  const spark = h('div.spark', { 'aria-hidden': 'true', 'data-testid': 'sparkline' });
  // Editing leaves the sparkline out (the DOM's own append would write a null as "null").
  li.row.append(h('div.grow', h('div.title', f.symbol), h('div.sub', f.name)), ...(home.editing ? [] : [spark]), h('div.end', price, chg));
  if (!home.editing) home.paintSpark(f.symbol, spark);
  li.tail();
  li.append(h('button.swipe-del', { type: 'button', tabindex: '-1', onclick: () => removeFavorite(home, f.symbol, li) }, 'Delete'));
  swipeToDelete(li, () => removeFavorite(home, f.symbol, li));
  addRow(home.rows, f.symbol, { kind: 'favorite', price, chg, li });
  return li;
}

// rows: symbol → the refs of its rows ({kind, ...}); a stock held and a favorite has two.
function addRow(rows, symbol, refs) {
  if (!rows.has(symbol)) rows.set(symbol, []);
  rows.get(symbol).push(refs);
}

function paintPosition(rows, p) {
  for (const r of rows.get(p.symbol) ?? []) {
    if (r.kind !== 'position') continue;
    r.value.textContent = money(p.marketValue);
    setChange(r.chg, p.changeFromCost, p.changeFromCostPercent);
    r.count.textContent = holding(p.shares);
  }
}
function paintFavorite(rows, f) {
  for (const r of rows.get(f.symbol) ?? []) {
    if (r.kind !== 'favorite') continue;
    r.price.textContent = f.price != null ? money(f.price) : '—';
    setChange(r.chg, f.change ?? 0, f.changePercent ?? 0);
  }
}

// The day's line of a favorite, drawn small; asked for once a minute at most.
function sparkPainter() {
  // symbol → {at, data: Promise<{points, base}>}
  const sparks = new Map();
  return async function paintSpark(symbol, box) {
    let spark = sparks.get(symbol);
    if (!spark || Date.now() - spark.at > 60000) {
      const data = get(`/stocks/${encodeURIComponent(symbol)}/chart?range=1D&points=60`).then((c) => ({ points: c.points.map((p) => Number(p.price)), base: Number(c.previousClose ?? c.baseline ?? c.points[0]?.price) }));
      spark = { at: Date.now(), data };
      sparks.set(symbol, spark);
      data.catch(() => sparks.delete(symbol));
    }
    try {
      const { points, base } = await spark.data;
      fill(box, sparkline(points, base));
    } catch {
      // The row shows its price and change without the line.
    }
  };
}

// A live quote: new price, value and change for its rows; net worth follows.
function applyLiveQuote(home, q) {
  if (!home.portfolio) return;
  const p = home.portfolio.positions.find((x) => x.symbol === q.symbol);
  if (p) {
    revalue(p, q.price);
    paintPosition(home.rows, p);
    paintMargin(home);
    home.hero.paint();
    if (!home.hero.scrubbing() && home.history) home.hero.redraw();
  }
  const f = home.favorites.find((x) => x.symbol === q.symbol);
  if (f) {
    Object.assign(f, { price: q.price, change: q.change, changePercent: q.changePercent });
    paintFavorite(home.rows, f);
  }
}

// A position at a new price: its value, and its change from cost, in exact decimals. A short
// position's value and cost (its proceeds) are negative: it gains as the price falls, and its
// percent is of the proceeds.
function revalue(p, price) {
  const mv = mul(dec(p.shares), dec(price));
  const diff = sub(mv, dec(p.totalCost));
  const cost = Math.abs(Number(p.totalCost));
  p.price = price;
  p.marketValue = dollars(mv).toFixed(2);
  p.changeFromCost = dollars(diff).toFixed(2);
  p.changeFromCostPercent = cost ? ((dollars(diff) / cost) * 100).toFixed(2) : '0';
}

async function reorder(home, list, symbols) {
  try {
    await put(`/${list === 'portfolio' ? 'portfolio' : 'watchlist'}/order`, { symbols });
    const src = list === 'portfolio' ? home.portfolio.positions : home.favorites;
    src.sort((a, b) => symbols.indexOf(a.symbol) - symbols.indexOf(b.symbol));
  } catch (e) {
    toast(e.message);
    home.reload();
  }
}

async function removeFavorite(home, symbol, li) {
  try {
    await del(`/watchlist/${symbol}`);
    home.favorites = home.favorites.filter((f) => f.symbol !== symbol);
    li.remove();
    const { rows } = home;
    rows.set(symbol, (rows.get(symbol) ?? []).filter((r) => r.kind !== 'favorite'));
    if (!rows.get(symbol).length) rows.delete(symbol);
    home.body.querySelector('[data-empty="favorites"]').hidden = home.favorites.length > 0;
    announce(`Removed ${symbol} from Favorites`);
    watch('home', watchedSymbols(home));
  } catch (e) {
    toast(e.message);
  }
}

// Who the data comes from, as HW9's "Powered by Finnhub.io": each source links to its site
// (the simulated market to Raven's page about it).
function attributionFooter() {
  const foot = h('p.foot', { 'data-testid': 'attribution' }, 'Market data');
  get('/market/providers')
    .then(({ providers, sources }) => {
      const lines = dataCredits(providers, sources ?? {});
      if (!lines.length) return;
      const parts = ['Powered by '];
      lines.forEach(({ a, what }, i) => {
        if (i) parts.push(i === lines.length - 1 ? ' and ' : ', ');
        parts.push(h('a', { href: a.url ?? '#/', target: '_blank', rel: 'noopener noreferrer' }, siteName(a)));
        if (what && lines.length > 1) parts.push(` (${what.toLowerCase()})`);
      });
      const simulated = lines.some(({ a }) => a.isSimulated);
      fill(foot, ...parts, simulated ? (lines.length > 1 ? '. Simulated data is made up.' : '. Prices, news and insights are simulated.') : '.');
    })
    .catch(() => {});
  return foot;
}

// "Finnhub.io" for finnhub.io: a provider named as its site is known.
const siteName = (a) => (/finnhub/i.test(a.name) ? 'Finnhub.io' : a.name);

// Who serves what, in the providers' order: one line when a single source serves everything.
function dataCredits(providers, sources) {
  const label = { quote: 'Quotes', search: 'search', profile: 'profiles', bars: 'charts', news: 'news', peers: 'peers', recommendation_trends: 'insights', earnings: 'insights', social_sentiment: 'insights', market_status: 'market hours' };
  const byName = new Map();
  for (const [kind, a] of Object.entries(sources)) {
    if (!byName.has(a.name)) byName.set(a.name, { a, kinds: new Set() });
    byName.get(a.name).kinds.add(label[kind] ?? kind);
  }
  const order = providers.map((p) => p.attribution.name);
  const lines = [...byName.values()].sort((x, y) => order.indexOf(x.a.name) - order.indexOf(y.a.name));
  if (lines.length <= 1) return lines.length ? [{ a: lines[0].a }] : providers[0] ? [{ a: providers[0].attribution }] : [];
  return lines.map(({ a, kinds }) => {
    const words = [...kinds].map((w) => w.toLowerCase());
    const what = words.length > 1 ? `${words.slice(0, -1).join(', ')} and ${words.at(-1)}` : words[0];
    return { a, what: what.charAt(0).toUpperCase() + what.slice(1) };
  });
}
