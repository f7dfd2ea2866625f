import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { useProtocolErrors } from './handlers';

describe('the protocol envelope', () => {
  it('answers a full disk as UNAVAILABLE with Retry-After, which the SDK retries', async () => {
    const app = Fastify();
    useProtocolErrors(app);
    app.post('/accounts:signUp', async () => {
      throw new Error('Failed query', {
        cause: Object.assign(new Error('could not extend file'), { code: '53100' }),
      });
    });
    const response = await app.inject({ method: 'POST', url: '/accounts:signUp' });
    expect(response.statusCode).toBe(503);
    expect(response.headers['retry-after']).toBe('60');
    expect(response.json()).toMatchObject({
      error: { code: 503, message: 'The service is currently unavailable.', status: 'UNAVAILABLE' },
    });
    await app.close();
  });
});
