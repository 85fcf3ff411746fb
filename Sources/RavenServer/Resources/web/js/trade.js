// The trade sheet: shares (or dollars), the order type and how long it lasts, the live cost,
// cash available, Buy and Sell; errors as toasts. Every order goes to POST /orders: the
// built-in account's order engine fills it, or a linked Alpaca account sends it to Alpaca.
// On a margin account, Sell with no shares held sells short, and Buy while short buys to cover.
import { post, get } from './api.js';
import { h, icon, uid } from './dom.js';
import { money, shares, sharesText, unsigned, dec, decText, amountText, mul, sub, add, dollars, closedText } from './format.js';
import { sheet, sheetBar, toast, segmented, confirm } from './ui.js';
import { onQuote, onOrder } from './stream.js';
import { TYPES, typeName, statusName, placingOrder } from './orders.js';
import { shownAccount } from './accounts.js';

// cash is the buying power (cash open orders do not hold); free the shares open sales do not
// hold (of a short position, held below zero: the shares to buy back); margin, whether the
// account may sell short.
export function openTrade({ symbol, name, price, bid, ask, cash, held = '0', free = unsigned(held), qty, status, margin = false, onDone }) {
  // Short: Buy buys back (at most the shares short), in shares. On margin with nothing held,
  // or short already, Sell sells short.
  const short = Number(held) < 0;
  const sellsShort = margin && Number(held) <= 0;
  const sh = sheet({ label: `Trade ${name} shares`, className: 'trade' });
  const id = uid('q');
  const input = h('input', { id, type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: '0', 'aria-describedby': `${id}-cost ${id}-avail`, enterkeyhint: 'done', value: qty ? shares(qty) : '' });
  const unit = h('label', { for: id }, 'Shares');
  const cost = h('p.cost', { id: `${id}-cost`, 'aria-live': 'polite' });
  const avail = h('p.avail', { id: `${id}-avail` });
  // The market's bid and ask, where it quotes them: what a market sale gets and a buy pays.
  const spread = h('p.spread', { 'data-testid': 'bid-ask', hidden: true });
  // Said before the order is placed: on a closed market, a market order waits for the open.
  const closed = closedText(status);
  const closedNote = h('p.market-closed', { 'data-testid': 'market-closed', hidden: true }, closed && `${closed}: a market order fills when it opens.`);
  const buy = h('button.btn.green', { onclick: () => trade('buy') }, short ? 'Buy to Cover' : 'Buy');
  const sell = h('button.btn.green', { onclick: () => trade('sell') }, sellsShort ? 'Sell Short' : 'Sell');
  // Alpaca does not push a linked account's order changes to Raven: the sheet asks for them.
  const linked = get('/brokerage').then((s) => Boolean(s.linked), () => false);
  const funding = goalFunding(symbol);
  // With more than one open account, the sheet says which one it trades.
  const inAccount = h('p.trade-account', { 'data-testid': 'trade-account', hidden: true });
  get('/accounts').then((a) => {
    if (a.accounts.filter((x) => !x.closedAt).length < 2) return;
    inAccount.textContent = `In ${shownAccount(a.accounts).name}`;
    inAccount.hidden = false;
  }, () => {});
  const form = orderForm(id, paint, { sharesOnly: short });
  // Kept current by the stream while the sheet is open
  const market = { price, bid, ask };

  function paint() {
    form.paint();
    paintCost({ input, unit, cost }, form, market.price);
    // A margin account's buying power is borrowed in part: said as such, the shares on a line
    // of their own.
    const m = margin || short;
    avail.textContent = (m ? `${money(cash)} buying power` : `${money(cash)} available to buy ${symbol}`) + (Number(free) > 0 ? `${m ? '\n' : ' · '}${sharesText(free)} to ${short ? 'buy back' : 'sell'}` : '');
    spread.hidden = !(market.bid && market.ask);
    if (market.bid && market.ask) spread.textContent = `Bid ${money(market.bid)} × Ask ${money(market.ask)} · market orders buy at the ask, sell at the bid`;
    closedNote.hidden = !closed || form.type() !== 'market';
  }

  // Buy and Sell are disabled while an order is on its way: one tap, one order.
  async function trade(side) {
    buy.disabled = sell.disabled = true;
    try {
      // Sell All's shares are shown to 6 decimals and sold to the last of the 9 held.
      const typed = qty && input.value === shares(qty) ? qty : input.value;
      const sold = () => (form.inDollars() ? estimateShares(typed, market.price) : dec(typed));
      if (side === 'sell' && !(await confirmGoalSale(funding, symbol, held, sold))) return;
      const order = await placeOrder(symbol, side, form, typed);
      showPlaced(outcome, side, order, await linked);
      onDone?.(order);
    } catch (e) {
      // Buying back more than the short: say how many can be.
      if (e.code === 'insufficient_short_shares') toast(`You can buy back at most ${sharesText(free)}`);
      else toast(refusal(e, side, input.value, form.inDollars()));
      input.focus();
    } finally {
      buy.disabled = sell.disabled = false;
    }
  }

  input.addEventListener('input', paint);
  input.addEventListener('keydown', (e) => e.key === 'Enter' && e.preventDefault());
  const stopQuotes = onQuote((q) => {
    if (q.symbol === symbol) (market.price = q.price), (market.bid = q.bid), (market.ask = q.ask), paint();
  });
  sh.closed.then(stopQuotes);
  const outcome = { sh, symbol, onDone, stopQuotes };
  sh.body.append(
    sheetBar('', sh.close),
    h('h2.title', `Trade ${name} shares`),
    inAccount,
    h('div.qty', input, unit),
    cost,
    spread,
    closedNote,
    form.el,
    avail,
    funding.note,
    h('div.trade-actions', buy, sell),
  );
  paint();
  input.focus();
}

