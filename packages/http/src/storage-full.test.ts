import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serviceOnTestDatabase } from '../testing/test-service';
import { problemHandlers } from './problem-handlers';
import { diskReadiness, isStorageFull } from './storage-full';

const errorWith = (code: string, message = 'failed') => Object.assign(new Error(message), { code });

describe('isStorageFull', () => {
  it.each([
    ['a file system with no block left', errorWith('ENOSPC'), true],
    ['a disk quota used up', errorWith('EDQUOT'), true],
    [
      'the database that could not extend a table (SQLSTATE 53100)',
      errorWith('53100', 'could not extend file "base/5/16385": No space left on device'),
      true,
    ],
    [
      'a database error wrapped by the query builder',
      new Error('Failed query', { cause: errorWith('53100') }),
      true,
    ],
    ['a file that is not there', errorWith('ENOENT'), false],
    ['too many connections (SQLSTATE 53300)', errorWith('53300'), false],
    ['a plain error', new Error('No space left on device'), false],
  ])('%s: %s', (_what, error, full) => {
    expect(isStorageFull(error)).toBe(full);
  });
});

describe('a full disk', () => {
  let service: Awaited<ReturnType<typeof serviceOnTestDatabase>>;

  beforeAll(async () => {
    service = await serviceOnTestDatabase();
    await service.app.register(problemHandlers);
    service.app.post('/write', async () => {
      throw new Error('Failed query', { cause: errorWith('53100') });
    });
  });

  afterAll(async () => {
    await service.app.close();
    await service.database.drop();
  });

  it('answers 507 storage_full as problem+json, saying storage is full, to retry later', async () => {
    const response = await service.app.inject({ method: 'POST', url: '/write' });
    expect(response.statusCode).toBe(507);
    expect(response.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toMatchObject({
      status: 507,
      code: 'storage_full',
      title: 'Storage full',
      detail: expect.stringMatching(/storage is full/),
    });
  });

  it('is reported by /readyz as a degraded disk, and a roomy one as ok', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'hackclass-disk-'));
    try {
      expect(await diskReadiness(dir)()).toEqual({ status: 'ok' });
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
