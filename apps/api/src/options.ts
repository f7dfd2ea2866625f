import { dockerDriver } from '@hackclass/engine';
import type { ServiceContext } from '@hackclass/http';
import { createIdTokenVerifier } from '@hackclass/id-token';
import { accountEventFeed } from './account-events/feed';
import { revocations } from './account-events/revocations';
import type { ApiOptions } from './app';
import { fileStoresOf } from './files/file-stores-of';
import { createIdentityAdmin } from './identity-admin/client';
import { knownUsers } from './users/known-users';

/**
 * The API's options from the service configuration. `adminSecret` overrides
 * IDENTITY_ADMIN_SECRET (the all-in-one passes the per-process secret it shares with identity).
 */
export function apiOptionsOf(
  { config, connection }: ServiceContext,
  { adminSecret = config.identity.adminSecret }: { adminSecret?: string | undefined } = {},
): ApiOptions {
  if (!adminSecret) {
    throw new Error('IDENTITY_ADMIN_SECRET is required to run the product API on its own');
  }
  const identityAdmin = createIdentityAdmin({ baseUrl: config.identity.url, secret: adminSecret });
  const known = knownUsers();
  const revoked = revocations();
  return {
    connection,
    migrate: config.migrate,
    verifier: createIdTokenVerifier({
      projectId: config.identity.projectId,
      keys: config.identity.jwksUrl,
    }),
    identityAdmin,
    publicUrl: config.publicUrl,
    adminEmails: config.adminEmails,
    invitationsPerDay: config.invitationsPerDay,
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
    targetDriver:
      config.labs.driver === 'docker'
        ? (deploymentId) =>
            dockerDriver({
              deploymentId,
              bindAddress: config.labs.bindAddress,
              dockerHost: config.labs.dockerHost,
              subnetPool: config.labs.subnetPool,
              firewall: config.labs.firewall,
            })
        : undefined,
    redisUrl: config.redisUrl,
    requestsPerMinute: config.rateLimitPerMinute,
    signUpsPerHour: config.signUpLimitPerHour,
  };
}
