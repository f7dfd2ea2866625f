import { join } from 'node:path';
import type { ServerConfig } from '@hackclass/config';
import { createTargetDriver } from '@hackclass/engine';
import type { ServiceContext } from '@hackclass/http';
import { createIdTokenVerifier } from '@hackclass/id-token';
import { createMailer } from '@hackclass/mail';
import { accountEventFeed } from './account-events/feed';
import type { ApiOptions } from './app';
import { fileStoresOf } from './files/file-stores-of';
import { createIdentityAdmin } from './identity-admin/client';
import { firebaseIdentityAdmin } from './identity-admin/firebase';
import { knownUsers } from './users/known-users';
import { revocations } from './users/revocations';

/** The configured engine's driver for a deployment id; absent when live targets are off. */
export function targetDriverOf(labs: ServerConfig['labs']): ApiOptions['targetDriver'] {
  const { driver } = labs;
  if (driver === 'none') return undefined;
  return (deploymentId) => createTargetDriver(driver, { ...labs, deploymentId });
}

/**
 * The API's options from the service configuration. `adminSecret` overrides
 * IDENTITY_ADMIN_SECRET (the all-in-one passes the per-process secret it shares with identity);
 * with a Firebase project there is no identity service to ask.
 */
export function apiOptionsOf(
  { config, connection, logger }: ServiceContext,
  { adminSecret = config.identity.adminSecret }: { adminSecret?: string | undefined } = {},
): ApiOptions {
  const identityAdmin = config.firebase
    ? firebaseIdentityAdmin(config.firebase.signInButtons)
    : createIdentityAdmin({ baseUrl: config.identity.url, secret: requireSecret(adminSecret) });
  const known = knownUsers();
  const revoked = revocations();
  return {
    connection,
    migrate: config.migrate,
    verifier: createIdTokenVerifier({
      projectId: config.idTokens.projectId,
      keys: config.idTokens.jwksUrl,
      signInProviders: config.idTokens.signInProviders,
      maxTokenAgeSeconds: config.idTokens.maxTokenAgeSeconds,
    }),
    identityAdmin,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    invitationsPerDay: config.invitationsPerDay,
    invitationsPerDayUnapproved: config.invitationsPerDayUnapproved,
    ...fileStoresOf(config, connection),
    knownUsers: known,
    revocations: revoked,
    accountEvents: accountEventFeed({
      identityAdmin,
      revocations: revoked,
      knownUsers: known,
      intervalMs: config.accountEventsPollMs,
    }),
    uploads: config.uploads,
    quotas: config.quotas,
    teacherApproval: config.teacherApproval,
    labs: config.labs,
    targetDriver: targetDriverOf(config.labs),
    mailer: createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(config.dataDir, 'outbox'),
      logger,
    }),
    mailDelivery: config.mailDelivery,
    redisUrl: config.redisUrl,
    requestsPerMinute: config.rateLimitPerMinute,
    signUpsPerHour: config.signUpLimitPerHour,
  };
}

function requireSecret(adminSecret: string | undefined): string {
  if (!adminSecret) {
    throw new Error('IDENTITY_ADMIN_SECRET is required to run the product API on its own');
  }
  return adminSecret;
}
