/**
 * Uploads a 20 MB lab file through the API over HTTP and downloads it again, with each file
 * store (FILE_STORAGE=folder and database) on the database the environment names: PGlite, or
 * PostgreSQL when DATABASE_URL is set. Prints the time and throughput of each.
 * Run: npm run bench:files -w @hackclass/api
 */

import { randomBytes } from 'node:crypto';
import type { Lab } from '@hackclass/contracts';
import { signedInAs, startApiServer } from '../test/support';

const FILE_BYTES = 20 * 1024 * 1024;
const RUNS = Number(process.env.BENCH_RUNS ?? 3);

const megabytesPerSecond = (ms: number) => (FILE_BYTES / 1_048_576 / (ms / 1000)).toFixed(0);

async function measure(fileStorage: 'folder' | 'database') {
  const server = await startApiServer({
    fileStorage,
    uploads: { fileMaxBytes: FILE_BYTES },
    quotas: { fileBytes: FILE_BYTES * (RUNS + 1) },
  });
  try {
    const teacher = await signedInAs(server, 'teacher');
    const authorization = `Bearer ${teacher.idToken}`;
    const xsrf = await fetch(`${server.origin}/api/auth/antiforgery/token`, {
      method: 'POST',
      headers: { authorization },
    });
    const cookie = xsrf.headers.getSetCookie()[0]?.split(';')[0] ?? '';
    const { token } = (await xsrf.json()) as { token: string };
    const file = new Blob([randomBytes(FILE_BYTES)]);
    const uploads: number[] = [];
    const downloads: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const form = new FormData();
      for (const [name, value] of Object.entries({
        name: `Bench ${run} ${fileStorage}`,
        difficulty: 'Easy',
        category: 'Forensics',
        points: '10',
        flags: JSON.stringify([{ value: 'flag{bench}', caseSensitive: true }]),
      })) {
        form.append(name, value);
      }
      form.append('labFiles', file, 'big.bin');
      let started = performance.now();
      const created = await fetch(`${server.origin}/api/hacking-labs`, {
        method: 'POST',
        headers: { authorization, cookie, 'x-xsrf-token': token },
        body: form,
      });
      if (created.status !== 201) throw new Error(`upload answered ${created.status}`);
      uploads.push(performance.now() - started);
      const lab = (await created.json()) as Lab;

      started = performance.now();
      const response = await fetch(
        `${server.origin}/api/hacking-labs/${lab.id}/files/${lab.files[0]?.id}`,
        { headers: { authorization } },
      );
      let received = 0;
      for await (const chunk of response.body ?? []) received += chunk.length;
      downloads.push(performance.now() - started);
      if (received !== FILE_BYTES) throw new Error(`downloaded ${received} bytes`);
    }
    const best = (times: number[]) => Math.min(...times);
    console.log(
      `${fileStorage.padEnd(8)} upload ${best(uploads).toFixed(0)} ms (${megabytesPerSecond(best(uploads))} MB/s), ` +
        `download ${best(downloads).toFixed(0)} ms (${megabytesPerSecond(best(downloads))} MB/s)`,
    );
  } finally {
    await server.close();
  }
}

console.log(
  `20 MB lab file, best of ${RUNS}, on ${process.env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}:`,
);
await measure('folder');
await measure('database');
