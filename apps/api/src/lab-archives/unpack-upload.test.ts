import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { unpackUpload } from './unpack-upload';

describe('unpackUpload', () => {
  it('reads the sizes and offsets a ZIP64 archive keeps in its 64-bit records (zip -fz)', async () => {
    const zip64 = readFileSync(join(import.meta.dirname, '../../test/fixtures/zips/zip64.zip'));
    const files = await unpackUpload('zip64.zip', zip64, { maxBytes: 1_048_576 });
    const texts = Object.fromEntries([...files].map(([path, bytes]) => [path, bytes.toString()]));
    expect(texts).toEqual({ 'a.txt': 'hello zip64\n'.repeat(40), 'd/b.txt': 'second\n' });
  });
});
