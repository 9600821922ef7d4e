// `retrieval`: the retrieval set's three headline numbers through a real relay, for `npm run bench`
// (`npm run bench:retrieval` prints every family and variant).
import { defineBench } from '../harness/benchDefinition';
import { measureRetrieval } from './runRetrieval';

/** MRR@10, recall@5 and stale or deleted hits of the relay's shipped ranking. */
export const retrievalBench = defineBench({
  name: 'retrieval',
  description: 'search quality on the retrieval set through a relay: MRR@10, recall@5, stale/deleted hits',
  flags: {},
  inDefaultRun: true,
  run: async () => {
    const retrieval = await measureRetrieval();
    return [
      { name: 'retrieval MRR@10', unit: 'score', value: retrieval.relay.mrr10 },
      { name: 'retrieval recall@5', unit: '%', value: retrieval.relay.recall5 * 100 },
      { name: 'retrieval stale/deleted hits', unit: 'count', value: retrieval.staleHits },
    ];
  },
});
