import { randomBytes } from 'node:crypto';
import { loadConfig, type ServerConfig, serverConfigSchema } from '@hackclass/config';
import { drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { createService } from '@hackclass/http';
import { freePort } from '@hackclass/http/testing';
import { identityApp, identityMigrations, identityOptionsOf } from '@hackclass/identity';
import { createLogger, type Logger } from '@hackclass/logger';
import { mailMigrations } from '@hackclass/mail';
import { type ApiOptions, type AppTargets, apiApp } from '../../src/app';
import { apiMigrations, schema } from '../../src/db';
import { apiOptionsOf } from '../../src/options';
import { targetProxy, targetProxyOptionsOf } from '../../src/target-proxy/plugin';
import { recordUndeclaredErrors } from './undeclared-errors';

export const TEST_API_KEY = 'api-test-key';

export interface ApiRoute {
  method: string;
  url: string;
  /** Whether a change there needs the anti-forgery token (its config says `antiforgery: false`). */
  antiforgery: boolean;
}

/** Quick hashes: the tests sign in often and measure nothing about passwords. */
const FAST_PASSWORDS = { N: 2 ** 12, r: 8, p: 1 };

/**
 * Identity and product API as the all-in-one server composes them, on a database of their own,
 * listening on loopback so the API fetches the identity service's keys over HTTP as it would
 * in production.
 */
export async function startApiServer({
  adminEmails = '',
  uploads,
  quotas,
  teacherApproval = false,
  requestsPerMinute,
  redisUrl,
  signUpsPerHour,
  invitationsPerDay,
  invitationsPerDayUnapproved,
  deliverMail = true,
  labs,
  targetDriver,
  janitorIntervalMs,
  targetStartTimeoutMs,
  scheduleClockIntervalMs,
  subscribers,
  fileStorage,
  smtpUrl,
  logger = createLogger('silent'),
}: {
  adminEmails?: string;
  /** FILE_STORAGE; by default the database on PostgreSQL and the folder on PGlite. */
  fileStorage?: ServerConfig['fileStorage'];
  /** SMTP_URL, for tests that read the mail the identity service sends. */
  smtpUrl?: string;
  /** Where the services log; silent unless a test reads the lines. */
  logger?: Logger;
  /** REDIS_URL, for tests of what replicas share. */
  redisUrl?: string;
  /** RATE_LIMIT_PER_MINUTE, for tests that send more than a user would. */
  requestsPerMinute?: number;
  /** SIGNUP_LIMIT_PER_HOUR, to reach it in a few registrations. */
  signUpsPerHour?: number;
  /** INVITATIONS_PER_DAY, to reach it in a few invitations. */
  invitationsPerDay?: number;
  /** INVITATIONS_PER_DAY_UNAPPROVED, likewise. */
  invitationsPerDayUnapproved?: number;
  /**
   * False: no outbox worker, so mails stay queued with their bodies for a test to read (a worker
   * clears a body once the mail is sent).
   */
  deliverMail?: boolean;
  /** Upload limits in bytes and counts, to test them without uploading megabytes. */
  uploads?: Partial<ServerConfig['uploads']>;
  /** Quotas in bytes and counts, to reach them without creating hundreds of labs. */
  quotas?: Partial<ServerConfig['quotas']>;
  /** TEACHER_APPROVAL. */
  teacherApproval?: boolean;
  /** Live targets' settings (LABS_*, LAB_*), over the defaults. */
  labs?: Partial<ServerConfig['labs']>;
  /** The engine's driver: tests of live targets pass a real one of their own. */
  targetDriver?: ApiOptions['targetDriver'];
  janitorIntervalMs?: number;
  targetStartTimeoutMs?: number;
  /** How often the schedule clock looks for labs that opened, to see one open in a test. */
  scheduleClockIntervalMs?: number;
  /** Subscribers to the API's committed changes, told before the product's own. */
  subscribers?: ApiOptions['subscribers'];
} = {}) {
  const database = await createTestDatabase(undefined, {
    migrated: [identityMigrations, mailMigrations, apiMigrations],
  });
  const port = await freePort();
  const config = loadConfig(serverConfigSchema, {
    PORT: String(port),
    DATA_DIR: database.dataDir,
    IDENTITY_API_KEY: TEST_API_KEY,
    ADMIN_EMAILS: adminEmails,
    ...(requestsPerMinute ? { RATE_LIMIT_PER_MINUTE: String(requestsPerMinute) } : {}),
    ...(signUpsPerHour ? { SIGNUP_LIMIT_PER_HOUR: String(signUpsPerHour) } : {}),
    ...(invitationsPerDay ? { INVITATIONS_PER_DAY: String(invitationsPerDay) } : {}),
    ...(invitationsPerDayUnapproved
      ? { INVITATIONS_PER_DAY_UNAPPROVED: String(invitationsPerDayUnapproved) }
      : {}),
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
    ...(redisUrl ? { REDIS_URL: redisUrl } : {}),
    ...(fileStorage ? { FILE_STORAGE: fileStorage } : {}),
    ...(smtpUrl ? { SMTP_URL: smtpUrl } : {}),
  });
  config.mailDelivery.deliver = deliverMail;
  const connection = await openConnection(config);
  const context = { config, connection, logger };
  const adminSecret = randomBytes(32).toString('base64url');
  const app = await createService(context);
  await app.register(targetProxy, targetProxyOptionsOf(context));
  const routes: ApiRoute[] = [];
  app.addHook('onRoute', ({ method, url, config }) => {
    const antiforgery = config?.antiforgery !== false;
    for (const verb of [method].flat()) {
      if (url.startsWith('/api/') && verb !== 'HEAD')
        routes.push({ method: verb, url, antiforgery });
    }
  });
  const undeclaredErrors = recordUndeclaredErrors(app);
  await app.register(identityApp, {
    ...identityOptionsOf(context, { adminSecret }),
    passwordParams: FAST_PASSWORDS,
  });
  const apiOptions = apiOptionsOf(context, { adminSecret });
  let targets: AppTargets | undefined;
  await app.register(apiApp, {
    prefix: '/api',
    ...apiOptions,
    uploads: { ...apiOptions.uploads, ...uploads },
    quotas: { ...apiOptions.quotas, ...quotas },
    teacherApproval,
    labs: { ...apiOptions.labs, ...labs },
    targetDriver,
    janitorIntervalMs,
    targetStartTimeoutMs,
    scheduleClockIntervalMs,
    subscribers,
    onTargets: (made) => {
      targets = made;
    },
    validateResponses: true,
  });
  if (!targets) throw new Error('the API made no targets service');
  const origin = await app.listen({ port, host: '127.0.0.1' });
  return {
    app,
    origin,
    /** PUBLIC_URL: where the links in its mails lead. */
    publicUrl: config.publicUrl,
    /** Every route the API registered, as `GET /api/classrooms/:id`. */
    routes,
    /** Problem answers with a code their route does not declare, as `GET /api/x: code`. */
    undeclaredErrors,
    /** The product database, to set up what the API cannot be asked for. */
    db: drizzleOver(connection, schema),
    /** Its PostgreSQL address when the tests run there, for a second instance on it. */
    databaseUrl: database.databaseUrl,
    /** The API's file store, to check what uploads left behind. */
    files: apiOptions.files,
    /** Whom the API has read lately: a test that writes a user's row behind its back tells it. */
    knownUsers: apiOptions.knownUsers,
    /** Reads the identity service's revocations and deletions now, instead of on its timer. */
    pollAccountEvents: () => apiOptions.accountEvents.poll(),
    adminSecret,
    /** The API's live targets: its driver, settings and janitor. */
    targets,
    close: async () => {
      await app.close();
      await database.drop();
    },
  };
}

export type ApiServer = Awaited<ReturnType<typeof startApiServer>>;
