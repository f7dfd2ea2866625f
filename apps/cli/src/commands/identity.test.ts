import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { drizzleOver, lockDataDir, migrate, openConnection } from '@hackclass/db';
import { createTestDatabase, type TestDatabase } from '@hackclass/db/testing';
import { identityMigrations, identitySchema, localKeySecret } from '@hackclass/identity';
import {
  codeOf,
  deleteSdkClients,
  type IdentityServer,
  sdkClient,
  startIdentity,
} from '@hackclass/identity/testing';
import { signInWithEmailAndPassword } from 'firebase/auth';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/io';
import { runCli } from '../cli';
import {
  exportedUser,
  hashArgs,
  projectParams,
  userWithPassword,
} from '../identity-import/export-fixture';
import { commands } from '.';

const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const folder = mkdtempSync(join(tmpdir(), 'hackclass-import-'));
const exportFile = join(folder, 'users.json');
const reportFile = join(folder, 'report.json');

let database: TestDatabase;
let server: IdentityServer | undefined;

/** `npx hackclass …` from the repository root on the test's database, as an operator types it. */
async function hackclass(args: string[]) {
  const env = {
    PATH: process.env.PATH ?? '',
    DATA_DIR: database.dataDir,
    ...(database.databaseUrl ? { DATABASE_URL: database.databaseUrl } : {}),
  };
  try {
    const { stdout, stderr } = await promisify(execFile)(
      'npx',
      ['--no-install', 'hackclass', ...args],
      { cwd: repoRoot, env, maxBuffer: 16 * 1024 * 1024 },
    );
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** The same command in this process, for the refusals that never reach the database. */
async function inProcess(args: string[]) {
  const io = memoryIo({ DATA_DIR: database.dataDir });
  const code = await runCli(args, io, commands);
  return { code, stdout: io.stdout(), stderr: io.stderr() };
}

const USERS = 2_000;
const known = { ada: 'ada-firebase-pw', bo: 'bo secret 1', cy: 'cy-disabled-pw' };

beforeAll(async () => {
  database = await createTestDatabase();
  const connection = await openConnection(database);
  await migrate(connection, identityMigrations);
  // Someone already signed up here with the address one exported user has.
  await drizzleOver(connection, identitySchema)
    .insert(identitySchema.accounts)
    .values({ uid: 'signedUpHere', email: 'pupil5@school.example', passwordHash: 'scrypt$x' });
  await connection.close();

  const users: Record<string, unknown>[] = [];
  for (let n = 0; n < USERS - 10; n++) users.push(exportedUser(n));
  users.push(
    await userWithPassword(9001, known.ada, { email: 'Ada@School.Example', emailVerified: true }),
    await userWithPassword(9002, known.bo, { localId: 'has/slash', displayName: 'Bo' }),
    await userWithPassword(9003, known.cy, { disabled: true }),
    exportedUser(9004, { email: undefined }),
    exportedUser(9005, { email: 'not-an-address' }),
    exportedUser(9006, {
      passwordHash: undefined,
      salt: undefined,
      providerUserInfo: [{ providerId: 'google.com', rawId: '1234' }],
    }),
    exportedUser(9007, { email: 'PUPIL7@school.example' }),
    exportedUser(9008, { localId: exportedUser(8).localId }),
    exportedUser(9009, { email: ' ' }),
    exportedUser(9010, { passwordHash: '' }),
  );
  writeFileSync(exportFile, JSON.stringify({ users }));
}, 60_000);

afterAll(async () => {
  await deleteSdkClients();
  if (server) await server.close();
  else await database.drop();
  rmSync(folder, { recursive: true, force: true });
});

describe('npx hackclass identity import', () => {
  it('refuses wrong arguments with exit code 2, naming them', async () => {
    const missing = await inProcess(['identity', 'import', exportFile, ...hashArgs.slice(0, 8)]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toContain('--mem-cost is missing');
    expect(missing.stderr).toContain('Usage: npx hackclass identity import <file>');
    const cases: [string[], string][] = [
      [['--hash-algo', 'BCRYPT'], '--hash-algo BCRYPT is not supported: only SCRYPT'],
      [['--hash-key', 'not base64!'], '--hash-key must be base64'],
      [['--rounds', '9'], '--rounds must be a whole number from 1 to 8 (got "9")'],
      [['--mem-cost', '1.5'], '--mem-cost must be a whole number from 1 to 14 (got "1.5")'],
    ];
    for (const [change, message] of cases) {
      const args = [...hashArgs];
      args[args.indexOf(change[0] as string) + 1] = change[1] as string;
      const refused = await inProcess(['identity', 'import', exportFile, ...args]);
      expect(refused.code, message).toBe(2);
      expect(refused.stderr).toContain(message);
    }
    const noFile = await inProcess(['identity', 'import', ...hashArgs]);
    expect(noFile.code).toBe(2);
    expect(noFile.stderr).toContain('identity import takes one file');
    const noFolder = await inProcess([
      'identity',
      'import',
      exportFile,
      ...hashArgs,
      '--report',
      join(folder, 'missing', 'report.json'),
    ]);
    expect(noFolder.code).toBe(2);
    expect(noFolder.stderr).toContain('/missing does not exist');
  });

  it('refuses a file that is not a JSON export, and the embedded database while a server holds it', async () => {
    const csv = join(folder, 'users.csv');
    writeFileSync(csv, 'uid,email\n');
    const notJson = await inProcess(['identity', 'import', csv, ...hashArgs]);
    expect(notJson.code).toBe(1);
    expect(notJson.stderr).toContain('is not JSON: export with `firebase auth:export');
    if (database.kind !== 'pglite') return;
    const release = await lockDataDir(database.dataDir);
    try {
      const busy = await hackclass(['identity', 'import', exportFile, ...hashArgs]);
      expect(busy.code).toBe(1);
      expect(busy.stderr).toContain('stop the server first');
    } finally {
      release();
    }
  }, 30_000);

  it('writes nothing on a dry run, then imports 2 000 users and lists what it skipped and why', async () => {
    const dry = await hackclass(['identity', 'import', exportFile, ...hashArgs, '--dry-run']);
    expect(dry.stdout).toContain(`Dry run, nothing written: would import ${USERS - 8} of ${USERS}`);
    expect(dry.code).toBe(0);

    const started = performance.now();
    const done = await hackclass([
      'identity',
      'import',
      exportFile,
      ...hashArgs,
      '--report',
      reportFile,
    ]);
    // The command's own summary gives the import's time; the process adds its start-up.
    console.log(
      `${done.stdout.match(/^Imported .*$/m)?.[0]} (process: ${Math.round(performance.now() - started)} ms)`,
    );
    expect(done.stderr).toBe('');
    expect(done.code).toBe(0);
    expect(done.stdout).toContain(`Imported ${USERS - 8} of ${USERS} users`);
    expect(done.stdout).toContain(`  1500 of ${USERS} done\n`);
    expect(done.stdout).toContain('skipped 8.');
    expect(done.stdout).toContain('1 users got a new uid');

    const report = JSON.parse(readFileSync(reportFile, 'utf8'));
    expect(report.importedCount).toBe(USERS - 8);
    expect(report.skippedByReason).toEqual({
      'no-email': 2,
      'invalid-email': 1,
      'no-password': 2,
      'duplicate-in-file': 1,
      'uid-taken': 1,
      'email-taken': 1,
    });
    const skipped = (reason: string) =>
      report.skipped.filter((user: { reason: string }) => user.reason === reason);
    expect(skipped('no-password')).toContainEqual({
      uid: exportedUser(9006).localId,
      email: 'pupil9006@school.example',
      reason: 'no-password',
      detail: 'signs in with google.com only',
      explanation: 'has no password',
    });
    expect(skipped('no-password')).toContainEqual(
      expect.objectContaining({
        email: 'pupil9010@school.example',
        detail: expect.stringContaining('has not signed in since it was imported into Firebase'),
      }),
    );
    expect(skipped('duplicate-in-file')[0].email).toBe('pupil7@school.example');
    expect(skipped('uid-taken')[0].email).toBe('pupil9008@school.example');
    expect(report.imported).toContainEqual(
      expect.objectContaining({ email: 'pupil9002@school.example', firebaseUid: 'has/slash' }),
    );
  }, 120_000);

  it('skips everything the second time: the same file is safe to run again', async () => {
    const again = await hackclass(['identity', 'import', exportFile, ...hashArgs]);
    expect(again.code).toBe(0);
    expect(again.stdout).toContain(`Imported 0 of ${USERS} users`);
    expect(again.stdout).toMatch(new RegExp(`${USERS - 8} is already here`));
  }, 60_000);

  it('keeps the signer key once, sealed, out of the accounts table', async () => {
    const connection = await openConnection(database);
    try {
      const db = drizzleOver(connection, identitySchema);
      const rows = await db.select().from(identitySchema.firebaseHashParams);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ rounds: 8, memCost: 14, saltSeparator: 'Bw==' });
      const key = projectParams.signerKey;
      const dump = JSON.stringify([await db.select().from(identitySchema.accounts), rows]);
      for (const encoding of ['base64', 'base64url', 'hex'] as const) {
        expect(dump).not.toContain(key.toString(encoding));
      }
    } finally {
      await connection.close();
    }
  }, 30_000);

  it('lets imported users sign in with their Firebase password, and re-hashes it then', async () => {
    // The import sealed the signer key with the secret the server keeps in DATA_DIR.
    server = await startIdentity({ database, keySecret: localKeySecret(database.dataDir) });
    const storedHash = async (email: string) =>
      (
        await server
          ?.db()
          .query.accounts.findFirst({ where: (accounts, { eq }) => eq(accounts.email, email) })
      )?.passwordHash;

    expect(await storedHash('ada@school.example')).toMatch(
      /^firebase-scrypt\$[\w-]+\$[^$]+\$[^$]+$/,
    );
    expect(
      await codeOf(signInWithEmailAndPassword(sdkClient(server), 'ada@school.example', 'wrong')),
    ).toBe('auth/invalid-credential');
    expect(await storedHash('ada@school.example')).toMatch(/^firebase-scrypt\$/);

    const { user } = await signInWithEmailAndPassword(
      sdkClient(server),
      'ada@school.example',
      known.ada,
    );
    expect(user.uid).toBe(exportedUser(9001).localId);
    expect(user.emailVerified).toBe(true);
    expect(user.displayName).toBe('Pupil 9001');
    expect(new Date(user.metadata.creationTime as string).getTime()).toBe(
      Number(exportedUser(9001).createdAt),
    );
    expect(await storedHash('ada@school.example')).toMatch(/^scrypt\$/);
    // Signed in with the new hash: the password still works.
    await signInWithEmailAndPassword(sdkClient(server), 'ada@school.example', known.ada);

    const bo = await signInWithEmailAndPassword(
      sdkClient(server),
      'pupil9002@school.example',
      known.bo,
    );
    expect(bo.user.uid).toMatch(/^[A-Za-z0-9]{28}$/);
    expect(bo.user.displayName).toBe('Bo');
    expect(
      await codeOf(
        signInWithEmailAndPassword(sdkClient(server), 'pupil9003@school.example', known.cy),
      ),
    ).toBe('auth/user-disabled');
  }, 60_000);
});
