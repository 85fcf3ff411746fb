// Insights: social sentiment, analyst recommendation trends, EPS surprises.
import { get } from './api.js';
import { h, fill } from './dom.js';
import { number } from './format.js';
import { stackedColumns, epsChart, swatch } from './chart.js';

const REC = [
  ['strongBuy', 'Strong Buy', '#1a7f37'],
  ['buy', 'Buy', '#34c759'],
  ['hold', 'Hold', '#c9a227'],
  ['sell', 'Sell', '#ff6b5e'],
  ['strongSell', 'Strong Sell', '#8e1b14'],
];

const cap = (t) => t.charAt(0).toUpperCase() + t.slice(1);

export function insights(symbol, name, box) {
  const sent = h('div.sentiment', h('div.skeleton'));
  const recs = h('div.small-chart', { 'data-testid': 'recommendations' });
  const eps = h('div.small-chart', { 'data-testid': 'eps' });
  fill(
    box,
    h('div.group',
      h('h3.sub-head', 'Social Sentiments'), sent,
      h('h3.sub-head', 'Recommendation Trends'), recs, h('div.legend', REC.map(([, label, color]) => h('span', swatch(color), label))),
      h('h3.sub-head', 'Historical EPS Surprises'), eps, h('div.legend', h('span', swatch('var(--blue)'), 'Actual'), h('span', swatch('#af52de'), 'Estimate')),
      h('div.pad-b'),
    ),
  );
  const fail = (el) => (e) => fill(el, h('p.empty', e.message));
  get(`/stocks/${symbol}/sentiment`)
    .then((s) => {
      const cols = s.platforms;
      const row = (label, key) => h('tr', h('th', { scope: 'row' }, label), cols.map((p) => h('td', number(p[key]))));
      fill(sent, h('table', h('thead', h('tr', h('th', { scope: 'col' }, name), cols.map((p) => h('th', { scope: 'col' }, cap(p.platform))))), h('tbody', row('Total Mentions', 'mentions'), row('Positive Mentions', 'positiveMentions'), row('Negative Mentions', 'negativeMentions'))));
    })
    .catch(fail(sent));
  get(`/stocks/${symbol}/recommendations`)
    .then(({ trends }) => {
      const t = trends.slice(0, 6).reverse();
      if (!t.length) return fill(recs, h('p.empty', 'No analyst trends.'));
      stackedColumns(recs, { categories: t.map((x) => x.period.slice(0, 7)), series: REC.map(([key, label, color]) => ({ name: label, color, values: t.map((x) => x[key]) })) });
    })
    .catch(fail(recs));
  get(`/stocks/${symbol}/earnings`)
    .then(({ quarters }) => {
      const q = quarters.slice(0, 4).reverse();
      if (!q.length) return fill(eps, h('p.empty', 'No earnings reported.'));
      epsChart(eps, { labels: q.map((x) => x.period), sub: q.map((x) => `Surprise: ${x.surprise}`), actual: q.map((x) => Number(x.actual)), estimate: q.map((x) => Number(x.estimate)) });
    })
    .catch(fail(eps));
}
