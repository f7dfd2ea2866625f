import type { Classroom, Lab } from '@hackclass/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type ApiServer, type Person, signedInAs, startApiServer } from '../../../test/support';
import { classroom, createLab, download, labForm, TEST_FLAG } from '../../../test/support/labs';

let server: ApiServer;
let teacher: Person;
let otherTeacher: Person;
let admin: Person;
let student: Person;

beforeAll(async () => {
  server = await startApiServer({ uploads: { filesPerLab: 2 } });
  [teacher, otherTeacher, admin, student] = await Promise.all([
    signedInAs(server, 'teacher'),
    signedInAs(server, 'teacher'),
    signedInAs(server, 'admin'),
    signedInAs(server, 'student'),
  ]);
});
afterAll(() => server.close());

const flags = (...values: [string, boolean][]) =>
  JSON.stringify(values.map(([value, caseSensitive]) => ({ value, caseSensitive })));

describe('flags on labs', () => {
  it('keeps the flags, trimmed, and shows them to the creator and admins only', async () => {
    const lab = await createLab(teacher, {
      flags: flags(['  flag{one} ', true], ['FLAG{two}', false]),
    });
    const pairs = lab.flags?.map(({ value, caseSensitive }) => `${value} ${caseSensitive}`);
    expect(pairs?.sort()).toEqual(['FLAG{two} false', 'flag{one} true']);
    const byAdmin = (await admin.session.call('GET', `/hacking-labs/${lab.id}`)).json<Lab>();
    expect(byAdmin.flags).toEqual(lab.flags);
    const room = await classroom(server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    for (const url of [
      `/hacking-labs/${lab.id}`,
      `/hacking-labs/${lab.slug}`,
      '/hacking-labs',
      `/classrooms/${room.id}`,
    ]) {
      const response = await student.session.call('GET', url);
      expect(response.status).toBe(200);
      expect(JSON.stringify(response.body)).not.toMatch(/flag\{one\}|FLAG\{two\}|"flags"/);
    }
    const list = await teacher.session.call('GET', '/hacking-labs');
    expect(JSON.stringify(list.body)).not.toContain('flag{one}');
    const view = (await teacher.session.call('GET', `/classrooms/${room.id}`)).json<Classroom>();
    expect(JSON.stringify(view)).not.toContain('flag{one}');
  });

  it.each([
    ['no flags field', undefined],
    ['an empty list', '[]'],
    ['text that is not JSON', 'flag{plain}'],
    ['a blank flag', flags(['   ', true])],
    ['a flag too long', flags(['x'.repeat(501), true])],
    ['a flag that is not text', JSON.stringify([{ value: 5 }])],
    [
      'too many flags',
      flags(...Array.from({ length: 21 }, (_, i) => [`f${i}`, true] as [string, boolean])),
    ],
  ])('refuses %s with a field error on flags', async (_what, value) => {
    const form = labForm();
    form.delete('flags');
    if (value !== undefined) form.append('flags', value);
    const response = await teacher.session.callMultipart('POST', '/hacking-labs', form);
    expect(response.status).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors)).toEqual(['flags']);
  });
});

describe('PUT /hacking-labs/:id', () => {
  const editForm = (fields: Record<string, string>, files: [string, string][] = []) =>
    labForm(
      {
        name: 'Renamed',
        description: 'New text',
        difficulty: 'Hard',
        category: 'Crypto',
        points: '300',
        flags: flags(['flag{new}', false]),
        ...fields,
      },
      files,
    );

  it('rewrites the fields, replaces the flags, adds and removes files, keeps the slug', async () => {
    const lab = await createLab(teacher, {}, [
      ['old.txt', 'old'],
      ['kept.txt', 'kept'],
    ]);
    const old = lab.files.find((file) => file.fileName === 'old.txt');
    const response = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      editForm({ removeFileIds: JSON.stringify([old?.id]) }, [['new.txt', 'new!']]),
    );
    expect(response.status).toBe(200);
    const edited = response.json<Lab>();
    expect(edited).toMatchObject({
      id: lab.id,
      slug: lab.slug,
      name: 'Renamed',
      description: 'New text',
      difficulty: 'Hard',
      category: 'Crypto',
      points: 300,
      fileCount: 2,
    });
    expect(edited.flags?.map(({ value, caseSensitive }) => [value, caseSensitive])).toEqual([
      ['flag{new}', false],
    ]);
    expect(edited.files.map((file) => file.fileName).sort()).toEqual(['kept.txt', 'new.txt']);
    const gone = await download(
      server,
      teacher.idToken,
      `/hacking-labs/${lab.id}/files/${old?.id}`,
    );
    expect(gone.status).toBe(404);
    const added = edited.files.find((file) => file.fileName === 'new.txt');
    const fetched = await download(
      server,
      teacher.idToken,
      `/hacking-labs/${lab.id}/files/${added?.id}`,
    );
    expect(fetched.bytes.toString()).toBe('new!');
  });

  it('makes the new flags the only ones a member can solve with', async () => {
    const lab = await createLab(teacher);
    const room = await classroom(server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    await admin.session.callMultipart('PUT', `/hacking-labs/${lab.id}`, editForm({}));
    const submit = (flag: string) =>
      student.session.call('POST', `/classrooms/${room.id}/hacking-labs/${lab.id}/submissions`, {
        flag,
      });
    expect((await submit(TEST_FLAG)).json()).toMatchObject({ correct: false });
    expect((await submit('FLAG{NEW}')).json()).toMatchObject({ correct: true, points: 300 });
  });

  it('refuses going past the file limit, keeping the lab and no new file', async () => {
    const lab = await createLab(teacher, {}, [['a.txt', 'a']]);
    const response = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      editForm({}, [
        ['b.txt', 'b'],
        ['c.txt', 'c'],
      ]),
    );
    expect(response.status).toBe(400);
    expect(response.json()).toMatchObject({ code: 'too_many_files' });
    const after = (await teacher.session.call('GET', `/hacking-labs/${lab.id}`)).json<Lab>();
    expect(after).toEqual(lab);
  });

  it('lets only the creator and admins edit', async () => {
    const lab = await createLab(teacher);
    await classroom(server, teacher.id, { members: [[student.id, 'Accepted']], labs: [lab.id] });
    const as = (who: Person) =>
      who.session.callMultipart('PUT', `/hacking-labs/${lab.id}`, editForm({}));
    expect((await as(student)).status).toBe(403);
    expect((await as(otherTeacher)).status).toBe(404);
    expect((await as(admin)).status).toBe(200);
    expect((await as(teacher)).status).toBe(200);
  });

  it('names each wrong field, removeFileIds included', async () => {
    const lab = await createLab(teacher);
    const response = await teacher.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      editForm({ points: '0', flags: '[]', removeFileIds: '["not-an-id"]' }),
    );
    expect(response.status).toBe(400);
    expect(Object.keys(response.json<{ errors: object }>().errors).sort()).toEqual([
      'flags',
      'points',
      'removeFileIds',
    ]);
  });
});
