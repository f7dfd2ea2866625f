import type {
  ClassroomAnalytics,
  FlagSubmissionResult,
  SubmissionList,
  Target,
} from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signedInAs } from '../../../test/support';
import { classroom } from '../../../test/support/labs';
import {
  createTargetLab,
  type EngineServer,
  engineAnswers,
  rowOf,
  settled,
  startEngineServer,
  startOf,
} from '../../../test/support/live-targets';
import { targets } from '../../db/schema';

let engine: EngineServer;
let teacher: Person;
let student: Person;
let classmate: Person;

beforeAll(async () => {
  if (!engineAnswers) return;
  engine = await startEngineServer();
  [teacher, student, classmate] = await Promise.all([
    signedInAs(engine.server, 'teacher'),
    signedInAs(engine.server, 'student', 'student', 'Sam Student'),
    signedInAs(engine.server, 'student', 'classmate', 'Cleo Classmate'),
  ]);
});
afterAll(async () => {
  await engine?.close();
});

const submit = (who: Person, classroomId: string, labId: string, flag: string) =>
  who.session.call('POST', `/classrooms/${classroomId}/hacking-labs/${labId}/submissions`, {
    flag,
  });

describe.skipIf(!engineAnswers)('per-student flags', () => {
  it('solves with one’s own target flag, refuses and records a classmate’s, keeps expired ones', async () => {
    const lab = await createTargetLab(teacher, { image: engine.images.web });
    const { id } = await classroom(engine.server, teacher.id, {
      members: [
        [student.id, 'Accepted'],
        [classmate.id, 'Accepted'],
      ],
      labs: [lab.id],
    });
    const mine = await settled(student, (await startOf(student, id, lab.id)).json<Target>().id);
    const theirs = await settled(
      classmate,
      (await startOf(classmate, id, lab.id)).json<Target>().id,
    );
    const myFlag = (await rowOf(engine.server, mine.id)).flag ?? '';
    const theirFlag = (await rowOf(engine.server, theirs.id)).flag ?? '';

    const shared = await submit(student, id, lab.id, theirFlag);
    expect(shared.json<FlagSubmissionResult>()).toMatchObject({
      correct: false,
      message: 'That flag belongs to another student’s target. Find the one in yours.',
    });
    expect(JSON.stringify(shared.json())).not.toContain('Cleo');

    // The target expires; the flag it gave still counts.
    await engine.server.db
      .update(targets)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(targets.id, mine.id));
    await engine.server.targets.janitor.sweep();
    expect((await rowOf(engine.server, mine.id)).state).toBe('expired');
    const solved = await submit(student, id, lab.id, ` ${myFlag} `);
    expect(solved.json<FlagSubmissionResult>()).toMatchObject({ correct: true, points: 100 });

    const list = await teacher.session.call('GET', `/classrooms/${id}/submissions`);
    const items = list.json<SubmissionList>().items;
    expect(items.map(({ correct, sharedFlagOwner }) => ({ correct, sharedFlagOwner }))).toEqual([
      { correct: true, sharedFlagOwner: null },
      { correct: false, sharedFlagOwner: { id: classmate.id, name: 'Cleo Classmate' } },
    ]);
    const analytics = await teacher.session.call('GET', `/classrooms/${id}/analytics`);
    expect(analytics.json<ClassroomAnalytics>().suspectedSharedFlags).toEqual([
      {
        submissionId: items[1]?.id,
        labId: lab.id,
        labName: lab.name,
        submitter: { id: student.id, name: 'Sam Student' },
        owner: { id: classmate.id, name: 'Cleo Classmate' },
        submittedAt: items[1]?.submittedAt,
      },
    ]);
    await classmate.session.call('DELETE', `/targets/${theirs.id}`);
  });

  it('keeps static flags working for a target lab in static mode', async () => {
    const lab = await createTargetLab(
      teacher,
      { image: engine.images.web, flagMode: 'static' },
      { flags: JSON.stringify([{ value: 'flag{static}' }]) },
    );
    const { id } = await classroom(engine.server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    const target = await settled(student, (await startOf(student, id, lab.id)).json<Target>().id);
    expect((await rowOf(engine.server, target.id)).flag).toBeNull();
    expect((await submit(student, id, lab.id, 'flag{static}')).json()).toMatchObject({
      correct: true,
    });
    await student.session.call('DELETE', `/targets/${target.id}`);
  });
});
