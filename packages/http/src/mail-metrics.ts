import { MAIL_OUTBOX_STATUSES } from '@hackclass/contracts';
import type { Connection } from '@hackclass/db';
import { Gauge, type Registry } from 'prom-client';
import { METRICS_PREFIX } from './metrics-prefix';

async function countsByStatus(
  connection: Connection,
): Promise<Array<{ status: string; count: number }>> {
  const text = 'select status, count(*)::int as count from mail.outbox group by status';
  if (connection.kind === 'postgres') return connection.client.unsafe(text);
  return (await connection.client.query<{ status: string; count: number }>(text)).rows;
}

/**
 * Mails in the outbox by status, counted at each scrape (the status index answers it): a
 * growing `retrying` or any `failed` is worth an alert, whichever replica sent them.
 */
export function addMailOutboxMetrics(registry: Registry, connection: Connection): void {
  new Gauge({
    name: `${METRICS_PREFIX}mail_outbox`,
    help: `Mails in the outbox by status (${MAIL_OUTBOX_STATUSES.join(', ')})`,
    labelNames: ['status'],
    registers: [registry],
    async collect() {
      try {
        const counts = new Map(
          (await countsByStatus(connection)).map((row) => [row.status, row.count]),
        );
        for (const status of MAIL_OUTBOX_STATUSES) this.set({ status }, counts.get(status) ?? 0);
      } catch {
        // The database does not answer: `/readyz` says so; report nothing rather than zeros.
        this.reset();
      }
    },
  });
}
