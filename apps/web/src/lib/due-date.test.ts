import { describe, expect, it } from 'vitest';
import { DUE_SOON_MS, dueStateOf } from './due-date';

describe('dueStateOf', () => {
  const now = Date.parse('2026-03-02T09:00:00Z');
  const at = (ms: number) => new Date(now + ms).toISOString();

  it('is late once the due date passed, soon within two days, else later', () => {
    expect(dueStateOf(at(-1000), now)).toBe('late');
    expect(dueStateOf(at(0), now)).toBe('soon');
    expect(dueStateOf(at(DUE_SOON_MS - 1000), now)).toBe('soon');
    expect(dueStateOf(at(DUE_SOON_MS), now)).toBe('later');
  });
});
