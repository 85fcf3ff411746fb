// History: the user's trades, dividends and splits, newest first, a page at a time; and their orders, with each
// one's status and fills (fills that came while the user was away marked so).
import { get } from './api.js';
import { h, fill, loading, uid } from './dom.js';
import { money, shares, sharesText, longDate, time, dir } from './format.js';
import { navbar, section, segmented } from './ui.js';
import { describe, statusName, lastSeen, typeLabel } from './orders.js';
import { onOrder } from './stream.js';

export function createHistory() {
  const titleId = uid('t');
  const panel = h('div');
  const tabs = segmented(['Trades', 'Orders'], 0, (i) => show(i), { tabs: true, label: 'History' });
  const el = h('section.view', { 'aria-labelledby': titleId }, navbar('History'), h('h1.large-title', { id: titleId, tabindex: '-1' }, 'History'), tabs, panel);
  let current = null;
  let stopOrders = null;

  function show(i) {
    stopOrders?.();
    stopOrders = null;
    current = i === 0 ? pages(tradesPage) : pages(ordersPage);
    if (i === 1) stopOrders = onOrder(() => show(1));
    fill(panel, current);
  }

  show(0);
  return { el, title: 'History', destroy: () => stopOrders?.() };
}

/** A list loaded a page at a time: `load(cursor)` appends rows, returns the next cursor. */
function pages(load) {
  const body = h('div', { 'aria-busy': 'true' }, loading());
  const more = h('button.btn.more', { type: 'button', onclick: () => next() }, 'Load More');
  const state = { cursor: null, lastDay: null, list: null, started: false };
  async function next() {
    more.disabled = true;
    try {
      state.cursor = await load(body, state);
      body.removeAttribute('aria-busy');
      if (state.cursor) body.append(more);
      else more.remove();
    } catch (e) {
      body.removeAttribute('aria-busy');
      // What went wrong in place of the progress (or under the rows so far), and a way to retry.
      const retry = () => (failure.remove(), state.started || fill(body, loading()), body.setAttribute('aria-busy', 'true'), next());
      const failure = h('div.load-failed', { role: 'alert' }, h('p', e.message), h('button.btn', { type: 'button', onclick: retry }, 'Try Again'));
      if (state.started) (more.remove(), body.append(failure));
      else fill(body, failure);
    } finally {
      more.disabled = false;
    }
  }
  next();
  return body;
}

function dayList(body, state, day, testid) {
  if (day !== state.lastDay) {
    state.lastDay = day;
    state.list = h('ul.group.list', { 'data-testid': testid });
    body.append(section(day, state.list));
  }
  return state.list;
}

// Fills, dividends (pending until their payable date), splits and transfers, newest first.
async function tradesPage(body, state) {
  const r = await get(`/activities?limit=30${state.cursor ? `&before=${encodeURIComponent(state.cursor)}` : ''}`);
  if (!state.started) {
    state.started = true;
    fill(body, r.activities.length ? null : section(null, h('div.group', h('p.empty', 'No trades yet. Open a stock and tap Trade.'))));
  }
  for (const t of r.activities) {
    const list = dayList(body, state, longDate(t.time), 'trades');
    if (t.kind !== 'fill') {
      // A deposit or withdrawal has no stock to open.
      const split = t.kind === 'split', cash = !t.symbol;
      list.append(h('li', h(cash ? 'div.row.action-row' : 'a.row.action-row', { href: cash ? null : `#/stock/${t.symbol}`, 'data-kind': t.kind },
        h('div.grow', h('div.title', h('span.badge', { split: 'Split', dividend: 'Dividend', deposit: 'Deposit' }[t.kind] ?? 'Withdrawal'), t.symbol), h('div.sub.num', cash ? time(t.time) : split ? `${sharesText(t.sharesBefore)} became ${sharesText(t.shares)}` : `On ${sharesText(t.shares)} · ${t.status === 'paid' ? 'paid' : 'pays'} ${t.payableDate}`)),
        split ? null : h('div.end', h('div.price.num', `${Number(t.amount) < 0 ? '−' : '+'}${money(Math.abs(t.amount))}`)))));
      continue;
    }
    const buy = t.side === 'buy';
    const profit = Number(t.realizedProfit ?? 0);
    list.append(
      h('li', h('a.row.trade-row', { href: `#/stock/${t.symbol}`, 'data-side': t.side },
        h('div.grow', h('div.title', h(`span.badge.${t.side}`, buy ? 'Buy' : 'Sell'), t.symbol), h('div.sub.num', `${sharesText(t.shares)} at ${money(t.price)}`)),
        // The time under the amount, whole: the description's line is the one that may wrap.
        // A sale's profit or loss, and a cover's (a buy that closes a short position).
        h('div.end', h('div.price.num', `${buy ? '−' : '+'}${money(Math.abs(t.amount))}`), profit ? h(`div.sub.num.${dir(profit)}`, `${profit > 0 ? '+' : '−'}${money(Math.abs(profit))} P/L`) : null, h('div.sub.num.trade-time', { 'data-testid': 'trade-time' }, time(t.time))),
      )),
    );
  }
  return r.nextCursor ?? null;
}

async function ordersPage(body, state) {
  const r = await get(`/orders?status=all&limit=30${state.cursor ? `&before=${encodeURIComponent(state.cursor)}` : ''}`);
  if (!state.started) {
    state.started = true;
    fill(body, r.orders.length ? null : section(null, h('div.group', h('p.empty', 'No orders yet. Open a stock and tap Trade.'))));
  }
  for (const o of r.orders) {
    const away = o.fills.some((f) => Date.parse(f.time) > lastSeen && lastSeen > 0 && Date.parse(o.createdAt) < lastSeen);
    dayList(body, state, longDate(o.createdAt), 'orders').append(
      h('li', h('a.row.order-row', { href: `#/stock/${o.symbol}`, 'data-status': o.status },
        h('div.grow',
          h('div.title', h(`span.badge.${o.side}`, o.side === 'buy' ? 'Buy' : 'Sell'), o.symbol, h('span.sub', typeLabel(o.type)), away ? h('span.away', 'While you were away') : null),
          h('div.sub.num', `${describe(o)} · ${time(o.createdAt)}`),
          o.fills.map((f) => h('div.sub.num.order-fill', `Filled ${shares(f.qty)} at ${money(f.price)} · ${time(f.time)}`)),
          // Alpaca reports a linked account's fills only as a total.
          !o.fills.length && Number(o.filledQty) > 0 ? h('div.sub.num.order-fill', `Filled ${shares(o.filledQty)} at ${money(o.filledAvgPrice)}${o.filledAt ? ` · ${time(o.filledAt)}` : ''}`) : null,
          o.reason ? h('div.sub', o.reason) : null,
        ),
        h('div.end', h('span.badge.status', statusName(o.status))),
      )),
    );
  }
  return r.nextCursor ?? null;
}
