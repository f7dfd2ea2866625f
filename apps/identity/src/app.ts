import { MAIL_DELIVERY_DEFAULTS } from '@hackclass/config';
import type { SignInProviderSettings } from '@hackclass/contracts';
import { type Connection, drizzleOver, migrate, requireMigrated } from '@hackclass/db';
import {
  enqueueMail,
  joinMailDelivery,
  type MailDeliverySettings,
  type Mailer,
  mailMigrations,
} from '@hackclass/mail';
import type { FastifyInstance } from 'fastify';
import { createFirebaseParamsStore } from './accounts/firebase-params';
import { createHashingGate } from './accounts/hashing-gate';
import { CURRENT_SCRYPT_PARAMS, type ScryptParams } from './accounts/password-hash';
import type { IdentityContext } from './context';
import { identityMigrations, schema } from './db';
import {
  createProviderDirectory,
  METADATA_DEFAULTS,
  type MetadataSettings,
} from './federation/provider-metadata';
import { saveProvider } from './federation/providers';
import { neverCached, requireApiKey, useProtocolErrors } from './protocol/handlers';
import { accountUpdateRoutes } from './routes/account-update';
import { accountRoutes } from './routes/accounts';
import { adminRoutes } from './routes/admin';
import { authHandlerRoutes } from './routes/auth-handler';
import { federationRoutes } from './routes/federation';
import { jwksRoutes } from './routes/jwks';
import { oobCodeRoutes } from './routes/oob-codes';
import { secureTokenRoutes } from './routes/secure-token';
import { v2Routes } from './routes/v2';
import { createKeySealer } from './tokens/key-sealing';
import { createKeyStore } from './tokens/key-store';
import { ensureSigningKey, sealPlainKeys } from './tokens/signing-keys';

export interface IdentityOptions {
  connection: Connection;
  /** `off`: refuse a schema behind the code instead of migrating it (MIGRATE); default `auto`. */
  migrate?: 'auto' | 'off' | undefined;
  /** The public key every protocol call carries as `?key=`. */
  apiKey: string;
  /** `aud` of the ID tokens; `iss` is https://securetoken.google.com/<projectId>. */
  projectId: string;
  /** The origin users reach: mail links point there and continue URLs must stay on it. */
  publicUrl: string;
  /** What private signing keys are sealed with in the database (IDENTITY_KEY_SECRET). */
  keySecret: string;
  /** Service secret of the admin API; without one the admin API is not served. */
  adminSecret?: string | undefined;
  mailer: Mailer;
  /** Attempts and waits of the outbox (MAIL_MAX_ATTEMPTS, MAIL_RETRY_SECONDS). */
  mailDelivery?: MailDeliverySettings | undefined;
  /** The clock; tests move it to expire codes and tokens without waiting. */
  now?: () => Date;
  /** scrypt parameters for new hashes; tests lower them to run fast. */
  passwordParams?: ScryptParams;
  /** Sign-ups per client address and hour (SIGNUP_LIMIT_PER_HOUR); default 100. */
  signUpsPerHour?: number | undefined;
  /** Providers from configuration, saved at start over what an admin set for the same ids. */
  providers?: SignInProviderSettings[] | undefined;
  /** How sign-in providers are fetched and kept; tests shorten the waits. */
  providerSettings?: Partial<MetadataSettings> | undefined;
}

const toolkitPrefix = '/identitytoolkit.googleapis.com';

/**
 * The identity provider, speaking the Identity Toolkit and Secure Token wire protocol from the
 * root of its origin, as the firebase/auth SDK expects of an emulator origin. Each protocol
 * prefix answers errors and unknown routes in the protocol's envelope.
 */
export async function identityApp(app: FastifyInstance, options: IdentityOptions): Promise<void> {
  const { connection, mailer, now = () => new Date() } = options;
  if (options.migrate === 'off') {
    await requireMigrated(connection, identityMigrations, 'identity service');
    await requireMigrated(connection, mailMigrations, 'mail outbox');
  } else {
    await migrate(connection, identityMigrations);
    await migrate(connection, mailMigrations);
  }
  const db = drizzleOver(connection, schema);
  const keySealer = createKeySealer(options.keySecret);
  await sealPlainKeys(db, keySealer);
  await ensureSigningKey(db, now(), keySealer);
  const keys = createKeyStore(db, now, keySealer);
  // Opening the current key now stops a replica holding another secret at start, with the fix.
  await keys.signingKey();

  const mail = joinMailDelivery(connection, {
    mailer,
    settings: options.mailDelivery ?? MAIL_DELIVERY_DEFAULTS,
    log: app.log,
    onOutcome: (outcome) => app.metrics.mailDeliveries.inc({ outcome }),
  });
  app.addHook('onClose', mail.leave);
  const providerSettings = { ...METADATA_DEFAULTS, ...options.providerSettings };
  const ctx: IdentityContext = {
    db,
    now,
    projectId: options.projectId,
    apiKey: options.apiKey,
    publicUrl: options.publicUrl,
    keys,
    keySealer,
    passwordParams: options.passwordParams ?? CURRENT_SCRYPT_PARAMS,
    firebaseParams: createFirebaseParamsStore(db, keySealer),
    hashing: createHashingGate(),
    providers: createProviderDirectory(providerSettings),
    providerSettings,
    signUpLimit: { max: options.signUpsPerHour ?? 100, windowMs: 60 * 60_000 },
    sendMail: async (queued, within = db) => {
      await enqueueMail(within, queued);
      mail.delivery.wake();
    },
    log: app.log,
  };

  for (const settings of options.providers ?? []) await saveProvider(ctx, settings);

  await app.register(
    async (toolkit) => {
      useProtocolErrors(toolkit);
      neverCached(toolkit);
      requireApiKey(toolkit, ctx.apiKey);
      await toolkit.register(accountRoutes, { ctx });
      await toolkit.register(accountUpdateRoutes, { ctx });
      await toolkit.register(oobCodeRoutes, { ctx });
      await toolkit.register(v2Routes, { ctx });
      await toolkit.register(federationRoutes, { ctx });
    },
    { prefix: toolkitPrefix },
  );
  await app.register(secureTokenRoutes, { prefix: '/securetoken.googleapis.com', ctx });
  if (options.adminSecret) {
    await app.register(adminRoutes, {
      prefix: '/identity/admin/v1',
      ctx,
      secret: options.adminSecret,
    });
  }
  await app.register(jwksRoutes, { ctx });
  await app.register(authHandlerRoutes, { ctx });
}
