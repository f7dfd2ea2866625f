import { describe, expect, it } from 'vitest';
import { type EventTypes, knownEventOf } from './known-event';

type Event = { type: 'solve'; labId: string } | { type: 'members' };
const types: EventTypes<Event> = { solve: true, members: true };

describe('knownEventOf', () => {
  it('answers an event of a known type as it came', () => {
    expect(knownEventOf(types, '{"type":"solve","labId":"l1"}')).toEqual({
      type: 'solve',
      labId: 'l1',
    });
    expect(knownEventOf(types, '{"type":"members"}')).toEqual({ type: 'members' });
  });

  it("skips a newer server's type, a type the object inherits, and what is not an event", () => {
    for (const data of [
      '{"type":"reactions"}',
      '{"type":"toString"}',
      '{"type":"__proto__"}',
      '{"kind":"solve"}',
      '{"type":1}',
      'null',
      '"solve"',
      '{"type":',
    ]) {
      expect(knownEventOf(types, data), data).toBeUndefined();
    }
  });
});
