import type { ServiceMetrics } from '@hackclass/http';
import type { Subscriber } from '../domain-events/dispatcher';

/** Counts flags and first solves on the metrics endpoint. */
export const productMetrics = (metrics: ServiceMetrics): Subscriber => ({
  name: 'metrics',
  on: {
    'flag.submitted': ({ correct }) =>
      metrics.flagSubmissions.inc({ result: correct ? 'correct' : 'wrong' }),
    'lab.solved': () => metrics.labsSolved.inc(),
  },
});
