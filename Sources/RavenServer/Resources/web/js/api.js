// The public JSON API: cookies for the session, X-CSRF-Token on every change.

/** An API refusal: the server's code, and a message a person understands. */
class APIError extends Error {
  constructor(status, code, message) {
    super(plain(status, code, message));
    this.status = status;
    this.code = code;
  }
}

// The server's own words suit people for what they did (not enough cash, an unknown symbol);
// a few refusals are worded for programmers and read here as sentences.
const FIELDS = { target: 'the target amount', shares: 'the number of shares', qty: 'the number of shares', notional: 'the dollar amount', percent: 'the percentage', limitPrice: 'the limit price', stopPrice: 'the stop price', trailPercent: 'the trail', title: 'the title', symbol: 'the symbol', username: 'the username', password: 'the password' };
const PLAIN = {
  csrf_token_mismatch: 'Your session has changed in another tab. Reload the page and try again.',
  body_too_large: 'That is more than Raven can take at once. Shorten it and try again.',
  not_found: 'Raven could not find that. It may have been deleted.',
  database_unavailable: 'Raven cannot save right now. Try again in a moment.',
};
function plain(status, code, message) {
  if (code === 'invalid_body') {
    const [, kind, path] = /^(Invalid|Missing field) "([^"]+)"/.exec(message ?? '') ?? [];
    const field = path?.split('.').pop();
    const name = field && (FIELDS[field] ?? field);
    if (kind === 'Missing field') return `Fill in ${name}.`;
    return name ? `Check ${name}: it is not something Raven can read.` : 'Something you entered is not something Raven can read. Check it and try again.';
  }
  if (PLAIN[code]) return PLAIN[code];
  if (status >= 500 && status !== 503) return 'Something went wrong on Raven\'s side. Try again in a moment.';
  return message || `Raven could not do that (error ${status}).`;
}

// Each GET's last answer, kept on the device: offline (a reload too) the app shows the last data
// it had, with a notice. Signing out deletes them all (forgetAnswers).
const KEPT = 'raven-kept:';
export let offline = false;
function setOffline(now) {
  if (offline !== now) (offline = now), dispatchEvent(new Event('raven:freshness'));
}
export function forgetAnswers() {
  for (const key of Object.keys(localStorage)) if (key.startsWith(KEPT)) localStorage.removeItem(key);
  localStorage.removeItem(ACCOUNT);
}

// The account this device shows and trades (remembered per device; the user's default
// when none is chosen). Every account-scoped path names it as ?account=.
const ACCOUNT = 'raven-account';
const SCOPED = /^\/(portfolio|trades|orders|goals)(\/|\?|$)/;
export const chosenAccount = () => localStorage.getItem(ACCOUNT);
/** Shows and trades `id` (null: the default account) from now on, and says so to the screens. */
export function chooseAccount(id) {
  if (id) localStorage.setItem(ACCOUNT, id);
  else localStorage.removeItem(ACCOUNT);
  dispatchEvent(new Event('raven:account'));
}
const scoped = (path) => {
  const id = chosenAccount();
  return id && SCOPED.test(path) ? `${path}${path.includes('?') ? '&' : '?'}account=${id}` : path;
};

/** Calls /api/v1{path} (for the chosen account); resolves to the JSON body (or null for 204), rejects with APIError. */
export async function api(path, options = {}) {
  try {
    return await call(scoped(path), options);
  } catch (e) {
    // The chosen account is gone (closed and unlinked, or another user's on a shared
    // device): back to the default account, once.
    if (e.code !== 'account_not_found' || !chosenAccount() || !SCOPED.test(path)) throw e;
    chooseAccount(null);
    return call(path, options);
  }
}

async function call(path, { method = 'GET', body, signal, headers: extra } = {}) {
  const headers = { Accept: 'application/json', ...extra };
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET') headers['X-CSRF-Token'] = decodeURIComponent(document.cookie.match(/(?:^|; )raven_csrf=([^;]*)/)?.[1] ?? '');
  let res;
  try {
    // JSON.stringify(undefined) is undefined: no body. Cookies go with it (fetch's default).
    res = await fetch('/api/v1' + path, { method, headers, body: JSON.stringify(body), signal });
  } catch (e) {
    if (e.name === 'AbortError') throw e;
    setOffline(true);
    const last = method === 'GET' && localStorage.getItem(KEPT + path);
    if (last) return JSON.parse(last);
    throw new APIError(0, 'offline', 'Cannot reach Raven; check your connection');
  }
  setOffline(false);
  const json = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const err = json?.error ?? {};
    if (res.status === 401 && !path.startsWith('/auth/')) dispatchEvent(new Event('raven:signedout'));
    throw new APIError(res.status, err.code ?? 'error', err.message ?? `Request failed (${res.status})`);
  }
  noteFreshness(path, res);
  if (method === 'GET' && json) {
    try {
      localStorage.setItem(KEPT + path, JSON.stringify(json));
    } catch {
      // The device is full: this answer is not kept.
    }
  }
  return json;
}

// Market data served from the last good value while its provider is down carries
// X-Raven-Data-Stale and its age (see the API's description). The stale answers of the
// last minute, by path, until the same path answers fresh again.
const staleAnswers = new Map();
const staleMemoryMs = 60000;

function noteFreshness(path, res) {
  const age = res.headers.get('X-Raven-Data-Age');
  // No age: not market data.
  if (age === null) return;
  const key = path.split('?')[0];
  if (res.headers.get('X-Raven-Data-Stale') === 'true') {
    staleAnswers.set(key, { age: Number(age) || 0, source: res.headers.get('X-Raven-Data-Source') ?? '', at: Date.now() });
  } else if (!staleAnswers.delete(key)) return;
  dispatchEvent(new Event('raven:freshness'));
}

/** The stale market data on screen: {since: when the oldest of it was fetched (ms), sources}, or null. */
export function staleData() {
  const now = Date.now();
  for (const [key, a] of staleAnswers) if (now - a.at > staleMemoryMs) staleAnswers.delete(key);
  if (!staleAnswers.size) return null;
  const answers = [...staleAnswers.values()];
  const sources = answers.flatMap((a) => a.source.split(', ')).filter(Boolean);
  return { since: Math.min(...answers.map((a) => a.at - a.age * 1000)), sources: [...new Set(sources)] };
}

export const get = (path, signal) => api(path, { signal });
export const put = (path, body) => api(path, { method: 'PUT', body });
export const post = (path, body) => api(path, { method: 'POST', body });
export const patch = (path, body) => api(path, { method: 'PATCH', body });
export const del = (path) => api(path, { method: 'DELETE' });

/** The market's clock: the server's "now" (a simulated session may run on another day). */
export const clock = {
  offset: 0,
  now() {
    return Date.now() + this.offset;
  },
  sync(iso) {
    const t = Date.parse(iso);
    if (t) this.offset = t - Date.now();
  },
};

let statusPromise;
/** The market status, fetched once per page (and on demand with fresh). */
export function marketStatus(fresh) {
  if (fresh || !statusPromise) {
    statusPromise = get('/market/status').then((s) => (clock.sync(s.time), s));
    statusPromise.catch(() => (statusPromise = null));
  }
  return statusPromise;
}

export const logoURL = (symbol) => `/api/v1/stocks/${encodeURIComponent(symbol)}/logo.svg`;
