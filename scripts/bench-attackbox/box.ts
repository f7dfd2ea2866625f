import type { MyAttackBox, Target, TerminalTicket } from '@hackclass/contracts';
import { type Caller, expectStatus } from '../bench-targets/class';

/**
 * How often the status is checked: finer than the web app's 1.5 s, so that the times measured
 * are the product's and not the polling's (each is late by up to this much).
 */
export const STATUS_POLL_MS = 100;
const TIMEOUT_MS = 120_000;

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** The student's box as `GET /users/me/box` says, polled until `done` answers something. */
async function pollBox<T>(student: Caller, what: string, done: (box: Target) => T | undefined) {
  const since = performance.now();
  for (;;) {
    const mine = (await student.session.call('GET', '/users/me/box')).json<MyAttackBox>();
    const answer = mine.box && done(mine.box);
    if (answer !== undefined && answer !== null) return answer;
    if (performance.now() - since > TIMEOUT_MS) {
      throw new Error(`${what} after ${TIMEOUT_MS / 1000} s: ${JSON.stringify(mine.box)}`);
    }
    await sleep(STATUS_POLL_MS);
  }
}

/** Start in a classroom (201, a new box `starting`), as the Terminal button does. */
export async function startBox(student: Caller, classroomId: string): Promise<string> {
  const started = await student.session.call('POST', `/classrooms/${classroomId}/box`);
  return expectStatus(started, 201, 'starting the box').json<Target>().id;
}

/** Waits until the student's box `boxId` runs; throws with its failure if it does not. */
export function untilRunning(student: Caller, boxId: string): Promise<Target> {
  return pollBox(student, 'the box is not running', (box) => {
    if (box.id !== boxId) return undefined;
    if (box.state === 'running') return box;
    if (box.state !== 'starting') {
      throw new Error(`box ${box.state}: ${box.failure?.message ?? 'no reason given'}`);
    }
    return undefined;
  });
}

/** Stops the box as its owner does, and waits until it is `stopped`. */
export async function stopBox(student: Caller, boxId: string): Promise<void> {
  expectStatus(await student.session.call('DELETE', `/targets/${boxId}`), 200, 'stopping the box');
  await pollBox(student, 'the box has not stopped', (box) =>
    box.id === boxId && box.state === 'stopped' ? box : undefined,
  );
}

/** The terminal's single-use WebSocket address, as the page asks for it. */
export async function terminalTicket(student: Caller, boxId: string): Promise<string> {
  const ticket = await student.session.call('POST', `/targets/${boxId}/terminal`);
  const { url, watching } = expectStatus(ticket, 200, 'the terminal ticket').json<TerminalTicket>();
  if (watching) throw new Error('the box’s owner was given a watcher’s terminal');
  return url;
}

/** The teacher stops every box of the classroom ("Stop all") and waits until none is active. */
export async function stopAllBoxes(teacher: Caller, classroomId: string): Promise<void> {
  const url = `/classrooms/${classroomId}/targets`;
  expectStatus(await teacher.session.call('DELETE', url), 200, 'Stop all');
  const since = performance.now();
  while ((await teacher.session.call('GET', url)).json<unknown[]>().length > 0) {
    if (performance.now() - since > TIMEOUT_MS) {
      throw new Error(`boxes still active ${TIMEOUT_MS / 1000} s after Stop all`);
    }
    await sleep(250);
  }
}
