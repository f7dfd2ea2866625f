import type { Lab, MyAttackBox, Target, TerminalTicket } from '@hackclass/contracts';
import { TERMINAL_CLOSE } from '@hackclass/contracts';
import { buildBoxImage, killContainerOf } from '@hackclass/engine/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Person } from '../../../test/support';
import { openTerminal, signedInAs } from '../../../test/support';
import { classroom, createLab } from '../../../test/support/labs';
import {
  attackBoxSettings,
  createTargetLab,
  type EngineServer,
  engineAnswers,
  startEngineServer,
  startOf,
} from '../../../test/support/live-targets';
import { members } from '../../db/schema';
import { TERMINAL_SLOTS } from '../../target-proxy/terminal/terminal-server';
import { sweep } from '../../targets/sweep';

describe.skipIf(!engineAnswers)('attack boxes through the API', () => {
  let engine: EngineServer;
  let boxImage: Awaited<ReturnType<typeof buildBoxImage>>;
  let teacher: Person;
  let student: Person;
  let roomId: string;
  let labSlug: string;
  let withFiles: Lab;
  let box: Target;

  const ticketOf = async (who: Person, boxId = box.id) =>
    (await who.session.call('POST', `/targets/${boxId}/terminal`)).json<TerminalTicket>();

  beforeAll(async () => {
    boxImage = await buildBoxImage();
    engine = await startEngineServer({
      labs: { attackBox: attackBoxSettings(boxImage.image) },
    });
    [teacher, student] = await Promise.all([
      signedInAs(engine.server, 'teacher'),
      signedInAs(engine.server, 'student', 'Ada'),
    ]);
    const lab = await createTargetLab(teacher, {
      image: engine.images.echo,
      port: 9000,
      kind: 'tcp',
    });
    withFiles = await createLab(teacher, {}, [
      ['notes.txt', 'read me first'],
      ['dump.bin', new Uint8Array([0, 1, 2, 255])],
    ]);
    const room = await classroom(engine.server, teacher.id, {
      members: [[student.id, 'Accepted']],
      labs: [lab.id, withFiles.id],
    });
    roomId = room.id;
    labSlug = lab.slug;
    const target = (await startOf(student, roomId, lab.id)).json<Target>();
    const started = await student.session.call('POST', `/classrooms/${roomId}/box`);
    expect(started.status).toBe(201);
    await runningNow(student, target.id);
    box = await runningNow(student, started.json<Target>().id);
  }, 180_000);

  afterAll(async () => {
    await engine?.close();
    await boxImage?.remove();
  });

  it('is the student’s one box, listed as theirs and counted as a target', async () => {
    const mine = (await student.session.call('GET', '/users/me/box')).json<MyAttackBox>();
    expect(mine).toMatchObject({ available: true, box: { id: box.id, kind: 'box', labId: null } });
    const again = await student.session.call('POST', `/classrooms/${roomId}/box`);
    expect(again.status).toBe(200);
    expect(again.json<Target>().id).toBe(box.id);
  });

  it('types in the owner’s terminal, reaching their target by the lab’s name', async () => {
    const { url, watching } = await ticketOf(student);
    expect(watching).toBe(false);
    const terminal = openTerminal(url, engine.server.publicUrl);
    await terminal.opened;
    terminal.socket.send(JSON.stringify({ type: 'resize', cols: 100, rows: 30 }));
    terminal.socket.send(Buffer.from(`stty size; echo ping-lab | nc -w 3 ${labSlug} 9000\n`));
    terminal.socket.send(Buffer.from('echo done-$((6*7))\n'));
    await expect.poll(() => terminal.screen, { timeout: 15_000 }).toContain('done-42');
    // The terminal's size, then the target's echo of the line.
    expect(terminal.screen).toMatch(/30 100\r?\nping-lab\r?\n/);
    terminal.socket.close();
  });

  it('puts a lab’s files under ~/labs/<lab>, for labs the student sees only', async () => {
    const elsewhere = await createLab(teacher);
    const copied = await student.session.call('POST', `/targets/${box.id}/lab-files`, {
      labId: withFiles.id,
    });
    expect(copied.status).toBe(200);
    expect(copied.json()).toEqual({ folder: `~/labs/${withFiles.slug}`, count: 2 });
    const terminal = openTerminal((await ticketOf(student)).url, engine.server.publicUrl);
    await terminal.opened;
    terminal.socket.send(
      Buffer.from(
        `cat ~/labs/${withFiles.slug}/notes.txt; echo; wc -c ~/labs/${withFiles.slug}/dump.bin\n`,
      ),
    );
    await expect.poll(() => terminal.screen).toMatch(/read me first/);
    await expect.poll(() => terminal.screen).toMatch(/4 .*dump\.bin/);
    terminal.socket.close();

    const hidden = await student.session.call('POST', `/targets/${box.id}/lab-files`, {
      labId: elsewhere.id,
    });
    expect(hidden.status).toBe(404);
    // Its teacher sees the box, and puts nothing in it.
    const notMine = await teacher.session.call('POST', `/targets/${box.id}/lab-files`, {
      labId: withFiles.id,
    });
    expect(notMine.status).toBe(403);
  });

  it('refuses a used ticket and another site', async () => {
    const { url } = await ticketOf(student);
    const elsewhere = openTerminal(url, 'https://evil.example');
    await expect(elsewhere.opened).rejects.toThrow('403');
    const first = openTerminal(url, engine.server.publicUrl);
    await first.opened;
    first.socket.close();
    const again = openTerminal(url, engine.server.publicUrl);
    await expect(again.opened).rejects.toThrow('401');
  });

  it('holds one person to eight open terminals, and frees a place when one closes', async () => {
    const open = [];
    for (let index = 0; index < TERMINAL_SLOTS.perUser; index++) {
      const terminal = openTerminal((await ticketOf(student)).url, engine.server.publicUrl);
      await terminal.opened;
      open.push(terminal);
    }
    const ninth = openTerminal((await ticketOf(student)).url, engine.server.publicUrl);
    await expect(ninth.opened).rejects.toThrow('429');
    open[0]?.socket.close();
    await open[0]?.closed;
    const again = openTerminal((await ticketOf(student)).url, engine.server.publicUrl);
    await again.opened;
    for (const terminal of [...open.slice(1), again]) terminal.socket.close();
    await Promise.all([...open.slice(1), again].map((terminal) => terminal.closed));
  });

  it('lets the teacher watch without typing, and tells the student', async () => {
    const own = openTerminal((await ticketOf(student)).url, engine.server.publicUrl);
    await own.opened;
    const { url, watching } = await ticketOf(teacher);
    expect(watching).toBe(true);
    const watcher = openTerminal(url, engine.server.publicUrl);
    await watcher.opened;
    await expect
      .poll(() => own.texts, { timeout: 10_000 })
      .toContainEqual({
        type: 'watchers',
        names: [expect.any(String)],
      });
    watcher.socket.send(Buffer.from('echo from-teacher-$((1+1))\n'));
    own.socket.send(Buffer.from('echo from-student-$((2+2))\n'));
    await expect.poll(() => watcher.screen, { timeout: 10_000 }).toContain('from-student-4');
    expect(watcher.screen).not.toContain('from-teacher-2');
    watcher.socket.close();
    await expect
      .poll(() => own.texts.at(-1), { timeout: 10_000 })
      .toEqual({ type: 'watchers', names: [] });
    own.socket.close();
  });

  it('closes the terminal when the box stops, and opens none afterwards', async () => {
    const terminal = openTerminal((await ticketOf(student)).url, engine.server.publicUrl);
    await terminal.opened;
    const stopped = await student.session.call('DELETE', `/targets/${box.id}`);
    expect(stopped.status).toBe(200);
    expect(await terminal.closed).toBe(TERMINAL_CLOSE.boxEnded);
    const refused = await student.session.call('POST', `/targets/${box.id}/terminal`);
    expect(refused.status).toBe(409);
  });

  it('stops a box nobody typed in for the idle time, and keeps one typed in', async () => {
    await waitUntilNoActiveBox(student);
    const started = await student.session.call('POST', `/classrooms/${roomId}/box`);
    const idle = await runningNow(student, started.json<Target>().id);
    const terminal = openTerminal((await ticketOf(student, idle.id)).url, engine.server.publicUrl);
    await terminal.opened;
    terminal.socket.send(Buffer.from('echo still-here\n'));
    await expect.poll(() => terminal.screen).toContain('still-here');
    // Half an hour on: a keystroke a moment ago keeps it; one more minute past its idle time ends it.
    await sweep(engine.server.targets, new Date(Date.now() + 29 * 60_000));
    expect((await student.session.call('GET', `/targets/${idle.id}`)).json<Target>().state).toBe(
      'running',
    );
    await sweep(engine.server.targets, new Date(Date.now() + 31 * 60_000));
    expect((await student.session.call('GET', `/targets/${idle.id}`)).json<Target>().state).toBe(
      'expired',
    );
    expect(await terminal.closed).toBe(TERMINAL_CLOSE.boxEnded);
  });

  it('closes the terminal of a student removed from the classroom, whose box stops', async () => {
    await waitUntilNoActiveBox(student);
    const started = await student.session.call('POST', `/classrooms/${roomId}/box`);
    const box = await runningNow(student, started.json<Target>().id);
    const terminal = openTerminal((await ticketOf(student, box.id)).url, engine.server.publicUrl);
    await terminal.opened;
    const removed = await teacher.session.call(
      'DELETE',
      `/classrooms/${roomId}/members/${student.id}`,
    );
    expect(removed.status).toBe(204);
    expect(await terminal.closed).toBe(TERMINAL_CLOSE.boxEnded);
    await engine.server.db
      .insert(members)
      .values({ classroomId: roomId, userId: student.id, status: 'Accepted' });
  });

  it('closes the terminal of a student whose account is disabled', async () => {
    const admin = await signedInAs(engine.server, 'admin');
    const someone = await signedInAs(engine.server, 'student', 'Grace');
    await engine.server.db
      .insert(members)
      .values({ classroomId: roomId, userId: someone.id, status: 'Accepted' });
    const started = await someone.session.call('POST', `/classrooms/${roomId}/box`);
    const box = await runningNow(someone, started.json<Target>().id);
    const terminal = openTerminal((await ticketOf(someone, box.id)).url, engine.server.publicUrl);
    await terminal.opened;
    expect((await admin.session.call('POST', `/users/${someone.id}/disable`)).status).toBe(200);
    expect([TERMINAL_CLOSE.boxEnded, TERMINAL_CLOSE.accessEnded]).toContain(await terminal.closed);
  });

  it('says a box that died is gone, closing its terminal', async () => {
    await waitUntilNoActiveBox(student);
    const started = await student.session.call('POST', `/classrooms/${roomId}/box`);
    expect(started.status).toBe(201);
    const again = await runningNow(student, started.json<Target>().id);
    const terminal = openTerminal((await ticketOf(student, again.id)).url, engine.server.publicUrl);
    await terminal.opened;
    await killContainerOf(again.id);
    expect(await terminal.closed).toBe(TERMINAL_CLOSE.boxEnded);
    const refused = await student.session.call('POST', `/targets/${again.id}/terminal`);
    expect(refused.status).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'box_gone',
      detail: 'This attack box stopped: start it again',
    });
  });
});

