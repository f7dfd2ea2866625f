import { expect, it } from 'vitest';
import { routeCases } from './routes';
import { badInputSuite } from './suite';

const world = badInputSuite('authAndUsers');

it('covers every route of the API (a new route needs its case in routes.ts)', () => {
  const routes = world()
    .server.routes.filter((route) => !route.url.startsWith('/api/docs'))
    .map((route) => `${route.method} ${route.url}`);
  const covered = Object.values(routeCases).flatMap((cases) => Object.keys(cases));
  expect([...covered].sort()).toEqual([...routes].sort());
});
