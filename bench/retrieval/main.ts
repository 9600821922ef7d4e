// `npm run bench:retrieval`: retrieval quality on bench/retrieval/corpus.json through a real relay, then
// the ranking variants on the same index rows. `--misses` also lists the relay's misses.

import { printTable } from '../harness/textTable';
import type { RankMetrics } from './metrics';
import { QUERY_KINDS } from './metrics';
import { measureRetrieval } from './runRetrieval';

const report = await measureRetrieval();
const percent = (value: number) => `${(value * 100).toFixed(1)}%`;
const cells = (metrics: RankMetrics) => [metrics.mrr10.toFixed(3), percent(metrics.recall5), percent(metrics.recall10)];

console.log(
  `\nMeaning by ${report.encoderName}. ${report.notes} live notes, ${report.trashedTwins} deleted twins (${report.purgedTwins} purged), ` +
    `${report.queries} queries; loaded in ${report.seconds.load.toFixed(1)} s, whole run ${report.seconds.total.toFixed(1)} s\n`,
);
console.log('Shipped relay path (GET /api/vaults/default/search, limit 10):\n');
printTable(
  ['queries', 'count', 'MRR@10', 'recall@5', 'recall@10'],
  [
    ['all', String(report.relay.queries), ...cells(report.relay)],
    [
      'all but paraphrase (the set before it)',
      String(report.relayWithoutParaphrase.queries),
      ...cells(report.relayWithoutParaphrase),
    ],
    ...QUERY_KINDS.map((kind) => [kind, String(report.relayByKind[kind].queries), ...cells(report.relayByKind[kind])]),
  ],
);
printTable(
  ['check', 'value'],
  [
    ['stale/deleted hits (must be 0)', String(report.staleHits)],
    ['  deleted twins returned', String(report.twinHits)],
    ['  results whose index row is not the current text', String(report.staleContentHits)],
    [
      'deleted twins with a live index row / purged twins with a row',
      `${report.twinRowsLeft.live} / ${report.twinRowsLeft.purged}`,
    ],
    ['live notes without vectors of their current text (must be 0)', String(report.staleVectors)],
    ['queries where the relay differs from the shipped variant', String(report.relayDiffersFromShipped)],
    ['search over HTTP p50 / p95', `${report.searchMs.p50.toFixed(2)} / ${report.searchMs.p95.toFixed(2)} ms`],
  ],
);
console.log('Variants on the same index rows (live only):\n');
printTable(
  ['variant', 'MRR@10', 'recall@5', 'recall@10', ...QUERY_KINDS.map((kind) => `MRR ${kind}`), 'ms/query'],
  report.variants.map((variant) => [
    variant.name,
    ...cells(variant.metrics),
    ...QUERY_KINDS.map((kind) => variant.byKind[kind].mrr10.toFixed(3)),
    variant.msPerQuery.toFixed(2),
  ]),
);
if (process.argv.includes('--misses')) {
  console.log('Relay misses (answer not in the top 5):\n');
  for (const miss of report.misses)
    console.log(
      `[${miss.kind}] "${miss.query}" → rank ${miss.rank || '>10'}; answer ${miss.answer}; top: ${miss.top.join(' | ')}`,
    );
}
