import { ROLE } from '@hackclass/contracts';
import { lockDataDir } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { type ServerProcess, serverSchemas, startServerProcess } from '@hackclass/server/testing';
import { deleteApp, initializeApp } from 'firebase/app';
import {
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  initializeAuth,
  inMemoryPersistence,
  signInWithEmailAndPassword,
} from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/io';
import { runCli } from '../cli';
import { commands } from '../commands';
import { userByEmail, withOperatorServer } from '../operator-server';

let database: TestDatabase;
let env: Record<string, string>;
const firebaseApps: ReturnType<typeof initializeApp>[] = [];

beforeAll(async () => {
  database = await createTestDatabase(undefined, { migrated: serverSchemas });
  env = {
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
});

afterAll(async () => {
  await Promise.all(firebaseApps.map((app) => deleteApp(app)));
  await database.drop();
});

async function hackclass(argv: string[], stdin = '') {
  const io = memoryIo(env, { stdin });
  const code = await runCli(argv, io, commands);
  return { code, out: io.stdout(), err: io.stderr() };
}

/** The web app's own SDK, pointed at a running server with the default API key. */
function sdk(server: ServerProcess) {
  const app = initializeApp(
    { apiKey: 'hackclass-local-api-key', projectId: 'hackclass-local' },
    `cli-${firebaseApps.length}`,
  );
  firebaseApps.push(app);
  const auth = initializeAuth(app, { persistence: inMemoryPersistence });
  connectAuthEmulator(auth, server.url, { disableWarnings: true });
  return auth;
}

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
    return 'resolved';
  } catch (error) {
    return (error as { code?: string }).code ?? String(error);
  }
}

const ada = 'ada@example.org';
const bob = 'bob@example.org';
const carol = 'carol@example.org';

describe('accounts from the command line', () => {
  it('creates admins and disables a user while the server is stopped', async () => {
    const created = await hackclass(
      ['admin', 'create', 'Ada@Example.org', '--password-stdin', '--name', 'Ada Lovelace'],
      'correct horse battery\n',
    );
    expect(created).toEqual({
      code: 0,
      out: `Created the admin ${ada} (Ada Lovelace); they can sign in now.\n`,
      err: '',
    });
    expect(
      (await hackclass(['admin', 'create', bob, '--password', 'bob horse battery'])).code,
    ).toBe(0);
    expect(await hackclass(['users', 'disable', bob])).toMatchObject({
      code: 0,
      out: `${bob} is disabled.\n`,
    });
    const adaRow = await withOperatorServer(memoryIo(env), (server) => userByEmail(server.db, ada));
    expect(adaRow).toMatchObject({ roleId: ROLE.admin, emailVerified: true, disabledAt: null });
  });

  it('refuses what a sign-up would refuse, and unknown emails, with exit code 1', async () => {
    expect(await hackclass(['admin', 'create', ada, '--password', 'other horse battery'])).toEqual({
      code: 1,
      out: '',
      err: 'An account with this email exists\n',
    });
    const short = await hackclass(['admin', 'create', 'dan@example.org', '--password', 'short']);
    expect(short.code).toBe(1);
    expect(short.err).toMatch(/^Cannot create that admin: password: Password should be at least/);
    for (const argv of [
      ['users', 'disable', 'nobody@example.org'],
      ['admin', 'promote', 'nobody@example.org'],
    ]) {
      expect(await hackclass(argv)).toEqual({
        code: 1,
        out: '',
        err: 'No user has the email nobody@example.org\n',
      });
    }
    expect((await hackclass(['admin', 'create', ada])).code).toBe(2);
  });

  it('lets the new admin sign in through the SDK, verified and an admin; the disabled cannot', async () => {
    const server = await startServerProcess(env);
    try {
      if (database.kind === 'pglite') {
        const busy = await hackclass(['users', 'enable', bob]);
        expect(busy.code).toBe(1);
        expect(busy.err).toContain('stop the server first');
      }
      const { user } = await signInWithEmailAndPassword(sdk(server), ada, 'correct horse battery');
      expect(user.emailVerified).toBe(true);
      const me = await fetch(`${server.url}/api/users/me`, {
        headers: { authorization: `Bearer ${await user.getIdToken()}` },
      });
      expect(me.status).toBe(200);
      expect(await me.json()).toMatchObject({ email: ada, roleId: ROLE.admin });
      expect(
        await errorCode(signInWithEmailAndPassword(sdk(server), bob, 'bob horse battery')),
      ).toBe('auth/user-disabled');
      // Carol signs up as anyone would; her first request makes her product user.
      const signedUp = await createUserWithEmailAndPassword(sdk(server), carol, 'carol horse');
      const first = await fetch(`${server.url}/api/users/me`, {
        headers: { authorization: `Bearer ${await signedUp.user.getIdToken()}` },
      });
      expect(await first.json()).toMatchObject({ email: carol, roleId: ROLE.student });
    } finally {
      await server.stop();
    }
  });

  it('promotes a user and enables a disabled one', async () => {
    expect(await hackclass(['admin', 'promote', carol])).toEqual({
      code: 0,
      out: `${carol} is an admin.\n`,
      err: '',
    });
    expect(await hackclass(['users', 'enable', bob])).toMatchObject({
      code: 0,
      out: `${bob} is enabled.\n`,
    });
    const [carolRow, bobRow] = await withOperatorServer(memoryIo(env), (server) =>
      Promise.all([userByEmail(server.db, carol), userByEmail(server.db, bob)]),
    );
    expect(carolRow?.roleId).toBe(ROLE.admin);
    expect(bobRow?.disabledAt).toBeNull();
  });

  it('takes the data folder lock on the embedded database', async () => {
    if (database.kind !== 'pglite') return;
    const release = await lockDataDir(database.dataDir);
    try {
      const busy = await hackclass(['admin', 'promote', carol]);
      expect(busy.code).toBe(1);
      expect(busy.err).toMatch(/^The embedded database in DATA_DIR .* stop the server first/);
    } finally {
      release();
    }
  });
});
