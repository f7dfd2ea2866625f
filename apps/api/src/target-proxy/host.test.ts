import { describe, expect, it } from 'vitest';
import { targetHostParser } from './host';

const ID = '0b7e5c1a-52f4-4c7e-9d3b-3f1f2a6e9c10';

describe('a target’s host name', () => {
  it('is <target id>.<labs domain>, with any port, in any case', () => {
    const parse = targetHostParser('labs.school.example');
    expect(parse(`${ID}.labs.school.example`)).toBe(ID);
    expect(parse(`${ID.toUpperCase()}.LABS.school.example:8443`)).toBe(ID);
    expect(parse(`${ID}.labs.school.example.`)).toBe(ID);
  });

  it('is nothing else: HackClass’s own host, other domains, look-alikes', () => {
    const parse = targetHostParser('localhost');
    for (const host of [
      undefined,
      '',
      'localhost:3000',
      `${ID}.localhost.evil.example`,
      `${ID}xlocalhost`,
      `x.${ID}.localhost`,
      `${ID.slice(1)}.localhost`,
      `${ID}.localhost:`,
    ]) {
      expect(parse(host)).toBeUndefined();
    }
    expect(parse(`${ID}.localhost:3000`)).toBe(ID);
  });
});
