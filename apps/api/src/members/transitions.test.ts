import type { MemberStatus } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { decideTransition } from './transitions';

type Who = 'self' | 'manager' | 'manager acting on self' | 'other';
const actors: Record<Who, { bySelf: boolean; byManager: boolean }> = {
  self: { bySelf: true, byManager: false },
  manager: { bySelf: false, byManager: true },
  'manager acting on self': { bySelf: true, byManager: true },
  other: { bySelf: false, byManager: false },
};

describe('decideTransition', () => {
  it.each<[MemberStatus, MemberStatus, Who, 'allowed' | 'forbidden' | 'conflict']>([
    ['Invited', 'Accepted', 'self', 'allowed'],
    ['Invited', 'Accepted', 'manager', 'forbidden'],
    ['Invited', 'Accepted', 'manager acting on self', 'allowed'],
    ['Invited', 'Accepted', 'other', 'forbidden'],
    ['PendingApproval', 'Accepted', 'manager', 'allowed'],
    ['PendingApproval', 'Accepted', 'manager acting on self', 'allowed'],
    ['PendingApproval', 'Accepted', 'self', 'forbidden'],
    ['PendingApproval', 'Accepted', 'other', 'forbidden'],
    ['Accepted', 'Accepted', 'manager', 'conflict'],
    ['Accepted', 'Invited', 'manager', 'conflict'],
    ['Accepted', 'PendingApproval', 'self', 'conflict'],
    ['Invited', 'Invited', 'self', 'conflict'],
    ['Invited', 'PendingApproval', 'self', 'conflict'],
    ['PendingApproval', 'Invited', 'manager', 'conflict'],
    ['PendingApproval', 'PendingApproval', 'manager', 'conflict'],
  ])('%s → %s by %s: %s', (from, to, who, expected) => {
    const decision = decideTransition({ from, to, ...actors[who] });
    expect(decision.allowed ? 'allowed' : decision.reason).toBe(expected);
    if (!decision.allowed) expect(decision.detail).not.toBe('');
  });
});
