import { parentPort, workerData } from 'node:worker_threads';

/** One request a simulated person sends again and again, signed in with `idToken`. */
export interface Shot {
  idToken: string;
  path: string;
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as the `archive` field of a multipart form, as the import page does. */
  archive?: { name: string; bytes: Uint8Array };
}

export interface LoadPlan {
  origin: string;
  /** How many times each shot is sent. */
  times: number;
  /** How many requests are in flight at once. */
  parallel: number;
  shots: Shot[];
}

export interface LoadResult {
  sent: number;
  seconds: number;
  statuses: Record<number, number>;
}

/** The anti-forgery cookie and token a browser tab holds before its first click. */
async function antiforgery(origin: string, idToken: string) {
  const response = await fetch(`${origin}/api/auth/antiforgery/token`, {
    method: 'POST',
    headers: { authorization: `Bearer ${idToken}` },
  });
  if (!response.ok) throw new Error(`anti-forgery token: ${response.status}`);
  const { token } = (await response.json()) as { token: string };
  const cookie = response.headers.get('set-cookie')?.split(';')[0] ?? '';
  return { 'x-xsrf-token': token, cookie };
}

function bodyOf(shot: Shot): { body: BodyInit; headers: Record<string, string> } {
  if (shot.archive) {
    const form = new FormData();
    form.append('archive', new Blob([new Uint8Array(shot.archive.bytes)]), shot.archive.name);
    return { body: form, headers: {} };
  }
  return { body: JSON.stringify(shot.json), headers: { 'content-type': 'application/json' } };
}

/**
 * Sends each of the plan's shots `times` times, round robin, `parallel` at a time, over real HTTP
 * from this worker's own thread: the clients' work is not on the server's event loop, as it is
 * not in a school.
 */
async function run({ origin, times, parallel, shots }: LoadPlan): Promise<LoadResult> {
  const sessions = await Promise.all(shots.map((shot) => antiforgery(origin, shot.idToken)));
  const statuses: Record<number, number> = {};
  const started = performance.now();
  const total = times * shots.length;
  let sent = 0;
  await Promise.all(
    Array.from({ length: parallel }, async () => {
      while (sent < total) {
        const index = sent++ % shots.length;
        const shot = shots[index] as Shot;
        const { body, headers } = bodyOf(shot);
        const response = await fetch(`${origin}/api${shot.path}`, {
          method: 'POST',
          headers: { authorization: `Bearer ${shot.idToken}`, ...sessions[index], ...headers },
          body,
        });
        await response.arrayBuffer();
        statuses[response.status] = (statuses[response.status] ?? 0) + 1;
      }
    }),
  );
  return { sent, seconds: (performance.now() - started) / 1000, statuses };
}

parentPort?.postMessage(await run(workerData as LoadPlan));
