import { spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import type { Lab, LabImportReport } from '@hackclass/contracts';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { type Person, signedInAs } from '../../../test/support';
import { importForm } from '../../../test/support/archives';
import { classroom, download, labForm } from '../../../test/support/labs';
import {
  createTargetLab,
  type EngineServer,
  engineAnswers,
  startEngineServer,
  startOf,
} from '../../../test/support/live-targets';
import { labTargets, targets } from '../../db/schema';

let engine: EngineServer;
let teacherA: Person;
let teacherB: Person;
let admin: Person;
let student: Person;

/** What no registry here can give; the list lets teachers name it, and the engine pull it. */
const LISTED = 'registry.hackclass.invalid/labs/';

beforeAll(async () => {
  if (!engineAnswers) return;
  engine = await startEngineServer({ labs: { imageAllow: [LISTED] } });
  [teacherA, teacherB, admin, student] = await Promise.all([
    signedInAs(engine.server, 'teacher'),
    signedInAs(engine.server, 'teacher'),
    signedInAs(engine.server, 'admin'),
    signedInAs(engine.server, 'student'),
  ]);
});
afterAll(async () => {
  await engine?.close();
});

const targetOf = (image: string) =>
  JSON.stringify({ image, port: 8080, kind: 'http', flagMode: 'per-student' });

const createWith = (who: Person, image: string) =>
  who.session.callMultipart(
    'POST',
    '/hacking-labs',
    labForm({ flags: '[]', target: targetOf(image) }),
  );

const check = (who: Person, image: string) =>
  who.session.call('POST', '/target-images/check', { image });

/** A refusal as its caller reads it, without the request's own id. */
const refusal = (response: { status: number; json(): Record<string, unknown> }) => {
  const { requestId: _requestId, ...problem } = response.json();
  return { status: response.status, ...problem };
};

// Sentences the engine or a registry would write: none may reach a teacher.
const ENGINE_WORDS =
  /HTTP|dial tcp|connection refused|no such host|registry cannot|DOCTYPE|sha256/i;

describe.skipIf(!engineAnswers)('images teachers may use (LAB_IMAGE_ALLOW)', () => {
  it('refuses teacher B a lab with teacher A’s local image alike with an image never seen', async () => {
    const mine = await createWith(teacherA, engine.images.web);
    expect(mine.status, JSON.stringify(mine.body)).toBe(201);

    const theirs = await createWith(teacherB, engine.images.web);
    const unseen = await createWith(teacherB, 'registry.unseen.example/labs/never:1');
    expect(refusal(theirs)).toEqual(refusal(unseen));
    expect(refusal(theirs)).toMatchObject({
      status: 422,
      code: 'image_not_allowed',
      detail: expect.stringContaining('LAB_IMAGE_ALLOW'),
      errors: { 'target.image': [expect.stringContaining('not one teachers may use')] },
    });
    // Other spellings of the same image, and a prefix of its id, which the engine also takes.
    const id = spawnSync('docker', ['image', 'inspect', '--format', '{{.Id}}', engine.images.web], {
      encoding: 'utf8',
    }).stdout.trim();
    for (const alias of [
      `docker.io/library/${engine.images.web}`,
      engine.images.web.replace(/:latest$/, ''),
      id.replace('sha256:', '').slice(0, 12),
    ]) {
      expect(refusal(await createWith(teacherB, alias)), alias).toEqual(refusal(unseen));
    }
    // The check tells B no more: one answer for A's image and for one never seen.
    expect(refusal(await check(teacherB, engine.images.web))).toEqual(
      refusal(await check(teacherB, 'registry.unseen.example/labs/never:1')),
    );
    expect((await check(teacherA, engine.images.web)).json()).toEqual({
      status: 'present',
      message: 'The engine has this image.',
    });
    // An admin may use any image the engine has.
    expect((await createWith(admin, engine.images.web)).status).toBe(201);
  });

  it('accepts an allow-listed prefix, whoever else uses it, and answers the check in fixed sentences', async () => {
    const image = `${LISTED}shared:1`;
    expect((await createWith(teacherA, image)).status).toBe(201);
    expect((await createWith(teacherB, image)).status).toBe(201);
    const checked = await check(teacherB, image);
    expect(checked.status).toBe(200);
    expect(checked.json()).toEqual({
      status: 'missing',
      message: 'The engine does not have this image, and its registry did not hand it over.',
    });
  });

  it('refuses address and local-name registries without an engine call', async () => {
    const connections: string[] = [];
    const registry = createServer((request, response) => {
      connections.push(request.url ?? '');
      response.writeHead(404).end('<!DOCTYPE HTML><title>SECRET</title>');
    }).listen(0, '127.0.0.1');
    await new Promise((resolve) => registry.once('listening', resolve));
    const { port } = registry.address() as { port: number };
    const hasImage = vi.spyOn(engine.driver, 'hasImage');
    const checkImage = vi.spyOn(engine.driver, 'checkImage');
    try {
      for (const image of [
        `127.0.0.1:${port}/x`,
        '127.0.0.1:5999/x',
        '10.0.0.5/x',
        'localhost:5000/x',
      ]) {
        const startedAt = Date.now();
        const answer = await check(teacherA, image);
        expect(Date.now() - startedAt, image).toBeLessThan(3_000);
        expect(refusal(answer), image).toMatchObject({ status: 422, code: 'image_not_allowed' });
        expect(JSON.stringify(answer.body), image).not.toMatch(ENGINE_WORDS);
        expect(JSON.stringify(answer.body), image).not.toContain('SECRET');
        expect((await createWith(teacherA, image)).status, image).toBe(422);
      }
      expect(hasImage).not.toHaveBeenCalled();
      expect(checkImage).not.toHaveBeenCalled();
      expect(connections).toEqual([]);
    } finally {
      hasImage.mockRestore();
      checkImage.mockRestore();
      registry.close();
    }
  });

  it('keeps a lab whose image became refused, says so on its page, and refuses its start', async () => {
    const lab = await createTargetLab(teacherA, { image: engine.images.echo, port: 9000 });
    // Saved before the operator narrowed LAB_IMAGE_ALLOW: neither listed nor on the engine now.
    await engine.server.db
      .update(labTargets)
      .set({ image: 'registry.elsewhere.example/labs/old:1' })
      .where(eq(labTargets.labId, lab.id));
    const room = await classroom(engine.server, teacherA.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id],
    });
    const seen = (await student.session.call('GET', `/hacking-labs/${lab.id}`)).json<Lab>();
    expect(seen.target?.refused).toEqual({
      code: 'image_not_allowed',
      message: expect.stringContaining('cannot start'),
    });
    const start = await startOf(student, room.id, lab.id);
    expect(refusal(start)).toMatchObject({ status: 422, code: 'image_not_allowed' });
    expect(await engine.server.db.select().from(targets).where(eq(targets.labId, lab.id))).toEqual(
      [],
    );
    // Its teacher may still edit it, the target sent back as saved.
    const edited = await teacherA.session.callMultipart(
      'PUT',
      `/hacking-labs/${lab.id}`,
      labForm({
        name: 'Renamed',
        flags: '[]',
        target: targetOf('registry.elsewhere.example/labs/old:1'),
      }),
    );
    expect(edited.status, JSON.stringify(edited.body)).toBe(200);
    expect(edited.json<Lab>().target?.refused?.code).toBe('image_not_allowed');
  });

  it('imports a lab whose image the importer may not use without its target, and says so', async () => {
    const lab = await createTargetLab(teacherA, { image: engine.images.web });
    const exported = await download(
      engine.server,
      teacherA.idToken,
      `/hacking-labs/${lab.id}/export`,
    );
    expect(exported.status).toBe(200);
    const imported = await teacherB.session.callMultipart(
      'POST',
      '/hacking-labs/import',
      importForm(`${lab.slug}.hackclass.tar.gz`, exported.bytes),
    );
    expect(imported.status, JSON.stringify(imported.body)).toBe(201);
    const report = imported.json<LabImportReport>();
    expect(report.created).toHaveLength(1);
    expect(report.notMapped).toEqual([
      { lab: lab.name, field: 'target', reason: expect.stringContaining('LAB_IMAGE_ALLOW') },
    ]);
    const copy = (
      await teacherB.session.call('GET', `/hacking-labs/${report.created[0]?.id}`)
    ).json<Lab>();
    expect(copy.target).toBeNull();
    // Its own teacher's import keeps it.
    const again = await teacherA.session.callMultipart(
      'POST',
      '/hacking-labs/import',
      importForm(`${lab.slug}.hackclass.tar.gz`, exported.bytes),
    );
    expect(again.json<LabImportReport>().notMapped).toEqual([]);
  });

  it('limits image checks per user', async () => {
    const checker = await signedInAs(engine.server, 'teacher');
    const statuses = [];
    for (let index = 0; index < 10; index++) {
      statuses.push((await check(checker, '10.0.0.5/x')).status);
    }
    expect(statuses).toEqual(Array(10).fill(422));
    expect(refusal(await check(checker, '10.0.0.5/x'))).toMatchObject({
      status: 429,
      code: 'rate_limited',
    });
    // Another teacher's checks are counted apart.
    expect((await check(teacherB, '10.0.0.5/x')).status).toBe(422);
  });
});