// The order's type, the prices that type takes, how long it lasts, and whether the amount is
// in shares or (for a market order, unless sharesOnly) dollars.
function orderForm(id, onChange, { sharesOnly = false } = {}) {
  let type = 'market';
  let inDollars = false;
  const typeSelect = h('select', { id: `${id}-type`, onchange: () => ((type = typeSelect.value), type !== 'market' && inDollars && unitSeg.buttons[0].click(), onChange()) }, TYPES.map(([value, label]) => h('option', { value }, label)));
  const tifSelect = h('select', { id: `${id}-tif`, onchange: onChange }, h('option', { value: 'day' }, 'Good for day'), h('option', { value: 'gtc' }, 'Good till canceled'));
  const unitSeg = segmented(['Shares', 'Dollars'], 0, (i) => ((inDollars = i === 1), onChange()), { label: 'Buy in' });
  unitSeg.buttons[1].setAttribute('aria-label', 'Buy in dollars');
  const limit = priceField('Limit price', '$0.00', onChange);
  const stop = priceField('Stop price', '$0.00', onChange);
  const trail = priceField('Trail (%)', '5', onChange);
  // A bracket: exits placed with the order, armed once it fills; either alone is an OTO.
  const exits = h('input.switch', { id: `${id}-exits`, type: 'checkbox', role: 'switch', onchange: onChange });
  const exitsRow = h('div.row.field', h('label.grow', { for: exits.id }, 'Take profit · stop loss'), exits);
  const profit = priceField('Take profit at', '$0.00', onChange);
  const loss = priceField('Stop loss at', '$0.00', onChange);
  const el = h('div.order-controls', { 'data-testid': 'order-controls' },
    h('div.group',
      h('div.row.field', h('label.grow', { for: typeSelect.id }, 'Order type'), typeSelect),
      limit.row, stop.row, trail.row,
      h('div.row.field.tif', h('label.grow', { for: tifSelect.id }, 'Good for'), tifSelect),
      exitsRow, profit.row, loss.row,
    ),
    unitSeg,
  );

  function paint() {
    limit.row.hidden = !['limit', 'stop_limit'].includes(type);
    stop.row.hidden = !['stop', 'stop_limit'].includes(type);
    trail.row.hidden = type !== 'trailing_stop';
    // Exits go on a market or limit order for whole shares, not on a cover.
    exitsRow.hidden = !['market', 'limit'].includes(type) || inDollars || sharesOnly;
    profit.row.hidden = loss.row.hidden = exitsRow.hidden || !exits.checked;
    unitSeg.hidden = type !== 'market' || sharesOnly;
    // Dollar amounts and fractions of a share are for the day only, as at Alpaca.
    tifSelect.closest('.tif').hidden = inDollars;
    if (inDollars) tifSelect.value = 'day';
  }

  return {
    el,
    paint,
    limit,
    stop,
    trail,
    profit,
    loss,
    type: () => type,
    timeInForce: () => tifSelect.value,
    inDollars: () => inDollars,
    // What a share costs by the order's own terms: its limit, or its stop; else the market's.
    sharePrice: () => (type === 'limit' || type === 'stop_limit' ? limit.value() : type === 'stop' ? stop.value() : null),
  };
}

