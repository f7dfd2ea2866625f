import { existsSync, mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileStoreContract } from '../testing/file-store-contract';
import { FileTooLargeError, StorageFullError } from './errors';
import { newStorageKey } from './keys';
import { createLocalFileStore, removeUnfinishedWrites } from './local-file-store';

const freshStore = () => {
  const root = mkdtempSync(join(tmpdir(), 'hackclass-files-'));
  return { root, store: createLocalFileStore(root) };
};

fileStoreContract('local folder', () => freshStore().store);

describe('local file store', () => {
  it('leaves no partial file in the folder after a refused upload', async () => {
    const { root, store } = freshStore();
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024, 1));
    await expect(
      store.put(newStorageKey('classroom-images'), Readable.from(chunks), { maxBytes: 10 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(readdirSync(join(root, 'classroom-images'))).toEqual([]);
  });

  it('writes nothing outside its folder for a key that climbs out', async () => {
    const { root, store } = freshStore();
    await expect(store.put('../outside', Buffer.from('x'))).rejects.toThrow(TypeError);
    expect(existsSync(join(root, '..', 'outside'))).toBe(false);
  });

  it('removes what a process killed mid-upload left half-written, and nothing else', async () => {
    const { root, store } = freshStore();
    const key = newStorageKey('lab-files');
    await store.put(key, Buffer.from('whole'));
    mkdirSync(join(root, 'classroom-images'));
    writeFileSync(join(root, 'classroom-images', 'cut.partial'), 'half');
    expect(removeUnfinishedWrites(root)).toBe(1);
    expect(readdirSync(join(root, 'classroom-images'))).toEqual([]);
    expect((await store.get(key)).size).toBe(5);
    expect(removeUnfinishedWrites(join(root, 'missing'))).toBe(0);
  });

  it('refuses a write that could eat into the disk kept for the database, storing nothing', async () => {
    const root = mkdtempSync(join(tmpdir(), 'hackclass-files-'));
    // No disk has an exabyte to spare: every write would eat into this reserve.
    const store = createLocalFileStore(root, { reserveBytes: 2 ** 60 });
    const key = newStorageKey('lab-files');
    const refused = store.put(key, Readable.from([Buffer.from('data')]), { maxBytes: 1024 });
    await expect(refused).rejects.toBeInstanceOf(StorageFullError);
    await expect(refused).rejects.toMatchObject({ code: 'ENOSPC' });
    expect(readdirSync(join(root, 'lab-files'))).toEqual([]);
  });
});
