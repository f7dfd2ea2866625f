import { randomBytes } from 'node:crypto';
import { dockerDriver, type TargetDriver } from '@hackclass/engine';
import { buildTestImages } from '@hackclass/engine/testing';
import { freePort } from '@hackclass/http/testing';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../test/support';
import { classroom } from '../../test/support/labs';
import { insertLab, insertTarget, targetBrowser } from '../../test/support/target-proxy';
import { targets } from '../db/schema';

const driver: TargetDriver = dockerDriver({
  deploymentId: `test-${randomBytes(6).toString('hex')}`,
  bindAddress: '127.0.0.1',
});
const engineAnswers = await driver.ping().then(
  () => true,
  () => {
    console.warn('No container engine answers: the proxy is not tested against a container.');
    return false;
  },
);

describe.skipIf(!engineAnswers)('the proxy in front of a real target container', () => {
  let server: ApiServer;
  let images: Awaited<ReturnType<typeof buildTestImages>> | undefined;
  let owner: Person;
  let classmate: Person;
  let targetId: string;
  const flag = `HC{${randomBytes(12).toString('hex')}}`;

  beforeAll(async () => {
    [server, images] = await Promise.all([startApiServer(), buildTestImages()]);
    const [teacher, student, other] = await Promise.all([
      signedInAs(server, 'teacher'),
      signedInAs(server, 'student', 'owner'),
      signedInAs(server, 'student', 'classmate'),
    ]);
    owner = student;
    classmate = other;
    const labId = await insertLab(server.db, teacher.id);
    const room = await classroom(server, teacher.id, {
      members: [
        [owner.id, 'Accepted'],
        [classmate.id, 'Accepted'],
      ],
      labs: [labId],
    });
    const hostPort = await freePort();
    targetId = await insertTarget(server.db, {
      labId,
      classroomId: room.id,
      userId: owner.id,
      hostPort,
    });
    await driver.start({
      targetId,
      labId,
      userId: owner.id,
      classroomId: room.id,
      image: images.web,
      kind: 'http',
      containerPort: 8080,
      hostPort,
      env: { HACKCLASS_FLAG: flag },
      memoryMb: 64,
      cpus: 0.5,
      pids: 64,
      outbound: false,
    });
  }, 120_000);

  afterAll(async () => {
    if (targetId) await driver.stop(targetId).catch(() => {});
    await images?.remove();
    await driver.close();
    await server?.close();
  }, 60_000);

  it('shows the owner the page of their own container, with its flag', async () => {
    const { url } = (await owner.session.call('POST', `/targets/${targetId}/ticket`)).json<{
      url: string;
    }>();
    const browser = targetBrowser(server.origin, targetId);
    expect((await browser.open(url)).status).toBe(200);
    // The container's server may take a moment to listen after start.
    await expect
      .poll(async () => (await browser.get('/')).body, { timeout: 15_000, interval: 250 })
      .toContain(`Flag: ${flag}`);

    const classmateTicket = await classmate.session.call('POST', `/targets/${targetId}/ticket`);
    expect(classmateTicket.status).toBe(404);
    const stranger = await targetBrowser(server.origin, targetId).get('/');
    expect(stranger.status).toBe(401);
    expect(stranger.body).not.toContain(flag);

    await driver.stop(targetId);
    await server.db
      .update(targets)
      .set({ state: 'stopped', endedAt: new Date() })
      .where(eq(targets.id, targetId));
    await expect
      .poll(async () => (await browser.get('/')).status, { timeout: 10_000, interval: 250 })
      .toBe(503);
    const stopped = await browser.get('/');
    expect(stopped.body).toContain('This target is not running');
    expect(stopped.body).not.toContain(flag);
  }, 60_000);
});
