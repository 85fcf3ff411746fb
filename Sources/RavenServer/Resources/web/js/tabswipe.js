// A horizontal swipe moves between the tabs (Stocks ⇄ Goals ⇄ History), as in the Raven app.
// It starts on the screen's own surface (the title, the date, empty space) or at its edge;
// rows keep their swipe-to-delete, charts their scrubbing, fields their text, and a mostly
// vertical movement stays a scroll.
const TABS = ['home', 'goals', 'history'];
// px from either side of the screen, outside the lists' rows: always the tabs' gesture
const EDGE = 14;
// px before a swipe counts
const DISTANCE = 60;
const OWN_GESTURES = '.list-row, .chart, input, textarea, select, .seg, .ranges, .peers, .grip, dialog, .search';

// Zoomed in, a sideways drag pans the page.
const zoomed = () => (globalThis.visualViewport?.scale ?? 1) > 1.01;
globalThis.visualViewport?.addEventListener('resize', () => document.documentElement.classList.toggle('zoomed', zoomed()));

/** Calls onSwipe(tab, towardsStart) when a finger swipes across a tab's screen. */
export function tabSwipe(root, currentTab, onSwipe) {
  let start = null;
  root.addEventListener('pointerdown', (e) => {
    start = null;
    const tab = currentTab();
    if (e.pointerType !== 'touch' || !e.isPrimary || !TABS.includes(tab) || zoomed() || document.querySelector('dialog[open], .view.editing')) return;
    const atEdge = e.clientX < EDGE || e.clientX > innerWidth - EDGE;
    if (!atEdge && e.target.closest(OWN_GESTURES)) return;
    start = { x: e.clientX, y: e.clientY, tab };
  });
  root.addEventListener('pointermove', (e) => {
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    // Vertical first: a scroll, not a swipe.
    if (Math.abs(dy) > 12 && Math.abs(dy) > Math.abs(dx)) start = null;
  });
  const end = (e) => {
    if (!start) return;
    const dx = e.clientX - start.x;
    const dy = e.clientY - start.y;
    const from = TABS.indexOf(start.tab);
    start = null;
    if (e.type === 'pointercancel' || Math.abs(dx) < DISTANCE || Math.abs(dx) < 2 * Math.abs(dy)) return;
    const to = from + (dx < 0 ? 1 : -1);
    if (to >= 0 && to < TABS.length) onSwipe(TABS[to], dx > 0);
  };
  root.addEventListener('pointerup', end);
  root.addEventListener('pointercancel', end);
}
