import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { tarGz, zip } from '../../test/support/archives';
import { unpackUpload } from './unpack-upload';

describe('unpackUpload', () => {
  it('reads the sizes and offsets a ZIP64 archive keeps in its 64-bit records (zip -fz)', async () => {
    const zip64 = readFileSync(join(import.meta.dirname, '../../test/fixtures/zips/zip64.zip'));
    const files = await unpackUpload('zip64.zip', zip64, { maxBytes: 1_048_576 });
    const texts = Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString()]));
    expect(texts).toEqual({ 'a.txt': 'hello zip64\n'.repeat(40), 'd/b.txt': 'second\n' });
  });

  it.each([
    ['zip', zip],
    ['tar.gz', tarGz],
  ])('takes from a %s past 1 000 entries the files its challenges need', async (_, pack) => {
    const build = Array.from({ length: 1_000 }, (_, index): [string, string] => [
      `repo/build/${index}.o`,
      '',
    ]);
    const files = await unpackUpload(
      'repo',
      await pack([
        ['repo/a/challenge.yml', 'name: A\nflags: [x]\nfiles: ["src/*.c", ../common/key]\n'],
        ['repo/a/src/main.c', 'int main;'],
        ['repo/a/src/notes.md', 'not listed'],
        ['repo/common/key', 'k'],
        ...build,
      ]),
      { maxBytes: 4 * 1_048_576 },
    );
    expect([...files.keys()].sort()).toEqual([
      'repo/a/challenge.yml',
      'repo/a/src/main.c',
      'repo/common/key',
    ]);
  });

  it.each([
    ['zip', zip],
    ['tar.gz', tarGz],
  ])('refuses a %s listing more entries than it may', async (_, pack) => {
    const entries = Array.from({ length: 11 }, (_, index): [string, string] => [`f/${index}`, '']);
    await expect(
      unpackUpload('many', await pack(entries), { maxBytes: 1_048_576, maxListedEntries: 10 }),
    ).rejects.toMatchObject({
      code: 'lab_archive_too_large',
      detail: 'An archive may hold at most 10 entries',
    });
  });

  it.each([
    ['zip', zip],
    ['tar.gz', tarGz],
  ])('takes from a %s past its bytes the files its challenges need, not .git', async (_, pack) => {
    const files = await unpackUpload(
      'repo',
      await pack([
        ['repo/a/challenge.yml', 'name: A\nflags: [x]\nfiles: [src/main.c]\n'],
        ['repo/a/src/main.c', 'int main;'],
        ['repo/.git/objects/pack/pack-1.pack', randomBytes(2 * 1_048_576)],
      ]),
      { maxBytes: 1_048_576 },
    );
    expect([...files.keys()].sort()).toEqual(['repo/a/challenge.yml', 'repo/a/src/main.c']);
  });

  it.each([
    ['zip', zip],
    ['tar.gz', tarGz],
  ])('refuses a %s past its bytes that has no challenges to say what to take', async (_, pack) => {
    await expect(
      unpackUpload('big', await pack([['lab/data.bin', randomBytes(2 * 1_048_576)]]), {
        maxBytes: 1_048_576,
      }),
    ).rejects.toMatchObject({
      code: 'lab_archive_too_large',
      detail: 'The archive holds more than 1 MB once uncompressed',
    });
  });

  it('refuses a tar.gz unpacking past 16 times its bytes, its unread entries too', async () => {
    const bomb = await tarGz([
      ['bomb/challenge.yml', 'name: Bomb\nflags: [x]\n'],
      ['bomb/.git/zeros', Buffer.alloc(17 * 1_048_576)],
    ]);
    expect(bomb.length).toBeLessThan(100_000);
    await expect(unpackUpload('bomb.tar.gz', bomb, { maxBytes: 1_048_576 })).rejects.toMatchObject({
      code: 'lab_archive_too_large',
      detail: 'The archive holds more than 16 MB once uncompressed',
    });
  });

  it('refuses a damaged gzip, and a gzip that holds no tar', async () => {
    const archive = await tarGz([['a/challenge.yml', 'name: A\nflags: [x]\n']]);
    await expect(
      unpackUpload('cut.tar.gz', archive.subarray(0, archive.length - 12), { maxBytes: 1_048_576 }),
    ).rejects.toMatchObject({ detail: 'archive: A damaged gzip file' });
    await expect(
      unpackUpload('text.gz', gzipSync(Buffer.from('just some text, no tar at all')), {
        maxBytes: 1_048_576,
      }),
    ).rejects.toMatchObject({ detail: 'archive: Not a tar archive inside the gzip file' });
  });
});
