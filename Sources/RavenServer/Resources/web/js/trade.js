// The trade sheet: shares, the live cost, cash available, Buy and Sell; errors as toasts.
import { post } from './api.js';
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
      success(side, r.trade.shares);
      onDone?.(r);
    } catch (e) {
      toast(e.message);
      input.focus();
    } finally {
      busy = false;
      buy.disabled = sell.disabled = false;
    }
  }

  function success(side, n) {
    stop();
    sh.el.classList.add('success');
    sh.body.replaceChildren(
      h(
        'div.congrats',
        { role: 'status' },
        icon('check'),
        h('h2', 'Congratulations!'),
        h('p', `You have successfully ${side === 'buy' ? 'bought' : 'sold'} ${shares(n)} ${sharesWord(n)} of ${symbol}`),
        h('button.btn', { type: 'button', onclick: sh.close }, 'Done'),
      ),
    );
    sh.body.querySelector('.congrats svg').classList.add('check');
    sh.body.querySelector('.btn').focus();
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
