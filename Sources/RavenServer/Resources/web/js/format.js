// Display formatting and exact decimal arithmetic (amounts cross the API as strings).
import { h, icon } from './dom.js';

const TZ = 'America/New_York';
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
const num = new Intl.NumberFormat('en-US', { maximumFractionDigits: 2 });
const two = new Intl.NumberFormat('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2, signDisplay: 'negative' });
/** A date formatter in the exchange's time zone (or `o.timeZone`). */
export const fmt = (o) => new Intl.DateTimeFormat('en-US', { timeZone: TZ, ...o });
const F = {
  time: fmt({ hour: 'numeric', minute: '2-digit' }),
  dayTime: fmt({ month: 'short', day: 'numeric', hour: 'numeric', minute: '2-digit' }),
  date: fmt({ month: 'short', day: 'numeric', year: 'numeric' }),
  long: fmt({ month: 'long', day: 'numeric', year: 'numeric' }),
  longUTC: fmt({ timeZone: 'UTC', month: 'long', day: 'numeric', year: 'numeric' }),
  weekday: fmt({ weekday: 'long' }),
};

/** "$1,234.56"; "-$3.10". */
export const money = (v) => usd.format(Number(v) || 0);
/** "1,234.5" */
export const number = (v) => num.format(Number(v) || 0);
/** Shares as people read them: "3", "0.5", at most 6 decimals (cut, never rounded up). */
export const shares = (v) => {
  const t = String(v ?? '0').replace(/(\.\d{6})\d+/, '$1');
  return t.includes('.') ? t.replace(/0+$/, '').replace(/\.$/, '') : t;
};
/** "3 shares", "1 share", "0.5 shares". */
export const sharesText = (v) => `${shares(v)} ${Number(v) === 1 ? 'share' : 'shares'}`;
/** A quantity without its sign ("-10" → "10"): how many shares a short position owes. */
export const unsigned = (v) => String(v ?? '0').replace(/^-/, '');
/** A position's size as people read it: "3 shares"; a short one "Short 10 shares". */
export const holding = (v) => `${Number(v) < 0 ? 'Short ' : ''}${sharesText(unsigned(v))}`;
/** "-1.36%": two decimals, signed (colour and arrow are not enough for every eye). */
export const pct = (v) => `${two.format(Number(v) || 0)}%`;

/** Direction of a change: up, down or flat (the class that colors it). */
export const dir = (v) => (Number(v) > 0 ? 'up' : Number(v) < 0 ? 'down' : 'flat');

/** A change with an arrow: ↗ $1.23 (0.66%), ↘ -$1.23 (-0.66%), colored. */
export function change(amount, percent) {
  const d = dir(amount);
  return h(`span.change.${d}`, icon(d), h('span.sr', `${d === 'flat' ? 'unchanged' : d} `), `${money(amount)} (${pct(percent)})`);
}
/** Updates a change made by `change` in place. */
export function setChange(el, amount, percent) {
  el.classList.remove('up', 'down', 'flat');
  el.classList.add(dir(amount));
  el.replaceChildren(...change(amount, percent).childNodes);
}

// Dates, in the exchange's time zone.
export const time = (d) => `${F.time.format(new Date(d))} ET`;
export const dayTime = (d) => `${F.dayTime.format(new Date(d))} ET`;
export const date = (d) => F.date.format(new Date(d));
export const longDate = (d) => F.long.format(new Date(d));
/** A calendar day ("2026-11-20") as "November 20, 2026". */
export const calendarDay = (day) => F.longUTC.format(new Date(`${day}T12:00:00Z`));
/** "Friday": a session's day, in New York. */
export const weekday = (d) => F.weekday.format(new Date(d));
/** Whether two instants fall on the same New York day. */
export const sameMarketDay = (a, b) => date(a) === date(b);
/** "Market closed · Opens Monday 9:30 AM ET" for a closed market's status, else null. */
export const closedText = (status) => (status && !status.isOpen && status.nextOpen ? `Market closed · Opens ${weekday(status.nextOpen)} ${time(status.nextOpen)}` : null);

/** What each range's change is over, for a stock's chart and the portfolio's. */
export const RANGE_LABELS = { '1D': 'Today', '1W': 'Past week', '1M': 'Past month', '3M': 'Past 3 months', YTD: 'Year to date', '1Y': 'Past year', '5Y': 'Past 5 years', MAX: 'All time', ALL: 'All time' };

/** How a chart labels an instant on each range. */
export function chartTime(t, range) {
  if (range === '1D') return time(t);
  if (range === '1W' || range === '1M') return dayTime(t);
  return date(t);
}

/** "just now", "5 min ago", "2 hr, 5 min ago", "3 days ago" (as the server's RelativeTime). */
export function ago(t, now) {
  const sec = Math.floor((now - new Date(t)) / 1000);
  if (sec < 60) return 'just now';
  const min = Math.floor(sec / 60);
  if (min < 60) return `${min} min ago`;
  const hr = Math.floor(min / 60);
  if (hr < 24) return min % 60 ? `${hr} hr, ${min % 60} min ago` : `${hr} hr ago`;
  const days = Math.floor(hr / 24);
  return days === 1 ? '1 day ago' : `${days} days ago`;
}

// Exact decimals: {n: BigInt, s: scale}. Parsing returns null for anything else.
export function dec(text) {
  const m = /^\s*(-?)(\d*)(?:\.(\d*))?\s*$/.exec(String(text ?? ''));
  if (!m || !(m[2] || m[3])) return null;
  const frac = m[3] || '';
  return { n: BigInt(m[1] + (m[2] || '0') + frac), s: frac.length };
}
/**
 * A person's typing as the API's one strict decimal form (`-?[0-9]+(\.[0-9]+)?`): “ 5 ” → “5”,
 * “.5” → “0.5”, “5.” → “5”, trailing zeros kept (“0.50”). Text that is no number (“abc”, “+5”,
 * “1e3”) comes back trimmed, for the server to refuse in its own words.
 */
export function amountText(text) {
  const d = dec(text);
  return d ? decText(d) : String(text ?? '').trim();
}
/** An exact decimal as text (“1.5”). */
export function decText({ n, s }) {
  const neg = n < 0n;
  const t = (neg ? -n : n).toString().padStart(s + 1, '0');
  return (neg ? '-' : '') + (s ? `${t.slice(0, -s)}.${t.slice(-s)}` : t);
}
const scale = (a, s) => a.n * 10n ** BigInt(s - a.s);
export const mul = (a, b) => ({ n: a.n * b.n, s: a.s + b.s });
export const add = (a, b) => {
  const s = Math.max(a.s, b.s);
  return { n: scale(a, s) + scale(b, s), s };
};
export const sub = (a, b) => add(a, { n: -b.n, s: b.s });
/** Rounded half away from zero to cents, as a Number of dollars for display. */
export function dollars(a) {
  if (a.s <= 2) return Number(scale(a, 2)) / 100;
  const div = 10n ** BigInt(a.s - 2);
  const neg = a.n < 0n;
  const abs = neg ? -a.n : a.n;
  const c = (abs + div / 2n) / div;
  return Number(neg ? -c : c) / 100;
}
