// Raven's web app: routes by the URL fragment (#/, #/stock/AAPL, #/performance, #/goals, #/history).
import { get, post, staleData, offline, forgetAnswers } from './api.js';
import { $, $$, h } from './dom.js';
import { ago } from './format.js';
import { createAuth } from './auth.js';
import { createHome } from './home.js';
import { createStock } from './stock.js';
import { createGoals } from './goals.js';
import { createHistory } from './history.js';
import { createPerformance } from './performance.js';
import { stop, keepOpen } from './stream.js';
import { toastFills } from './orders.js';
import { closeSheets } from './ui.js';
import { tabSwipe } from './tabswipe.js';

const views = $('#views');
const tabbar = $('.tabbar');
let user = null;
let home = null;
// The view on screen (home stays alive when hidden)
let current = null;
let homeScroll = 0;
let depth = 0;
// The screens the user came through to this one, oldest first: a tab starts it afresh, a stock
// adds to it, and going back (the Back button, the browser's, a swipe) returns along it.
let trail = [];
// The next screen slides in from the left (a swipe to an earlier tab)
let swipedBack = false;

const parse = (hash = location.hash) => {
  const [name = '', arg] = hash.replace(/^#\/?/, '').split('/');
  return { name: name || 'home', arg: arg && decodeURIComponent(arg).toUpperCase() };
};
export const go = (hash) => (location.hash = hash);

function show(view, { back, focus = true } = {}) {
  if (current === home && view !== home) homeScroll = scrollY;
  if (current && current !== view) {
    current.destroy?.();
    if (current === home) home.el.hidden = true;
    else current.el.remove();
  }
  current = view;
  // The tabs' screens take the sideways swipe between them (tabswipe.js).
  view.el.classList.toggle('tab', !!user && ['home', 'goals', 'history'].includes(parse().name));
  if (!view.el.isConnected) views.append(view.el);
  view.el.hidden = false;
  view.el.classList.toggle('back', !!back);
  // Restart the push/pop animation.
  view.el.style.animation = 'none';
  void view.el.offsetWidth;
  view.el.style.animation = '';
  document.title = `${view.title} – Raven`;
  scrollTo(0, view === home && back ? homeScroll : 0);
  if (focus) (view.focus ?? (() => view.el.querySelector('h1')?.focus({ preventScroll: true })))();
}

function route() {
  const { name, arg } = parse();
  // Sheets belong to the screen they were opened on.
  closeSheets();
  tabbar.hidden = !user;
  if (!user) return show(createAuth(signedIn), { focus: false });
  // Signed in: the stream stays open for order changes, and a resting order's fill is toasted.
  keepOpen();
  // A stock and Performance are pushed over Home.
  const pushed = name === 'stock' || name === 'performance';
  const tab = pushed ? 'home' : name;
  $$('a', tabbar).forEach((a) => (a.dataset.tab === tab ? a.setAttribute('aria-current', 'page') : a.removeAttribute('aria-current')));
  const d = pushed ? 1 : 0;
  const hash = location.hash || '#/';
  const popped = trail.length > 1 && trail[trail.length - 2] === hash;
  if (popped) trail.pop();
  else if (pushed) trail.push(hash);
  else trail = [hash];
  const back = popped || d < depth || swipedBack;
  swipedBack = false;
  depth = d;
  if (!home) home = createHome({ go, user, signOut });
  if (name === 'stock' && arg) {
    // Back returns the way the user came (a peer to its stock, a stock to Home), through the
    // browser's history; a stock opened from its address has Home behind it.
    const from = trail.length > 1 ? parse(trail[trail.length - 2]) : null;
    const backLabel = from?.name === 'stock' ? from.arg : 'Stocks';
    show(createStock(arg, { back: () => (from ? history.back() : go('#/')), backLabel, onTrade: () => home.refresh() }), { back });
  } else if (name === 'performance') show(createPerformance({ back: () => (trail.length > 1 ? history.back() : go('#/')) }), { back });
  else if (name === 'goals') show(createGoals());
  else if (name === 'history') show(createHistory());
  else {
    show(home, { back, focus: !back });
    home.show(back);
  }
}

toastFills();

function signedIn(u) {
  user = u;
  route();
}

function signedOut() {
  user = null;
  forgetAnswers();
  showFreshness();
  stop();
  home?.el.remove();
  home = null;
  current?.el.remove();
  current = null;
  go('#/');
  route();
}

async function signOut() {
  try {
    await post('/auth/logout');
  } catch {
    // Signed out already.
  }
  signedOut();
}

// Market data served from a provider's last good value (it is down, or its budget is spent)
// and over a minute old: said so above the screen. Younger stale data is as good as live.
const staleBanner = h('div.stale', { role: 'status', 'data-testid': 'stale-data', hidden: true });
views.before(staleBanner);
function showFreshness() {
  if (user && offline) {
    staleBanner.hidden = false;
    staleBanner.textContent = 'You are offline: this is the last data Raven had.';
    return;
  }
  const stale = user && staleData();
  const now = Date.now();
  staleBanner.hidden = !stale || now - stale.since < 60000;
  if (staleBanner.hidden) return;
  const from = stale.sources.length ? ` from ${stale.sources.join(' and ')}` : '';
  staleBanner.textContent = `Market data${from} is delayed: last updated ${ago(stale.since, now)}.`;
}
addEventListener('raven:freshness', showFreshness);
setInterval(showFreshness, 15000);

addEventListener('hashchange', route);
tabSwipe(views, () => user && parse().name, (tab, towardsStart) => {
  swipedBack = towardsStart;
  go(tab === 'home' ? '#/' : `#/${tab}`);
});
addEventListener('raven:signedout', () => user && signedOut());
// Back online: the session is asked for again (a revoked one shows Sign In), Home refreshed.
addEventListener('online', () => user && get('/me').then(() => home?.refresh(), () => {}));

get('/me')
  .then((u) => (user = u))
  .catch(() => (user = null))
  .finally(() => {
    $('#boot')?.remove();
    route();
    showFreshness();
  });

if ('serviceWorker' in navigator) addEventListener('load', () => navigator.serviceWorker.register('/sw.js').catch(() => {}));
