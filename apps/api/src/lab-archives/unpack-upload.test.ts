import { readFileSync } from 'node:fs';
import { join } from 'node:path';
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
});
