import { describe, expect, it } from 'vitest';
import { createLogger } from './index';
import { redactQuery } from './redact-query';

describe('redactQuery', () => {
  it('hides the values of codes, tokens, passwords and secrets in query strings', () => {
    expect(redactQuery('/auth/action?mode=resetPassword&oobCode=abc-123&apiKey=k')).toBe(
      '/auth/action?mode=resetPassword&oobCode=[redacted]&apiKey=k',
    );
    expect(redactQuery('GET /x?id_token=a.b.c&refresh_token=r&password=p&page=2')).toBe(
      'GET /x?id_token=[redacted]&refresh_token=[redacted]&password=[redacted]&page=2',
    );
    expect(redactQuery('/callback?CLIENT_SECRET=s#top')).toBe(
      '/callback?CLIENT_SECRET=[redacted]#top',
    );
  });

  it('leaves other text alone', () => {
    expect(redactQuery('/api/classrooms?page=2&size=20')).toBe('/api/classrooms?page=2&size=20');
    expect(redactQuery('the code=42 in prose')).toBe('the code=42 in prose');
  });
});

describe('createLogger', () => {
  it('hides credential headers wherever they are logged, and secrets in messages', () => {
    const lines: string[] = [];
    const logger = createLogger('info', { write: (line: string) => void lines.push(line) });
    logger.info(
      { busboyOptions: { headers: { authorization: 'Bearer t0ken', 'x-xsrf-token': 'x5rf' } } },
      'Route %s:%s not found',
      'GET',
      '/reset?oobCode=c0de',
    );
    expect(lines).toHaveLength(1);
    const [line = ''] = lines;
    for (const secret of ['t0ken', 'x5rf', 'c0de']) expect(line).not.toContain(secret);
    expect(JSON.parse(line)).toMatchObject({
      msg: 'Route GET:/reset?oobCode=[redacted] not found',
      busboyOptions: { headers: { authorization: '[redacted]', 'x-xsrf-token': '[redacted]' } },
    });
  });
});
