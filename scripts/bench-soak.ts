/**
 * A long day: students go through lesson after lesson at a steady pace for `--minutes`, while
 * every server's memory, open handles and event streams and the database's connections are
 * sampled. Prints the samples, each one's slope over the day (after a warm-up), and what is
 * left once the students are gone next to what there was before they came: memory must stay
 * flat and handles, connections and streams must not grow. Traffic stays on loopback.
 *
 * Run: npm run bench:soak -- [--minutes 30] [--students 20] [--config postgres|embedded|replicas]
 * (PostgreSQL: DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres; Redis:
 * REDIS_URL, default redis://127.0.0.1:6379; the server as `npm run build` bundled it.)
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { parseArgs } from 'node:util';
import {
  type ResourceSample,
  resourceSampler,
  runStudent,
  StepTimings,
  slopeOf,
  stageLesson,
} from '@hackclass/server/testing/lesson';

const CLASS_SIZE = 30;
const SAMPLE_EVERY_MS = 30_000;
/** The first part of the day is left out of the slopes: caches fill and code warms up. */
const WARM_UP_SHARE = 0.15;
const SETTLE_MS = 15_000;

const { values } = parseArgs({
  options: {
    minutes: { type: 'string', default: '30' },
    students: { type: 'string', default: '20' },
    config: { type: 'string', default: 'postgres' },
  },
});
const minutes = Number(values.minutes);
const students = Number(values.students);
const _postgresUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

async function main(): Promise<void> {
  const embedded = values.config === 'embedded';
  const { deployment, database, roster, labs } = await stageLesson({
    kind: embedded ? 'embedded' : 'postgres',
    replicas: values.config === 'replicas' ? 2 : 1,
    serverArgs: ['--enable-source-maps', 'apps/server/dist/main.js'],
    students,
    classSize: CLASS_SIZE,
    labs: 3,
  });
  const sampler = await resourceSampler(
    deployment.servers.map((server, index) => ({
      pid: server.child.pid ?? 0,
      origin: deployment.origins[index] ?? '',
    })),
    database.databaseUrl,
  );
  try {
    const before = await sampler.sample();
    const samples: ResourceSample[] = [];
    const timings = new StepTimings();
    const deadline = Date.now() + minutes * 60_000;
    let lessons = 0;
    const sampling = (async () => {
      while (Date.now() < deadline) {
        samples.push(await sampler.sample());
        await sleep(Math.min(SAMPLE_EVERY_MS, Math.max(0, deadline - Date.now())));
      }
    })();
    const people = roster.students;
    await Promise.all(
      people.map(async (student, index) => {
        // Spread over the first minute, then each one lesson after another all day.
        await sleep((index * 60_000) / people.length);
        const lab = labs[index % labs.length];
        const classroomId = roster.classroomIds[Math.floor(index / CLASS_SIZE)];
        if (!lab || !classroomId) throw new Error(`student ${index} has no lab or classroom`);
        while (Date.now() < deadline) {
          await runStudent(
            {
              origin: deployment.origins[index % deployment.origins.length] ?? '',
              apiKey: deployment.apiKey,
              student,
              classroomId,
              lab,
              wrongFlags: 2,
              // A human pace: lesson after lesson, a student stays under the flag limit per lab.
              thinkMs: () => 2_000 + Math.random() * 2_000,
              startTarget: false,
              lingerMs: 5_000,
            },
            timings,
          );
          lessons += 1;
        }
      }),
    );
    await sampling;
    await sleep(SETTLE_MS);
    const after = await sampler.sample();
    report({ before, samples, after, lessons, timings, servers: deployment.servers.length });
  } finally {
    await sampler.close();
    await deployment.close();
  }
}

function report({
  before,
  samples,
  after,
  lessons,
  timings,
  servers,
}: {
  before: ResourceSample;
  samples: ResourceSample[];
  after: ResourceSample;
  lessons: number;
  timings: StepTimings;
  servers: number;
}): void {
  console.log(
    `\n${students} students, ${lessons} lessons in ${minutes} min on ${values.config}; ${timings.errorCount} errors`,
  );
  for (const [step, messages] of Object.entries(timings.errorSamples())) {
    console.log(`  errors at ${step}: ${messages.join(' | ')}`);
  }
  const name = (server: number) => (servers === 1 ? 'server' : `server ${server + 1}`);
  console.log('\n  min  memory MiB      handles   streams   db connections');
  for (const sample of samples) {
    console.log(
      `${(sample.at / 60).toFixed(1).padStart(5)}  ${sample.memoryMiB
        .map((value) => value.toFixed(0))
        .join('/')
        .padEnd(
          14,
        )}  ${sample.handles.join('/').padEnd(8)}  ${sample.streams.join('/').padEnd(8)}  ${sample.databaseConnections ?? '–'}`,
    );
  }
  const measured = samples.slice(Math.floor(samples.length * WARM_UP_SHARE));
  const hours = measured.map((sample) => sample.at / 3600);
  console.log(`\nslopes after the first ${WARM_UP_SHARE * 100}% of the day, per hour:`);
  for (let server = 0; server < servers; server += 1) {
    const memory = slopeOf(
      hours,
      measured.map((sample) => sample.memoryMiB[server] ?? 0),
    );
    const handles = slopeOf(
      hours,
      measured.map((sample) => sample.handles[server] ?? 0),
    );
    console.log(
      `  ${name(server)}: memory ${memory >= 0 ? '+' : ''}${memory.toFixed(1)} MiB/h, handles ${handles >= 0 ? '+' : ''}${handles.toFixed(1)}/h`,
    );
  }
  if (measured.some((sample) => sample.databaseConnections !== undefined)) {
    const connections = slopeOf(
      hours,
      measured.map((sample) => sample.databaseConnections ?? 0),
    );
    console.log(
      `  database connections: ${connections >= 0 ? '+' : ''}${connections.toFixed(1)}/h`,
    );
  }
  console.log('\nidle, before the students came → after they left:');
  for (let server = 0; server < servers; server += 1) {
    console.log(
      `  ${name(server)}: memory ${before.memoryMiB[server]?.toFixed(0)} → ${after.memoryMiB[server]?.toFixed(0)} MiB, handles ${before.handles[server]} → ${after.handles[server]}, event streams ${before.streams[server]} → ${after.streams[server]}`,
    );
  }
  if (before.databaseConnections !== undefined) {
    console.log(
      `  database connections: ${before.databaseConnections} → ${after.databaseConnections}`,
    );
  }
}

await main();
