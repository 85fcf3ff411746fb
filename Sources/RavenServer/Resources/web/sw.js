// Raven's service worker: keeps the app shell for offline starts. Never API data.
const CACHE = 'raven-shell-v18';
const SHELL = [
  '/', '/css/app.css', '/manifest.webmanifest', '/icons/icon.svg',
  ...['app', 'api', 'dom', 'format', 'ui', 'stream', 'chart', 'lists', 'search', 'auth', 'home', 'stock', 'trade', 'news', 'insights', 'goals', 'history', 'settings', 'orders', 'tabswipe', 'accounts', 'performance'].map((m) => `/js/${m}.js`),
];

self.addEventListener('install', (e) => {
  e.waitUntil(caches.open(CACHE).then((c) => c.addAll(SHELL)).then(() => self.skipWaiting()));
});

self.addEventListener('activate', (e) => {
  e.waitUntil(caches.keys().then((keys) => Promise.all(keys.filter((k) => k !== CACHE).map((k) => caches.delete(k)))).then(() => self.clients.claim()));
});

// The shell: the network first (so a new version shows at once), the cache when offline.
self.addEventListener('fetch', (e) => {
  const url = new URL(e.request.url);
  if (e.request.method !== 'GET' || url.origin !== location.origin || url.pathname.startsWith('/api/')) return;
  const key = url.pathname === '/index.html' ? '/' : url.pathname;
  if (!SHELL.includes(key)) return;
  e.respondWith(
    fetch(e.request)
      .then((res) => {
        if (res.ok) {
          const copy = res.clone();
          caches.open(CACHE).then((c) => c.put(key, copy));
        }
        return res;
      })
      .catch(() => caches.match(key)),
  );
});
