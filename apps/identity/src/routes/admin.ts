import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import {
  listAccountEvents,
  MAX_EVENTS_PER_PAGE,
  presentAccountEvent,
} from '../accounts/account-events';
import {
  createAccount,
  deleteAccount,
  findAccount,
  setDisabled,
  updateAccount,
} from '../accounts/accounts';
import { normaliseEmail } from '../accounts/email';
import type { IdentityContext } from '../context';
import { invalidField, ProtocolError } from '../protocol/errors';
import { bodyOf, optionalBoolean, optionalRawString, optionalString } from '../protocol/fields';
import { useProtocolErrors } from '../protocol/handlers';
import { RESERVED_CLAIMS } from '../tokens/id-token-claims';
import { rotateSigningKey } from '../tokens/signing-keys';
import { adminProviderRoutes } from './admin-providers';

/** Google's limit on custom claims, kept so that tokens stay small enough for headers. */
const MAX_CLAIMS_JSON_LENGTH = 1000;

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * Compares digests, not the strings: timingSafeEqual needs equal lengths, and comparing digests
 * leaks neither the secret's content nor its length through timing.
 */
export function isServiceSecret(header: string | undefined, secret: string): boolean {
  const match = /^Bearer (.+)$/.exec(header ?? '');
  return match?.[1] !== undefined && timingSafeEqual(digest(match[1]), digest(secret));
}

/** PostgreSQL's jsonb, like its text, cannot hold U+0000, in a key or in a value. */
const holdsNul = (value: unknown): boolean =>
  typeof value === 'string'
    ? value.includes('\u0000')
    : typeof value === 'object' && value !== null
      ? Object.entries(value).some(([key, item]) => key.includes('\u0000') || holdsNul(item))
      : false;

function customClaimsOf(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw new ProtocolError('INVALID_CLAIMS', 'claims must be a JSON object');
  }
  const reserved = Object.keys(value).filter((name) =>
    (RESERVED_CLAIMS as readonly string[]).includes(name),
  );
  if (reserved.length > 0) {
    throw new ProtocolError('INVALID_CLAIMS', `reserved claims: ${reserved.join(', ')}`);
  }
  if (holdsNul(value)) throw new ProtocolError('INVALID_CLAIMS', 'claims must not hold U+0000');
  if (JSON.stringify(value).length > MAX_CLAIMS_JSON_LENGTH) {
    throw new ProtocolError('CLAIMS_TOO_LARGE');
  }
  return value as Record<string, unknown>;
}

const uidOf = (request: FastifyRequest) => (request.params as { uid: string }).uid;

/** A whole number from a query parameter, or `fallback` when it is absent. */
function queryNumber(request: FastifyRequest, name: string, fallback: number): number {
  const value = (request.query as Record<string, unknown>)[name];
  if (value === undefined) return fallback;
  if (typeof value !== 'string' || !/^\d{1,15}$/.test(value)) {
    throw invalidField(name, 'not a whole number');
  }
  return Number(value);
}

/**
 * What the product API may do to accounts, behind the service secret. User ID tokens never
 * open it: the only credential checked here is the secret itself.
 */
export async function adminRoutes(
  app: FastifyInstance,
  { ctx, secret }: { ctx: IdentityContext; secret: string },
) {
  useProtocolErrors(app);
  app.addHook('onRequest', async (request) => {
    if (!isServiceSecret(request.headers.authorization, secret)) {
      throw new ProtocolError('INVALID_SERVICE_SECRET');
    }
  });

  app.post('/accounts', async (request) => {
    const body = bodyOf(request);
    const email = optionalRawString(body, 'email');
    const password = optionalRawString(body, 'password');
    if (!email) throw new ProtocolError('MISSING_EMAIL');
    if (!password) throw new ProtocolError('MISSING_PASSWORD');
    const account = await createAccount(ctx, {
      email: normaliseEmail(email),
      password,
      displayName: optionalString(body, 'displayName', 256),
      emailVerified: optionalBoolean(body, 'emailVerified'),
    });
    return { uid: account.uid };
  });

  // Whether an account still exists, for the API to tell a deleted account's leftovers apart.
  app.get('/accounts/:uid', async (request) => {
    const account = await findAccount(ctx, uidOf(request));
    if (!account) throw new ProtocolError('USER_NOT_FOUND');
    return { uid: account.uid, email: account.email, disabled: account.disabled };
  });

  // Revocations and deletions in order, after the reader's cursor (`after`), optionally only
  // those recorded since a time (`since`, in seconds since the epoch). The API asks every few
  // seconds: logged only when something goes wrong, or the idle log would be nothing but this.
  app.get('/account-events', { logLevel: 'warn' }, async (request) => {
    const since = queryNumber(request, 'since', 0);
    const events = await listAccountEvents(ctx, {
      after: queryNumber(request, 'after', 0),
      since: since > 0 ? new Date(since * 1000) : undefined,
      limit: queryNumber(request, 'limit', MAX_EVENTS_PER_PAGE),
    });
    return { events: events.map(presentAccountEvent) };
  });

  app.post('/accounts/:uid/disable', async (request) => {
    await setDisabled(ctx, uidOf(request), true);
    return {};
  });

  app.post('/accounts/:uid/enable', async (request) => {
    await setDisabled(ctx, uidOf(request), false);
    return {};
  });

  app.delete('/accounts/:uid', async (request) => {
    await deleteAccount(ctx, uidOf(request));
    return {};
  });

  app.put('/accounts/:uid/claims', async (request) => {
    const customClaims = customClaimsOf(bodyOf(request).claims);
    await updateAccount(ctx, uidOf(request), { customClaims });
    return {};
  });

  await app.register(adminProviderRoutes, { ctx });

  app.post('/signing-keys/rotate', async () => {
    const kid = await rotateSigningKey(ctx.db, ctx.now(), ctx.keySealer);
    ctx.keys.forget();
    return { kid };
  });
}