function priceField(label, hint, onInput) {
  const input = h('input', { id: uid('p'), type: 'text', inputmode: 'decimal', autocomplete: 'off', placeholder: hint, oninput: onInput });
  const row = h('div.row.field', h('label.grow', { for: input.id }, label), input);
  return { row, input, value: () => amountText(input.value) || undefined };
}

// The amount's line: shares × price = cost, or dollars ≈ the shares they buy.
function paintCost({ input, unit, cost }, form, price) {
  const q = dec(input.value);
  const n = q && q.n >= 0n ? input.value.trim() : '0';
  const at = form.sharePrice() ?? price;
  if (form.inDollars()) {
    unit.textContent = 'Dollars';
    const about = Number(price) > 0 ? Math.floor((Number(n) / Number(price)) * 1e4) / 1e4 : 0;
    cost.textContent = `${money(n)} ≈ ${sharesText(about)} at ${money(price)}/share`;
  } else {
    unit.textContent = Number(n) === 1 ? 'Share' : 'Shares';
    const total = q && q.n >= 0n && dec(at) ? dollars(mul(q, dec(at))) : 0;
    cost.textContent = `${shares(n)} × ${money(at)}/share = ${money(total)}`;
  }
}

// The goals this stock funds: the sheet names them, and a sale that takes from them asks first.
function goalFunding(symbol) {
  const note = h('p.goal-note', { 'data-testid': 'goal-note', hidden: true });
  // goals: [{title, shares, fixed}], fixed for a number of shares (not a percentage).
  const funding = { note, goals: [] };
  funding.known = get('/goals')
    .then(({ goals }) => {
      funding.goals = goals.flatMap((g) => g.allocations.filter((a) => a.symbol === symbol && Number(a.effectiveShares) > 0).map((a) => ({ title: g.title, shares: a.effectiveShares, fixed: a.percent == null })));
      if (!funding.goals.length) return;
      const setAside = total(funding.goals);
      note.textContent = `${sharesText(setAside)} of ${symbol} ${Number(setAside) === 1 ? 'funds' : 'fund'} ${funding.goals.length === 1 ? 'your goal' : 'your goals'} ${names(funding.goals)}.`;
      note.hidden = false;
    })
    .catch(() => {});
  return funding;
}

// The shares some goals set aside, together.
const total = (goals) => decText(goals.reduce((t, f) => add(t, dec(f.shares)), dec('0')));

// A sale that leaves fewer shares than the goals set aside in shares: which goals lose funding
// (a percentage of the holding shrinks with it, never short). Resolves true when the sale may
// go ahead. sold() is the shares sold, read once the goals are known.
async function confirmGoalSale(funding, symbol, held, sold) {
  await funding.known;
  const q = sold();
  const goals = funding.goals.filter((f) => f.fixed);
  if (!q || !goals.length) return true;
  const left = sub(dec(held), q);
  const setAside = total(goals);
  if (sub(left, dec(setAside)).n >= 0n) return true;
  const remaining = left.n < 0n ? '0' : decText(left);
  return confirm({
    title: 'Sell shares that fund your goals?',
    message: `After this sale you hold ${sharesText(remaining)} of ${symbol}, and your goals set aside ${shares(setAside)}: ${names(goals, true)} will be short.`,
    action: 'Sell',
    destructive: true,
  });
}

// A dollar sale in shares at the current price, rounded up (so a whole position counts whole).
function estimateShares(typed, price) {
  const n = Number(typed);
  if (!(n > 0) || !(Number(price) > 0)) return null;
  return dec((Math.ceil((n / Number(price)) * 1e6) / 1e6).toFixed(6));
}

async function placeOrder(symbol, side, form, typed) {
  const clientOrderId = crypto.randomUUID?.() ?? `web-${Date.now()}-${Math.random()}`;
  // The API reads one strict form: a person's “.5”, “5.” or “ 5 ” goes as “0.5”, “5”, “5”.
  const amount = amountText(typed);
  const body = { symbol, side, type: form.type(), timeInForce: form.timeInForce(), clientOrderId, [form.inDollars() ? 'notional' : 'qty']: amount };
  if (!form.limit.row.hidden) body.limitPrice = form.limit.value();
  if (!form.stop.row.hidden) body.stopPrice = form.stop.value();
  if (!form.trail.row.hidden) body.trailPercent = form.trail.value();
  const [tp, sl] = form.profit.row.hidden ? [] : [form.profit.value(), form.loss.value()];
  if (tp) body.takeProfit = { limitPrice: tp };
  if (sl) body.stopLoss = { stopPrice: sl };
  if (tp || sl) body.orderClass = tp && sl ? 'bracket' : 'oto';
  const done = placingOrder(clientOrderId);
  try {
    return await post('/orders', body);
  } finally {
    done();
  }
}

