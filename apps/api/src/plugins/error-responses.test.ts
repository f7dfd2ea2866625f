import { problemHandlers } from '@hackclass/http';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { recordUndeclaredErrors } from '../../test/support/undeclared-errors';
import { apiErrors } from '../errors';
import { declaredErrors, errorResponses } from './error-responses';

let app: FastifyInstance;
let undeclared: Set<string>;

beforeEach(async () => {
  app = Fastify();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  undeclared = recordUndeclaredErrors(app);
  await app.register(problemHandlers);
  await app.register(declaredErrors);
});
afterEach(() => app.close());

describe('declared error codes', () => {
  it('records a code its route does not declare, and answers it all the same', async () => {
    const response = { response: errorResponses('lab_in_use') };
    app.get('/in-use', { schema: response }, async () => {
      throw apiErrors.labInUse(2);
    });
    app.get('/full', { schema: response }, async () => {
      throw apiErrors.quotaExceeded('labs', 3, 3);
    });

    expect((await app.inject('/in-use')).json()).toMatchObject({ code: 'lab_in_use' });
    const full = await app.inject('/full');
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'quota_exceeded', detail: expect.any(String) });
    expect([...undeclared]).toEqual(['GET /full: quota_exceeded']);
  });

  it('declares what the hooks in front of a route answer, as the route is called', async () => {
    const refuse = async () => {
      throw apiErrors.unauthenticated();
    };
    app.get('/private', { schema: {} }, refuse);
    app.get('/public', { config: { access: 'public' }, schema: {} }, refuse);
    app.post('/change', { schema: {} }, async () => {
      throw apiErrors.antiforgery();
    });
    app.post('/token', { config: { antiforgery: false }, schema: {} }, async () => {
      throw apiErrors.antiforgery();
    });

    for (const url of ['/private', '/public']) await app.inject(url);
    for (const url of ['/change', '/token']) await app.inject({ method: 'POST', url });
    expect([...undeclared].sort()).toEqual([
      'GET /public: unauthenticated',
      'POST /token: antiforgery_failed',
    ]);
  });
});
