import type { Target, TargetTunnel } from '@hackclass/contracts';
import { connectTunnel } from '@hackclass/tunnel-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Person, signedInAs } from '../../../test/support';
import { classroom } from '../../../test/support/labs';
import {
  createTargetLab,
  type EngineServer,
  engineAnswers,
  rowOf,
  running,
  startEngineServer,
  startOf,
} from '../../../test/support/live-targets';
import { accepts, answerOf, openPorts } from '../../../test/support/port-scan';
import { openTunnel, throughTunnel } from '../../../test/support/tunnel-client';
import { ACCESS_CACHE_MS } from '../access-cache';
import { TUNNEL_RECHECK_MS } from './tunnel-server';

/**
 * The address students reach in these tests. Targets are published on 127.0.0.1, where only
 * HackClass reaches them; a school's LAN address is played by another loopback address.
 */
const STUDENT_FACING = '127.0.0.2';
const PROBE = 'GET / HTTP/1.0\r\n\r\nhackclass-perimeter-probe\n';

interface World {
  engine: EngineServer;
  teacher: Person;
  students: [Person, Person];
  roomId: string;
  httpLab: string;
  tcpLab: string;
}

async function world(labs: Parameters<typeof startEngineServer>[0]): Promise<World> {
  const engine = await startEngineServer(labs);
  const [teacher, first, second] = await Promise.all([
    signedInAs(engine.server, 'teacher'),
    signedInAs(engine.server, 'student'),
    signedInAs(engine.server, 'student'),
  ]);
  await teacher.session.antiforgeryToken();
  const http = await createTargetLab(teacher, { image: engine.images.web });
  const tcp = await createTargetLab(
    teacher,
    { image: engine.images.echo, port: 9000, kind: 'tcp', flagMode: 'static' },
    { flags: JSON.stringify([{ value: 'flag{echo}' }]) },
  );
  const room = await classroom(engine.server, teacher.id, {
    members: [
      [first.id, 'Accepted'],
      [second.id, 'Accepted'],
    ],
    labs: [http.id, tcp.id],
  });
  return {
    engine,
    teacher,
    students: [first, second],
    roomId: room.id,
    httpLab: http.id,
    tcpLab: tcp.id,
  };
}

async function startRunning(w: World, who: Person, labId: string): Promise<Target> {
  const started = await startOf(who, w.roomId, labId);
  expect(started.status, JSON.stringify(started.body)).toBe(201);
  return running(who, started.json<Target>().id);
}

/** A tunnel as its client dials it: the API's path on the test server's own origin. */
async function tunnelOf(w: World, who: Person, targetId: string) {
  const response = await who.session.call('POST', `/targets/${targetId}/tunnel`);
  if (response.status !== 200) return { status: response.status, tunnel: undefined };
  const tunnel = response.json<TargetTunnel>();
  const url = new URL(new URL(tunnel.url).pathname, w.engine.server.origin);
  url.protocol = 'ws:';
  return { status: 200, tunnel: { ...tunnel, url: url.toString() } };
}

