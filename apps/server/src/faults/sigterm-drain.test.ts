/**
 * Fault: the server is told to stop (SIGTERM, as a container engine or systemd does) while a
 * lesson runs, large lab files are being uploaded slowly and announcement mails are on their way
 * to a slow mail server. Nothing lost, nothing doubled: each upload is either whole or gone
 * without a trace, each mail is accepted by the mail server exactly once (before the exit, or by
 * the next process on the same folder), and the process exits within its grace, with 0.
 */
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { SHUTDOWN_GRACE_MS } from '@hackclass/http';
import { startSmtpServer } from '@hackclass/identity/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FaultBrowser, submissionCounts } from '../../testing/fault-browser';
import {
  type Deployment,
  LESSON_PASSWORD,
  type LessonLab,
  type LessonReport,
  type Roster,
  runLesson,
  stageLesson,
} from '../../testing/lesson';
import { fromBundle } from '../../testing/server-process';

const STUDENTS = 8;
/**
 * The mail server takes this long to accept each message while the server stops: longer than
 * the grace, so no mail can be accepted before the exit and each must be sent by the next process.
 */
const SMTP_ACCEPT_MS = 12_000;
/** And this long once the server is started again. */
const SMTP_ACCEPT_AFTER_MS = 300;
const MIB = 1024 * 1024;

/** Every file under `root`, relative to it. */
function filesUnder(root: string): string[] {
  if (!existsSync(root)) return [];
  return readdirSync(root, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(root.length + 1))
    .sort();
}

/** A file's bytes: each upload's own, so a mixed-up or cut file shows. */
function contentOf(seed: number, bytes: number): Buffer {
  const content = Buffer.allocUnsafe(bytes);
  for (let index = 0; index < bytes; index += 1) content[index] = (index * 31 + seed) & 0xff;
  return content;
}

interface UploadOutcome {
  name: string;
  content: Buffer;
  /** The answer's status, or the error when the connection ended without one. */
  status: number | string;
  fileIds: string[];
}

/**
 * Edits `lab` as the lab form does, adding one `bytes` file named `name`, sent as multipart at
 * about `bytesPerSecond`, as a school's uplink would: the answer, or how the connection ended.
 */
