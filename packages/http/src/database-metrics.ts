import type { Connection } from '@hackclass/db';
import { Gauge, type Registry } from 'prom-client';
import { METRICS_PREFIX } from './metrics-prefix';

/** A scrape must not wait for a database that does not answer: it reports nothing instead. */
const QUERY_TIMEOUT_MS = 2000;

/**
 * PostgreSQL connections of HackClass to its database, by state, as the server sees them (the
 * client library keeps its pool to itself), and the pool size each process may open. PGlite has
 * no pool: it reports nothing.
 */
export function addDatabaseMetrics(registry: Registry, connection: Connection): void {
  if (connection.kind !== 'postgres') return;
  const sql = connection.client;
  new Gauge({
    name: `${METRICS_PREFIX}db_pool_max_connections`,
    help: 'PostgreSQL connections one HackClass process may open',
    registers: [registry],
    collect() {
      this.set(sql.options.max);
    },
  });
  new Gauge({
    name: `${METRICS_PREFIX}db_connections`,
    help:
      'PostgreSQL connections of HackClass processes to its database, by state ' +
      '(active, idle, idle in transaction, waiting for a lock)',
    labelNames: ['state'],
    registers: [registry],
    async collect() {
      this.reset();
      let timer: NodeJS.Timeout | undefined;
      try {
        const rows = await Promise.race([
          sql<{ state: string; count: number }[]>`
            select case when wait_event_type = 'Lock' then 'waiting'
                        else coalesce(state, 'unknown') end as state,
                   count(*)::int as count
            from pg_stat_activity
            where datname = current_database()
              and application_name = current_setting('application_name')
            group by 1`,
          new Promise<never>((_, reject) => {
            timer = setTimeout(() => reject(new Error('timeout')), QUERY_TIMEOUT_MS);
          }),
        ]);
        for (const { state, count } of rows) this.set({ state }, count);
      } catch {
        // Unreachable: `/readyz` says so; the other metrics are still worth a scrape.
      } finally {
        clearTimeout(timer);
      }
    },
  });
}
