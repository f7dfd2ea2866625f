import { readFileSync } from 'node:fs';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { createLogger } from '@hackclass/logger';
import { describe, expect, it } from 'vitest';
import { parsePrometheusText } from './prometheus-text';
import { createService } from './run-service';

const docsFile = (name: string) =>
  readFileSync(new URL(`../../../docs/${name}`, import.meta.url), 'utf8');

/** A sample's metric: a histogram's `_bucket`, `_sum` and `_count` are its own. */
const metricOf = (name: string) => name.replace(/_(bucket|sum|count)$/, '');

describe('the metrics documentation and dashboard', () => {
  it('name only metrics a service serves, and the docs list every metric of our own', async () => {
    const database = await createTestDatabase();
    const config = loadConfig(serverConfigSchema, {
      DATA_DIR: database.dataDir,
      ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    });
    const app = await createService({
      config,
      connection: await openConnection(config),
      logger: createLogger('silent'),
    });
    await app.inject('/healthz');
    const served = new Set(
      parsePrometheusText((await app.inject('/metrics')).body).map((sample) =>
        metricOf(sample.name),
      ),
    );
    // Product counters with labels show no sample until their first event: their HELP says so.
    const declared = (await app.inject('/metrics')).body.match(/^# HELP (hackclass_\w+)/gm) ?? [];
    for (const line of declared) served.add(line.slice('# HELP '.length));
    await app.close();
    await database.drop();

    const onPostgres = config.databaseUrl !== undefined;
    const named = (text: string) =>
      new Set([...text.matchAll(/hackclass_\w+/g)].map(([name]) => metricOf(name)));
    const dashboard = named(docsFile('grafana-dashboard.json'));
    expect(dashboard.size).toBeGreaterThan(8);
    for (const name of dashboard) {
      if (name.startsWith('hackclass_db_') && !onPostgres) continue;
      expect(served, name).toContain(name);
    }

    const documented = named(docsFile('metrics.md'));
    const ours = [...served].filter((name) => !/^hackclass_(nodejs|process)_/.test(name));
    expect(ours.length).toBeGreaterThan(5);
    for (const name of ours) expect(documented, name).toContain(name);
  });
});
