import type { MemberList } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { rosterSummary } from './roster-summary';

const list = (counts: MemberList['counts'], total = 0): MemberList => ({
  items: [],
  total,
  page: 1,
  pageSize: 10,
  pageCount: 1,
  counts,
});

describe('rosterSummary', () => {
  it('counts the members as the classroom’s card does, then what waits, if anything', () => {
    expect(rosterSummary(list({ members: 20, asking: 2, invited: 1 }, 24), false)).toBe(
      '20 members, 2 asking to join, 1 invited',
    );
    expect(rosterSummary(list({ members: 1, asking: 0, invited: 0 }, 2), false)).toBe('1 member');
    expect(rosterSummary(list({ members: 0 }, 1), false)).toBe('0 members');
  });

  it('says how many were found under a search or a filter', () => {
    expect(rosterSummary(list({ members: 20 }, 3), true)).toBe('3 found');
  });
});
