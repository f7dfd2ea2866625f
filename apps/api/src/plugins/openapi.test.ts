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

describe('the OpenAPI document', () => {
  it('is valid OpenAPI 3.1', async () => {
    const document = (await apiSession(server).call('GET', '/docs/json')).json();
    expect(document.openapi).toBe('3.1.0');
    const result = await validate(structuredClone(document) as never);
    expect(result.valid, JSON.stringify(result)).toBe(true);
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
