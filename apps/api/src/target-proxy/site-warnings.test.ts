import { describe, expect, it } from 'vitest';
import { labsDomainWarnings, siteOf } from './site-warnings';

describe('the site of a host', () => {
  it('is its last two labels, an IP address itself', () => {
    expect(siteOf('abc.labs.school.example')).toBe('school.example');
    expect(siteOf('Hackclass.School.Example.')).toBe('school.example');
    expect(siteOf('abc.localhost')).toBe('abc.localhost');
    expect(siteOf('localhost')).toBe('localhost');
    expect(siteOf('192.0.2.10')).toBe('192.0.2.10');
    expect(siteOf('[2001:db8::1]')).toBe('[2001:db8::1]');
  });
});

describe('warnings about where targets are served', () => {
  const warnings = (publicUrl: string, labsDomain: string) =>
    labsDomainWarnings({ publicUrl, labsDomain });

  it('none for the defaults, nor for https with a labs domain of its own', () => {
    expect(warnings('http://localhost:3000', 'localhost')).toEqual([]);
    expect(warnings('https://hackclass.school.example', 'school-labs.example')).toEqual([]);
    expect(warnings('https://hackclass.school.example', 'labs.school-labs.example')).toEqual([]);
    expect(warnings('http://hackclass.localhost:3000', 'labs.localhost')).toEqual([]);
  });

  it('one when the labs domain shares a site with HackClass, a subdomain of it included', () => {
    for (const labsDomain of ['labs.school.example', 'labs.hackclass.school.example']) {
      const [warning, ...rest] = warnings('https://hackclass.school.example', labsDomain);
      expect(rest).toEqual([]);
      expect(warning).toMatch(/share the site school\.example/);
    }
  });

  it('one over plain http but to localhost, where browsers send no Sec-Fetch-Site', () => {
    const [warning, ...rest] = warnings('http://hackclass.school.example', 'school-labs.example');
    expect(rest).toEqual([]);
    expect(warning).toMatch(/PUBLIC_URL is http/);
    expect(warnings('http://192.0.2.10:3000', 'labs.localhost')).toEqual([]);
  });
});
