import { problemHandlers } from '@hackclass/http';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { antiforgery } from './antiforgery';

/** The plugin alone, behind the given public origin: a token route and a state change. */
async function appBehind(publicUrl: string) {
  const app = Fastify();
  await app.register(problemHandlers);
  await app.register(antiforgery, { publicUrl });
  app.post('/token', { config: { antiforgery: false } }, async (_request, reply) => ({
    token: reply.antiforgeryToken(),
  }));
  app.post('/change', async () => ({ changed: true }));
  return app;
}

async function tokenAndCookie(app: Awaited<ReturnType<typeof appBehind>>) {
  const issued = await app.inject({ method: 'POST', url: '/token' });
  const setCookie = String(issued.headers['set-cookie']);
  return { setCookie, cookie: setCookie.split(';')[0] ?? '', token: issued.json().token };
}

describe('the anti-forgery cookie', () => {
  it('is Secure, host-only and __Host- prefixed when users reach the app over https', async () => {
    const app = await appBehind('https://class.example.org');
    const { setCookie, cookie, token } = await tokenAndCookie(app);
    expect(setCookie).toMatch(
      /^__Host-hackclass_xsrf=[\w-]{43}; Path=\/; HttpOnly; Secure; SameSite=Strict$/,
    );
    expect(setCookie).not.toMatch(/Domain=/i);
    const change = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { cookie, 'x-xsrf-token': token },
    });
    expect(change.statusCode).toBe(200);
    // The unprefixed cookie of plain http counts for nothing here.
    const unprefixed = await app.inject({
      method: 'POST',
      url: '/change',
      headers: { cookie: cookie.replace('__Host-', ''), 'x-xsrf-token': token },
    });
    expect(unprefixed.statusCode).toBe(403);
  });

  it('has no Secure flag nor prefix over plain http, where the browser would drop it', async () => {
    const app = await appBehind('http://localhost:3000');
    const { setCookie } = await tokenAndCookie(app);
    expect(setCookie).toMatch(/^hackclass_xsrf=[\w-]{43}; Path=\/; HttpOnly; SameSite=Strict$/);
  });
});
