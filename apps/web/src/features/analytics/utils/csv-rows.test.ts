import type { Submission } from '@hackclass/contracts';
import { toCsv } from '@hackclass/contracts/csv';
import { describe, expect, it } from 'vitest';
import { submissionRows } from './csv-rows';

const submission = (overrides: Partial<Submission>): Submission => ({
  id: '00000000-0000-4000-8000-000000000001',
  userId: '00000000-0000-4000-8000-000000000002',
  name: 'Sid Student',
  labId: '00000000-0000-4000-8000-000000000003',
  labName: 'Cookie tampering',
  flag: 'HC{secret}',
  correct: false,
  sharedFlagOwner: null,
  submittedAt: '2026-11-24T10:00:00.000Z',
  ...overrides,
});

describe('the submissions CSV', () => {
  it('names whose flag a suspected shared one was, and leaves the flag typed out', () => {
    const rows = submissionRows([
      submission({
        sharedFlagOwner: { id: '00000000-0000-4000-8000-000000000004', name: 'Olive Owner' },
      }),
      submission({ correct: true, name: 'Ann Other' }),
    ]);
    expect(toCsv(rows).split('\r\n')).toEqual([
      'Submitted at,Name,Lab,Correct,Shared flag owner',
      '2026-11-24T10:00:00.000Z,Sid Student,Cookie tampering,no,Olive Owner',
      '2026-11-24T10:00:00.000Z,Ann Other,Cookie tampering,yes,',
    ]);
  });
});
