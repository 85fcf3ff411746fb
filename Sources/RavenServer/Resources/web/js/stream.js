// Live quotes and the signed-in user's order changes over the WebSocket; while the socket
// is down, screens refresh every 15 s.
import { clock } from './api.js';

// owner → Set of symbols
const owners = new Map();
const listeners = new Set();
const orderListeners = new Set();
const pollers = new Set();
let ws;
let sent = new Set();
let retry = 1000;
let pollTimer;
let reconnectTimer;

export const POLL_MS = 15000;

const wanted = () => new Set([...owners.values()].flatMap((set) => [...set]));

function send(type, symbols) {
  if (symbols.length && ws?.readyState === 1) ws.send(JSON.stringify({ type, symbols }));
}

function sync() {
  if (ws?.readyState !== 1) return;
  const want = wanted();
  send('subscribe', [...want].filter((x) => !sent.has(x)));
  send('unsubscribe', [...sent].filter((x) => !want.has(x)));
  sent = want;
}

function setPolling(on) {
  document.documentElement.dataset.live = on ? 'polling' : 'socket';
  // Each failed reconnect lands here again: keep the running timer, or a socket that keeps
  // failing faster than 15 s would postpone every refresh.
  if (on === Boolean(pollTimer)) return;
  clearInterval(pollTimer);
  pollTimer = on ? setInterval(() => pollers.forEach((fn) => fn()), POLL_MS) : undefined;
}

function connect() {
  clearTimeout(reconnectTimer);
  if (ws && ws.readyState <= 1) return;
  try {
    ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/api/v1/stream`);
  } catch {
    return fail();
  }
  ws.onopen = () => {
    retry = 1000;
    sent = new Set();
    setPolling(false);
    sync();
  };
  ws.onmessage = (e) => {
    let m;
    try {
      m = JSON.parse(e.data);
    } catch {
      return;
    }
    if (m.type === 'order') return orderListeners.forEach((fn) => fn(m.order));
    if (m.type !== 'quote') return;
    clock.sync(m.time);
    listeners.forEach((fn) => fn(m));
  };
  ws.onclose = fail;
}

function fail() {
  if (ws) ws.onclose = ws.onmessage = ws.onopen = null;
  ws = null;
  setPolling(true);
  if (owners.size) {
    reconnectTimer = setTimeout(connect, retry);
    retry = Math.min(retry * 2, 30000);
  }
}

/** Sets the symbols one screen watches (replacing its previous set). */
export function watch(owner, symbols) {
  if (symbols?.length) owners.set(owner, new Set(symbols));
  else owners.delete(owner);
  if (!ws && owners.size) connect();
  else sync();
}

/** Calls fn with every quote message; returns a function that stops it. */
export function onQuote(fn) {
  listeners.add(fn);
  return () => listeners.delete(fn);
}

/** Calls fn with each of the user's orders as it changes; returns a function that stops it. */
export function onOrder(fn) {
  orderListeners.add(fn);
  return () => orderListeners.delete(fn);
}

/** Keeps the socket open while signed in, for order changes even with no prices on screen. */
export function keepOpen() {
  owners.set('session', new Set());
  if (!ws) connect();
}

/** Calls fn every 15 s while the socket is down; returns a function that stops it. */
export function onPoll(fn) {
  pollers.add(fn);
  return () => pollers.delete(fn);
}

/** Closes the socket (on sign-out). */
export function stop() {
  owners.clear();
  clearTimeout(reconnectTimer);
  if (ws) {
    ws.onclose = null;
    ws.close();
  }
  ws = null;
  setPolling(false);
}
