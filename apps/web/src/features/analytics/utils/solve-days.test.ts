import { describe, expect, it } from 'vitest';
import { SOLVE_DAYS_SHOWN, solveDays } from './solve-days';

const now = Date.parse('2026-11-22T15:00:00Z');

describe('solveDays', () => {
  it('is empty before the first solve', () => {
    expect(solveDays([], now)).toEqual([]);
  });

  it('fills the days without solves, two weeks up to today at least', () => {
    const days = solveDays(
      [
        { date: '2026-11-18', count: 2 },
        { date: '2026-11-20', count: 1 },
      ],
      now,
    );
    expect(days).toHaveLength(14);
    expect(days[0]).toEqual({ date: '2026-11-09', count: 0 });
    expect(days.slice(-5)).toEqual([
      { date: '2026-11-18', count: 2 },
      { date: '2026-11-19', count: 0 },
      { date: '2026-11-20', count: 1 },
      { date: '2026-11-21', count: 0 },
      { date: '2026-11-22', count: 0 },
    ]);
  });

  it('reaches back to the first solve', () => {
    const days = solveDays([{ date: '2026-10-23', count: 1 }], now);
    expect(days).toHaveLength(31);
    expect(days[0]).toEqual({ date: '2026-10-23', count: 1 });
  });

  it('keeps the last days only', () => {
    const days = solveDays(
      [
        { date: '2026-01-01', count: 4 },
        { date: '2026-11-22', count: 3 },
      ],
      now,
    );
    expect(days).toHaveLength(SOLVE_DAYS_SHOWN);
    expect(days.at(-1)).toEqual({ date: '2026-11-22', count: 3 });
    expect(days[0]?.date).toBe('2026-09-24');
  });
});
