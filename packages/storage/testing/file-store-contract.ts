import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { buffer, text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { copyMissingFiles } from '../src/copy-missing-files';
import { FileNotFoundError, FileTooLargeError } from '../src/errors';
import type { FileStore } from '../src/file-store';
import { newStorageKey } from '../src/keys';
import { createLocalFileStore } from '../src/local-file-store';

const listed = async (store: FileStore) => {
  const files: { key: string; size: number }[] = [];
  for await (const file of store.list()) files.push(file);
  return files.sort((a, b) => a.key.localeCompare(b.key));
};

const byKey = (files: { key: string; size: number }[]) =>
  [...files].sort((a, b) => a.key.localeCompare(b.key));

/**
 * What every FileStore promises, as one suite each store runs. `open` gives a fresh, empty
 * store for each test.
 */
export function fileStoreContract(name: string, open: () => Promise<FileStore> | FileStore) {
  describe(`${name}: the file store contract`, () => {
    it('stores, reads back and deletes a streamed file', async () => {
      const store = await open();
      const key = newStorageKey('lab-files');
      const stored = await store.put(key, Readable.from(['flag{', 'streamed', '}']));
      expect(stored.size).toBe(14);
      const file = await store.get(key);
      expect(file.size).toBe(14);
      expect(await text(file.body)).toBe('flag{streamed}');
      await store.delete(key);
      await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await expect(store.delete(key)).resolves.toBeUndefined();
    });

    it('keeps a file of several megabytes byte for byte, and an empty one', async () => {
      const store = await open();
      const bytes = randomBytes(3 * 1024 * 1024 + 17);
      const pieces = Array.from({ length: Math.ceil(bytes.length / 65_536) }, (_, index) =>
        bytes.subarray(index * 65_536, (index + 1) * 65_536),
      );
      const big = newStorageKey('lab-files');
      expect(await store.put(big, Readable.from(pieces))).toEqual({ size: bytes.length });
      const file = await store.get(big);
      expect(file.size).toBe(bytes.length);
      expect((await buffer(file.body)).equals(bytes)).toBe(true);

      const empty = newStorageKey('lab-files');
      expect(await store.put(empty, new Uint8Array())).toEqual({ size: 0 });
      expect((await buffer((await store.get(empty)).body)).length).toBe(0);
    });

    it('replaces a file put again under its key', async () => {
      const store = await open();
      const key = newStorageKey('avatars');
      await store.put(key, Buffer.from('first'));
      await store.put(key, Buffer.from('second!'));
      expect(await text((await store.get(key)).body)).toBe('second!');
      expect(await listed(store)).toEqual([{ key, size: 7 }]);
    });

    it('refuses a file past its limit and keeps nothing of it', async () => {
      const store = await open();
      const key = newStorageKey('classroom-images');
      const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024, 1));
      await expect(
        store.put(key, Readable.from(chunks), { maxBytes: 10 * 1024 }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
      expect(await listed(store)).toEqual([]);
    });

    it('keeps nothing of an upload that breaks off', async () => {
      const store = await open();
      const key = newStorageKey('lab-files');
      async function* brokenOff() {
        yield Buffer.alloc(100_000, 7);
        throw new Error('connection reset');
      }
      await expect(store.put(key, Readable.from(brokenOff()))).rejects.toThrow('connection reset');
      await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
      expect(await listed(store)).toEqual([]);
    });

    it('lets the caller refuse a file by its first bytes, keeping nothing', async () => {
      const store = await open();
      const key = newStorageKey('classroom-images');
      const refuse = (head: Buffer) => {
        if (head[0] !== 0x89) throw new RangeError('not a PNG');
      };
      await expect(store.put(key, Buffer.from('GIF89a'), { inspectHead: refuse })).rejects.toThrow(
        'not a PNG',
      );
      await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
      await store.put(key, Buffer.from([0x89, 0x50]), { inspectHead: refuse });
      expect((await store.get(key)).size).toBe(2);
    });

    it('lists every stored file with its size, none half-written', async () => {
      const store = await open();
      expect(await listed(store)).toEqual([]);
      const first = newStorageKey('lab-files');
      const second = newStorageKey('avatars');
      await store.put(first, Buffer.from('abc'));
      await store.put(second, Buffer.from('hello'));
      await expect(
        store.put(newStorageKey('lab-files'), Buffer.from('toolarge'), { maxBytes: 2 }),
      ).rejects.toBeInstanceOf(FileTooLargeError);
      expect(await listed(store)).toEqual(
        byKey([
          { key: first, size: 3 },
          { key: second, size: 5 },
        ]),
      );
    });

    it.each(['../outside', 'a/../../b', '/etc/passwd', 'UPPER/case', 'a//b', ''])(
      'refuses the key %j',
      async (key) => {
        const store = await open();
        await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(TypeError);
        await expect(store.get(key)).rejects.toThrow(TypeError);
        await expect(store.delete(key)).rejects.toThrow(TypeError);
        expect(await listed(store)).toEqual([]);
      },
    );

    it('takes in a folder’s files it lacks, once', async () => {
      const store = await open();
      const folder = createLocalFileStore(mkdtempSync(join(tmpdir(), 'hackclass-folder-')));
      const shared = newStorageKey('lab-files');
      const onlyInFolder = newStorageKey('classroom-images');
      await folder.put(shared, Buffer.from('both'));
      await folder.put(onlyInFolder, Buffer.from('folder only'));
      await store.put(shared, Buffer.from('both'));

      expect(await copyMissingFiles(folder, store)).toEqual({ found: 2, copied: 1 });
      expect(await text((await store.get(onlyInFolder)).body)).toBe('folder only');
      expect(await copyMissingFiles(folder, store)).toEqual({ found: 2, copied: 0 });
      expect(await listed(store)).toEqual(await listed(folder));
    });
  });
}
