import { WEB_VITALS_PAGES } from '@hackclass/contracts';
import { describe, expect, it } from 'vitest';
import { paths } from '@/config/paths';
import { pageOf } from './page-of';

describe('pageOf', () => {
  it('names a page by its route pattern, never by its ids', () => {
    expect(pageOf('/')).toBe('/');
    expect(pageOf('/login')).toBe('/login');
    expect(pageOf('/classrooms/4f1c2a9e-7b7e-4c53-9d0e-6d1f1f0e2a11')).toBe(
      '/classrooms/:classroomId',
    );
    expect(pageOf('/classrooms/4f1c/members')).toBe('/classrooms/:classroomId/members');
    expect(pageOf('/auth/verify-email/ada%40example.org')).toBe('/auth/verify-email/:email');
    expect(pageOf('/dashboard/')).toBe('/dashboard');
  });

  it('ranks fixed segments above parameters, as the router does', () => {
    expect(pageOf('/hacking-labs/create')).toBe('/hacking-labs/create');
    expect(pageOf('/hacking-labs/import')).toBe('/hacking-labs/import');
    expect(pageOf('/hacking-labs/sql-injection-101')).toBe('/hacking-labs/:slug');
  });

  it('names every other path `other`', () => {
    expect(pageOf('/no/such/page')).toBe('other');
    expect(pageOf('/classrooms/4f1c/secret')).toBe('other');
  });

  it('knows every page of the route table, and only those', () => {
    const patterns = Object.values(paths)
      .map((route) => route.path)
      .filter((path) => path !== paths.notFound.path);
    expect([...WEB_VITALS_PAGES].sort()).toEqual([...patterns, 'other'].sort());
  });
});
