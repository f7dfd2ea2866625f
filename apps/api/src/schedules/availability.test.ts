import { describe, expect, it } from 'vitest';
import { type AvailabilityFacts, availabilityOf } from './availability';
import { cyclePath } from './cycles';

const now = new Date('2026-03-02T09:00:00Z');
const later = new Date('2026-03-02T10:00:00Z');
const earlier = new Date('2026-03-02T08:00:00Z');
const facts = (given: Partial<AvailabilityFacts>): AvailabilityFacts => ({
  opensAt: null,
  manages: false,
  solved: false,
  unsolvedRequirements: 0,
  ...given,
});

describe('availabilityOf', () => {
  it.each([
    ['no schedule', {}, 'open'],
    ['opened', { opensAt: earlier }, 'open'],
    ['opening at this instant', { opensAt: now }, 'open'],
    ['not opened', { opensAt: later }, 'upcoming'],
    ['not opened, requirements unsolved', { opensAt: later, unsolvedRequirements: 1 }, 'upcoming'],
    ['requirements unsolved', { unsolvedRequirements: 2 }, 'locked'],
    ['solved before requirements were added', { solved: true, unsolvedRequirements: 1 }, 'open'],
    ['solved, then moved later', { solved: true, opensAt: later }, 'open'],
    ['managed, not opened', { manages: true, opensAt: later }, 'upcoming'],
    ['managed, requirements unsolved', { manages: true, unsolvedRequirements: 1 }, 'open'],
  ] as const)('%s: %s', (_case, given, expected) => {
    expect(availabilityOf(facts(given), now)).toBe(expected);
  });
});

describe('cyclePath', () => {
  const graph = new Map([
    ['b', ['a']],
    ['c', ['b']],
    ['d', ['x']],
  ]);

  it('finds the path by which the required lab leads back', () => {
    expect(cyclePath(graph, 'a', 'b')).toEqual(['b', 'a']);
    expect(cyclePath(graph, 'a', 'c')).toEqual(['c', 'b', 'a']);
  });

  it('finds none where the requirement leads elsewhere', () => {
    expect(cyclePath(graph, 'a', 'd')).toBeUndefined();
    expect(cyclePath(graph, 'c', 'a')).toBeUndefined();
  });
});
