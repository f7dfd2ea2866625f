import { describe, expect, it } from 'vitest';
import { type Connection, openConnection } from '../src/connection';
import { createTestDatabase } from './index';

async function countOf(connection: Connection, sql: string): Promise<number> {
  const rows =
    connection.kind === 'pglite'
      ? (await connection.client.query<{ n: number }>(sql)).rows
      : ((await connection.client.unsafe(sql)) as unknown as { n: number }[]);
  return rows[0]?.n ?? -1;
}

describe('createTestDatabase', () => {
  it('gives each caller an empty database of its own', async () => {
    const databases = await Promise.all([createTestDatabase(), createTestDatabase()]);
    const [first, second] = await Promise.all(
      databases.map((database) => openConnection(database)),
    );
    if (!first || !second) throw new Error('no connection');
    const tables =
      "select count(*)::int as n from information_schema.tables where table_schema = 'public'";
    try {
      expect(await countOf(first, tables)).toBe(0);
      await countOf(first, 'create table only_here (id int)');
      expect(await countOf(first, tables)).toBe(1);
      expect(await countOf(second, tables)).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await Promise.all(databases.map((database) => database.drop()));
    }
  });
});
