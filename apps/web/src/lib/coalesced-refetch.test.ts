import type { QueryKey } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { coalescedRefetch } from './coalesced-refetch';

describe('coalescedRefetch', () => {
  let refetched: QueryKey[][];
  const refetch = (keys: QueryKey[]) => refetched.push(keys);

  beforeEach(() => {
    refetched = [];
    vi.useFakeTimers();
  });
  afterEach(() => vi.useRealTimers());

  it('waits the drawn share of the spread, then refetches once what the events named', () => {
    const refetcher = coalescedRefetch(refetch, 2_000, () => 0.25);
    refetcher.add([['classrooms', 'a']]);
    vi.advanceTimersByTime(400);
    refetcher.add([
      ['classrooms', 'a'],
      ['gradebook', 'a'],
    ]);
    expect(refetched).toEqual([]);
    vi.advanceTimersByTime(100);
    expect(refetched).toEqual([
      [
        ['classrooms', 'a'],
        ['gradebook', 'a'],
      ],
    ]);
  });

  it('starts a new wait for events after a refetch, and none for events naming nothing', () => {
    const refetcher = coalescedRefetch(refetch, 2_000, () => 0.5);
    refetcher.add([]);
    vi.advanceTimersByTime(5_000);
    expect(refetched).toEqual([]);
    refetcher.add([['classrooms', 'a']]);
    vi.advanceTimersByTime(1_000);
    refetcher.add([['classrooms', 'b']]);
    vi.advanceTimersByTime(999);
    expect(refetched).toEqual([[['classrooms', 'a']]]);
    vi.advanceTimersByTime(1);
    expect(refetched).toEqual([[['classrooms', 'a']], [['classrooms', 'b']]]);
  });

  it('refetches nothing once cancelled', () => {
    const refetcher = coalescedRefetch(refetch, 2_000, () => 0.5);
    refetcher.add([['classrooms', 'a']]);
    refetcher.cancel();
    vi.advanceTimersByTime(5_000);
    expect(refetched).toEqual([]);
  });
});
