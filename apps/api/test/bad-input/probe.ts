import { text } from 'node:stream/consumers';
import { PROBLEM_CONTENT_TYPE, problemSchema } from '@hackclass/contracts';
import { UNKNOWN_FIELD_MESSAGE } from '@hackclass/http';
import fc from 'fast-check';
import type { LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { pathSegment, percentEncoded, queryString } from './arbitraries';
import { type Body, bodyFor, multipartOf } from './requests';
import type { RouteCase } from './routes';
import type { Caller, World } from './world';

/** Runs per route and property; FAST_CHECK_SEED replays a failure that fast-check printed. */
const runs = Number(process.env.FAST_CHECK_RUNS ?? 30);
const seed = process.env.FAST_CHECK_SEED ? Number(process.env.FAST_CHECK_SEED) : undefined;
const options = { numRuns: runs, ...(seed === undefined ? {} : { seed }) };

/** Where Fastify reports a whole part as wrong: a body that is no object, say. */
const LOCATIONS = ['body', 'querystring', 'params'];

const namesOf = (spec: RouteCase) => [
  ...Object.keys(spec.params ?? {}),
  ...Object.keys(spec.query?.wrong ?? {}),
  ...Object.keys(spec.json ?? {}),
  ...Object.keys(spec.multipart?.wrong ?? {}),
  ...(spec.multipart?.files ?? []),
];

const callersOf = (world: World, spec: RouteCase) =>
  spec.adminOnly ? world.callers.slice(1) : world.callers;

/** `GET /api/classrooms/:id` with each `:name` replaced by a segment. */
function pathOf(route: string, segments: Record<string, string>) {
  const [method = '', template = ''] = route.split(' ');
  const url = template.replace(/:(\w+)/g, (_match, name: string) => segments[name] ?? '');
  return { method, url };
}

/** What the properties read of an answer. */
type Answer = Pick<LightMyRequestResponse, 'statusCode' | 'headers' | 'body' | 'json'>;

const EVENT_STREAM = 'text/event-stream';

async function send(
  world: World,
  caller: Caller,
  method: string,
  url: string,
  body: Body,
  spec: RouteCase,
): Promise<Answer> {
  const streaming = spec.produces === EVENT_STREAM;
  const response = await world.server.app.inject({
    method: method as 'GET',
    url,
    headers: {
      ...caller.headers,
      ...(body.contentType === undefined ? {} : { 'content-type': body.contentType }),
    },
    ...(body.payload === undefined ? {} : { payload: body.payload }),
    ...(streaming ? { payloadAsStream: true } : {}),
  });
  if (!streaming) return response;
  // An event stream that was let through stays open: its status is the answer, the rest is drained.
  let content = '';
  if (response.statusCode < 300) response.stream().resume();
  else content = await text(response.stream());
  return {
    statusCode: response.statusCode,
    headers: response.headers,
    body: content,
    json: () => JSON.parse(content),
  };
}

/**
 * Never a 5xx; every refusal a problem document whose `errors` name only the route's own
 * fields (or the part of the request that is wrong as a whole); every success the route's type.
 * `elsewhere`: the path's dot segments resolved to another route, whose fields these are not.
 */
export function expectSound(response: Answer, spec: RouteCase, elsewhere = false) {
  const { statusCode: status } = response;
  const type = String(response.headers['content-type'] ?? '');
  const seen = `${status} ${type} ${response.body.slice(0, 500)}`;
  expect(status, seen).toBeLessThan(500);
  if (status >= 400) {
    expect(type, seen).toMatch(new RegExp(`^${PROBLEM_CONTENT_TYPE.replace('+', '\\+')}`));
    const problem = problemSchema.parse(response.json());
    expect(problem.status, seen).toBe(status);
    if (problem.code === 'validation_failed' && !elsewhere) {
      const fields = Object.keys(problem.errors ?? {});
      expect(fields.length, seen).toBeGreaterThan(0);
      const known = [...namesOf(spec), ...LOCATIONS];
      // A field the route does not take is named as sent: nothing else may name a stranger.
      const unknown = ([field, messages]: [string, string[]]) =>
        !known.includes(field) && messages.every((message) => message === UNKNOWN_FIELD_MESSAGE);
      for (const entry of Object.entries(problem.errors ?? {})) {
        if (!unknown(entry)) expect(known, seen).toContain(entry[0].split('.')[0]);
      }
    }
    return problem;
  }
  if (status === 204) expect(response.body, seen).toBe('');
  else if (status < 300 && !elsewhere)
    expect(type, seen).toMatch(new RegExp(`^${spec.produces ?? 'application/json'}`));
  return undefined;
}

/** Random paths, queries, bodies and content types, as a caller allowed to use the route. */
export async function fuzzRoute(world: World, route: string, spec: RouteCase) {
  const params = Object.keys(spec.params ?? {});
  const request = fc.record({
    caller: fc.constantFrom(...callersOf(world, spec)),
    // `null` is the param's valid value, so that most requests reach the handler.
    segments: fc.tuple(...params.map(() => fc.option(pathSegment(undefined), { freq: 3 }))),
    query: queryString(namesOf(spec)),
    body: bodyFor(
      [
        ...Object.keys(spec.json ?? {}),
        ...Object.keys(spec.multipart?.good ?? {}),
        ...(spec.multipart?.files ?? []),
      ],
      spec.multipart !== undefined,
    ),
  });
  await fc.assert(
    fc.asyncProperty(request, async ({ caller, segments, query, body }) => {
      const values = Object.fromEntries(
        params.map((name, i) => [name, segments[i] ?? spec.params?.[name]?.(world, caller) ?? '']),
      );
      const { method, url } = pathOf(route, values);
      // As URL parsing does, `..` and `.` segments are resolved before routing.
      const elsewhere = segments.some((segment) => segment === '.' || segment === '..');
      const response = await send(world, caller, method, `${url}${query}`, body, spec);
      expectSound(response, spec, elsewhere);
    }),
    options,
  );
}

function queryOf(fields: Record<string, string | string[]>) {
  const pairs = Object.entries(fields).flatMap(([key, value]) =>
    [value].flat().map((item) => `${key}=${percentEncoded(item)}`),
  );
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** Some of the fields made wrong, the rest left valid. */
function spoiled<T>(good: Record<string, T>, wrong: Record<string, fc.Arbitrary<T>>) {
  return fc
    .record(wrong, { requiredKeys: [] })
    .filter((bad) => Object.keys(bad).length > 0)
    .map((bad) => ({ fields: { ...good, ...bad } as Record<string, T>, bad: Object.keys(bad) }));
}

/**
 * Wrong for every JSON field of ours: none is nullable, boolean or an object. (No `__proto__`
 * keys: the JSON parser refuses those as a whole, before validation.)
 */
const key = fc.string().filter((name) => !['__proto__', 'constructor', 'prototype'].includes(name));
const wrongJson = fc.oneof(fc.constant(null), fc.boolean(), fc.object({ key, maxDepth: 1 }));
/** …but for a field that takes null (see `RouteCase.nullable`). */
const wrongNonNullJson = fc.oneof(fc.boolean(), fc.object({ key, maxDepth: 1 }));
/** For a yes-or-no field, where a boolean is right. */
const wrongBooleanJson = fc.oneof(
  fc.constant(null),
  fc.string(),
  fc.integer(),
  fc.object({ key, maxDepth: 1 }),
);

/**
 * Valid input with some fields made wrong: 400 validation_failed naming each wrong field.
 * (Validation stops at the first wrong part of a request, so one part is spoiled at a time.)
 */
export async function expectFieldErrors(world: World, route: string, spec: RouteCase) {
  const parts: fc.Arbitrary<{ query: string; body: Body; bad: string[] }>[] = [];
  const goodQuery = queryOf(spec.query?.good ?? {});
  const goodBody: Body = spec.json
    ? { contentType: 'application/json', payload: JSON.stringify(spec.json) }
    : spec.multipart
      ? multipartOf(Object.entries(spec.multipart.good).map(([name, value]) => ({ name, value })))
      : {};
  if (spec.query) {
    parts.push(
      spoiled<string | string[]>(spec.query.good, spec.query.wrong).map(({ fields, bad }) => ({
        query: queryOf(fields),
        body: goodBody,
        bad,
      })),
    );
  }
  if (spec.json) {
    const wrong = Object.fromEntries(
      Object.entries(spec.json).map(([name, value]) => [
        name,
        typeof value === 'boolean'
          ? wrongBooleanJson
          : spec.nullable?.includes(name)
            ? wrongNonNullJson
            : wrongJson,
      ]),
    );
    parts.push(
      spoiled<unknown>(spec.json, wrong).map(({ fields, bad }) => ({
        query: goodQuery,
        body: { contentType: 'application/json', payload: JSON.stringify(fields) },
        bad,
      })),
    );
  }
  if (spec.multipart) {
    parts.push(
      spoiled<string>(spec.multipart.good, spec.multipart.wrong).map(({ fields, bad }) => ({
        query: goodQuery,
        body: multipartOf(Object.entries(fields).map(([name, value]) => ({ name, value }))),
        bad,
      })),
    );
  }
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...callersOf(world, spec)),
      fc.oneof(...parts),
      async (caller, { query, body, bad }) => {
        const values = Object.fromEntries(
          Object.entries(spec.params ?? {}).map(([name, valid]) => [name, valid(world, caller)]),
        );
        const { method, url } = pathOf(route, values);
        const response = await send(world, caller, method, `${url}${query}`, body, spec);
        const problem = expectSound(response, spec);
        expect(problem?.code, response.body).toBe('validation_failed');
        const named = Object.keys(problem?.errors ?? {}).map((key) => key.split('.')[0]);
        expect([...new Set(named)].sort(), response.body).toEqual([...bad].sort());
      },
    ),
    options,
  );
}

