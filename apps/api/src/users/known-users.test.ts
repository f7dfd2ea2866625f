import { describe, expect, it } from 'vitest';
import type { UserRow } from '../db/schema';
import { knownUsers } from './known-users';

const user = (identityUid: string, roleId = 1) => ({ identityUid, roleId }) as UserRow;

function clock() {
  let time = 0;
  return {
    now: () => time,
    pass: (ms: number) => {
      time += ms;
    },
  };
}

describe('knownUsers', () => {
  it('keeps a user for the time given, and no longer', () => {
    const { now, pass } = clock();
    const known = knownUsers({ ttlMs: 2_000, now });
    const ada = known.remember(user('ada'));
    pass(1_999);
    expect(known.get('ada')).toBe(ada);
    pass(1);
    expect(known.get('ada')).toBeUndefined();
  });

  it('forgets a user at once, and keeps the newest row remembered', () => {
    const known = knownUsers();
    known.remember(user('ada', 1));
    known.forget('ada');
    expect(known.get('ada')).toBeUndefined();
    known.remember(user('ada', 1));
    known.remember(user('ada', 2));
    expect(known.get('ada')?.roleId).toBe(2);
  });

  it('holds at most the given number of users, dropping the oldest', () => {
    const known = knownUsers({ max: 2 });
    known.remember(user('a'));
    known.remember(user('b'));
    known.remember(user('a'));
    known.remember(user('c'));
    expect(known.get('b')).toBeUndefined();
    expect(known.get('a')).toBeDefined();
    expect(known.get('c')).toBeDefined();
  });
});
