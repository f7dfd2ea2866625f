import { parsePrometheusText, sampleSum } from '@hackclass/http/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApiServer,
  createAccount,
  type Person,
  signedInAs,
  signIn,
  startApiServer,
  watchClassroom,
} from '../test/support';
import { classroom, createLab, TEST_FLAG } from '../test/support/labs';

let server: ApiServer;
let teacher: Person;
let student: Person;

beforeAll(async () => {
  server = await startApiServer();
  [teacher, student] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'student'),
  ]);
});
afterAll(() => server.close());

async function metric(name: string, labels: Record<string, string> = {}) {
  const response = await server.app.inject('/metrics');
  expect(response.statusCode).toBe(200);
  return sampleSum(parsePrometheusText(response.body), name, labels);
}

/** How much each metric moved while `act` ran. */
async function moved(names: [string, Record<string, string>?][], act: () => Promise<void>) {
  const before = await Promise.all(names.map(([name, labels]) => metric(name, labels)));
  await act();
  const after = await Promise.all(names.map(([name, labels]) => metric(name, labels)));
  return after.map((value, index) => value - (before[index] ?? 0));
}

describe('product metrics', () => {
  it('counts sign-ins and their failures', async () => {
    const { email } = await createAccount(server);
    const changes = await moved(
      [
        ['hackclass_sign_ins_total', { result: 'success' }],
        ['hackclass_sign_ins_total', { result: 'failure' }],
      ],
      async () => {
        await signIn(server, email);
        await expect(signIn(server, email, 'not the password')).rejects.toThrow(/sign-in failed/);
        await expect(signIn(server, 'nobody@example.org')).rejects.toThrow(/sign-in failed/);
      },
    );
    expect(changes).toEqual([1, 2]);
  });

  it('counts flags submitted, right and wrong, and labs solved once', async () => {
    const lab = await createLab(teacher);
    const room = await classroom(server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    const submit = (flag: string) =>
      student.session.call('POST', `/classrooms/${room.id}/hacking-labs/${lab.id}/submissions`, {
        flag,
      });
    const changes = await moved(
      [
        ['hackclass_flag_submissions_total', { result: 'correct' }],
        ['hackclass_flag_submissions_total', { result: 'wrong' }],
        ['hackclass_labs_solved_total'],
      ],
      async () => {
        expect((await submit('flag{nope}')).status).toBe(200);
        expect((await submit(TEST_FLAG)).status).toBe(200);
        // Solved before: a submission, not a second solve.
        expect((await submit(TEST_FLAG)).json()).toMatchObject({ alreadySolved: true });
      },
    );
    expect(changes).toEqual([2, 1, 1]);
  });

  it('gauges the event streams open now', async () => {
    const room = await classroom(server, teacher.id, { members: [[student.id, 'Accepted']] });
    const before = await metric('hackclass_sse_streams_open');
    const watch = await watchClassroom(server.origin, student.idToken, room.id);
    expect(watch.response.status).toBe(200);
    expect(await watch.nextFrame()).toMatch(/^retry: /);
    expect(await metric('hackclass_sse_streams_open')).toBe(before + 1);
    watch.close();
    await expect(watch.nextFrame()).rejects.toThrow();
    await expect.poll(() => metric('hackclass_sse_streams_open')).toBe(before);
  });

  it('labels the API’s requests with their route pattern', async () => {
    await student.session.call('GET', '/users/me');
    expect(
      await metric('hackclass_http_request_duration_seconds_count', {
        route: '/api/users/me',
        method: 'GET',
        status_class: '2xx',
      }),
    ).toBeGreaterThan(0);
  });
});
