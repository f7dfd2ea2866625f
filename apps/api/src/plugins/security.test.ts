import { createLogger } from '@hackclass/logger';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiResponse,
  type ApiServer,
  apiSession,
  isReachable,
  signedInAs,
  startApiServer,
} from '../../test/support';
import { classroom, createLab, TEST_FLAG } from '../../test/support/labs';
import { FLAGS_PER_MINUTE } from '../routes/submissions';

const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const noRedis = !process.env.REDIS_URL && !(await isReachable(REDIS_URL, 6379));

/** What a test writes into a log of its own: warnings and above, one JSON line each. */
const logInto = (lines: string[]) =>
  createLogger('warn', { write: (line: string) => void lines.push(line) });

let server: ApiServer;
const startLog: string[] = [];
beforeAll(async () => {
  server = await startApiServer({ logger: logInto(startLog) });
});
afterAll(() => server.close());

describe('API security', () => {
  it('sends security headers with every answer', async () => {
    const response = await apiSession(server).call('GET', '/users/me');
    expect(response.headers['x-content-type-options']).toBe('nosniff');
    expect(response.headers['x-frame-options']).toBe('DENY');
    expect(response.headers['content-security-policy']).toBe(
      "default-src 'none';frame-ancestors 'none'",
    );
    expect(response.headers['strict-transport-security']).toBeDefined();
  });

  it('lets no cache keep a JSON answer, nor a problem', async () => {
    const { session } = await signedInAs(server, 'student');
    const me = await session.call('GET', '/users/me');
    expect(me.headers['content-type']).toMatch(/^application\/json/);
    expect(me.headers['cache-control']).toBe('no-store');
    const refused = await session.call('GET', '/classrooms/not-a-uuid');
    expect(refused.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(refused.headers['cache-control']).toBe('no-store');
  });
});

/** A student of a new classroom of `on`, guessing at one of its labs: what a guess answers. */
async function flagGuesser(on: ApiServer) {
  const [teacher, student] = await Promise.all([
    signedInAs(on, 'teacher'),
    signedInAs(on, 'student'),
  ]);
  const lab = await createLab(teacher);
  const room = await classroom(on, teacher.id, {
    members: [[student.id, 'Accepted']],
    labs: [lab.id],
  });
  const guess = (flag: string) =>
    student.session.call('POST', `/classrooms/${room.id}/hacking-labs/${lab.id}/submissions`, {
      flag,
    });
  return { guess, key: `flag:${student.id}:${lab.id}` };
}

/** Guesses up to the flag limit, each answered, then one more: the answer to that one. */
async function guessPastTheLimit(guess: (flag: string) => Promise<ApiResponse>) {
  for (let attempt = 0; attempt < FLAGS_PER_MINUTE; attempt++) {
    expect((await guess(`flag{guess-${attempt}}`)).status).toBe(200);
  }
  return guess(TEST_FLAG);
}

describe('rate limits while Redis cannot be reached', () => {
  let away: ApiServer;
  const logLines: string[] = [];
  beforeAll(async () => {
    // Nothing listens on port 1: every Redis command fails.
    away = await startApiServer({ redisUrl: 'redis://127.0.0.1:1', logger: logInto(logLines) });
  });
  afterAll(() => away?.close());

  it('still refuses flags past the limit, counted in this process, and says so once', async () => {
    const { guess } = await flagGuesser(away);
    const refused = await guessPastTheLimit(guess);
    expect(refused.status).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'flag_rate_limited' });
    const fallbacks = logLines.filter((line) => line.includes('Redis cannot be reached'));
    expect(fallbacks).toHaveLength(1);
  });
});

describe.skipIf(noRedis)('rate limits with Redis', () => {
  let shared: ApiServer;
  const redis = new Redis(REDIS_URL, { lazyConnect: true });
  beforeAll(async () => {
    shared = await startApiServer({ redisUrl: REDIS_URL });
  });
  afterAll(async () => {
    redis.disconnect();
    await shared?.close();
  });

  it('counts flags in Redis, where every replica reads them', async () => {
    const { guess, key } = await flagGuesser(shared);
    expect((await guessPastTheLimit(guess)).status).toBe(429);
    const route = 'POST/api/classrooms/:id/hacking-labs/:labId/submissions';
    expect(await redis.get(`hackclass:rate:${route}-${key}`)).toBe(String(FLAGS_PER_MINUTE + 1));
  });
});

describe('the start-up warning of per-process limits', () => {
  it('is logged once when PostgreSQL has no Redis beside it, and never on PGlite', () => {
    const warnings = startLog.filter((line) => line.includes('REDIS_URL is not'));
    expect(warnings).toHaveLength(server.databaseUrl ? 1 : 0);
  });
});