async function slowUpload(
  browser: FaultBrowser,
  lab: LessonLab,
  name: string,
  content: Buffer,
  bytesPerSecond: number,
): Promise<UploadOutcome> {
  const boundary = `----hackclass${Math.random().toString(16).slice(2)}`;
  const field = (key: string, value: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${key}"\r\n\r\n${value}\r\n`;
  const head = Buffer.from(
    field('name', 'Cookie tampering 1') +
      field('description', 'Read the handout, find the flag, submit it.') +
      field('difficulty', 'Easy') +
      field('category', 'Web') +
      field('points', '100') +
      field('flags', JSON.stringify([{ value: lab.flag }])) +
      `--${boundary}\r\nContent-Disposition: form-data; name="labFiles"; filename="${name}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  const chunk = 64 * 1024;
  const pauseMs = (chunk / bytesPerSecond) * 1000;
  let offset = 0;
  const body = new ReadableStream<Uint8Array>({
    start: (controller) => controller.enqueue(head),
    pull: async (controller) => {
      if (offset >= content.length) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      await sleep(pauseMs);
      controller.enqueue(content.subarray(offset, offset + chunk));
      offset += chunk;
    },
  });
  const outcome = { name, content, fileIds: [] as string[] };
  try {
    const answer = await browser.send('PUT', `/hacking-labs/${lab.id}`, body, {
      'content-type': `multipart/form-data; boundary=${boundary}`,
    });
    const files = (answer.body as { files?: { id: string; fileName: string }[] }).files ?? [];
    return {
      ...outcome,
      status: answer.status,
      fileIds: files.filter((file) => file.fileName === name).map((file) => file.id),
    };
  } catch (error) {
    const cause = (error as Error).cause as { code?: string } | undefined;
    return { ...outcome, status: cause?.code ?? (error as Error).message };
  }
}

describe('SIGTERM while uploads stream and mails are on their way', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let deployment: Deployment | undefined;
  let roster: Roster;
  let labs: LessonLab[];

  beforeAll(async () => {
    smtp = await startSmtpServer({ acceptAfterMs: SMTP_ACCEPT_MS });
    ({ deployment, roster, labs } = await stageLesson({
      kind: 'embedded',
      replicas: 1,
      serverArgs: fromBundle(),
      env: { SMTP_URL: smtp.url, MAIL_RETRY_SECONDS: '2' },
      students: STUDENTS,
      classSize: STUDENTS,
      labs: 2,
    }));
  });

  afterAll(async () => {
    try {
      await deployment?.close();
    } finally {
      await smtp?.close();
    }
  });

  it('finishes or cleanly refuses each upload, sends each mail once, and exits 0 within the grace', async () => {
    if (!deployment) throw new Error('no deployment');
    const server = deployment.servers[0];
    if (!server) throw new Error('no server');
    const origin = server.url;
    const dataDir = deployment.dataDirs[0] ?? '';
    const [lab] = labs;
    const classroomId = roster.classroomIds[0] ?? '';
    if (!lab) throw new Error('no lab');
    const teacher = await FaultBrowser.signIn(
      origin,
      deployment.apiKey,
      roster.teacher.email,
      LESSON_PASSWORD,
    );

    // The lesson goes on meanwhile: what it was told of its flags must survive the restart.
    const lesson: Promise<LessonReport> = runLesson(deployment, roster, labs, {
      students: STUDENTS,
      classSize: STUDENTS,
      rampSeconds: 2,
      wrongFlags: 1,
      thinkMs: [100, 300],
      lingerMs: 200,
      startTargets: false,
    });

    // Students are submitting flags by now.
    await expect
      .poll(() => server.output().split('/submissions"').length - 1, { timeout: 60_000 })
      .toBeGreaterThanOrEqual(STUDENTS / 2);

    const [quick, medium, huge] = [
      contentOf(1, 1 * MIB),
      contentOf(2, 4 * MIB),
      contentOf(3, 16 * MIB),
    ];
    // Mail to every member, which the slow mail server takes seconds to accept, each.
    const announced = await teacher.call('POST', `/classrooms/${classroomId}/announcements`, {
      body: 'The lab closes at five: hand in your flags.',
      emailMembers: true,
    });
    expect(announced.status, announced.text).toBe(201);
    await expect.poll(() => smtp.inFlight(), { timeout: 10_000, interval: 50 }).toBeGreaterThan(0);

    // Uploads: one done in a second, one that needs about 5 s, one far longer than the grace.
    const uploads = Promise.all([
      slowUpload(teacher, lab, 'quick.bin', quick, 2 * MIB),
      slowUpload(teacher, lab, 'medium.bin', medium, 0.8 * MIB),
      slowUpload(teacher, lab, 'huge.bin', huge, 0.8 * MIB),
    ]);
    await sleep(1_000);

    const signalled = performance.now();
    const exitCode = await server.stop('SIGTERM');
    const exitMs = performance.now() - signalled;
    const acceptedBeforeExit = smtp.messages.length;
    const outcomes = await uploads;
    const report = await lesson;
    console.log(
      `exit ${exitCode} after ${exitMs.toFixed(0)} ms; uploads: ${outcomes
        .map((upload) => `${upload.name} ${upload.status}`)
        .join(', ')}; mails accepted before the exit: ${acceptedBeforeExit} of ${STUDENTS}`,
    );
    expect(exitCode).toBe(0);
    expect(exitMs).toBeLessThan(SHUTDOWN_GRACE_MS);

    // No half-written file is left in the data folder, before any restart could tidy up.
    expect(filesUnder(join(dataDir, 'files')).filter((file) => file.endsWith('.partial'))).toEqual(
      [],
    );
    smtp.refuse.acceptAfterMs = SMTP_ACCEPT_AFTER_MS;

    // The next process on the same folder: each upload whole or absent, each mail sent once.
    const restarted = await deployment.restart(0, 'SIGTERM');
    const again = teacher.on(restarted.url);
    const labNow = (await again.call('GET', `/hacking-labs/${lab.id}`)).body as {
      files: { id: string; fileName: string; size: number }[];
    };
    for (const upload of outcomes) {
      const kept = labNow.files.filter((file) => file.fileName === upload.name);
      if (upload.status === 200) {
        expect(kept.map((file) => file.id)).toEqual(upload.fileIds);
        const link = await again.call('POST', `/hacking-labs/${lab.id}/files/${kept[0]?.id}/link`);
        const { bytes } = await again.fetchBytes((link.body as { url: string }).url);
        expect(bytes.equals(upload.content), `${upload.name} whole`).toBe(true);
      } else {
        expect(kept, `${upload.name} answered ${upload.status}`).toEqual([]);
      }
    }
    // No file without its row: the handouts and the whole uploads.
    expect(
      filesUnder(join(dataDir, 'files')).filter((file) => file.startsWith('lab-files/')),
    ).toHaveLength(labs.length + outcomes.filter((upload) => upload.status === 200).length);

    const members = roster.students.map((student) => student.email);
    await expect
      .poll(
        () =>
          members.filter((email) => smtp.messages.some((mail) => mail.to.includes(email))).length,
        {
          timeout: 30_000,
          interval: 250,
        },
      )
      .toBe(members.length);
    // Long enough for a doubled mail to show.
    await sleep(SMTP_ACCEPT_AFTER_MS + 3_000);
    for (const email of members) {
      expect(
        smtp.messages.filter((mail) => mail.to.includes(email)),
        email,
      ).toHaveLength(1);
    }

    // What the lesson was told of its flags is kept, once each.
    expect(await restarted.stop()).toBe(0);
    const kept = await submissionCounts(dataDir);
    const acknowledged = report.outcomes.flatMap((outcome) =>
      outcome.acknowledged.map((flag) => `${outcome.studentId} ${flag.labId} ${flag.flag}`),
    );
    expect(acknowledged.filter((key) => kept.get(key) !== 1)).toEqual([]);
    console.log(
      `${acknowledged.length} answered submissions kept once; lesson errors while stopping: ${report.errors}`,
    );
  });
});
