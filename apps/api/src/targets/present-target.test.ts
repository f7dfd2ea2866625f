import { describe, expect, it } from 'vitest';
import { newTargetFlag } from './per-student-flag';
import { extendableFrom, extendedExpiry } from './present-target';

const MINUTE = 60_000;
const now = new Date('2026-11-24T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * MINUTE);
const config = { maxLifetimeMinutes: 240 };
const rule = { lifetimeMinutes: 60, extendable: true };

describe('extendedExpiry', () => {
  it('sets another lifetime from now', () => {
    const running = { state: 'running' as const, startedAt: at(-50), expiresAt: at(10) };
    expect(extendedExpiry(running, rule, config, now)).toEqual(at(60));
  });

  it('never goes past the longest a target runs from its start', () => {
    const late = { state: 'running' as const, startedAt: at(-200), expiresAt: at(10) };
    expect(extendedExpiry(late, rule, config, now)).toEqual(at(40));
  });

  it('is refused when less than a minute would be gained, when not running or not allowed', () => {
    const fresh = { state: 'running' as const, startedAt: now, expiresAt: at(60) };
    expect(extendedExpiry(fresh, rule, config, now)).toBeUndefined();
    const starting = { state: 'starting' as const, startedAt: null, expiresAt: null };
    expect(extendedExpiry(starting, rule, config, now)).toBeUndefined();
    const running = { state: 'running' as const, startedAt: at(-50), expiresAt: at(10) };
    expect(extendedExpiry(running, { ...rule, extendable: false }, config, now)).toBeUndefined();
    expect(extendedExpiry(running, null, config, now)).toBeUndefined();
  });

  it('lets a lab’s own lifetime stand when the operator lowered the maximum below it', () => {
    const running = { state: 'running' as const, startedAt: at(-50), expiresAt: at(10) };
    const long = { lifetimeMinutes: 300, extendable: true };
    expect(extendedExpiry(running, long, config, now)).toEqual(at(250));
  });
});

describe('extendableFrom', () => {
  it('is a minute into the lifetime for a target that just started, when extending first gains a minute', () => {
    const fresh = { state: 'running' as const, startedAt: now, expiresAt: at(60) };
    const from = extendableFrom(fresh, rule, config, now);
    expect(from).toEqual(at(1));
    expect(extendedExpiry(fresh, rule, config, at(1))).toEqual(at(61));
    expect(extendedExpiry(fresh, rule, config, new Date(at(1).getTime() - 1))).toBeUndefined();
  });

  it('is nothing when extending is possible now, or never will be', () => {
    const running = { state: 'running' as const, startedAt: at(-50), expiresAt: at(10) };
    expect(extendableFrom(running, rule, config, now)).toBeUndefined();
    const longest = { state: 'running' as const, startedAt: at(-200), expiresAt: at(40) };
    expect(extendedExpiry(longest, rule, config, now)).toBeUndefined();
    expect(extendableFrom(longest, rule, config, now)).toBeUndefined();
    const fresh = { state: 'running' as const, startedAt: now, expiresAt: at(60) };
    expect(extendableFrom(fresh, { ...rule, extendable: false }, config, now)).toBeUndefined();
    const stopped = { state: 'stopped' as const, startedAt: now, expiresAt: at(60) };
    expect(extendableFrom(stopped, rule, config, now)).toBeUndefined();
  });
});

describe('newTargetFlag', () => {
  it('wraps 24 random base32 characters in the teacher’s prefix and suffix, never twice alike', () => {
    const flags = Array.from({ length: 100 }, () => newTargetFlag('HC{', '}'));
    for (const flag of flags) expect(flag).toMatch(/^HC\{[a-z2-7]{24}\}$/);
    expect(new Set(flags).size).toBe(100);
  });
});
