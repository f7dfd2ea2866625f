import { type ApiErrorCode, OPENS_BEFORE_DUE } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { fromLocalInput } from './local-date-time';
import { emptySchedule, scheduleErrorsOf, scheduleRequestOf } from './schedule-form';

describe('scheduleRequestOf', () => {
  it('sends no dates and full credit for an empty schedule', () => {
    expect(scheduleRequestOf(emptySchedule)).toEqual({
      request: { opensAt: null, dueAt: null, latePercent: 100, requires: [] },
    });
  });

  it('sends the dates as UTC instants and the late credit chosen', () => {
    const values = {
      ...emptySchedule,
      opensAt: '2026-03-02T09:00',
      dueAt: '2026-03-09T09:00',
      late: 'percent' as const,
      latePercent: 40,
      requires: ['a'],
    };
    expect(scheduleRequestOf(values)).toEqual({
      request: {
        opensAt: fromLocalInput('2026-03-02T09:00'),
        dueAt: fromLocalInput('2026-03-09T09:00'),
        latePercent: 40,
        requires: ['a'],
      },
    });
    expect(scheduleRequestOf({ ...values, late: 'none' })).toMatchObject({
      request: { latePercent: 0 },
    });
  });

  it('refuses a due date before the opening and a percentage out of range', () => {
    const values = {
      ...emptySchedule,
      opensAt: '2026-03-09T09:00',
      dueAt: '2026-03-02T09:00',
      late: 'percent' as const,
      latePercent: 101,
    };
    expect(scheduleRequestOf(values)).toEqual({
      errors: { dueAt: OPENS_BEFORE_DUE, latePercent: expect.any(String) },
    });
    expect(scheduleRequestOf({ ...values, dueAt: '', latePercent: '' })).toEqual({
      errors: { latePercent: expect.any(String) },
    });
  });
});

describe('scheduleErrorsOf', () => {
  const problem = (
    code: ApiErrorCode,
    extra: { detail?: string; errors?: Record<string, string[]> },
  ) => new ApiError({ status: 400, code, title: 'Refused', ...extra });

  it('shows a cycle under Requires and field errors under their fields', () => {
    expect(
      scheduleErrorsOf(problem('requirement_cycle', { detail: 'A cannot require B: …' })),
    ).toEqual({ requires: 'A cannot require B: …' });
    expect(
      scheduleErrorsOf(problem('validation_failed', { errors: { dueAt: ['Too early'] } })),
    ).toEqual({ dueAt: 'Too early' });
    expect(scheduleErrorsOf(problem('forbidden', {}))).toBeUndefined();
  });
});
