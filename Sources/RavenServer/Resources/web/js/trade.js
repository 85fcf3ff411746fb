// The trade sheet: shares, the live cost, cash available, Buy and Sell; errors as toasts.
import { post, get } from './api.js';
import { h, icon, uid } from './dom.js';
import { money, shares, sharesWord, dec, mul, dollars } from './format.js';
import { sheet, toast } from './ui.js';
import { onQuote } from './stream.js';

export function openTrade({ symbol, name, price, cash, onDone }) {
  const sh = sheet({ label: `Trade ${name} shares`, className: 'trade' });
  const id = uid('q');
  const input = h('input', { id, type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: '0', 'aria-describedby': `${id}-cost ${id}-avail`, enterkeyhint: 'done' });
  const unit = h('label', { for: id }, 'Shares');
  const cost = h('p.cost', { id: `${id}-cost`, 'aria-live': 'polite' });
  const avail = h('p.avail', { id: `${id}-avail` });
  const buy = h('button.btn.green', { type: 'button', onclick: () => trade('buy') }, 'Buy');
  const sell = h('button.btn.green', { type: 'button', onclick: () => trade('sell') }, 'Sell');
  let busy = false;

  function paint() {
    const q = dec(input.value);
    const n = q && q.n >= 0n ? input.value.trim() : '0';
    unit.textContent = Number(n) === 1 ? 'Share' : 'Shares';
    const total = q && q.n >= 0n ? dollars(mul(q, dec(price))) : 0;
    cost.textContent = `${shares(n)} × ${money(price)}/share = ${money(total)}`;
    avail.textContent = `${money(cash)} available to buy ${symbol}`;
  }

  async function trade(side) {
    if (busy) return;
    busy = true;
    buy.disabled = sell.disabled = true;
    try {
      const r = await post('/trades', { symbol, side, shares: input.value.trim() }, { 'Idempotency-Key': crypto.randomUUID?.() ?? String(Math.random()) });
      success(side, r.trade);
      onDone?.(r);
    } catch (e) {
      toast(e.message);
      input.focus();
    } finally {
      busy = false;
      buy.disabled = sell.disabled = false;
    }
  }

  function success(side, t) {
    const n = t.shares;
    stop();
    // An Alpaca order may be accepted before it fills: say so, and follow it until it ends.
    const pending = t.status !== 'filled';
    const state = h('p.order-status', { 'data-testid': 'order-status', 'aria-live': 'polite' }, pending ? `Order ${words(t.status)}` : '');
    sh.el.classList.add('success');
    sh.body.replaceChildren(
      h(
        'div.congrats',
        { role: 'status' },
        icon('check'),
        h('h2', pending ? 'Order placed' : 'Congratulations!'),
        h('p', pending ? `Your order to ${side} ${shares(n)} ${sharesWord(n)} of ${symbol} is with Alpaca` : `You have successfully ${side === 'buy' ? 'bought' : 'sold'} ${shares(n)} ${sharesWord(n)} of ${symbol}`),
        state,
        h('button.btn', { type: 'button', onclick: sh.close }, 'Done'),
      ),
    );
    sh.body.querySelector('.congrats svg').classList.add('check');
    sh.body.querySelector('.btn').focus();
    if (pending) follow(t.id, state);
  }

  const FINAL = ['filled', 'canceled', 'expired', 'rejected', 'done_for_day', 'replaced'];
  const words = (s) => s.replace(/_/g, ' ');

  // Polls the order every two seconds while the sheet is open, until it fills or ends.
  async function follow(id, state) {
    let open = true;
    sh.closed.then(() => (open = false));
    while (open) {
      await new Promise((r) => setTimeout(r, 2000));
      if (!open) return;
      try {
        const o = await get(`/brokerage/orders/${encodeURIComponent(id)}`);
        state.textContent = `Order ${words(o.status)}`;
        if (FINAL.includes(o.status)) return onDone?.();
      } catch (e) {
        state.textContent = e.message;
      }
    }
  }

  input.addEventListener('input', paint);
  input.addEventListener('keydown', (e) => e.key === 'Enter' && e.preventDefault());
  const stop = onQuote((q) => {
    if (q.symbol === symbol) (price = q.price), paint();
  });
  sh.closed.then(stop);
  sh.body.append(
    h('div.sheet-bar', h('span'), h('span'), h('button.close', { type: 'button', 'aria-label': 'Close', onclick: sh.close }, icon('x'))),
    h('h2.title', `Trade ${name} shares`),
    h('div.qty', input, unit),
    cost,
    avail,
    h('div.trade-actions', buy, sell),
  );
  paint();
  input.focus();
}
