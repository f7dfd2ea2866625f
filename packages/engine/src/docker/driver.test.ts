import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestImage, buildTestImages, removeTestLeftovers } from '../../testing';
import {
  docker,
  echoOf,
  engineAnswers,
  execIn,
  fetchPage,
  launchOf,
  testDeploymentId,
} from '../../testing/fixtures';
import { createTargetDriver } from '../drivers';
import type { TargetDriver, TargetLaunch, TargetReach } from '../types';
import { dockerDriver } from './driver';
import { LABEL } from './labels';
import { networkSpec } from './spec';

describe.skipIf(!engineAnswers)('docker driver: a target’s life', () => {
  const deploymentId = testDeploymentId();
  const driver = dockerDriver({ deploymentId, bindAddress: '127.0.0.1' });
  const other = dockerDriver({ deploymentId: testDeploymentId(), bindAddress: '127.0.0.1' });
  const started: { driver: TargetDriver; targetId: string }[] = [];
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let web: TargetLaunch;
  let containerId: string;
  let reach: TargetReach;

  beforeAll(async () => {
    images = await buildTestImages();
    web = await launchOf(images.web);
    started.push({ driver, targetId: web.targetId });
    ({ containerId, reach } = await driver.start(web));
  });

  afterAll(async () => {
    await Promise.allSettled(started.map((target) => target.driver.stop(target.targetId)));
    await images?.remove();
    await driver.close();
    await other.close();
  });

  it('publishes the target on 127.0.0.1 only, serving a page with its flag, and says so', async () => {
    expect(reach).toEqual({ internal: { host: '127.0.0.1', port: web.hostPort } });
    const page = await fetchPage(web.hostPort);
    expect(page).toContain(web.env.HACKCLASS_FLAG);
    const info = await docker.getContainer(containerId).inspect();
    expect(info.HostConfig.PortBindings).toEqual({
      '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: String(web.hostPort) }],
    });
  });

  it('inspects a running target with its labels', async () => {
    const target = await driver.inspect(web.targetId);
    expect(target).toMatchObject({
      containerId,
      targetId: web.targetId,
      labId: web.labId,
      userId: web.userId,
      classroomId: web.classroomId,
      running: true,
      exitCode: null,
      oomKilled: false,
    });
    expect(target?.startedAt?.getTime()).toBeGreaterThan(Date.now() - 120_000);
    const info = await docker.getContainer(containerId).inspect();
    expect(info.Config.Labels[LABEL.deployment]).toBe(deploymentId);
  });

  it('applies the limits and drops every capability', async () => {
    const { HostConfig: host, Mounts } = await docker.getContainer(containerId).inspect();
    expect(host.CapDrop).toEqual(['ALL']);
    expect(host.CapAdd ?? []).toEqual([]);
    expect(host.SecurityOpt).toEqual(['no-new-privileges:true']);
    expect(host.Privileged).toBe(false);
    expect(host.Memory).toBe(64 * 1024 * 1024);
    expect(host.MemorySwap).toBe(64 * 1024 * 1024);
    expect(host.NanoCpus).toBe(500_000_000);
    expect(host.PidsLimit).toBe(64);
    expect(host.RestartPolicy?.Name).toBe('no');
    expect(host.Binds ?? []).toEqual([]);
    expect(host.Mounts ?? []).toEqual([]);
    expect(Mounts).toEqual([]);
    expect(host.NetworkMode).toBe(`hackclass-${web.targetId}`);
    const status = await execIn(containerId, ['cat', '/proc/self/status']);
    expect(status.output).toMatch(/^CapEff:\s+0+$/m);
    expect(status.output).toMatch(/^NoNewPrivs:\s+1$/m);
    const ports = await execIn(containerId, [
      'cat',
      '/proc/sys/net/ipv4/ip_unprivileged_port_start',
    ]);
    expect(ports.output.trim()).toBe('0');
    // No IPv6 address, so no link-local way to the host's side of the bridge.
    const ipv6 = await execIn(containerId, ['cat', '/proc/net/if_inet6']);
    expect(ipv6.output).not.toMatch(/^[0-9a-f]{32}/m);
  });

  it('bounds a fork bomb by the pids limit', async () => {
    const bomb = await execIn(containerId, [
      'sh',
      '-c',
      'for i in $(/bin/busybox seq 200); do /bin/busybox sleep 10 >/dev/null 2>&1 & done',
    ]);
    expect(bomb.output).toMatch(/can't fork/);
    const stats = await docker.getContainer(containerId).stats({ stream: false });
    // It got as far as the limit, and no further.
    expect(stats.pids_stats?.current).toBeGreaterThan(48);
    expect(stats.pids_stats?.current).toBeLessThanOrEqual(64);
    expect((await driver.inspect(web.targetId))?.running).toBe(true);
  });

  it('publishes TCP targets where the operator exposes them, and HTTP targets never', async () => {
    // As the server makes it: by its LABS_DRIVER name, from the operator's settings.
    const exposing = await createTargetDriver('docker', {
      deploymentId: testDeploymentId(),
      bindAddress: '127.0.0.1',
      tcpBindAddress: '127.0.0.2',
      publicHost: 'labs.school.example',
      firewall: 'auto',
      diskLimit: 'auto',
      maxDiskMb: 1024,
      maxImageMb: 4096,
      pullTimeoutMinutes: 10,
      outboundAllowed: [],
    });
    const tcp = await launchOf(images.echo, { kind: 'tcp', containerPort: 9000 });
    const http = await launchOf(images.web);
    try {
      const tcpStart = await exposing.start(tcp);
      expect(tcpStart.reach).toEqual({
        internal: { host: '127.0.0.2', port: tcp.hostPort },
        exposed: { host: 'labs.school.example', port: tcp.hostPort },
      });
      expect(await echoOf(tcp.hostPort, 'exposed', '127.0.0.2')).toBe('exposed\n');
      const httpStart = await exposing.start(http);
      expect(httpStart.reach).toEqual({ internal: { host: '127.0.0.1', port: http.hostPort } });
      const bindings = await docker.getContainer(httpStart.containerId).inspect();
      expect(bindings.HostConfig.PortBindings['8080/tcp']).toEqual([
        { HostIp: '127.0.0.1', HostPort: String(http.hostPort) },
      ]);
    } finally {
      await Promise.allSettled([exposing.stop(tcp.targetId), exposing.stop(http.targetId)]);
      await exposing.close();
    }
  });

  it('lists only this deployment’s targets', async () => {
    const echo = await launchOf(images.echo, { containerPort: 9000 });
    started.push({ driver: other, targetId: echo.targetId });
    await other.start(echo);
    expect(await echoOf(echo.hostPort, 'hello target')).toBe('hello target\n');
    expect((await driver.list()).map((target) => target.targetId)).toEqual([web.targetId]);
    expect((await other.list()).map((target) => target.targetId)).toEqual([echo.targetId]);
    expect(await driver.inspect(echo.targetId)).toBeUndefined();
    await driver.stop(echo.targetId);
    expect(await other.inspect(echo.targetId)).toBeDefined();
  });

  it('lists a network left without its container, which a stop removes', async () => {
    const lone = await launchOf(images.web);
    started.push({ driver, targetId: lone.targetId });
    // What a start cut short between the network and the container leaves.
    await docker.createNetwork(networkSpec(deploymentId, lone, lone.outbound));
    expect(await driver.networks()).toContain(lone.targetId);
    expect(await other.networks()).not.toContain(lone.targetId);
    expect(await driver.inspect(lone.targetId)).toBeUndefined();
    await driver.stop(lone.targetId);
    expect(await driver.networks()).not.toContain(lone.targetId);
  });

  it('reports a target the kernel killed for its memory', async () => {
    const hog = await buildTestImage(
      'hog',
      'x=$(/bin/busybox head -c 100000000 /dev/zero | /bin/busybox tr "\\0" a)\n',
      8080,
    );
    const launch = await launchOf(hog.image, { memoryMb: 16 });
    started.push({ driver, targetId: launch.targetId });
    try {
      await driver.start(launch);
      // The engine hears the kernel's OOM event apart from the exit, and on a busy machine after
      // it: the container's record says so a moment later.
      await expect
        .poll(async () => await driver.inspect(launch.targetId), { timeout: 15_000 })
        .toMatchObject({ running: false, oomKilled: true, exitCode: 137 });
    } finally {
      await driver.stop(launch.targetId);
      await hog.remove();
    }
  });

  it('keeps, when clearing test leftovers, what running tests just made', async () => {
    await removeTestLeftovers();
    expect((await driver.inspect(web.targetId))?.running).toBe(true);
    expect(await docker.getImage(images.web).inspect()).toBeDefined();
  });

  it('stops a target, removing its container and network, and stops again quietly', async () => {
    const target = await launchOf(images.web);
    started.push({ driver, targetId: target.targetId });
    await driver.start(target);
    await driver.stop(target.targetId);
    await driver.stop(target.targetId);
    expect(await driver.inspect(target.targetId)).toBeUndefined();
    const networks = await docker.listNetworks({
      filters: { label: [`${LABEL.target}=${target.targetId}`] },
    });
    expect(networks).toEqual([]);
    await expect(fetch(`http://127.0.0.1:${target.hostPort}/`)).rejects.toThrow();
  });
});
