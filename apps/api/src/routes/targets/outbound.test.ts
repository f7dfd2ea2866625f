import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab, labForm } from '../../../test/support/labs';
import { labTargets } from '../../db/schema';

const OUTBOUND = JSON.stringify({
  image: 'registry.school.example/labs/scanner:1',
  port: 8080,
  kind: 'http',
  flagMode: 'per-student',
  outbound: true,
});

describe('targets with outbound network access', () => {
  let closed: ApiServer;
  let open: ApiServer;
  let teacher: Person;
  let student: Person;

  beforeAll(async () => {
    [closed, open] = await Promise.all([
      startApiServer(),
      startApiServer({ labs: { allowOutbound: true } }),
    ]);
    [teacher, student] = await Promise.all([
      signedInAs(closed, 'teacher'),
      signedInAs(closed, 'student'),
    ]);
  });
  afterAll(async () => {
    await Promise.all([closed?.close(), open?.close()]);
  });

  it('are refused at save unless the operator allows outbound traffic, naming the field', async () => {
    const refused = await teacher.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm({ flags: '[]', target: OUTBOUND }),
    );
    expect(refused.status).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'outbound_not_allowed',
      errors: { 'target.outbound': [expect.stringContaining('LAB_ALLOW_OUTBOUND')] },
    });
    const elsewhere = await signedInAs(open, 'teacher');
    const saved = await elsewhere.session.callMultipart(
      'POST',
      '/hacking-labs',
      labForm({ flags: '[]', target: OUTBOUND }),
    );
    expect(saved.status).toBe(201);
  });

  it('stay saved when the operator takes outbound away, and say why they cannot start', async () => {
    const lab = await createLab(teacher, {
      flags: '[]',
      target: OUTBOUND.replace('"outbound":true', '"outbound":false'),
    });
    // Saved while the server allowed it.
    await closed.db.update(labTargets).set({ outbound: true }).where(eq(labTargets.labId, lab.id));
    const room = await classroom(closed, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    const start = await student.session.call(
      'POST',
      `/classrooms/${room.id}/labs/${lab.id}/target`,
    );
    expect(start.status).toBe(400);
    expect(start.json()).toMatchObject({
      code: 'outbound_not_allowed',
      detail: expect.stringContaining('tell your teacher'),
    });
    const [kept] = await closed.db.select().from(labTargets).where(eq(labTargets.labId, lab.id));
    expect(kept?.outbound).toBe(true);
  });
});
