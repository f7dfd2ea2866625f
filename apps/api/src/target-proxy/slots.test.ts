import { describe, expect, it } from 'vitest';
import { openSlots } from './slots';

describe('open slots', () => {
  it('refuses a user past their limit, over all targets, and not another user', () => {
    const slots = openSlots({ perUser: 2 });
    expect(slots.take('ann', 't1')).toBeTypeOf('function');
    expect(slots.take('ann', 't2')).toBeTypeOf('function');
    expect(slots.take('ann', 't3')).toBeUndefined();
    expect(slots.take('bob', 't1')).toBeTypeOf('function');
  });

  it('refuses a target past its limit, whoever asks', () => {
    const slots = openSlots({ perUser: 10, perTarget: 2 });
    expect(slots.take('ann', 't1')).toBeTypeOf('function');
    expect(slots.take('bob', 't1')).toBeTypeOf('function');
    expect(slots.take('cem', 't1')).toBeUndefined();
    expect(slots.take('cem', 't2')).toBeTypeOf('function');
  });

  it('gives a slot back once, however often its release is called', () => {
    const slots = openSlots({ perUser: 2 });
    const first = slots.take('ann', 't1');
    slots.take('ann', 't1');
    first?.();
    first?.();
    expect(slots.take('ann', 't1')).toBeTypeOf('function');
    expect(slots.take('ann', 't1')).toBeUndefined();
  });
});
