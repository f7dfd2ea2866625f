import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { fileStoreContract } from '../testing/file-store-contract';
import { FileTooLargeError } from './errors';
import { newStorageKey } from './keys';
import { createLocalFileStore } from './local-file-store';

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
});
