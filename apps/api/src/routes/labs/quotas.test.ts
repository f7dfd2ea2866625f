import type { AccountQuota, Classroom, Lab } from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { labForm } from '../../../test/support/labs';

const KB = 1024;

let server: ApiServer;
let admin: Person;

beforeAll(async () => {
  server = await startApiServer({
    uploads: { fileMaxBytes: 8 * KB },
    quotas: { fileBytes: 10 * KB, labs: 2, classrooms: 1 },
  });
  admin = await signedInAs(server, 'admin');
});
afterAll(() => server.close());

const bytes = (count: number) => new Uint8Array(count).fill(0x41);

const quotaOf = async (who: Person) =>
  (await who.session.call('GET', '/users/me/quota')).json<AccountQuota>();

const newLab = (who: Person, files: [string, Uint8Array][] = []) =>
  who.session.callMultipart('POST', '/hacking-labs', labForm({}, files));

const newClassroom = (who: Person) => {
  const form = new FormData();
  form.append('name', 'Quota 101');
  form.append('teacherName', 'Ada');
  return who.session.callMultipart('POST', '/classrooms', form);
};

const storedFiles = async () => {
  let count = 0;
  for await (const _file of server.files.list()) count += 1;
  return count;
};

describe('quotas', () => {
  it('stops a teacher at their lab quota with a 409 naming it and what is used', async () => {
    const teacher = await signedInAs(server, 'teacher');
    expect((await newLab(teacher)).status).toBe(201);
    expect((await newLab(teacher)).status).toBe(201);
    const refused = await newLab(teacher);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'quota_exceeded',
      detail: 'You have 2 of the 2 labs an account may create; delete one to create another',
    });
    expect(await quotaOf(teacher)).toMatchObject({ labs: { used: 2, limit: 2 } });
  });

  it('stops a teacher at their classroom quota', async () => {
    const teacher = await signedInAs(server, 'teacher');
    expect((await newClassroom(teacher)).status).toBe(201);
    const refused = await newClassroom(teacher);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'quota_exceeded',
      detail: 'You have 1 of the 1 classrooms an account may create; delete one to create another',
    });
    expect((await quotaOf(teacher)).classrooms).toEqual({ used: 1, limit: 1 });
  });

  it('counts the bytes of all a teacher’s lab files, refusing with 413 and keeping nothing', async () => {
    const teacher = await signedInAs(server, 'teacher');
    const first = await newLab(teacher, [['a.bin', bytes(6 * KB)]]);
    expect(first.status).toBe(201);
    const before = await storedFiles();
    const refused = await newLab(teacher, [
      ['b.bin', bytes(3 * KB)],
      ['c.bin', bytes(3 * KB)],
    ]);
    expect(refused.status).toBe(413);
    expect(refused.json()).toMatchObject({
      code: 'storage_quota_exceeded',
      detail:
        'Your labs’ files use 6 KB of your 10 KB; these files would go past it. Remove files or labs to make room',
    });
    expect(await storedFiles()).toBe(before);
    expect(await quotaOf(teacher)).toEqual({
      fileBytes: { used: 6 * KB, limit: 10 * KB },
      labs: { used: 1, limit: 2 },
      classrooms: { used: 0, limit: 1 },
      labFileMaxBytes: 8 * KB,
      filesPerLab: 10,
    });

    // An edit that removes a file first has its room.
    const lab = first.json<Lab>();
    const form = labForm({ removeFileIds: JSON.stringify([lab.files[0]?.id]) }, [
      ['d.bin', bytes(8 * KB)],
    ]);
    const edited = await teacher.session.callMultipart('PUT', `/hacking-labs/${lab.id}`, form);
    expect(edited.status).toBe(200);
    expect((await quotaOf(teacher)).fileBytes.used).toBe(8 * KB);
    const over = labForm({}, [['e.bin', bytes(3 * KB)]]);
    const tooMuch = await teacher.session.callMultipart('PUT', `/hacking-labs/${lab.id}`, over);
    expect(tooMuch.status).toBe(413);
    expect(tooMuch.json()).toMatchObject({ code: 'storage_quota_exceeded' });
  });

  it('holds when two uploads of one teacher race for the last room', async () => {
    const teacher = await signedInAs(server, 'teacher');
    // The session's anti-forgery token, fetched once before the race.
    expect((await newClassroom(teacher)).status).toBe(201);
    const answers = await Promise.all([
      newLab(teacher, [['a.bin', bytes(6 * KB)]]),
      newLab(teacher, [['b.bin', bytes(6 * KB)]]),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 413]);
    expect((await quotaOf(teacher)).fileBytes.used).toBe(6 * KB);
  });

  it('leaves admins without quotas', async () => {
    for (let made = 0; made < 3; made++) {
      expect((await newLab(admin, [['a.bin', bytes(8 * KB)]])).status).toBe(201);
      expect((await newClassroom(admin)).status).toBe(201);
    }
    const quota = await quotaOf(admin);
    expect(quota).toMatchObject({
      fileBytes: { used: 24 * KB, limit: null },
      labs: { used: 3, limit: null },
      classrooms: { used: 3, limit: null },
    });
    const classroom = (await newClassroom(admin)).json<Classroom>();
    expect(classroom.isCreator).toBe(true);
  });
});
