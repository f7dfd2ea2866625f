import { describe, expect, it } from 'vitest';
import { fromAnotherOrigin, targetOriginOf } from './request-origin';

const own = 'https://abc.labs.school.example';

describe('a request from another origin', () => {
  it('is one whose Sec-Fetch-Site is same-site or cross-site, such as a sibling target’s fetch', () => {
    expect(fromAnotherOrigin({ 'sec-fetch-site': 'same-site' }, own)).toBe(true);
    expect(fromAnotherOrigin({ 'sec-fetch-site': 'cross-site' }, own)).toBe(true);
  });

  it('is not a same-origin or typed request, nor one with no Sec-Fetch-Site (no browser)', () => {
    expect(fromAnotherOrigin({ 'sec-fetch-site': 'same-origin' }, own)).toBe(false);
    expect(fromAnotherOrigin({ 'sec-fetch-site': 'none' }, own)).toBe(false);
    expect(fromAnotherOrigin({}, own)).toBe(false);
  });

  it('is one whose Origin is not the target’s own, null included', () => {
    expect(fromAnotherOrigin({ origin: own }, own)).toBe(false);
    expect(fromAnotherOrigin({ origin: `${own}:443` }, own)).toBe(false);
    expect(fromAnotherOrigin({ origin: 'https://evil.example' }, own)).toBe(true);
    expect(fromAnotherOrigin({ origin: 'https://def.labs.school.example' }, own)).toBe(true);
    expect(fromAnotherOrigin({ origin: 'http://abc.labs.school.example' }, own)).toBe(true);
    expect(fromAnotherOrigin({ origin: 'null' }, own)).toBe(true);
  });
});

describe('a target’s own origin', () => {
  it('is PUBLIC_URL’s scheme and the host as requested, without a default port', () => {
    expect(targetOriginOf('https', 'ABC.labs.school.example:443')).toBe(own);
    expect(targetOriginOf('http', 'abc.localhost:3000')).toBe('http://abc.localhost:3000');
    expect(targetOriginOf('http', undefined)).toBeUndefined();
  });
});
