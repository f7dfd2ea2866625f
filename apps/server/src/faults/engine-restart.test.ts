import {
  buildTestImage,
  canRunPrivateEngine,
  PRIVATE_ENGINE_SUBNET_POOL,
  type PrivateEngine,
  startPrivateEngine,
  testPortWindow,
  WEB_SCRIPT,
} from '@hackclass/engine/testing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fromBundle } from '../../testing';
import {
  type Deployment,
  type LessonLab,
  type LessonReport,
  type Roster,
  runLesson,
  signedInClient,
  stageLesson,
} from '../../testing/lesson';

const STUDENTS = 6;

interface ActiveTarget {
  id: string;
  state: string;
}

describe.skipIf(!canRunPrivateEngine())(
  'the container engine restarted with targets running',
  () => {
    let engine: PrivateEngine;
    let image: { image: string; remove(): Promise<void> };
    let deployment: Deployment;
    let roster: Roster;
    let labs: LessonLab[];
    let lesson: Promise<LessonReport>;
    let teacher: Awaited<ReturnType<typeof signedInClient>>;
    let classroomTargets: () => Promise<ActiveTarget[]>;
    let ourContainers: () => Promise<number>;

    beforeAll(async () => {
      engine = await startPrivateEngine();
      image = await buildTestImage('lesson-target', WEB_SCRIPT, 8080, { engine: engine.docker });
      const { first, last } = testPortWindow(20);
      ({ deployment, roster, labs } = await stageLesson({
        kind: process.env.DATABASE_URL ? 'postgres' : 'embedded',
        replicas: 1,
        serverArgs: fromBundle(),
        env: {
          LABS_DRIVER: 'docker',
          DOCKER_HOST: engine.host,
          LAB_PORT_RANGE: `${first}-${last}`,
          LAB_SUBNET_POOL: PRIVATE_ENGINE_SUBNET_POOL,
        },
        students: STUDENTS,
        classSize: STUDENTS,
        labs: 1,
        targetImage: image.image,
      }));
      const origin = deployment.origins[0] ?? '';
      teacher = await signedInClient(origin, deployment.apiKey, roster.teacher);
      classroomTargets = () =>
        teacher.call<ActiveTarget[]>('GET', `/classrooms/${roster.classroomIds[0]}/targets`);
      ourContainers = async () =>
        (await engine.docker.listContainers({ all: true })).filter((container) =>
          container.Image.startsWith('hackclass-test-lesson-target'),
        ).length;
      lesson = runLesson(deployment, roster, labs, {
        students: STUDENTS,
        classSize: STUDENTS,
        rampSeconds: 2,
        wrongFlags: 1,
        thinkMs: [200, 500],
        // The students keep their targets open while the engine restarts and comes back.
        lingerMs: 60_000,
        startTargets: true,
      });
    }, 180_000);

    afterAll(async () => {
      await deployment?.close();
      await image?.remove().catch(() => undefined);
      await engine?.remove();
    });

    it('fails the targets the restart stopped and removes their containers, so the database matches the engine', async () => {
      await vi.waitFor(
        async () => {
          const running = (await classroomTargets()).filter((target) => target.state === 'running');
          if (running.length < STUDENTS / 2) throw new Error(`${running.length} targets running`);
        },
        { timeout: 60_000, interval: 500 },
      );
      const running = (await classroomTargets()).filter((target) => target.state === 'running');
      expect(running.length).toBeGreaterThanOrEqual(STUDENTS / 2);
      await engine.restart();
      // The janitor's next rounds (every 15 s) find the stopped containers.
      await vi.waitFor(
        async () => {
          const active = await classroomTargets();
          const containers = await ourContainers();
          if (active.length > 0 || containers > 0) {
            throw new Error(`${active.length} targets active, ${containers} containers left`);
          }
        },
        { timeout: 60_000, interval: 1_000 },
      );
      expect(await classroomTargets()).toEqual([]);
      expect(await ourContainers()).toBe(0);
      console.info(
        `engine restarted with ${running.length} targets running: all failed and removed`,
      );
    }, 150_000);

    it('starts targets again once the engine is back', async () => {
      const [student] = roster.students;
      if (!student) throw new Error('no student');
      const client = await signedInClient(deployment.origins[0] ?? '', deployment.apiKey, student);
      const path = `/classrooms/${roster.classroomIds[0]}/labs/${labs[0]?.id}/target`;
      const started = await client.call<ActiveTarget>('POST', path);
      await vi.waitFor(
        async () => {
          const { target } = await client.call<{ target: ActiveTarget | null }>('GET', path);
          if (target?.state !== 'running') throw new Error(`the target is ${target?.state}`);
        },
        { timeout: 60_000, interval: 500 },
      );
      await client.call('DELETE', `/targets/${started.id}`);
      await lesson;
    }, 150_000);
  },
);
