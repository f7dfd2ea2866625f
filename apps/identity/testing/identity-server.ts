import { randomBytes } from 'node:crypto';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import type { SignInProviderSettings } from '@hackclass/contracts';
import { type Connection, drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { createService } from '@hackclass/http';
import { createLogger } from '@hackclass/logger';
import { createMailer, mailMigrations } from '@hackclass/mail';
import type { FastifyInstance } from 'fastify';
import type { ScryptParams } from '../src/accounts/password-hash';
import { identityApp } from '../src/app';
import { identityMigrations, schema } from '../src/db';
import type { MetadataSettings } from '../src/federation/provider-metadata';
import { startSmtpServer } from './smtp';

/** Cheap enough for dozens of sign-ins per test file; the real parameters have their own test. */
export const TEST_SCRYPT_PARAMS: ScryptParams = { N: 2 ** 12, r: 8, p: 1 };

export const API_KEY = 'test-api-key-123';
export const PROJECT_ID = 'hackclass-test';
export const PUBLIC_URL = 'http://localhost:5173';

/** A clock the tests move forward to expire codes and tokens. */
export function testClock() {
  let offsetMs = 0;
  let frozenAt: number | undefined;
  return {
    now: () => new Date(frozenAt ?? Date.now() + offsetMs),
    advance: (ms: number) => {
      offsetMs += ms;
      if (frozenAt !== undefined) frozenAt += ms;
    },
    /** Stops the clock halfway through its next second: what follows happens at one instant. */
    freezeMidSecond: () => {
      const now = Date.now() + offsetMs;
      frozenAt = now - (now % 1000) + 1_500;
    },
    unfreeze: () => {
      frozenAt = undefined;
    },
  };
}

/**
 * The identity service for real: a fresh database, a real SMTP server for its mail, and a
 * Fastify server listening on a free port. `restart` closes it and opens a new one on the same
 * database, as a redeploy would.
 */
export async function startIdentity({
  passwordParams = TEST_SCRYPT_PARAMS,
  signUpsPerHour,
  database: given,
  keySecret: givenKeySecret,
  logLines,
  providerSettings = { keysCooldownMs: 0, timeoutMs: 2_000 },
  providers,
}: {
  passwordParams?: ScryptParams;
  /** SIGNUP_LIMIT_PER_HOUR; the service's default when not given. */
  signUpsPerHour?: number;
  /** A database prepared beforehand (it is dropped on close); a fresh one when not given. */
  database?: TestDatabase;
  /** IDENTITY_KEY_SECRET, when the database already holds something sealed; random otherwise. */
  keySecret?: string;
  /** Receives the service's log lines (warnings and above), which are dropped otherwise. */
  logLines?: string[];
  /** How sign-in providers are fetched: by default no wait between key set fetches. */
  providerSettings?: Partial<MetadataSettings>;
  /** Providers from configuration (SIGN_IN_PROVIDERS_FILE), saved at start. */
  providers?: SignInProviderSettings[];
} = {}) {
  const database: TestDatabase =
    given ??
    (await createTestDatabase(undefined, { migrated: [identityMigrations, mailMigrations] }));
  const smtp = await startSmtpServer();
  const clock = testClock();
  const adminSecret = randomBytes(32).toString('base64url');
  let keySecret = givenKeySecret ?? randomBytes(32).toString('base64url');
  const logger = logLines
    ? createLogger('warn', { write: (line: string) => logLines.push(line) })
    : createLogger('silent');
  let connection: Connection;
  let app: FastifyInstance;

  // A restart may raise them, as an operator would.
  let currentParams = passwordParams;

  async function open(): Promise<string> {
    connection = await openConnection(database);
    app = await createService({ config: loadConfig(serverConfigSchema, {}), connection, logger });
    await app.register(identityApp, {
      connection,
      apiKey: API_KEY,
      projectId: PROJECT_ID,
      publicUrl: PUBLIC_URL,
      adminSecret,
      keySecret,
      now: clock.now,
      passwordParams: currentParams,
      signUpsPerHour,
      providerSettings,
      providers,
      mailer: createMailer({
        smtpUrl: smtp.url,
        from: 'HackClass <no-reply@localhost>',
        outboxDir: database.dataDir,
        logger,
      }),
    });
    return app.listen({ port: 0, host: '127.0.0.1' });
  }

  const server = {
    origin: await open(),
    app: () => app,
    /** The identity schema over the server's current connection, to look behind the API. */
    db: () => drizzleOver(connection, schema),
    clock,
    smtp,
    adminSecret,
    /** What the private signing keys are sealed with now. */
    keySecret: () => keySecret,
    database,
    async restart(changes: { passwordParams?: ScryptParams; keySecret?: string } = {}) {
      await app.close();
      currentParams = changes.passwordParams ?? currentParams;
      keySecret = changes.keySecret ?? keySecret;
      server.origin = await open();
    },
    async close() {
      await app.close();
      await smtp.close();
      await database.drop();
    },
    /** A call to the admin API with the service secret. */
    admin(method: string, path: string, body?: unknown) {
      return fetch(`${server.origin}/identity/admin/v1${path}`, {
        method,
        headers: {
          authorization: `Bearer ${adminSecret}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    },
    /** A Secure Token refresh made by hand, to replay old refresh tokens. */
    refresh(refreshToken: string) {
      return fetch(`${server.origin}/securetoken.googleapis.com/v1/token?key=${API_KEY}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ grant_type: 'refresh_token', refresh_token: refreshToken }),
      });
    },
    /**
     * A protocol call from a client address of the test's choosing: many people behind one
     * NAT, or strangers on addresses of their own.
     */
    async callFrom(remoteAddress: string, path: string, body: unknown) {
      const response = await app.inject({
        method: 'POST',
        url: `/identitytoolkit.googleapis.com${path}?key=${API_KEY}`,
        payload: body as Record<string, unknown>,
        remoteAddress,
      });
      const answer = response.json() as { error?: { message: string } } & Record<string, unknown>;
      return { status: response.statusCode, error: answer.error?.message, answer };
    },
    /** A protocol call made by hand, for what the SDK cannot send. */
    call(path: string, body: unknown, key = API_KEY) {
      return fetch(`${server.origin}/identitytoolkit.googleapis.com${path}?key=${key}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    },
  };
  return server;
}

export type IdentityServer = Awaited<ReturnType<typeof startIdentity>>;
