import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './local-date-time';

describe('datetime-local values', () => {
  it('round-trip an instant through the viewer’s wall-clock time', () => {
    const iso = '2026-03-02T09:30:00.000Z';
    expect(fromLocalInput(toLocalInput(iso))).toBe(iso);
  });

  it('are empty for no instant, and no instant when empty or malformed', () => {
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
    expect(fromLocalInput('not a date')).toBeNull();
  });
});
