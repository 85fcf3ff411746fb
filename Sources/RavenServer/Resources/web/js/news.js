// News: the first story large, the rest compact; a sheet with the story and share buttons.
import { clock, logoURL } from './api.js';
import { h, icon } from './dom.js';
import { ago, longDate } from './format.js';
import { sheet, sheetBar } from './ui.js';

// A story's picture, or (simulated stories have none) the company's logo on a soft tile.
function thumb(a, big) {
  const mono = () => h('img.mono', { src: logoURL(a.symbol), alt: '', width: big ? 72 : 24, height: big ? 72 : 24 });
  const box = h('div.thumb', { 'aria-hidden': 'true' });
  if (a.imageURL) {
    const img = h('img', { src: a.imageURL, alt: '', loading: 'lazy' });
    img.addEventListener('error', () => img.replaceWith(mono()));
    box.append(img);
  } else box.append(mono());
  return box;
}

const meta = (a) => h('div.meta', h('b', a.source), `  ${ago(a.publishedAt, clock.now())}`);

export function newsList(articles) {
  if (!articles.length) return h('p.empty', 'No news in the last 7 days.');
  const [first, ...rest] = articles;
  return h(
    'div.group',
    h('button.news-big', { 'data-testid': 'news-item', onclick: () => newsSheet(first) }, thumb(first, true), meta(first), h('div.headline', first.headline)),
    rest.map((a) => h('button.row.news-row', { 'data-testid': 'news-item', onclick: () => newsSheet(a) }, h('div.grow', meta(a), h('div.headline', a.headline)), thumb(a))),
  );
}

// Every story has an address: the publisher's, or (simulated stories) Raven's own page of it.
export function newsSheet(a) {
  const share = a.url ?? `${location.origin}/#/stock/${a.symbol}`;
  const x = `https://twitter.com/intent/tweet?text=${encodeURIComponent(a.headline)}&url=${encodeURIComponent(share)}`;
  const fb = `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(share)}`;
  const sh = sheet({ label: a.headline, className: 'news' });
  sh.body.append(
    sheetBar('', sh.close),
    h(
      'div.sheet-body',
      h('h2.news-source', a.source, a.id.startsWith('sim-') && h('span.simulated', 'Simulated')),
      h('p.meta.news-date', longDate(a.publishedAt)),
      h('hr.news-rule'),
      h('h3.news-title', a.headline),
      h('p.news-summary', a.summary),
      a.url && h('a.btn.news-open', { href: a.url, target: '_blank', rel: 'noopener noreferrer', 'data-testid': 'story-link' }, 'Read the Story', icon('ext')),
      h(
        'div.share',
        h('a.share-x', { href: x, target: '_blank', rel: 'noopener noreferrer', 'aria-label': 'Share on X' }, icon('xLogo')),
        h('a.share-fb', { href: fb, target: '_blank', rel: 'noopener noreferrer', 'aria-label': 'Share on Facebook' }, icon('fbLogo')),
      ),
    ),
  );
}
