import { join } from 'node:path';
import type { ServiceContext } from '@hackclass/http';
import { createMailer } from '@hackclass/mail';
import type { IdentityOptions } from './app';
import { readProvidersFile } from './federation/providers-file';
import { localKeySecret } from './tokens/key-secret';

/**
 * The identity app's options from the service configuration: mail through SMTP_URL or to the
 * dev outbox under DATA_DIR, keys sealed with IDENTITY_KEY_SECRET or a secret kept in DATA_DIR. `adminSecret` overrides IDENTITY_ADMIN_SECRET (the all-in-one
 * passes the per-process secret it shares with the product API).
 */
export function identityOptionsOf(
  { config, connection, logger }: ServiceContext,
  { adminSecret = config.identity.adminSecret }: { adminSecret?: string | undefined } = {},
): IdentityOptions {
  return {
    connection,
    migrate: config.migrate,
    apiKey: config.identity.apiKey,
    projectId: config.identity.projectId,
    publicUrl: config.publicUrl,
    keySecret: config.identity.keySecret ?? localKeySecret(config.dataDir),
    adminSecret,
    signUpsPerHour: config.signUpLimitPerHour,
    providers: config.identity.providersFile
      ? readProvidersFile(config.identity.providersFile)
      : undefined,
    mailDelivery: config.mailDelivery,
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger,
    }),
  };
}
