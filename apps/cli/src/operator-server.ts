import { randomBytes } from 'node:crypto';
import {
  type Actor,
  type ApiDatabase,
  createIdentityAdmin,
  firebaseIdentityAdmin,
  type IdentityAdmin,
  schema,
  standaloneTargets,
  type TargetService,
} from '@hackclass/api';
import { normalizeEmail, ROLE } from '@hackclass/contracts';
import { drizzleOver } from '@hackclass/db';
import { HttpError } from '@hackclass/http';
import { freePort } from '@hackclass/http/testing';
import { createLogger } from '@hackclass/logger';
import { buildServer } from '@hackclass/server';
import { eq } from 'drizzle-orm';
import { CommandError, type CommandIo } from './command';
import { loadServerConfig, openDatabase, unreachable } from './database';

/** The operator at the command line acts as an admin who is none of the users. */
export const operator: Actor = { id: 'operator', roleId: ROLE.admin };

export interface OperatorServer {
  db: ApiDatabase;
  /** The identity service's admin API, served by this process for this command alone. */
  identityAdmin: IdentityAdmin;
  /** The configured engine, to stop a disabled account's targets. */
  targets: TargetService;
}

/**
 * Runs `work` with the server's own code over the server's database: identity and API served in
 * this process on a loopback port with a secret of its own, so accounts change exactly as the
 * admin screens change them. The served API runs no targets (no janitor, no firewall guard);
 * the command reaches the configured engine only to stop targets, and waits for those stops.
 */
export async function withOperatorServer<T>(
  io: CommandIo,
  work: (server: OperatorServer) => Promise<T>,
): Promise<T> {
  const loaded = loadServerConfig(io);
  const port = await freePort();
  const adminSecret = randomBytes(32).toString('base64url');
  const origin = `http://127.0.0.1:${port}`;
  const config = {
    ...loaded,
    port,
    identity: { ...loaded.identity, adminSecret, url: origin },
    idTokens: loaded.firebase
      ? loaded.idTokens
      : { ...loaded.idTokens, jwksUrl: `${origin}/.well-known/jwks.json` },
    labs: { ...loaded.labs, driver: 'none' as const },
    // Mails this command causes wait in the outbox for the server's workers, which send them
    // with the server's settings; this host's would send them elsewhere or to a local folder.
    mailDelivery: { ...loaded.mailDelivery, deliver: false },
  };
  const connection = await openDatabase(config);
  let app: Awaited<ReturnType<typeof buildServer>> | undefined;
  try {
    // Warnings such as the account-events feed's retries while this short-lived server stops are
    // noise here; errors still show.
    app = await buildServer(
      { config, connection, logger: createLogger('error') },
      { webRoot: null },
    );
    await app.listen({ port, host: '127.0.0.1' });
    const db = drizzleOver(connection, schema);
    const targets = await standaloneTargets(db, loaded.labs, app.log);
    try {
      return await work({
        db,
        // With a Firebase project, accounts change in HackClass only (see firebaseIdentityAdmin).
        identityAdmin: config.firebase
          ? firebaseIdentityAdmin(config.firebase.signInButtons)
          : createIdentityAdmin({ baseUrl: origin, secret: adminSecret }),
        targets,
      });
    } finally {
      await targets.close();
    }
  } catch (error) {
    // The API's refusals (email in use, weak password…) explain themselves.
    if (error instanceof HttpError) throw new CommandError(error.message);
    throw unreachable(config, error);
  } finally {
    // Closing the server closes the database too.
    if (app) await app.close();
    else await connection.close();
  }
}

/** The product user with `email`; exit 1 naming it when there is none. */
export async function userByEmail(db: ApiDatabase, email: string) {
  const [user] = await db
    .select()
    .from(schema.users)
    .where(eq(schema.users.email, normalizeEmail(email)));
  if (!user) throw new CommandError(`No user has the email ${email}`);
  return user;
}