describe.skipIf(!engineAnswers)('the live targets’ perimeter, with the defaults', () => {
  let w: World;
  let starting: Promise<Target[]> | undefined;
  /** Each student's HTTP and TCP targets, started by the first test that asks (a poll needs one). */
  const runningTargets = () => {
    starting ??= (async () => {
      const all: Target[] = [];
      for (const student of w.students) {
        all.push(
          await startRunning(w, student, w.httpLab),
          await startRunning(w, student, w.tcpLab),
        );
      }
      return all;
    })();
    return starting;
  };

  beforeAll(async () => {
    w = await world({});
  }, 120_000);

  afterAll(async () => {
    await w?.engine.close();
  }, 60_000);

  it('reaches no target from the student-facing address, on any port', {
    timeout: 240_000,
  }, async () => {
    const started = await runningTargets();
    const ports = await Promise.all(
      started.map(async (target) => (await rowOf(w.engine.server, target.id)).hostPort),
    );
    for (const port of ports) expect(await accepts('127.0.0.1', port ?? 0)).toBe(true);

    const open = await openPorts(STUDENT_FACING);
    for (const port of ports) expect(open).not.toContain(port);
    for (const port of open) {
      const answer = await answerOf(STUDENT_FACING, port, PROBE);
      expect(answer, `port ${port}`).not.toContain('Flag:');
      expect(answer, `port ${port}`).not.toContain('hackclass-perimeter-probe');
    }
    for (const target of started.filter(({ kind }) => kind === 'tcp')) {
      expect(target.address).toBeNull();
    }
  });

  it('lets a TCP target’s owner and teacher through its tunnel, and nobody else', {
    timeout: 180_000,
  }, async () => {
    const started = await runningTargets();
    const [owner, classmate] = w.students;
    const [ownTcp, classmateTcp] = started.filter(({ kind }) => kind === 'tcp');
    if (!ownTcp || !classmateTcp) throw new Error('no TCP targets');

    const own = await tunnelOf(w, owner, ownTcp.id);
    expect(own.status).toBe(200);
    if (!own.tunnel) throw new Error('no tunnel');
    // The connector students download: a local port relayed through the tunnel.
    const connector = await connectTunnel({ ...own.tunnel, port: 0 });
    try {
      expect(await answerOf(connector.host, connector.port, 'owner says hi\n')).toContain(
        'owner says hi',
      );
    } finally {
      await connector.close();
    }

    const teachers = await tunnelOf(w, w.teacher, ownTcp.id);
    if (!teachers.tunnel) throw new Error('no tunnel for the teacher');
    expect(await throughTunnel(teachers.tunnel, 'teacher checks\n')).toContain('teacher checks');

    expect((await tunnelOf(w, classmate, ownTcp.id)).status).toBe(404);
    const theirs = await tunnelOf(w, classmate, classmateTcp.id);
    if (!theirs.tunnel) throw new Error('no tunnel for the classmate');
    // The classmate's own token, on the owner's target.
    await expect(
      throughTunnel({ url: own.tunnel.url, token: theirs.tunnel.token }, 'x\n'),
    ).rejects.toThrow('refused: 401');
    await expect(throughTunnel({ url: own.tunnel.url, token: 'forged' }, 'x\n')).rejects.toThrow(
      'refused: 401',
    );

    const httpTarget = started.find(({ kind }) => kind === 'http');
    expect((await tunnelOf(w, owner, httpTarget?.id ?? '')).status).toBe(400);
  });

  it('closes an open tunnel when its target stops, and opens no new one', {
    timeout: 180_000,
  }, async () => {
    const started = await runningTargets();
    const [, classmate] = w.students;
    const target = started.filter(({ kind }) => kind === 'tcp')[1];
    if (!target) throw new Error('no TCP target');
    const { tunnel } = await tunnelOf(w, classmate, target.id);
    if (!tunnel) throw new Error('no tunnel');
    const { closed } = await openTunnel(tunnel);
    const stopped = await classmate.session.call('DELETE', `/targets/${target.id}`);
    expect(stopped.status).toBe(200);
    const stoppedAt = Date.now();
    expect((await closed) - stoppedAt).toBeLessThan(TUNNEL_RECHECK_MS + ACCESS_CACHE_MS + 1_000);
    // A target's state is taken as read for a moment: by then the stop shows everywhere.
    await new Promise((resolve) => setTimeout(resolve, stoppedAt + ACCESS_CACHE_MS - Date.now()));
    await expect(throughTunnel(tunnel, 'x\n')).rejects.toThrow(/refused: (503|401)/);
  });
});

describe.skipIf(!engineAnswers)('TCP targets exposed on a plain port by the operator', () => {
  let w: World;

  beforeAll(async () => {
    w = await world({ labs: { tcpBindAddress: STUDENT_FACING, publicHost: 'labs.school.test' } });
  }, 180_000);

  afterAll(async () => {
    await w?.engine.close();
  }, 60_000);

  it('publishes TCP targets there, and HTTP targets still only where the proxy reaches', async () => {
    const [student] = w.students;
    const tcp = await startRunning(w, student, w.tcpLab);
    const http = await startRunning(w, student, w.httpLab);
    const tcpPort = (await rowOf(w.engine.server, tcp.id)).hostPort ?? 0;
    const httpPort = (await rowOf(w.engine.server, http.id)).hostPort ?? 0;

    expect(tcp.address).toBe(`labs.school.test:${tcpPort}`);
    await expect
      .poll(() => answerOf(STUDENT_FACING, tcpPort, 'plain port\n'), { timeout: 10_000 })
      .toContain('plain port');
    expect(await accepts(STUDENT_FACING, httpPort)).toBe(false);
    expect(await accepts('127.0.0.1', httpPort)).toBe(true);

    const reached: number[] = [];
    for (const port of await openPorts(STUDENT_FACING)) {
      const answer = await answerOf(STUDENT_FACING, port, PROBE);
      expect(answer, `port ${port}`).not.toContain('Flag:');
      if (answer.includes('hackclass-perimeter-probe')) reached.push(port);
    }
    expect(reached).toEqual([tcpPort]);
  }, 180_000);
});
