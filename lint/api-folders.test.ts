import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cyclesOf, folderImports } from './folder-cycles';

const api = fileURLToPath(new URL('../apps/api/src', import.meta.url));

describe('the API’s folders', () => {
  it('import one another one way only: no folder reaches back to one that reaches it', () => {
    expect(cyclesOf(folderImports(api))).toEqual([]);
  });

  it('are checked by a search that finds a loop however long', () => {
    const imports = new Map([
      ['members', new Set(['classrooms', 'users'])],
      ['classrooms', new Set(['schedules'])],
      ['schedules', new Set(['members'])],
      ['users', new Set(['db'])],
    ]);
    expect(cyclesOf(imports)).toEqual([['classrooms', 'members', 'schedules']]);
    expect(folderImports(api).get('routes')).toContain('members');
  });
});