/** Waits until the student's last box has stopped. */
async function waitUntilNoActiveBox(who: Person) {
  await expect
    .poll(async () => {
      const { box } = (await who.session.call('GET', '/users/me/box')).json<MyAttackBox>();
      return box === null || !['starting', 'running', 'stopping'].includes(box.state);
    })
    .toBe(true);
}

/** Waits (bounded) until the target runs, outside a test: `running` polls inside one. */
async function runningNow(who: Person, targetId: string): Promise<Target> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const target = (await who.session.call('GET', `/targets/${targetId}`)).json<Target>();
    if (target.state === 'running') return target;
    if (target.state !== 'starting' || Date.now() > deadline) {
      throw new Error(`the target did not start: ${JSON.stringify(target)}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

describe.skipIf(!engineAnswers)('an attack box image the engine lacks', () => {
  let engine: EngineServer;

  beforeAll(async () => {
    engine = await startEngineServer({
      labs: { attackBox: attackBoxSettings('registry.hackclass.invalid/attackbox:1') },
    });
  }, 120_000);
  afterAll(() => engine?.close());

  it('fails the box, saying so in words the student can pass on', async () => {
    const [teacher, student] = await Promise.all([
      signedInAs(engine.server, 'teacher'),
      signedInAs(engine.server, 'student'),
    ]);
    const room = await classroom(engine.server, teacher.id, {
      members: [[student.id, 'Accepted']],
    });
    const started = await student.session.call('POST', `/classrooms/${room.id}/box`);
    expect(started.status).toBe(201);
    await expect
      .poll(
        async () => (await student.session.call('GET', '/users/me/box')).json<MyAttackBox>().box,
        {
          timeout: 60_000,
        },
      )
      .toMatchObject({
        state: 'failed',
        failure: {
          code: 'image_missing',
          message: 'This server’s attack box image is missing: tell your teacher.',
        },
      });
  });
});
