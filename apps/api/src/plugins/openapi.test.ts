import { API_ERROR_CODES } from '@hackclass/contracts';
import { validate } from '@readme/openapi-parser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, apiSession, startApiServer } from '../../test/support';

let server: ApiServer;
beforeAll(async () => {
  server = await startApiServer();
});
afterAll(() => server.close());

/** `/api/classrooms/:id` as OpenAPI writes it: `/classrooms/{id}`. */
const openapiPath = (url: string) => url.replace(/^\/api/, '').replace(/:(\w+)/g, '{$1}');

interface JsonSchema {
  type?: string;
  format?: string;
  enum?: string[];
  items?: JsonSchema;
  properties?: Record<string, JsonSchema>;
  required?: string[];
}

interface Operation {
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
  responses: Record<
    string,
    { description: string; content?: Record<string, { schema: JsonSchema }> }
  >;
}

async function operations() {
  const document = (await apiSession(server).call('GET', '/docs/json')).json<{
    paths: Record<string, Record<string, Operation>>;
  }>();
  return (method: string, url: string) => {
    const operation = document.paths[openapiPath(url)]?.[method.toLowerCase()];
    if (!operation) throw new Error(`${method} ${url} is not in the document`);
    return operation;
  };
}

/** The problem codes an operation's answers name, by status. */
const problemCodes = (operation: Operation) =>
  Object.fromEntries(
    Object.entries(operation.responses).flatMap(([status, response]) => {
      const codes = response.content?.['application/problem+json']?.schema.properties?.code?.enum;
      return codes ? [[status, codes]] : [];
    }),
  );

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const document = (await apiSession(server).call('GET', '/docs/json')).json();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
  });

  it('describes a classroom without its roster, which the members and leaderboard pages hold', async () => {
    const operation = await operations();
    const json = (method: string, url: string) =>
      operation(method, url).responses['200']?.content?.['application/json']?.schema;
    const classroom = json('GET', '/api/classrooms/:id');
    expect(classroom?.properties).toHaveProperty('hackingLabs');
    expect(classroom?.properties).not.toHaveProperty('members');
    for (const paged of ['/api/classrooms/:id/members', '/api/classrooms/:id/leaderboard']) {
      expect(json('GET', paged)?.required, paged).toEqual(
        expect.arrayContaining(['items', 'total', 'page', 'pageSize', 'pageCount']),
      );
    }
  });

  it('lists every route of the API, each with a summary and a tag', async () => {
    const document = (await apiSession(server).call('GET', '/docs/json')).json<{
      paths: Record<string, Record<string, { summary?: string; tags?: string[] }>>;
    }>();
    const apiRoutes = server.routes.filter((route) => !route.url.startsWith('/api/docs'));
    expect(apiRoutes.length).toBeGreaterThan(0);
    for (const route of apiRoutes) {
      const operation = document.paths[openapiPath(route.url)]?.[route.method.toLowerCase()];
      expect(operation, `${route.method} ${route.url}`).toBeDefined();
      expect(operation?.summary, `${route.method} ${route.url}`).toBeTruthy();
      expect(operation?.tags?.length, `${route.method} ${route.url}`).toBeGreaterThan(0);
    }
  });

  it('describes the multipart forms that create and edit classrooms and labs', async () => {
    const operation = await operations();
    const formOf = (method: string, url: string) =>
      operation(method, url).requestBody?.content['multipart/form-data']?.schema;
    for (const method of ['POST', 'PUT']) {
      const url = method === 'POST' ? '/api/classrooms' : '/api/classrooms/:id';
      const form = formOf(method, url);
      expect(form?.properties?.name?.type, `${method} ${url}`).toBe('string');
      expect(form?.properties?.image?.format, `${method} ${url}`).toBe('binary');
      expect(form?.required, `${method} ${url}`).toEqual(expect.arrayContaining(['name']));
      expect(form?.required, `${method} ${url}`).not.toContain('image');
    }
    for (const [method, url] of [
      ['POST', '/api/hacking-labs'],
      ['PUT', '/api/hacking-labs/:id'],
    ] as const) {
      const form = formOf(method, url);
      for (const field of ['name', 'points', 'flags', 'target']) {
        expect(form?.properties?.[field]?.type, `${method} ${url} ${field}`).toBe('string');
      }
      expect(form?.properties?.labFiles?.items?.format, `${method} ${url}`).toBe('binary');
    }
    expect(formOf('PUT', '/api/hacking-labs/:id')?.properties?.removeFileIds?.type).toBe('string');
  });

  it('names the problem codes of every route, those of the hooks it passes included', async () => {
    const operation = await operations();
    const apiRoutes = server.routes.filter((route) => !route.url.startsWith('/api/docs'));
    for (const { method, url, antiforgery } of apiRoutes) {
      const codes = problemCodes(operation(method, url));
      expect(codes['500'], `${method} ${url}`).toEqual(['internal_error']);
      expect(codes['429'], `${method} ${url}`).toContain('rate_limited');
      // Those that go without one say why in their config: the token's own route, the web app's
      // measures of page views, dropping the page session.
      if (method !== 'GET' && antiforgery) {
        expect(codes['403'] ?? [], `${method} ${url}`).toContain('antiforgery_failed');
      }
    }
    expect(problemCodes(operation('GET', '/api/classrooms/:id'))).toMatchObject({
      '401': ['invalid_token', 'unauthenticated'],
      '403': expect.arrayContaining(['forbidden', 'email_not_verified']),
      '404': ['not_found'],
      '400': ['validation_failed'],
    });
    expect(problemCodes(operation('POST', '/api/classrooms/join'))['404']).toEqual([
      'unknown_join_code',
    ]);
    const register = problemCodes(operation('POST', '/api/auth/register'));
    expect(register['401']).toEqual(['invalid_token']);
    expect(register['400']).toEqual(
      expect.arrayContaining(['invalid_email', 'weak_password', 'validation_failed']),
    );
  });

  it('declares every code of the contracts on some route', async () => {
    const operation = await operations();
    const declared = new Set(
      server.routes
        .filter((route) => !route.url.startsWith('/api/docs'))
        .flatMap(({ method, url }) => Object.values(problemCodes(operation(method, url))).flat()),
    );
    expect(API_ERROR_CODES.filter((code) => !declared.has(code))).toEqual([]);
  });

  it('has an interactive reference page', async () => {
    const page = await server.app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('swagger-ui');
  });

  it('serves the reference page with a strict CSP, unframeable', async () => {
    const page = await server.app.inject({ url: '/api/docs/', headers: { accept: 'text/html' } });
    const policy = page.headers['content-security-policy'];
    expect(policy).toContain("script-src 'self';");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).toContain("object-src 'none'");
    expect(policy).toContain("base-uri 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
    expect(page.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });
});
