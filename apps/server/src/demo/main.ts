/**
 * `npm run seed:demo`: fills an empty database (the one DATA_DIR or DATABASE_URL names, as the
 * server would use) with a teacher, students, classrooms, labs and solves, then prints who can
 * sign in. With the embedded database, stop the server first: it holds the data folder.
 */
import { randomBytes } from 'node:crypto';
import { schema as apiSchema } from '@hackclass/api';
import { loadConfig, readEnv, serverConfigSchema } from '@hackclass/config';
import {
  type Connection,
  drizzleOver,
  openConnection,
  ownerOnlyFiles,
  secureDataDir,
} from '@hackclass/db';
import { exitOnStartFailure } from '@hackclass/http';
import { freePort } from '@hackclass/http/testing';
import { createLogger } from '@hackclass/logger';
import { count } from 'drizzle-orm';
import { buildServer } from '../server';
import { DEMO_PASSWORD, demoAdmin, demoCoTeacher, demoStudents, demoTeacher } from './demo-content';
import { spreadOverTwoWeeks } from './demo-history';
import { seedDemo } from './seed-demo';

ownerOnlyFiles();
// A secret for this run's in-process admin calls, and the demo admin made so by configuration.
const adminSecret = randomBytes(32).toString('base64url');
let connection: Connection | undefined;
const started = await (async () => {
  // The API verifies ID tokens with the identity's keys over HTTP: this process serves both, on
  // a loopback port of its own.
  const port = await freePort();
  const config = loadConfig(serverConfigSchema, {
    ...readEnv(),
    PORT: String(port),
    IDENTITY_URL: `http://127.0.0.1:${port}`,
    IDENTITY_JWKS_URL: undefined,
  });
  const seedConfig = {
    ...config,
    adminEmails: [...config.adminEmails, demoAdmin.email],
    identity: { ...config.identity, adminSecret },
  };
  secureDataDir(seedConfig.dataDir);
  connection = await openConnection(seedConfig);
  const app = await buildServer(
    { config: seedConfig, connection, logger: createLogger('warn') },
    { webRoot: null },
  );
  await app.listen({ port, host: '127.0.0.1' });
  return { app, connection, apiKey: config.identity.apiKey };
})().catch(async (error: unknown) => {
  await connection?.close();
  return exitOnStartFailure(error);
});
const { app, apiKey } = started;
try {
  const db = drizzleOver(started.connection, apiSchema);
  const [existing] = await db.select({ users: count() }).from(apiSchema.users);
  if (existing && existing.users > 0) {
    console.error(
      `seed:demo fills an empty database, and this one has ${existing.users} users. ` +
        'Point DATA_DIR or DATABASE_URL at an empty one.',
    );
    process.exitCode = 1;
  } else {
    const seeding = performance.now();
    const summary = await seedDemo({ app, apiKey, adminSecret });
    await spreadOverTwoWeeks(db);
    console.log(
      `Demo ready in ${((performance.now() - seeding) / 1000).toFixed(1)} s: ` +
        `${summary.classrooms} classrooms, ${summary.labs} labs, ${summary.students} students, ` +
        `${summary.solves} solves from ${summary.submissions} submissions.\n`,
    );
    console.log(`Sign in with any of these; the password is "${DEMO_PASSWORD}":`);
    console.log(`  ${demoTeacher.email}   teacher of both classrooms`);
    console.log(`  ${demoCoTeacher.email} co-teacher of the Crypto Club`);
    console.log(`  ${demoAdmin.email}     admin`);
    for (const student of demoStudents.slice(0, 3)) console.log(`  ${student.email}   student`);
    console.log(`  … and ${demoStudents.length - 3} more students (see apps/server/src/demo).`);
  }
} finally {
  // Closing the server closes its database too.
  await app.close();
}