/** Bodies that pass validation, with random content: the handler must cope with all of them. */
export async function fuzzValidBodies(world: World, route: string, spec: RouteCase) {
  if (!spec.validBody) return;
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...callersOf(world, spec)),
      spec.validBody,
      async (caller, body) => {
        const values = Object.fromEntries(
          Object.entries(spec.params ?? {}).map(([name, valid]) => [name, valid(world, caller)]),
        );
        const { method, url } = pathOf(route, values);
        const response = await send(world, caller, method, url, body, spec);
        expect(expectSound(response, spec)?.code, response.body).not.toBe('validation_failed');
      },
    ),
    { ...options, numRuns: Math.min(runs, 20) },
  );
}

/** `__proto__` and the like make the JSON parser refuse the body as a whole, at any depth. */
const forbiddenKeys = ['__proto__', 'constructor', 'prototype'];
const hasForbiddenKey = (value: unknown): boolean =>
  typeof value === 'object' &&
  value !== null &&
  Object.entries(value).some(
    ([key, inner]) => forbiddenKeys.includes(key) || hasForbiddenKey(inner),
  );

/** Keys no route takes. */
const strangerKey = (taken: string[]) =>
  fc
    .string({ minLength: 1, maxLength: 12 })
    .filter((name) => !taken.includes(name) && !forbiddenKeys.includes(name));

