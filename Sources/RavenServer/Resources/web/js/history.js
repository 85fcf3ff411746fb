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
  const tabs = segmented(['Trades', 'Orders'], 0, show, { tabs: true, label: 'History' });
  const el = h('section.view', { 'aria-labelledby': titleId }, navbar('History'), h('h1.large-title', { id: titleId, tabindex: '-1' }, 'History'), tabs, panel);
  let stopOrders = null;

  // The Orders tab follows each order's changes.
  function show(i) {
    stopOrders?.();
    stopOrders = i ? onOrder(() => show(1)) : null;
    fill(panel, i ? pages('/orders?status=all&', 'orders', 'orders', orderRow) : pages('/activities?', 'activities', 'trades', activityRow));
  }

  show(0);
  return { el, title: 'History', destroy: () => stopOrders?.() };
}

/**
 * A list loaded a page at a time, newest first, under its days: `path` asks for a page, whose
 * `key` lists its items; `row(item)` is [the item's day, its row]. `what` the list shows
 * ("trades") names it for tests and says there are none.
 */
function pages(path, key, what, row) {
  const body = h('div', { 'aria-busy': 'true' }, loading());
  const more = h('button.btn.more', { onclick: () => next() }, 'Load More');
  let cursor = null;
  let started = false;
  let lastDay = null;
  let list = null;
  async function next() {
    more.disabled = true;
    try {
      const r = await get(`${path}limit=30${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      if (!started) {
        started = true;
        fill(body, r[key].length ? null : section(null, h('div.group', h('p.empty', `No ${what} yet. Open a stock and tap Trade.`))));
      }
      for (const item of r[key]) {
        const [day, li] = row(item);
        if (day !== lastDay) {
          lastDay = day;
          list = h('ul.group.list', { 'data-testid': what });
          body.append(section(day, list));
        }
        list.append(li);
      }
      cursor = r.nextCursor ?? null;
      body.removeAttribute('aria-busy');
      if (cursor) body.append(more);
      else more.remove();
    } catch (e) {
      body.removeAttribute('aria-busy');
      // What went wrong in place of the progress (or under the rows so far), and a way to retry.
      const retry = () => (failure.remove(), started || fill(body, loading()), body.setAttribute('aria-busy', 'true'), next());
      const failure = h('div.load-failed', { role: 'alert' }, h('p', e.message), h('button.btn', { onclick: retry }, 'Try Again'));
      if (started) (more.remove(), body.append(failure));
      else fill(body, failure);
    } finally {
      more.disabled = false;
    }
  }
  next();
  return body;
}

// Fills, dividends (pending until their payable date), splits and transfers.
function activityRow(t) {
  const day = longDate(t.time);
  if (t.kind !== 'fill') {
    // A deposit or withdrawal has no stock to open.
    const split = t.kind === 'split', cash = !t.symbol;
    return [day, h('li', h(cash ? 'div.row.action-row' : 'a.row.action-row', { href: cash ? null : `#/stock/${t.symbol}`, 'data-kind': t.kind },
      h('div.grow', h('div.title', h('span.badge', { split: 'Split', dividend: 'Dividend', deposit: 'Deposit' }[t.kind] ?? 'Withdrawal'), t.symbol), h('div.sub.num', cash ? time(t.time) : split ? `${sharesText(t.sharesBefore)} became ${sharesText(t.shares)}` : `On ${sharesText(t.shares)} · ${t.status === 'paid' ? 'paid' : 'pays'} ${t.payableDate}`)),
      split ? null : h('div.end', h('div.price.num', `${Number(t.amount) < 0 ? '−' : '+'}${money(Math.abs(t.amount))}`))))];
  }
  const buy = t.side === 'buy';
  const profit = Number(t.realizedProfit ?? 0);
  return [day, h('li', h('a.row.trade-row', { href: `#/stock/${t.symbol}`, 'data-side': t.side },
    h('div.grow', h('div.title', h(`span.badge.${t.side}`, buy ? 'Buy' : 'Sell'), t.symbol), h('div.sub.num', `${sharesText(t.shares)} at ${money(t.price)}`)),
    // The time under the amount, whole: the description's line is the one that may wrap.
    // A sale's profit or loss, and a cover's (a buy that closes a short position).
    h('div.end', h('div.price.num', `${buy ? '−' : '+'}${money(Math.abs(t.amount))}`), profit ? h(`div.sub.num.${dir(profit)}`, `${profit > 0 ? '+' : '−'}${money(Math.abs(profit))} P/L`) : null, h('div.sub.num.trade-time', { 'data-testid': 'trade-time' }, time(t.time))),
  ))];
}

function orderRow(o) {
  const away = o.fills.some((f) => Date.parse(f.time) > lastSeen && lastSeen > 0 && Date.parse(o.createdAt) < lastSeen);
  return [longDate(o.createdAt), h('li', h('a.row.order-row', { href: `#/stock/${o.symbol}`, 'data-status': o.status },
    h('div.grow',
      h('div.title', h(`span.badge.${o.side}`, o.side === 'buy' ? 'Buy' : 'Sell'), o.symbol, h('span.sub', typeLabel(o.type)), away && h('span.away', 'While you were away')),
      h('div.sub.num', `${describe(o)} · ${time(o.createdAt)}`),
      o.fills.map((f) => h('div.sub.num.order-fill', `Filled ${shares(f.qty)} at ${money(f.price)} · ${time(f.time)}`)),
      // Alpaca reports a linked account's fills only as a total.
      !o.fills.length && Number(o.filledQty) > 0 ? h('div.sub.num.order-fill', `Filled ${shares(o.filledQty)} at ${money(o.filledAvgPrice)}${o.filledAt ? ` · ${time(o.filledAt)}` : ''}`) : null,
      o.reason && h('div.sub', o.reason),
    ),
    h('div.end', h('span.badge.status', statusName(o.status))),
  ))];
}
