import { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import { FileNotFoundError, newStorageKey } from '@hackclass/storage';
import { fileStoreContract } from '@hackclass/storage/testing';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type TestApiDatabase, testApiDatabase } from '../../test/support/api-database';
import { type ApiDatabase, schema } from '../db';
import { CHUNK_BYTES, createDatabaseFileStore } from './database-file-store';

let database: TestApiDatabase;
let db: ApiDatabase;

beforeAll(async () => {
  database = await testApiDatabase();
  ({ db } = database);
});
afterAll(() => database.close());
beforeEach(async () => {
  await db.delete(schema.storedFiles);
});

fileStoreContract(`database (${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'})`, () =>
  createDatabaseFileStore(db),
);

const rowCounts = async () => {
  const [files] = await db.select({ count: sql<number>`count(*)::int` }).from(schema.storedFiles);
  const [chunks] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(schema.storedFileChunks);
  return { files: files?.count, chunks: chunks?.count };
};

describe('database file store', () => {
  it('cuts a file into chunk rows of a fixed size, whatever pieces it came in', async () => {
    const store = createDatabaseFileStore(db);
    const key = newStorageKey('lab-files');
    const size = 2 * CHUNK_BYTES + 5;
    await store.put(key, Readable.from([Buffer.alloc(size, 3)]));
    const chunks = await db
      .select({ length: sql<number>`octet_length(${schema.storedFileChunks.data})` })
      .from(schema.storedFileChunks)
      .orderBy(schema.storedFileChunks.position);
    expect(chunks.map((chunk) => chunk.length)).toEqual([CHUNK_BYTES, CHUNK_BYTES, 5]);

    const streamed = newStorageKey('lab-files');
    const pieces = Array.from({ length: 40 }, () => Buffer.alloc(65_536, 4));
    await store.put(streamed, Readable.from(pieces));
    const rows = await db
      .select({ length: sql<number>`octet_length(${schema.storedFileChunks.data})` })
      .from(schema.storedFileChunks)
      .innerJoin(schema.storedFiles, eq(schema.storedFiles.id, schema.storedFileChunks.fileId))
      .where(eq(schema.storedFiles.key, streamed));
    expect(rows.length).toBe(Math.ceil((40 * 65_536) / CHUNK_BYTES));
    expect(rows.every((row) => row.length <= CHUNK_BYTES)).toBe(true);
    expect((await buffer((await store.get(streamed)).body)).equals(Buffer.concat(pieces))).toBe(
      true,
    );
  });

  it('leaves no row behind from a refused upload, and shows none while one streams in', async () => {
    const store = createDatabaseFileStore(db);
    const key = newStorageKey('lab-files');
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    async function* slow() {
      yield Buffer.alloc(CHUNK_BYTES, 1);
      await held;
      yield Buffer.alloc(CHUNK_BYTES, 1);
    }
    const putting = store.put(key, Readable.from(slow()), { maxBytes: CHUNK_BYTES + 1 });
    await expect.poll(async () => (await rowCounts()).chunks).toBe(1);
    await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    const listedWhileStreaming = [];
    for await (const file of store.list()) listedWhileStreaming.push(file);
    expect(listedWhileStreaming).toEqual([]);
    release();
    await expect(putting).rejects.toThrow('larger than');
    expect(await rowCounts()).toEqual({ files: 0, chunks: 0 });
  });

  it('sweeps an upload a stopped replica left half-written once it is a day old', async () => {
    const store = createDatabaseFileStore(db);
    const [left] = await db
      .insert(schema.storedFiles)
      .values({ key: 'lab-files/left-behind', createdAt: new Date(Date.now() - 25 * 3_600_000) })
      .returning();
    await db
      .insert(schema.storedFileChunks)
      .values({ fileId: left?.id ?? '', position: 0, data: Buffer.from('half') });
    await db.insert(schema.storedFiles).values({ key: 'lab-files/still-streaming' });
    await store.put(newStorageKey('lab-files'), Buffer.from('new'));
    const keys = (await db.select({ key: schema.storedFiles.key }).from(schema.storedFiles)).map(
      (row) => row.key,
    );
    expect(keys).toContain('lab-files/still-streaming');
    expect(keys).not.toContain('lab-files/left-behind');
    expect((await rowCounts()).chunks).toBe(1);
  });

  it('fails a read of a file deleted while it streams out', async () => {
    const store = createDatabaseFileStore(db);
    const key = newStorageKey('lab-files');
    await store.put(key, Buffer.alloc(3 * CHUNK_BYTES, 9));
    const { body } = await store.get(key);
    await store.delete(key);
    await expect(buffer(body)).rejects.toBeInstanceOf(FileNotFoundError);
  });
});
