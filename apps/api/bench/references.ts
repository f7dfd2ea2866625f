import type { Connection } from '@hackclass/db';
import { drizzle } from 'drizzle-orm/postgres-js';
import Fastify, { type FastifyInstance } from 'fastify';
import { schema } from '../src/db';

type PostgresClient = Extract<Connection, { kind: 'postgres' }>['client'];

export interface CapturedQuery {
  sql: string;
  params: unknown[];
}

/** The queries of one step of a route: those it sends at once (`Promise.all`). */
export type Step = CapturedQuery[];

/**
 * A Drizzle database like the API's, over the same client, that remembers the SQL and parameters
 * of every query it sends; `step(work)` runs the API's own query functions and returns theirs.
 */
export function sqlRecorder(client: PostgresClient) {
  const log: CapturedQuery[] = [];
  const db = drizzle({
    client,
    schema,
    casing: 'snake_case',
    logger: { logQuery: (sql, params) => void log.push({ sql, params }) },
  });
  return {
    db,
    async step(work: () => Promise<unknown>): Promise<Step> {
      const start = log.length;
      await work();
      return log.slice(start);
    },
  };
}

/** As the API sends its hot reads: prepared statements, parsed and planned once per connection. */
const run = (client: PostgresClient, { sql, params }: CapturedQuery) =>
  client.unsafe(sql, params as never[], { prepare: true });

export interface Reference {
  origin: string;
  close(): Promise<void>;
}

async function listen(app: FastifyInstance): Promise<Reference> {
  const origin = await app.listen({ port: 0, host: '127.0.0.1' });
  return { origin, close: () => app.close() };
}

/** Reference (1): what Fastify alone costs, a constant small JSON body. */
export function bareServer(): Promise<Reference> {
  const app = Fastify({ logger: false });
  app.get('/', async (_request, reply) =>
    reply.header('content-type', 'application/json').send('{"ok":true,"items":[1,2,3]}'),
  );
  return listen(app);
}

/**
 * Reference (2): the route's SQL, step by step as the route sends it, on the same driver and
 * pool size; no authentication, no validation, rows as the driver gives them, JSON.stringify.
 */
export function sameSqlServer(
  client: PostgresClient,
  routes: Record<string, Step[]>,
): Promise<Reference> {
  const app = Fastify({ logger: false });
  for (const [path, steps] of Object.entries(routes)) {
    app.get(path, async (_request, reply) => {
      const results: unknown[] = [];
      for (const step of steps) {
        results.push(...(await Promise.all(step.map((query) => run(client, query)))));
      }
      return reply.header('content-type', 'application/json').send(JSON.stringify(results));
    });
  }
  return listen(app);
}

/** The plan PostgreSQL ran, and the indexes it used. */
export async function explain(client: PostgresClient, query: CapturedQuery) {
  const rows = await client.unsafe(`explain (analyze, buffers, costs off) ${query.sql}`, [
    ...(query.params as never[]),
  ]);
  const plan = rows.map((row) => String(row['QUERY PLAN']));
  const indexes = [
    ...new Set(
      plan.flatMap((line) => [...line.matchAll(/(?:using|Index Scan on) (\w+)/g)].map((m) => m[1])),
    ),
  ];
  const seqScans = plan.filter((line) => /Seq Scan/.test(line)).map((line) => line.trim());
  return { plan, indexes, seqScans };
}
