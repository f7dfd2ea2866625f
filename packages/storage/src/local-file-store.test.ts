import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { FileNotFoundError, FileTooLargeError } from './errors';
import { newStorageKey } from './keys';
import { createLocalFileStore } from './local-file-store';

const freshStore = () => {
  const root = mkdtempSync(join(tmpdir(), 'hackclass-files-'));
  return { root, store: createLocalFileStore(root) };
};

const listed = async (store: ReturnType<typeof createLocalFileStore>) => {
  const files: { key: string; size: number }[] = [];
  for await (const file of store.list()) files.push(file);
  return files.sort((a, b) => a.key.localeCompare(b.key));
};

describe('local file store', () => {
  it('stores, reads back and deletes a streamed file', async () => {
    const { store } = freshStore();
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

  it('refuses a file past its limit and keeps nothing of it', async () => {
    const { root, store } = freshStore();
    const key = newStorageKey('classroom-images');
    const chunks = Array.from({ length: 20 }, () => Buffer.alloc(1024, 1));
    await expect(
      store.put(key, Readable.from(chunks), { maxBytes: 10 * 1024 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    await expect(store.get(key)).rejects.toBeInstanceOf(FileNotFoundError);
    expect(readdirSync(join(root, 'classroom-images'))).toEqual([]);
  });

  it('lets the caller refuse a file by its first bytes, keeping nothing', async () => {
    const { store } = freshStore();
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
    const { store } = freshStore();
    expect(await listed(store)).toEqual([]);
    const first = newStorageKey('lab-files');
    const second = newStorageKey('avatars');
    await store.put(first, Buffer.from('abc'));
    await store.put(second, Buffer.from('hello'));
    await expect(
      store.put(newStorageKey('lab-files'), Buffer.from('toolarge'), { maxBytes: 2 }),
    ).rejects.toBeInstanceOf(FileTooLargeError);
    expect(await listed(store)).toEqual(
      [
        { key: first, size: 3 },
        { key: second, size: 5 },
      ].sort((a, b) => a.key.localeCompare(b.key)),
    );
  });

  it.each(['../outside', 'a/../../b', '/etc/passwd', 'UPPER/case', 'a//b', ''])(
    'refuses the key %j',
    async (key) => {
      const { root, store } = freshStore();
      await expect(store.put(key, Buffer.from('x'))).rejects.toThrow(TypeError);
      await expect(store.get(key)).rejects.toThrow(TypeError);
      expect(existsSync(join(root, '..', 'outside'))).toBe(false);
    },
  );
});
