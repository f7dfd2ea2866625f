import { describe, expect, it } from 'vitest';
import { isActiveTargetState, isSettlingTargetState, TARGET_STATES } from './targets';

describe('target states', () => {
  it('hold a container while starting, running or stopping, and settle on their own in two', () => {
    expect(TARGET_STATES.filter(isActiveTargetState)).toEqual(['starting', 'running', 'stopping']);
    expect(TARGET_STATES.filter(isSettlingTargetState)).toEqual(['starting', 'stopping']);
    expect(isActiveTargetState(undefined)).toBe(false);
    expect(isSettlingTargetState(undefined)).toBe(false);
  });
});
