// History: the user's trades, newest first, a page at a time.
import { get } from './api.js';
import { h, fill, spinner, uid } from './dom.js';
import { money, shares, sharesWord, longDate, time, dir } from './format.js';
import { navbar, section } from './ui.js';

export function createHistory() {
  const titleId = uid('t');
  const body = h('div', { 'aria-busy': 'true' }, h('div.loading', { role: 'status' }, spinner(), 'Fetching Data...'));
  const el = h('section.view', { 'aria-labelledby': titleId }, navbar('History'), h('h1.large-title', { id: titleId, tabindex: '-1' }, 'History'), h('p.subtitle', 'Your trades, newest first'), body);
  const more = h('button.btn.more', { type: 'button', onclick: () => page() }, 'Load More');
  let cursor = null;
  let lastDay = null;
  let list = null;

  async function page() {
    more.disabled = true;
    try {
      const r = await get(`/trades?limit=30${cursor ? `&before=${encodeURIComponent(cursor)}` : ''}`);
      if (!list) {
        body.removeAttribute('aria-busy');
        fill(body, r.trades.length ? null : section(null, h('div.group', h('p.empty', 'No trades yet. Open a stock and tap Trade.'))));
      }
      for (const t of r.trades) {
        const day = longDate(t.time);
        if (day !== lastDay) {
          lastDay = day;
          list = h('ul.group.list', { 'data-testid': 'trades' });
          body.append(section(day, list));
        }
        const buy = t.side === 'buy';
        const profit = Number(t.realizedProfit);
        list.append(
          h('li', h('a.row.trade-row', { href: `#/stock/${t.symbol}`, 'data-side': t.side },
            h('div.grow', h('div.title', h(`span.badge.${t.side}`, buy ? 'Buy' : 'Sell'), t.symbol), h('div.sub.num', `${shares(t.shares)} ${sharesWord(t.shares)} at ${money(t.price)} · ${time(t.time)}`)),
            h('div.end', h('div.price.num', `${buy ? '−' : '+'}${money(t.amount)}`), !buy && profit ? h(`div.sub.num.${dir(profit)}`, `${profit > 0 ? '+' : '−'}${money(Math.abs(profit))} P/L`) : null),
          )),
        );
      }
      cursor = r.nextCursor ?? null;
      if (cursor) body.append(more);
      else more.remove();
    } catch (e) {
      body.append(h('p.empty', { role: 'alert' }, e.message));
    } finally {
      more.disabled = false;
    }
  }

  page();
  return { el, title: 'History' };
}
