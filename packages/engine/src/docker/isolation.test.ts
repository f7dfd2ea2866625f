import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { networkInterfaces } from 'node:os';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestImages } from '../../testing';
import {
  docker,
  engineAnswers,
  execIn,
  fetchPage,
  launchOf,
  testDeploymentId,
} from '../../testing/fixtures';
import { canMakeRemote, startRemote } from '../../testing/remote';
import type { TargetLaunch } from '../types';
import { dockerDriver } from './driver';
import { type GuardRule, guardRules } from './firewall';

// Every probe runs inside a target with busybox nc (busybox wget crashes in a scratch image);
// the test process itself only ever connects to 127.0.0.1:<published port> and its listeners.
const probe = (containerId: string, host: string, port: number, seconds = 2) =>
  execIn(containerId, ['nc', '-w', String(seconds), host, String(port)]);
const fetchFrom = (containerId: string, host: string, seconds = 2) =>
  execIn(containerId, [
    'sh',
    '-c',
    `/bin/busybox printf 'GET / HTTP/1.0\\r\\n\\r\\n' | /bin/busybox nc -w ${seconds} ${host} 8080`,
  ]);

const UNGUARDED = 'the host firewall guard cannot be installed here (see README, Isolation)';

const isLoopback = (address: string | undefined) =>
  address === undefined ||
  address.startsWith('127.') ||
  address === '::1' ||
  address.startsWith('::ffff:127.');

