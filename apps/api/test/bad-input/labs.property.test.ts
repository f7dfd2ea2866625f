import { PROBLEM_CONTENT_TYPE } from '@hackclass/contracts';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { multipartOf } from './requests';
import { badInputSuite } from './suite';

const world = badInputSuite('labs');

/** Each limit the operator caps (LAB_MAX_*), with its name in the lab form's target. */
const OPERATOR_LIMITS = [
  ['memoryMb', 'maxMemoryMb', 65_536],
  ['cpus', 'maxCpus', 64],
  ['pids', 'maxPids', 32_768],
  ['lifetimeMinutes', 'maxLifetimeMinutes', 10_080],
] as const;

describe('a lab target over the operator’s maximums', () => {
  it('is refused with 400 naming the field, on a create and an edit', async () => {
    const { server, callers } = world();
    const overLimit = fc.constantFrom(...OPERATOR_LIMITS).chain(([field, limit, schemaMax]) => {
      const max = server.targets.config[limit];
      const over =
        field === 'cpus'
          ? fc.double({ min: max + 0.01, max: schemaMax, noNaN: true })
          : fc.integer({ min: max + 1, max: schemaMax });
      return over.map((value) => ({ field, value }));
    });
    const send = (method: 'POST' | 'PUT', url: string, headers: object, target: object) => {
      const fields = {
        name: 'Over the limit',
        difficulty: 'Easy',
        category: 'Web',
        points: '10',
        flags: '[{"value":"flag{x}"}]',
        target: JSON.stringify({
          image: 'registry.school.example/labs/sqli:3',
          port: 8080,
          kind: 'http',
          ...target,
        }),
      };
      const { contentType, payload } = multipartOf(
        Object.entries(fields).map(([name, value]) => ({ name, value })),
      );
      return server.app.inject({
        method,
        url,
        headers: { ...headers, 'content-type': contentType },
        payload,
      });
    };
    const [owner] = callers;
    const created = await send('POST', '/api/hacking-labs', owner?.headers ?? {}, {});
    expect(created.statusCode, created.body).toBe(201);
    const labUrl = `/api/hacking-labs/${created.json().id}`;
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...callers),
        fc.constantFrom(['POST', '/api/hacking-labs'] as const, ['PUT', labUrl] as const),
        overLimit,
        async (caller, [method, url], { field, value }) => {
          const response = await send(method, url, caller.headers, { [field]: value });
          expect(response.statusCode, response.body).toBe(400);
          expect(String(response.headers['content-type'])).toContain(PROBLEM_CONTENT_TYPE);
          expect(Object.keys(response.json().errors), response.body).toEqual([`target.${field}`]);
          expect(response.json().code).toBe('target_limit_too_high');
        },
      ),
      { numRuns: 40 },
    );
  });
});
