import type { MyAttackBox, Target } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { myBoxRefreshMs } from './get-my-box';

const answer = (available: boolean, state?: Target['state']): MyAttackBox => ({
  box: state ? ({ state } as Target) : null,
  available,
  idleMinutes: 30,
});

describe('how often the attack box is asked after', () => {
  it('is often while it starts or stops', () => {
    expect(myBoxRefreshMs(answer(true, 'starting'))).toBe(1_500);
    expect(myBoxRefreshMs(answer(true, 'stopping'))).toBe(1_500);
  });

  it('is now and then while none can start, so the Start button comes back with the engine', () => {
    expect(myBoxRefreshMs(answer(false))).toBe(10_000);
    expect(myBoxRefreshMs(answer(false, 'stopped'))).toBe(10_000);
  });

  it('is never while it runs, or while one can start, or before the first answer', () => {
    expect(myBoxRefreshMs(answer(true, 'running'))).toBe(false);
    expect(myBoxRefreshMs(answer(true))).toBe(false);
    expect(myBoxRefreshMs(undefined)).toBe(false);
  });
});
