import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  expectFieldErrors,
  expectOtherTypesRefused,
  expectUnknownFieldsRefused,
  fuzzRoute,
  fuzzValidBodies,
  hasFields,
} from './probe';
import { type Domain, type RouteCase, routeCases } from './routes';
import { startWorld, type World } from './world';

/**
 * The bad-input properties for every route of one domain, on a server of its own; the world
 * for more tests in the same file.
 */
export function badInputSuite(
  domain: Domain,
  worldOptions: Parameters<typeof startWorld>[0] = {},
): () => World {
  let world: World;
  beforeAll(async () => {
    world = await startWorld(worldOptions);
  });
  afterAll(() => world.server.close());

  describe(`bad input to the ${domain} routes`, () => {
    const cases: [string, RouteCase][] = Object.entries(routeCases[domain]);
    for (const [route, spec] of cases) {
      it(`${route}: never a 5xx, every refusal a problem document`, () =>
        fuzzRoute(world, route, spec));
      if (spec.validBody) {
        it(`${route}: valid bodies of random content reach the handler without a 5xx`, () =>
          fuzzValidBodies(world, route, spec));
      }
      if (spec.json) {
        it(`${route}: a field the route does not take is refused by name`, () =>
          expectUnknownFieldsRefused(world, route, spec));
        it(`${route}: a body that is not JSON is 415`, () =>
          expectOtherTypesRefused(world, route, spec));
      }
      if (hasFields(spec)) {
        it(`${route}: a validation problem names exactly the wrong fields`, () =>
          expectFieldErrors(world, route, spec));
      }
    }
    it('answers only with the error codes each route declares', () => {
      expect([...world.server.undeclaredErrors]).toEqual([]);
    });
  });
  return () => world;
}
