import { describe, expect, it } from 'vitest';
import { perProcessWarning } from './per-process-warning';

describe('the start-up warning of per-process limits', () => {
  it('names PostgreSQL without REDIS_URL only', () => {
    expect(perProcessWarning('postgres', undefined)).toBe(
      'DATABASE_URL is set but REDIS_URL is not: rate limits and live events are per process; with several replicas, set REDIS_URL',
    );
    expect(perProcessWarning('postgres', 'redis://redis:6379')).toBeUndefined();
    expect(perProcessWarning('pglite', undefined)).toBeUndefined();
  });
});
