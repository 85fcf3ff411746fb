"""The web app's figures for BENCHMARKS.md: shipped size, first render, layout shift.

    .build/web-venv/bin/python Benchmarks/web/measure_web.py [--runs 7] [--binary PATH]

(`.ci/browser` creates the venv with Playwright.) Starts `raven serve` on a fresh data dir
with the simulated market mid-session, signs up a user who holds 3 stocks and 3 favorites,
then loads Home and a stock detail in a new headless Chromium context each run (cold cache)
and prints the medians of:

- first contentful paint (Paint Timing) and DOMContentLoaded (Navigation Timing);
- first render with data: when Home's net worth, or the stock's price, first shows, measured
  in the page by a MutationObserver (performance.now(), from navigation start);
- cumulative layout shift over the first 3 s (Layout Instability API, shifts without input).
"""

from __future__ import annotations

import argparse
import gzip
import os
import pathlib
import statistics
import sys
import tempfile

from playwright.sync_api import sync_playwright

ROOT = pathlib.Path(__file__).resolve().parents[2]
WEB = ROOT / "Sources/RavenServer/Resources/web"
sys.path.insert(0, str(ROOT / ".ci"))
import raven_ci  # noqa: E402

# Runs before the app's scripts (CDP, so the page's CSP does not apply): records layout
# shifts and the first moment the screen shows its data.
PROBE = """
window.__cls = 0;
new PerformanceObserver((list) => {
  for (const e of list.getEntries()) if (!e.hadRecentInput) window.__cls += e.value;
}).observe({ type: 'layout-shift', buffered: true });
new MutationObserver((_, obs) => {
  const home = document.querySelector('.hero .big');
  const price = document.querySelector('.detail-head .price');
  if (!window.__ready && ((home && home.textContent) || (price && price.textContent))) {
    window.__ready = performance.now();
  }
}).observe(document, { childList: true, subtree: true, characterData: true });
"""


def shipped_size() -> tuple[int, int, int]:
    files = sorted(WEB.glob("js/*.js")) + sorted(WEB.glob("css/*.css"))
    raw = [f.read_bytes() for f in files]
    each = sum(len(gzip.compress(b, 9)) for b in raw)
    together = len(gzip.compress(b"".join(raw), 9))
    return sum(len(b) for b in raw), each, together


def measure(browser, url: str, state: str, width: int, height: int):
    context = browser.new_context(viewport={"width": width, "height": height}, storage_state=state)
    context.add_init_script(PROBE)
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("() => window.__ready > 0", timeout=30_000)
    page.wait_for_timeout(3000)
    fcp, dcl, ready, cls = page.evaluate(
        """() => [
          performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null,
          performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd,
          window.__ready, window.__cls]"""
    )
    context.close()
    return fcp, dcl, ready, cls


def main() -> int:
    parser = argparse.ArgumentParser()
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--binary", default=os.environ.get("RAVEN_BIN", str(ROOT / ".build/debug/raven")))
    args = parser.parse_args()

    raw, each, together = shipped_size()
    print(f"JS + CSS: {raw} bytes raw; gzip -9 per file, summed: {each} bytes; as one stream: {together} bytes")

    port = raven_ci.free_port()
    data = tempfile.mkdtemp(prefix="raven-web-bench-")
    server = raven_ci.Server(
        args.binary,
        ["--port", str(port), "--data-dir", data, "--sim-start", "2026-11-20T15:00:00Z", "--log-level", "warning"],
        os.path.join(data, "serve.log"),
    )
    server.start()
    base = f"http://127.0.0.1:{port}"
    try:
        raven_ci.wait_healthy(base, 60, server.process)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=os.environ.get("CHROMIUM", "/usr/bin/chromium"))
            setup = browser.new_context()
            page = setup.new_page()
            page.goto(base + "/")
            page.evaluate(
                """async () => {
                  const j = (m, path, body) => fetch('/api/v1' + path, { method: m, headers: {
                    'Content-Type': 'application/json',
                    'X-CSRF-Token': decodeURIComponent((document.cookie.match(/raven_csrf=([^;]+)/) || [])[1] || '') },
                    body: body && JSON.stringify(body) });
                  await j('POST', '/auth/signup', { username: 'bench', password: 'correct horse battery' });
                  for (const s of ['AAPL', 'MSFT', 'NVDA']) {
                    await j('POST', '/trades', { symbol: s, side: 'buy', shares: '2' });
                    await j('PUT', '/watchlist/' + s);
                  }
                }"""
            )
            state = os.path.join(data, "state.json")
            setup.storage_state(path=state)
            setup.close()
            for label, path in [("Home", "/#/"), ("Stock detail (AAPL)", "/#/stock/AAPL")]:
                for width, height in [(390, 844), (1280, 800)]:
                    measure(browser, base + path, state, width, height)  # warm the server's caches
                    runs = [measure(browser, base + path, state, width, height) for _ in range(args.runs)]
                    med = lambda i: statistics.median(r[i] for r in runs)  # noqa: E731
                    print(
                        f"{label} {width}x{height}: FCP {med(0):.0f} ms, DOMContentLoaded {med(1):.0f} ms, "
                        f"data on screen {med(2):.0f} ms, CLS {max(r[3] for r in runs):.4f} (max of {args.runs})"
                    )
            browser.close()
    finally:
        server.stop()
    return 0


if __name__ == "__main__":
    sys.exit(main())
