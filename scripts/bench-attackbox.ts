/**
 * Attack boxes through the product as students use them: an all-in-one server with the Docker
 * driver; a teacher, a classroom and its students, all made through the API. Measured: (1) a
 * box's Start until its terminal's WebSocket shows the shell's prompt, one start after another;
 * (2) a keystroke's round trip through HackClass's terminal (goal: p50 < 20 ms on loopback),
 * beside the engine's own attach; (3) a class starting its boxes at once: the time until every
 * terminal is open and echoes a key, failures, memory per box and HackClass's own per terminal.
 * The box is hackclass/attackbox:1 when the engine has it (BENCH_BOX_IMAGE overrides), else a
 * busybox box built here; nothing is pulled. Everything runs on loopback, and everything it makes
 * is removed at the end, failed or not (Ctrl-C too).
 * Run: npm run bench:attackbox   (BENCH_BOXES_SEQUENTIAL, BENCH_KEYSTROKES, BENCH_BOXES_AT_ONCE,
 * ATTACKBOX_MEMORY_MB; DATABASE_URL for PostgreSQL)
 */
import { schema } from '@hackclass/api';
import { drizzleOver } from '@hackclass/db';
import { createTestDatabase } from '@hackclass/db/testing';
import { stopAllBoxes } from './bench-attackbox/box';
import { classAtOnce } from './bench-attackbox/crowd';
import { machine } from './bench-attackbox/figures';
import { type PromptTimes, startToPrompt } from './bench-attackbox/first-prompt';
import { boxImage } from './bench-attackbox/image';
import { keystrokesOnABox } from './bench-attackbox/keystrokes';
import { reportCrowd, reportKeystrokes, reportStarts } from './bench-attackbox/report';
import type { BrowserTerminal } from './bench-attackbox/terminal';
import { classWithTarget } from './bench-targets/class';
import { removeLeftovers } from './bench-targets/leftovers';
import { benchServer } from './bench-targets/server';

const SEQUENTIAL = Number(process.env.BENCH_BOXES_SEQUENTIAL ?? 10);
const KEYSTROKES = Number(process.env.BENCH_KEYSTROKES ?? 500);
const AT_ONCE = Number(process.env.BENCH_BOXES_AT_ONCE ?? 30);
const MEMORY_MB = Number(process.env.ATTACKBOX_MEMORY_MB ?? 512);

/** Undone last first, once, whether the run ends, fails or is interrupted. */
const cleanup: (() => Promise<unknown>)[] = [];
let cleaning: Promise<void> | undefined;
const cleanUp = () => {
  cleaning ??= (async () => {
    for (const step of cleanup) await step().catch((error: unknown) => console.error(error));
  })();
  return cleaning;
};
process.once('SIGINT', () => {
  console.error('\nInterrupted: cleaning up…');
  // What the run would still print is of its boxes being stopped under it.
  console.log = () => undefined;
  void cleanUp().finally(() => process.exit(130));
});

const terminals: BrowserTerminal[] = [];
const keep = (terminal: BrowserTerminal) => terminals.push(terminal);

async function main(): Promise<void> {
  const database = await createTestDatabase();
  cleanup.unshift(() => database.drop());
  const box = await boxImage();
  cleanup.unshift(() => box.remove());
  const { app, connection, adminEmail, adminSecret, listen } = await benchServer(database, {
    LABS_DRIVER: 'docker',
    // The host firewall guard is left to the tests that check it: this run changes no rules.
    LABS_FIREWALL: 'off',
    ATTACKBOX_IMAGE: box.image,
    ATTACKBOX_MEMORY_MB: String(MEMORY_MB),
    LABS_MAX_RUNNING: String(Math.max(50, AT_ONCE)),
    LABS_MAX_PER_CLASSROOM: String(Math.max(40, AT_ONCE)),
  });
  const db = drizzleOver(connection, schema);
  const [deployment] = await db.select({ id: schema.deployment.id }).from(schema.deployment);
  if (!deployment) throw new Error('the server made no deployment row');
  cleanup.unshift(() => removeLeftovers(deployment.id));
  cleanup.unshift(() => app.close());
  cleanup.unshift(async () => {
    for (const terminal of terminals) terminal.close();
  });
  const origin = await listen();

  console.log(`Machine: ${machine()}`);
  console.log(`Box image: ${box.description}; memory limit ${MEMORY_MB} MB per box`);
  console.log(`Server: ${origin}; API calls made in-process, terminals over loopback TCP`);
  console.log(`Setting up a classroom of ${AT_ONCE} students through the API…`);
  // The helper also writes a lab, never started here: a box needs only the classroom.
  const { teacher, classroomId, students } = await classWithTarget(
    { app, origin, adminSecret },
    { adminEmail, image: box.image, students: Math.max(1, AT_ONCE) },
  );
  cleanup.unshift(() => stopAllBoxes(teacher, classroomId));
  const [first] = students;
  if (!first) throw new Error('no student');
  const summary: string[] = [];

  console.log(`\n1. Box start → first prompt (${SEQUENTIAL} starts, one after another)`);
  const starts: PromptTimes[] = [];
  for (let index = 0; index < SEQUENTIAL; index++) {
    starts.push(await startToPrompt(first, classroomId));
  }
  summary.push(reportStarts(starts));

  console.log(
    `\n2. Keystroke round trip (${KEYSTROKES} keys, one at a time, a–z, Ctrl-U every 50)`,
  );
  const keystrokes = reportKeystrokes(await keystrokesOnABox(first, classroomId, KEYSTROKES, keep));
  summary.push(keystrokes.line);

  console.log(`\n3. ${AT_ONCE} boxes at once`);
  const crowd = await classAtOnce(students, classroomId, keep);
  summary.push(...reportCrowd(crowd, AT_ONCE, MEMORY_MB));

  console.log('\nSummary');
  console.log(`  Machine: ${machine()}`);
  console.log(`  Box image: ${box.image}`);
  for (const line of summary) console.log(`  ${line}`);
  if (crowd.failures.length > 0) process.exitCode = 1;
}

try {
  await main();
} finally {
  await cleanUp();
}
