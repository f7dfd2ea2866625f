import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { createAccount, deleteAccount, setDisabled, updateAccount } from '../accounts/accounts';
import { normaliseEmail } from '../accounts/email';
import type { IdentityContext } from '../context';
import { ProtocolError } from '../protocol/errors';
import { bodyOf, optionalBoolean, optionalString } from '../protocol/fields';
import { useProtocolErrors } from '../protocol/handlers';
import { RESERVED_CLAIMS } from '../tokens/id-token-claims';
import { rotateSigningKey } from '../tokens/signing-keys';

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
  if (JSON.stringify(value).length > MAX_CLAIMS_JSON_LENGTH) {
    throw new ProtocolError('CLAIMS_TOO_LARGE');
  }
  return value as Record<string, unknown>;
}

const uidOf = (request: FastifyRequest) => (request.params as { uid: string }).uid;

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
    const email = optionalString(body, 'email');
    const password = optionalString(body, 'password');
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

  app.post('/signing-keys/rotate', async () => {
    const kid = await rotateSigningKey(ctx.db, ctx.now(), ctx.keySealer);
    ctx.keys.forget();
    return { kid };
  });
}
