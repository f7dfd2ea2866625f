import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type Connection, openConnection } from '../src/connection';
import type { MigrationSet } from '../src/migrate';
import { createTestDatabase } from './index';

/** The column `n` of the first row `sql` answers. */
async function queryValue(connection: Connection, sql: string): Promise<unknown> {
  const rows =
    connection.kind === 'pglite'
      ? (await connection.client.query<{ n: unknown }>(sql)).rows
      : ((await connection.client.unsafe(sql)) as unknown as { n: unknown }[]);
  return rows[0]?.n;
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
      expect(await queryValue(first, tables)).toBe(0);
      await queryValue(first, 'create table only_here (id int)');
      expect(await queryValue(first, tables)).toBe(1);
      expect(await queryValue(second, tables)).toBe(0);
    } finally {
      await Promise.all([first.close(), second.close()]);
      await Promise.all(databases.map((database) => database.drop()));
    }
  });

  it('starts with the schemas it is asked for, made anew when a migration changes', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'hackclass-test-migrations-'));
    const set: MigrationSet = { folder, schema: 'fixture', table: 'fixture_migrations' };
    const entries: { idx: number; version: string; when: number; tag: string }[] = [];
    const addMigration = (tag: string, sql: string) => {
      entries.push({
        idx: entries.length,
        version: '7',
        when: 1_700_000_000_000 + entries.length,
        tag,
      });
      mkdirSync(join(folder, 'meta'), { recursive: true });
      writeFileSync(join(folder, `${tag}.sql`), sql);
      writeFileSync(
        join(folder, 'meta', '_journal.json'),
        JSON.stringify({ version: '7', dialect: 'postgresql', entries }),
      );
    };
    const tablesOf = async () => {
      const database = await createTestDatabase(undefined, { migrated: [set] });
      const connection = await openConnection(database);
      try {
        const tables =
          "select string_agg(table_name, ',' order by table_name) as n from information_schema.tables where table_schema = 'public'";
        return await queryValue(connection, tables);
      } finally {
        await connection.close();
        await database.drop();
      }
    };
    try {
      addMigration('0000_first', 'create table first_table (id int);');
      expect(await tablesOf()).toBe('first_table');
      addMigration('0001_second', 'create table second_table (id int);');
      expect(await tablesOf()).toBe('first_table,second_table');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