/** A valid JSON body with fields added that the route does not take: 400 naming each of them. */
export async function expectUnknownFieldsRefused(world: World, route: string, spec: RouteCase) {
  const good = spec.json ?? {};
  const extra = fc.uniqueArray(strangerKey(Object.keys(good)), { minLength: 1, maxLength: 3 });
  await fc.assert(
    fc.asyncProperty(
      fc.constantFrom(...callersOf(world, spec)),
      extra,
      fc.jsonValue({ maxDepth: 1 }).filter((value) => !hasForbiddenKey(value)),
      async (caller, names, value) => {
        const values = Object.fromEntries(
          Object.entries(spec.params ?? {}).map(([name, valid]) => [name, valid(world, caller)]),
        );
        const { method, url } = pathOf(route, values);
        const fields = { ...good, ...Object.fromEntries(names.map((name) => [name, value])) };
        const body = { contentType: 'application/json', payload: JSON.stringify(fields) };
        const response = await send(world, caller, method, url, body, spec);
        const problem = expectSound(response, spec);
        expect(problem?.code, response.body).toBe('validation_failed');
        expect(problem?.errors, response.body).toEqual(
          Object.fromEntries(names.map((name) => [name, [UNKNOWN_FIELD_MESSAGE]])),
        );
      },
    ),
    { ...options, numRuns: Math.min(runs, 20) },
  );
}

/** Bodies in a type a JSON route does not take: 415, never a 400 about the body's shape. */
const notJson = fc.constantFrom<Body>(
  { contentType: 'text/plain', payload: '{"flag":"x"}' },
  { contentType: 'text/plain; charset=utf-8', payload: 'hello' },
  { contentType: 'application/xml', payload: '<a>1</a>' },
  { contentType: 'application/x-www-form-urlencoded', payload: 'a=1' },
  { contentType: 'image/png', payload: 'x' },
  multipartOf([{ name: 'flag', value: 'x' }]),
);

export async function expectOtherTypesRefused(world: World, route: string, spec: RouteCase) {
  await fc.assert(
    fc.asyncProperty(fc.constantFrom(...callersOf(world, spec)), notJson, async (caller, body) => {
      const values = Object.fromEntries(
        Object.entries(spec.params ?? {}).map(([name, valid]) => [name, valid(world, caller)]),
      );
      const { method, url } = pathOf(route, values);
      const response = await send(world, caller, method, url, body, spec);
      expect(response.statusCode, response.body).toBe(415);
      expect(expectSound(response, spec)?.code).toBe('unsupported_media_type');
    }),
    { ...options, numRuns: Math.min(runs, 12) },
  );
}

export const hasFields = (spec: RouteCase) => Boolean(spec.query ?? spec.json ?? spec.multipart);
