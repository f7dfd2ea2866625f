import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { cascadeReference } from './cascade-reference';

const bytea = customType<{ data: Buffer; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  // PGlite reads bytea as a Uint8Array, postgres.js as a Buffer: callers get a Buffer either way.
  fromDriver: (value) =>
    Buffer.isBuffer(value) ? value : Buffer.from(value.buffer, value.byteOffset, value.byteLength),
});

/** Uploaded files when FILE_STORAGE=database: one row per file, its bytes in `storedFileChunks`. */
export const storedFiles = pgTable(
  'stored_files',
  {
    id: uuid().primaryKey().defaultRandom(),
    key: text().notNull(),
    size: bigint({ mode: 'number' }).notNull().default(0),
    /** False while the upload streams in: only complete files are read, listed or replaced. */
    complete: boolean().notNull().default(false),
    createdAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    uniqueIndex('stored_files_key_key').on(table.key).where(sql`${table.complete}`),
    // Uploads a crashed replica left half-written, swept once they are old.
    index('stored_files_incomplete_idx').on(table.createdAt).where(sql`not ${table.complete}`),
    check('stored_files_size_check', sql`${table.size} >= 0`),
  ],
);

export const storedFileChunks = pgTable(
  'stored_file_chunks',
  {
    fileId: cascadeReference(() => storedFiles.id),
    /** 0, 1, 2, … in the order the bytes came. */
    position: integer().notNull(),
    data: bytea().notNull(),
  },
  (table) => [
    primaryKey({ name: 'stored_file_chunks_pkey', columns: [table.fileId, table.position] }),
  ],
);
