import { describe, expect, it } from 'vitest';
import { formatTimeLeft, isRunningOut, secondsLeft, spokenTimeLeft } from './time-left';

describe('time left on a target', () => {
  const now = Date.parse('2026-11-24T10:00:00.000Z');

  it('counts whole seconds to the expiry, never below zero', () => {
    expect(secondsLeft('2026-11-24T10:05:00.000Z', now)).toBe(300);
    expect(secondsLeft('2026-11-24T10:00:00.400Z', now)).toBe(1);
    expect(secondsLeft('2026-11-24T09:59:00.000Z', now)).toBe(0);
    expect(secondsLeft(null, now)).toBeNull();
  });

  it('shows mm:ss, and hours once there is one', () => {
    expect(formatTimeLeft(0)).toBe('00:00');
    expect(formatTimeLeft(65)).toBe('01:05');
    expect(formatTimeLeft(59 * 60 + 59)).toBe('59:59');
    expect(formatTimeLeft(3600)).toBe('1:00:00');
    expect(formatTimeLeft(2 * 3600 + 61)).toBe('2:01:01');
  });

  it('says it in words for screen readers', () => {
    expect(spokenTimeLeft(0)).toBe('0 seconds left');
    expect(spokenTimeLeft(61)).toBe('1 minute 1 second left');
    expect(spokenTimeLeft(3600 + 120)).toBe('1 hour 2 minutes left');
  });

  it('warns in the last five minutes', () => {
    expect(isRunningOut(5 * 60)).toBe(false);
    expect(isRunningOut(5 * 60 - 1)).toBe(true);
    expect(isRunningOut(0)).toBe(true);
  });
});
