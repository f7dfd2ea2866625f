import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { FairPGlite } from './fair-pglite';

/**
 * How many of 20 statements sent at once, each longer than a slice, have finished when the event
 * loop next turns.
 */
async function finishedBeforeNextTurn(client: PGlite): Promise<number> {
  let finished = 0;
  const nextTurn = new Promise<number>((resolve) => setImmediate(() => resolve(finished)));
  const statements = Array.from({ length: 20 }, () =>
    client.query('select count(*) from generate_series(1, 100000)').then(() => {
      finished++;
    }),
  );
  const [atNextTurn] = await Promise.all([nextTurn, ...statements]);
  return atNextTurn;
}

describe('FairPGlite', () => {
  const plain = new PGlite();
  const fair = new FairPGlite();
  afterAll(async () => {
    await Promise.all([plain.close(), fair.close()]);
  });

  it('lets the event loop turn between two long statements, where PGlite runs them all first', async () => {
    await Promise.all([plain.waitReady, fair.waitReady]);
    expect(await finishedBeforeNextTurn(plain)).toBe(20);
    expect(await finishedBeforeNextTurn(fair)).toBeLessThanOrEqual(1);
  });

  it('answers statements, scripts and transactions as PGlite does', async () => {
    await fair.exec('create table notes (body text); insert into notes values ($$kept$$)');
    await fair.transaction(async (tx) => {
      await tx.query('insert into notes values ($1)', ['in a transaction']);
    });
    const { rows } = await fair.query<{ body: string }>('select body from notes order by body');
    expect(rows.map((row) => row.body)).toEqual(['in a transaction', 'kept']);
  });
});
