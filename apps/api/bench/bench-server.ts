import { randomBytes } from 'node:crypto';
import { loadConfig, serverConfigSchema } from '@hackclass/config';
import { type Connection, drizzleOver, openConnection } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { createService } from '@hackclass/http';
import { freePort } from '@hackclass/http/testing';
import { identityApp, identityOptionsOf } from '@hackclass/identity';
import { createLogger } from '@hackclass/logger';
import { apiApp } from '../src/app';
import { type ApiDatabase, schema } from '../src/db';
import { apiOptionsOf } from '../src/options';
import { get, post } from './http';

const API_KEY = 'bench-api-key';
const PASSWORD = 'correct horse battery';

type PostgresConnection = Extract<Connection, { kind: 'postgres' }>;

export interface BenchServer {
  origin: string;
  databaseUrl: string;
  dataDir: string;
  connection: PostgresConnection;
  db: ApiDatabase;
  /** An account signed in with a verified email, and its product user's id. */
  signIn(email: string): Promise<{ idToken: string; id: string }>;
  /** Runs `stop` when the server stops, before what was registered earlier. */
  onStop(stop: () => Promise<void>): void;
  stop(): Promise<void>;
}

/**
 * Identity and the product API composed as the all-in-one server composes them, on a database of
 * their own on the PostgreSQL server DATABASE_URL names.
 */
export async function startBenchServer(): Promise<BenchServer> {
  process.env.DATABASE_URL ??= 'postgres://postgres@127.0.0.1:5432/postgres';
  const database = await createTestDatabase();
  const { databaseUrl, dataDir } = database;
  const stopping: (() => Promise<void>)[] = [() => database.drop()];
  const stop = async () => {
    for (const step of stopping) await step().catch((error: unknown) => console.error(error));
  };
  try {
    if (!databaseUrl) throw new Error('the benchmark needs PostgreSQL');
    const port = await freePort();
    const adminSecret = randomBytes(32).toString('base64url');
    const config = loadConfig(serverConfigSchema, {
      PORT: String(port),
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      IDENTITY_API_KEY: API_KEY,
      IDENTITY_ADMIN_SECRET: adminSecret,
      // Limits still counted on every request, but high enough not to refuse the benchmark.
      RATE_LIMIT_PER_MINUTE: '10000000',
      LOG_LEVEL: 'silent',
    });
    const connection = await openConnection(config);
    stopping.unshift(() => connection.close());
    if (connection.kind !== 'postgres') throw new Error('the benchmark needs PostgreSQL');
    const context = { config, connection, logger: createLogger('silent') };
    const app = await createService(context);
    await app.register(identityApp, identityOptionsOf(context));
    await app.register(apiApp, { prefix: '/api', ...apiOptionsOf(context) });
    stopping.unshift(() => app.close());
    const origin = await app.listen({ port, host: '127.0.0.1' });

    const signIn = async (email: string) => {
      await post(
        `${origin}/identity/admin/v1/accounts`,
        { email, password: PASSWORD, emailVerified: true },
        { authorization: `Bearer ${adminSecret}` },
      );
      const { idToken } = await post(
        `${origin}/identitytoolkit.googleapis.com/v1/accounts:signInWithPassword?key=${API_KEY}`,
        { email, password: PASSWORD, returnSecureToken: true },
      );
      if (!idToken) throw new Error(`no ID token for ${email}`);
      const me = await get<{ id: string }>(`${origin}/api/users/me`, idToken);
      return { idToken, id: me.id };
    };
    return {
      origin,
      databaseUrl,
      dataDir,
      connection,
      db: drizzleOver(connection, schema),
      signIn,
      onStop: (step) => void stopping.unshift(step),
      stop,
    };
  } catch (error) {
    await stop();
    throw error;
  }
}