describe.skipIf(!engineAnswers)('docker driver: isolation', () => {
  const driver = dockerDriver({ deploymentId: testDeploymentId(), bindAddress: '127.0.0.1' });
  const targets: TargetLaunch[] = [];
  const containers = new Map<string, string>();
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let isolated: TargetLaunch;
  let open: TargetLaunch;
  let neighbour: TargetLaunch;
  let guarded = false;

  const start = async (launch: TargetLaunch) => {
    targets.push(launch);
    const { containerId } = await driver.start(launch);
    containers.set(launch.targetId, containerId);
    await fetchPage(launch.hostPort);
    return containerId;
  };
  const containerOf = (launch: TargetLaunch) => containers.get(launch.targetId) ?? '';
  const addressOf = async (launch: TargetLaunch) => {
    const info = await docker.getContainer(containerOf(launch)).inspect();
    const network = info.NetworkSettings.Networks[`hackclass-${launch.targetId}`];
    return { ip: network?.IPAddress ?? '', gateway: network?.Gateway ?? '' };
  };

  beforeAll(async () => {
    images = await buildTestImages();
    isolated = await launchOf(images.web);
    open = await launchOf(images.web, { outbound: true });
    neighbour = await launchOf(images.web);
    await start(isolated);
    await start(open);
    await start(neighbour);
    guarded = (await driver.isolation()).guarded;
  });

  afterAll(async () => {
    await Promise.allSettled(targets.map((target) => driver.stop(target.targetId)));
    await images?.remove();
    await driver.close();
  });

  it('reports whether the host firewall guard is in place, and why not', async () => {
    const root = process.getuid?.() === 0;
    const fresh = dockerDriver({ deploymentId: testDeploymentId(), bindAddress: '127.0.0.1' });
    const off = dockerDriver({
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      firewall: 'off',
    });
    expect((await fresh.isolation()).guarded).toBe(root && guarded);
    expect(guarded || !root).toBe(true);
    expect(await off.isolation()).toMatchObject({
      guarded: false,
      message: expect.stringContaining('told to leave them to the operator'),
    });
    await Promise.all([fresh.close(), off.close()]);
  });

  it('lets a target reach itself, so the probes below can tell', async () => {
    const { ip } = await addressOf(neighbour);
    const own = await fetchFrom(containerOf(neighbour), ip);
    expect(own.exitCode).toBe(0);
    expect(own.output).toContain(neighbour.env.HACKCLASS_FLAG);
  });

  it.each([
    ['without', () => isolated],
    ['with', () => open],
  ])('keeps a target %s outbound from another target, by address and by name', async (_, from) => {
    const { ip } = await addressOf(neighbour);
    for (const host of [ip, `hackclass-${neighbour.targetId}`]) {
      const attempt = await fetchFrom(containerOf(from()), host);
      expect(attempt.exitCode, host).not.toBe(0);
      expect(attempt.output).not.toContain(neighbour.env.HACKCLASS_FLAG);
    }
  });

  describe('the host', () => {
    let listener: Server;
    let port: number;
    let connections = 0;

    beforeAll(async () => {
      listener = createServer((socket) => {
        // A target has a loopback of its own: one from this machine's is another test (the
        // perimeter scan knocks on every port of 127.0.0.2), never a target.
        if (!isLoopback(socket.remoteAddress)) connections++;
        // A scanner resets its connections: that is no failure of this test.
        socket.on('error', () => undefined);
        socket.end('host-reached\n');
      }).listen(0, '0.0.0.0');
      await new Promise((resolve) => listener.once('listening', resolve));
      port = (listener.address() as { port: number }).port;
    });

    afterAll(() => {
      listener?.close();
    });

    it.for([
      ['without', () => isolated],
      ['with', () => open],
    ] as const)('is out of reach of a target %s outbound', async ([, from], context) => {
      if (!guarded) context.skip(UNGUARDED);
      const hostAddresses = Object.values(networkInterfaces())
        .flat()
        .filter((address) => address?.family === 'IPv4' && !address.internal)
        .map((address) => address?.address ?? '');
      const { gateway } = await addressOf(from());
      const attempts = await Promise.all(
        [gateway, ...hostAddresses].map((address) => probe(containerOf(from()), address, port)),
      );
      for (const attempt of attempts) expect(attempt.output).not.toContain('host-reached');
      expect(connections).toBe(0);
    });
  });

  it('gives a target without outbound no way out through the engine’s DNS resolver', async (context) => {
    if (!guarded) context.skip(UNGUARDED);
    const own = await execIn(containerOf(isolated), ['nslookup', `hackclass-${isolated.targetId}`]);
    expect(own.output).toMatch(/^Name:/m);
    // Any answer from outside, even "no such name", would mean the query got out.
    const lookup = await execIn(containerOf(isolated), ['nslookup', 'hackclass.example.com']);
    expect(lookup.output).not.toMatch(/^Name:|NXDOMAIN/m);
  });

  describe.skipIf(!canMakeRemote)('another machine', () => {
    let remote: Awaited<ReturnType<typeof startRemote>>;

    beforeAll(async () => {
      remote = await startRemote();
      // The remote's link is one of the host's networks now: the guard takes it in.
      await driver.guardIsolation();
    });

    afterAll(() => {
      remote?.remove();
    });

    it('is reached by a target with outbound, on the Internet', async () => {
      const attempt = await probe(containerOf(open), remote.internetAddress, remote.port);
      expect(attempt.output).toContain('remote-reached');
    });

    it('is out of reach of a target with outbound on a private network or one of the host’s', async (context) => {
      if (!guarded) context.skip(UNGUARDED);
      const attempts = await Promise.all(
        [remote.privateAddress, remote.address].map((host) =>
          probe(containerOf(open), host, remote.port),
        ),
      );
      for (const attempt of attempts) expect(attempt.output).not.toContain('remote-reached');
    });

    it('is out of reach of every target at a link-local address', async (context) => {
      if (!guarded) context.skip(UNGUARDED);
      const attempt = await probe(containerOf(open), remote.linkLocal, remote.port);
      expect(attempt.output).not.toContain('remote-reached');
    });

    it('stays out of reach while the engine makes and removes networks, as every start does', async (context) => {
      if (!guarded) context.skip(UNGUARDED);
      // The engine rewrites its own FORWARD rules around each new network: for a moment, its
      // chains (and a rule kept in DOCKER-USER) are not where a packet passes.
      let churning = true;
      const churn = (async () => {
        while (churning) {
          const network = await docker.createNetwork({
            Name: `hackclass-churn-${randomBytes(4).toString('hex')}`,
            Internal: true,
          });
          await network.remove();
        }
      })();
      const { ip } = await addressOf(neighbour);
      const reached: string[] = [];
      try {
        for (let round = 0; round < 20; round++) {
          const [metadata, sibling] = await Promise.all([
            probe(containerOf(open), remote.linkLocal, remote.port, 1),
            fetchFrom(containerOf(open), ip, 1),
          ]);
          if (metadata.output.includes('remote-reached')) reached.push('link-local');
          if (sibling.output.includes(neighbour.env.HACKCLASS_FLAG ?? '-'))
            reached.push('neighbour');
        }
      } finally {
        churning = false;
        await churn;
      }
      expect(reached).toEqual([]);
    });

    it('is out of reach of a target without outbound, though a route back exists', async (context) => {
      if (!guarded) context.skip(UNGUARDED);
      const attempt = await probe(containerOf(isolated), remote.address, remote.port);
      expect(attempt.output).not.toContain('remote-reached');
    });
  });

  // Last in this file, the only one probing isolation: it takes the rules away for a moment.
  it('puts back the rules a firewall reload dropped, at the next check', async (context) => {
    if (!guarded) context.skip(UNGUARDED);
    const iptables = (action: '-C' | '-D', { table, chain, rule }: GuardRule) =>
      spawnSync('iptables', ['-w', '-t', table, action, chain, ...rule]).status;
    // A reload drops every copy: drivers of other processes checking at the same moment may each
    // have inserted one.
    for (const rule of guardRules) {
      expect(iptables('-D', rule)).toBe(0);
      for (let copies = 1; copies < 10 && iptables('-D', rule) === 0; copies++);
    }
    for (const rule of guardRules) expect(iptables('-C', rule)).not.toBe(0);
    expect(await driver.guardIsolation()).toMatchObject({ guarded: true });
    for (const rule of guardRules) expect(iptables('-C', rule)).toBe(0);
  });
});
