import { type TargetBrowser, targetBrowser } from '@hackclass/api/testing';
import type { Target } from '@hackclass/contracts';
import { type Caller, expectStatus } from './class';

/** How often the student's status check asks (the web app asks every 1.5 s while starting). */
const STATUS_POLL_MS = 250;
/** How soon the page is loaded again when the proxy cannot reach the target yet. */
const PAGE_RETRY_MS = 50;
const TIMEOUT_MS = 120_000;

/** Milliseconds from the student's Start click. */
export interface StartTimes {
  /** The API's answer to Start (the target row made, `starting`). */
  answered: number;
  /** The first status check that says `running`. */
  running: number;
  /** The first 200 through the proxy: ticket asked, followed, `/` fetched. */
  firstOk: number;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function pollUntil<T>(
  what: string,
  { since, everyMs }: { since: number; everyMs: number },
  attempt: () => Promise<T | undefined>,
) {
  for (;;) {
    const done = await attempt();
    if (done !== undefined) return done;
    if (performance.now() - since > TIMEOUT_MS) {
      throw new Error(`${what} after ${TIMEOUT_MS / 1000} s`);
    }
    await sleep(everyMs);
  }
}

/**
 * One student presses Start on the lab page, then does what the page and the browser do: checks
 * the target's status until it runs, asks for the Open link, follows it on the target's host
 * (loopback, as `*.localhost` resolves) to get the proxy's cookie, and loads `/` until it answers.
 */
export async function startAndOpen(
  student: Caller,
  { origin, classroomId, labId }: { origin: string; classroomId: string; labId: string },
): Promise<{ targetId: string; browser: TargetBrowser; times: StartTimes }> {
  const since = performance.now();
  const elapsed = () => performance.now() - since;
  const start = await student.session.call(
    'POST',
    `/classrooms/${classroomId}/labs/${labId}/target`,
  );
  const answered = elapsed();
  const targetId = expectStatus(start, 201, 'Start').json<Target>().id;

  await pollUntil('not running', { since, everyMs: STATUS_POLL_MS }, async () => {
    const target = (await student.session.call('GET', `/targets/${targetId}`)).json<Target>();
    if (target.state === 'running') return target;
    if (target.state !== 'starting') {
      throw new Error(`target ${target.state}: ${target.failure?.message ?? 'no reason given'}`);
    }
    return undefined;
  });
  const running = elapsed();

  const ticket = await student.session.call('POST', `/targets/${targetId}/ticket`);
  const { url } = expectStatus(ticket, 200, 'the Open link').json<{ url: string }>();
  const browser = targetBrowser(origin, targetId);
  if (new URL(url).host !== browser.host) {
    throw new Error(`the Open link ${url} is not on the target's host ${browser.host}`);
  }
  const exchanged = await browser.open(url);
  // The exchange answers a page that sets the pass and moves on to the target's own `/`.
  if (exchanged.status !== 200) throw new Error(`the Open link answered ${exchanged.status}`);
  await pollUntil('no 200 through the proxy', { since, everyMs: PAGE_RETRY_MS }, async () => {
    const page = await browser.get('/').catch(() => undefined);
    return page?.status === 200 ? page : undefined;
  });
  return { targetId, browser, times: { answered, running, firstOk: elapsed() } };
}
