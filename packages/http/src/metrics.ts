import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { METRICS_PREFIX } from './metrics-prefix';
import { createWebVitalsMetrics, type WebVitalsMetrics } from './web-vitals-metrics';

/** What a service counts for `/metrics`; the product's own events are counted where they happen. */
export interface ServiceMetrics {
  registry: Registry;
  /** Answered requests by route pattern (never the raw URL), method and status class. */
  httpRequests: Histogram<'route' | 'method' | 'status_class'>;
  /** Requests refused with 429 by a rate limit, by route pattern. */
  rateLimited: Counter<'route'>;
  /** Sign-ins with a password, by `result`: `success` or `failure`. */
  signIns: Counter<'result'>;
  /** Flags submitted, by `result`: `correct` or `wrong`. */
  flagSubmissions: Counter<'result'>;
  /** Labs solved for the first time by a member. */
  labsSolved: Counter;
  /** Server-sent event streams open now. */
  openEventStreams: Gauge;
  /** Outbox send attempts of this process, by `outcome`: `sent`, `retrying` or `failed`. */
  mailDeliveries: Counter<'outcome'>;
  /** The web app's page views as browsers measured them (Core Web Vitals), by page. */
  webVitals: WebVitalsMetrics;
}

let runtime: Registry | undefined;

/**
 * The process's own metrics (event-loop lag, memory, CPU, GC), collected once per process
 * however many services it runs: each collector keeps a monitor running for good.
 */
export function runtimeRegistry(): Registry {
  if (!runtime) {
    runtime = new Registry();
    collectDefaultMetrics({ register: runtime, prefix: METRICS_PREFIX });
  }
  return runtime;
}

/** A registry of its own per service, so that two services in one process never collide. */
export function createServiceMetrics(): ServiceMetrics {
  const registry = new Registry();
  const registers = [registry];
  return {
    registry,
    httpRequests: new Histogram({
      name: `${METRICS_PREFIX}http_request_duration_seconds`,
      help: 'Time to answer HTTP requests, by route pattern, method and status class',
      labelNames: ['route', 'method', 'status_class'],
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    rateLimited: new Counter({
      name: `${METRICS_PREFIX}rate_limit_refusals_total`,
      help: 'Requests refused by a rate limit (429), by route pattern',
      labelNames: ['route'],
      registers,
    }),
    signIns: new Counter({
      name: `${METRICS_PREFIX}sign_ins_total`,
      help: 'Sign-ins with a password, by result (success or failure)',
      labelNames: ['result'],
      registers,
    }),
    flagSubmissions: new Counter({
      name: `${METRICS_PREFIX}flag_submissions_total`,
      help: 'Flags submitted, by result (correct or wrong)',
      labelNames: ['result'],
      registers,
    }),
    labsSolved: new Counter({
      name: `${METRICS_PREFIX}labs_solved_total`,
      help: 'Labs solved by a member for the first time',
      registers,
    }),
    openEventStreams: new Gauge({
      name: `${METRICS_PREFIX}sse_streams_open`,
      help: 'Server-sent event streams open now',
      registers,
    }),
    mailDeliveries: new Counter({
      name: `${METRICS_PREFIX}mail_deliveries_total`,
      help: 'Outbox send attempts of this process, by outcome (sent, retrying or failed)',
      labelNames: ['outcome'],
      registers,
    }),
    webVitals: createWebVitalsMetrics(registers),
  };
}

/** `2xx`, `4xx`…: few label values, whatever the statuses. */
export const statusClassOf = (status: number) => `${Math.floor(status / 100)}xx`;
