import type { Lab, MyTarget, Target } from '@hackclass/contracts';
import { dockerDriver } from '@hackclass/engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, labForm } from '../../../test/support/labs';
import {
  createTargetLab,
  type EngineServer,
  engineAnswers,
  rowOf,
  running,
  startEngineServer,
  startOf,
} from '../../../test/support/live-targets';
import { sweep } from '../../targets/sweep';

/** An iptables that refuses every rule: a host whose firewall HackClass may not change. */
const REFUSING_IPTABLES = '/bin/false';

describe.skipIf(!engineAnswers)(
  'targets while the host firewall guard cannot be put in place',
  () => {
    let server: ApiServer;
    let teacher: Person;
    let student: Person;
    let admin: Person;

    beforeAll(async () => {
      server = await startApiServer({
        // Its lab's image is on no engine: listed, it saves all the same.
        labs: { imageAllow: ['registry.school.example/'] },
        targetDriver: (deploymentId) =>
          dockerDriver({ deploymentId, bindAddress: '127.0.0.1', iptables: REFUSING_IPTABLES }),
      });
      [teacher, student, admin] = await Promise.all([
        signedInAs(server, 'teacher'),
        signedInAs(server, 'student'),
        signedInAs(server, 'admin'),
      ]);
    });
    afterAll(() => server?.close());

    it('refuses starts with isolation_unavailable, and the lab page says Start cannot work', async () => {
      const lab = (
        await teacher.session.callMultipart(
          'POST',
          '/hacking-labs',
          labForm({
            flags: '[]',
            target: JSON.stringify({
              image: 'registry.school.example/labs/web:1',
              port: 8080,
              kind: 'http',
              flagMode: 'per-student',
            }),
          }),
        )
      ).json<Lab>();
      const room = await classroom(server, teacher.id, {
        members: [[student.id, 'Accepted']],
        labs: [lab.id],
      });
      const url = `/classrooms/${room.id}/labs/${lab.id}/target`;
      expect((await student.session.call('GET', url)).json<MyTarget>()).toEqual({
        target: null,
        engineAvailable: false,
      });
      const start = await student.session.call('POST', url);
      expect(start.status).toBe(503);
      expect(start.json()).toMatchObject({
        code: 'isolation_unavailable',
        detail: expect.stringContaining('cannot keep them apart'),
      });
    });

    it('shows admins that targets cannot start, and why', async () => {
      const engine = await admin.session.call('GET', '/target-engine');
      expect(engine.json()).toEqual({
        status: 'degraded',
        detail: expect.stringContaining('are not installed'),
      });
      expect((await teacher.session.call('GET', '/target-engine')).status).toBe(403);
    });
  },
);

describe.skipIf(!engineAnswers)(
  'the janitor, when the guard is lost and cannot be put back',
  () => {
    let engine: EngineServer;

    beforeAll(async () => {
      engine = await startEngineServer();
    });
    afterAll(async () => {
      await engine?.close();
    });

    it('stops every running target, failed saying why', async () => {
      const [teacher, student] = await Promise.all([
        signedInAs(engine.server, 'teacher'),
        signedInAs(engine.server, 'student'),
      ]);
      const lab = await createTargetLab(teacher, { image: engine.images.web });
      const room = await classroom(engine.server, teacher.id, {
        members: [[student.id, 'Accepted']],
        labs: [lab.id],
      });
      const target = await running(
        student,
        (await startOf(student, room.id, lab.id)).json<Target>().id,
      );
      const unguarded = dockerDriver({
        deploymentId: engine.deploymentId,
        bindAddress: '127.0.0.1',
        iptables: REFUSING_IPTABLES,
      });
      try {
        await sweep({ ...engine.server.targets, driver: unguarded });
      } finally {
        await unguarded.close();
      }
      expect(await rowOf(engine.server, target.id)).toMatchObject({
        state: 'failed',
        failureCode: 'isolation_unavailable',
      });
      expect(await engine.driver.inspect(target.id)).toBeUndefined();
      const shown = (await student.session.call('GET', `/targets/${target.id}`)).json<Target>();
      expect(shown.failure?.message).toContain('could no longer keep it apart');
    });
  },
);