// The amount's refusals read as the HW9 sheet's own sentences, in shares or dollars alike;
// the rest as the server says them.
function refusal(e, side, typed, inDollars) {
  if (e.code !== (inDollars ? 'invalid_notional' : 'invalid_qty')) return e.message;
  const q = dec(typed);
  if (!q) return 'Please enter a valid amount';
  return q.n <= 0n ? `Cannot ${side} non-positive shares` : e.message;
}

// The sheet once the order is in: a fill congratulates; anything else says where the order
// stands, and keeps its status line current while the sheet is open.
function showPlaced(outcome, side, o, isLinked) {
  const { sh, symbol } = outcome;
  // A bracket's exits are armed once it fills, and wait for it until then.
  const exits = o.legs?.length ? ` ${o.legs.length > 1 ? 'Its take profit and stop loss' : 'Its exit'} ${o.status === 'filled' ? 'are open' : 'wait for it to fill'}.` : '';
  if (o.status === 'filled') return showOutcome(outcome, 'Congratulations!', `You have successfully ${side === 'buy' ? 'bought' : 'sold'} ${sharesText(o.filledQty)} of ${symbol}${exits && `.${exits}`}`, '');
  const state = showOutcome(outcome, 'Order placed', placedSentence(o, side, symbol, isLinked) + exits, isLinked && o.status === 'new' ? 'Order sent to Alpaca' : `Order ${statusName(o.status).toLowerCase()}`);
  const update = (u) => {
    if (u.id !== o.id) return;
    const words = statusName(u.status).toLowerCase();
    state.textContent = u.status === 'filled' || u.status === 'partially_filled' ? `Order ${words}: ${shares(u.filledQty)} at ${money(u.filledAvgPrice)}` : `Order ${words}`;
  };
  if (isLinked) return followLinkedOrder(outcome, o.id, update, state);
  sh.closed.then(onOrder(update));
}

function placedSentence(o, side, symbol, isLinked) {
  const what = `${typeName(o.type)} order to ${side} ${o.qty ? sharesText(o.qty) : money(o.notional)} of ${symbol}`;
  return {
    new: isLinked ? `Your ${what} is with Alpaca` : o.type === 'market' ? `Your market order to ${side} ${sharesText(o.qty)} of ${symbol} will fill at the next open` : `Your ${what} is open ${o.timeInForce === 'gtc' ? 'until it fills or you cancel it' : 'for the day'}`,
    partially_filled: `${side === 'buy' ? 'Bought' : 'Sold'} ${shares(o.filledQty)} of ${shares(o.qty)} shares of ${symbol} so far; the rest stays open`,
    canceled: `Your ${what} was canceled${o.reason ? `: ${o.reason}` : ''}`,
  }[o.status] ?? `Your ${what} is ${statusName(o.status).toLowerCase()}`;
}

// The outcome in place of the form; returns its status line.
function showOutcome({ sh, stopQuotes }, title, sentence, status) {
  stopQuotes();
  sh.el.classList.add('success');
  const state = h('p.order-status', { 'data-testid': 'order-status', 'aria-live': 'polite' }, status);
  const done = h('button.btn', { onclick: sh.close }, 'Done');
  sh.body.replaceChildren(h('div.congrats', { role: 'status' }, icon('check'), h('h2', title), h('p', sentence), state, done));
  done.focus();
  return state;
}

// Asks for a linked account's order every two seconds while the sheet is open, until it
// fills or ends.
async function followLinkedOrder({ sh, onDone }, id, update, state) {
  let open = true;
  sh.closed.then(() => (open = false));
  while (open) {
    await new Promise((r) => setTimeout(r, 2000));
    if (!open) return;
    try {
      const o = await get(`/orders/${encodeURIComponent(id)}`);
      update(o);
      if (!['new', 'partially_filled', 'pending_cancel'].includes(o.status)) return onDone?.(o);
    } catch (e) {
      state.textContent = e.message;
    }
  }
}

// “House” and “Trip”, with each goal's shares when asked.
function names(funding, withShares) {
  const each = funding.map((f) => `“${f.title}”${withShares ? ` (${sharesText(f.shares)})` : ''}`);
  return each.length > 1 ? `${each.slice(0, -1).join(', ')} and ${each.at(-1)}` : each[0];
}
