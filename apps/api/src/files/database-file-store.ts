import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { Database } from '@hackclass/db';
import {
  assertStorageKey,
  FileNotFoundError,
  type FileStore,
  uploadGuard,
} from '@hackclass/storage';
import { and, eq, lt, sql } from 'drizzle-orm';
import { storedFileChunks, storedFiles } from '../db/schema';

/** Bytes per chunk row: large enough for few round trips, small enough to hold one in memory. */
export const CHUNK_BYTES = 512 * 1024;

/** An upload still incomplete after this long was left by a replica that stopped mid-way. */
const ABANDONED_AFTER = sql`interval '1 day'`;

/** The stream's bytes cut into buffers of `size` bytes, the last one shorter. */
async function* chunked(source: AsyncIterable<Buffer>, size: number) {
  let pieces: Buffer[] = [];
  let pending = 0;
  for await (let piece of source) {
    while (pending + piece.length >= size) {
      const taken = size - pending;
      yield Buffer.concat([...pieces, piece.subarray(0, taken)]);
      pieces = [];
      pending = 0;
      piece = piece.subarray(taken);
    }
    if (piece.length === 0) continue;
    pieces.push(piece);
    pending += piece.length;
  }
  if (pending > 0) yield Buffer.concat(pieces);
}

const isComplete = (key: string) => and(eq(storedFiles.key, key), eq(storedFiles.complete, true));

/**
 * Files in the database (FILE_STORAGE=database), so every replica reads what any one stored.
 * A put streams the bytes in as chunk rows of an incomplete file, each in a statement of its
 * own so that a slow upload holds no transaction and no pool connection; one short transaction
 * then makes the file complete in place of any earlier one under its key. A put that fails
 * deletes its rows, and a reader only ever sees complete files.
 */
export function createDatabaseFileStore<S extends Record<string, unknown>>(
  db: Database<S>,
): FileStore {
  const chunkAt = (fileId: string, position: number) => {
    const reading = db
      .select({ data: storedFileChunks.data })
      .from(storedFileChunks)
      .where(and(eq(storedFileChunks.fileId, fileId), eq(storedFileChunks.position, position)))
      .then(([chunk]) => chunk?.data);
    // Awaited later, or never if the reader stops early: its failure must not go unhandled.
    reading.catch(() => {});
    return reading;
  };

  /** The file's chunks in order, each next one read while the current one is sent. */
  async function* chunksOf(fileId: string, size: number) {
    let sent = 0;
    let next = chunkAt(fileId, 0);
    for (let position = 0; sent < size; position += 1) {
      const data = await next;
      // Deleted while being read.
      if (!data) throw new FileNotFoundError(`The stored file ${fileId} was removed`);
      sent += data.length;
      if (sent < size) next = chunkAt(fileId, position + 1);
      yield data;
    }
  }

  return {
    async put(key, body, options = {}) {
      assertStorageKey(key);
      await db
        .delete(storedFiles)
        .where(
          and(
            eq(storedFiles.complete, false),
            lt(storedFiles.createdAt, sql`now() - ${ABANDONED_AFTER}`),
          ),
        );
      const [file] = await db.insert(storedFiles).values({ key }).returning({ id: storedFiles.id });
      if (!file) throw new Error('The database stored no file row');
      const counted = { bytes: 0 };
      try {
        const source = body instanceof Readable ? body : Readable.from([Buffer.from(body)]);
        await pipeline(source, uploadGuard(options, counted), async (guarded) => {
          // Each chunk is written while the next one arrives: two in memory at most.
          let writing: Promise<unknown> = Promise.resolve();
          let position = 0;
          for await (const data of chunked(guarded, CHUNK_BYTES)) {
            await writing;
            writing = db
              .insert(storedFileChunks)
              .values({ fileId: file.id, position, data })
              .execute();
            // Awaited at the next chunk or the end; a failure meanwhile must not go unhandled.
            writing.catch(() => {});
            position += 1;
          }
          await writing;
        });
        await db.transaction(async (tx) => {
          // Two puts of one key finish one after the other, the later one replacing.
          await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`);
          await tx.delete(storedFiles).where(isComplete(key));
          await tx
            .update(storedFiles)
            .set({ complete: true, size: counted.bytes })
            .where(eq(storedFiles.id, file.id));
        });
      } catch (error) {
        await db.delete(storedFiles).where(eq(storedFiles.id, file.id));
        throw error;
      }
      return { size: counted.bytes };
    },

    async get(key) {
      assertStorageKey(key);
      const [file] = await db
        .select({ id: storedFiles.id, size: storedFiles.size })
        .from(storedFiles)
        .where(isComplete(key));
      if (!file) throw new FileNotFoundError(`No stored file ${key}`);
      return {
        body: Readable.from(chunksOf(file.id, file.size), { objectMode: false }),
        size: file.size,
      };
    },

    async delete(key) {
      assertStorageKey(key);
      await db.delete(storedFiles).where(isComplete(key));
    },

    async *list() {
      yield* await db
        .select({ key: storedFiles.key, size: storedFiles.size })
        .from(storedFiles)
        .where(eq(storedFiles.complete, true));
    },
  };
}
