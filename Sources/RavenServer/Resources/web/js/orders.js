// Orders, on the built-in account or a linked Alpaca one: how they read, the open ones of a
// stock with Cancel, and a toast when a resting order fills while the app is open.
import { get, del, clock } from './api.js';
import { h } from './dom.js';
import { money, shares, sharesText } from './format.js';
import { toast, confirm } from './ui.js';
import { onOrder } from './stream.js';

export const TYPES = [
  ['market', 'Market'],
  ['limit', 'Limit'],
  ['stop', 'Stop'],
  ['stop_limit', 'Stop limit'],
  ['trailing_stop', 'Trailing stop'],
];
/** "Stop limit": an order type's name; typeName in a sentence ("stop limit"). */
export const typeLabel = (t) => TYPES.find(([k]) => k === t)?.[1] ?? t;
export const typeName = (t) => typeLabel(t).toLowerCase();
// An order's status in plain words: a resting order is "Open" whatever Alpaca calls its stage.
const STATUS_WORDS = { new: 'Open', accepted: 'Open', pending_new: 'Open', accepted_for_bidding: 'Open', held: 'Waiting', partially_filled: 'Partly filled', filled: 'Filled', canceled: 'Canceled', pending_cancel: 'Canceling', pending_replace: 'Replacing', replaced: 'Replaced', expired: 'Expired', done_for_day: 'Done for the day', rejected: 'Rejected', stopped: 'Stopped', suspended: 'Suspended' };
export const statusName = (s) => STATUS_WORDS[s] ?? s.replace(/_/g, ' ');
const TIF = { day: 'Day', gtc: 'GTC', opg: 'At the open', cls: 'At the close', ioc: 'IOC', fok: 'FOK' };

/** "Limit buy · 3 shares at $350.00 · GTC"; a bracket's exit says which it is first. */
export function describe(o) {
  const amount = (o.parentId ? (o.type === 'limit' ? 'Take profit · ' : 'Stop loss · ') : '') + (o.qty ? sharesText(o.qty) : money(o.notional));
  const prices = [o.stopPrice && `stop ${money(o.stopPrice)}`, o.limitPrice && `limit ${money(o.limitPrice)}`, o.trailPercent && `trail ${o.trailPercent}%`, o.trailPrice && `trail ${money(o.trailPrice)}`].filter(Boolean);
  return `${amount}${prices.length ? ` · ${prices.join(', ')}` : ''} · ${TIF[o.timeInForce] ?? o.timeInForce}`;
}

/** "Your limit order to buy 3 AAPL filled at $361.20" */
export function fillSentence(o) {
  const done = o.status === 'filled' ? 'filled' : 'partly filled';
  return `Your ${typeName(o.type)} order to ${o.side} ${shares(o.filledQty)} ${o.symbol} ${done} at ${money(o.filledAvgPrice)}`;
}

// Orders this tab is placing right now: their first answer is the sheet's to show.
const placing = new Set();
export function placingOrder(clientOrderId) {
  placing.add(clientOrderId);
  return () => setTimeout(() => placing.delete(clientOrderId), 5000);
}

/** Toasts each fill of a resting order as the stream reports it; returns a stop function. */
export function toastFills() {
  // id → filledQty last toasted
  const filled = new Map();
  return onOrder((o) => {
    if (placing.has(o.clientOrderId) || !['filled', 'partially_filled'].includes(o.status)) return;
    if (filled.get(o.id) === o.filledQty) return;
    filled.set(o.id, o.filledQty);
    toast(fillSentence(o), 5000);
  });
}

// When this browser last had Raven open, in the market's time: fills after it happened while
// the user was away. Read once per page, then kept current while the app is open.
const SEEN = 'raven.lastSeen';
export const lastSeen = Number(localStorage.getItem(SEEN)) || 0;
function noteSeen() {
  localStorage.setItem(SEEN, String(clock.now()));
}
addEventListener('pagehide', noteSeen);
document.addEventListener('visibilitychange', () => document.visibilityState === 'hidden' && noteSeen());
setInterval(noteSeen, 60000);

/** The stock screen's open orders of `symbol`, each with Cancel; refreshed as they change. */
export function openOrders(symbol, onChange) {
  const box = h('div', { 'data-testid': 'open-orders' });
  let alive = true;
  async function load() {
    const { orders } = await get(`/orders?status=open&symbol=${encodeURIComponent(symbol)}&limit=50`);
    if (!alive) return;
    box.replaceChildren(orders.length ? h('ul.group.list', orders.map(row)) : h('div.group', h('p.empty', `No open orders for ${symbol}`)));
  }
  function row(o) {
    const cancel = h('button.btn.small.danger', { 'aria-label': `Cancel ${typeName(o.type)} ${o.side} order`, onclick: () => cancelOrder(o, cancel) }, 'Cancel');
    return h('li.row.order-row', { 'data-status': o.status },
      h('div.grow', h('div.title', h(`span.badge.${o.side}`, o.side === 'buy' ? 'Buy' : 'Sell'), typeLabel(o.type)), h('div.sub.num', describe(o)), o.status === 'partially_filled' && h('div.sub.num', `${shares(o.filledQty)} filled at ${money(o.filledAvgPrice)}`)),
      h('div.end', cancel),
    );
  }
  async function cancelOrder(o, button) {
    if (!(await confirm({ title: 'Cancel this order?', message: `${o.side === 'buy' ? 'Buy' : 'Sell'} ${describe(o)}`, action: 'Cancel Order', dismiss: 'Keep Order', destructive: true }))) return;
    button.disabled = true;
    try {
      await del(`/orders/${o.id}`);
      toast('Order canceled');
    } catch (e) {
      toast(e.message);
    }
    load().catch(() => {});
    onChange?.();
  }
  const stop = onOrder((o) => o.symbol === symbol && (load().catch(() => {}), ['filled', 'partially_filled'].includes(o.status) && onChange?.()));
  load().catch((e) => box.replaceChildren(h('p.empty', e.message)));
  return { el: box, refresh: () => load().catch(() => {}), destroy: () => ((alive = false), stop()) };
}
