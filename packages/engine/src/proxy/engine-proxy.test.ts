import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import type { Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import Docker from 'dockerode';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  buildBoxImage,
  buildTestImages,
  canRunRegistry,
  pushedTestImage,
  startRegistry,
} from '../../testing';
import {
  docker,
  engineAnswers,
  fetchPage,
  launchOf,
  testDeploymentId,
} from '../../testing/fixtures';
import { dockerDriver } from '../docker/driver';
import { LABEL } from '../docker/labels';
import type { BoxLaunch } from '../types';
import { engineProxy } from './engine-proxy';

/** What a refused call answers, as the client library reports it. */
const refusal = (pattern: RegExp) =>
  expect.objectContaining({ statusCode: 403, message: expect.stringMatching(pattern) });

describe.skipIf(!engineAnswers)('the engine socket proxy', () => {
  const folder = mkdtempSync(join(tmpdir(), 'hackclass-engine-proxy-'));
  const socket = join(folder, 'engine.sock');
  const deploymentId = testDeploymentId();
  const driver = dockerDriver({
    deploymentId,
    bindAddress: '127.0.0.1',
    dockerHost: `unix://${socket}`,
  });
  const viaProxy = new Docker({ socketPath: socket });
  const made: string[] = [];
  const foreign: Docker.Container[] = [];
  let server: Server;
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let boxImage: Awaited<ReturnType<typeof buildBoxImage>>;

  beforeAll(async () => {
    [images, boxImage] = await Promise.all([buildTestImages(), buildBoxImage()]);
    server = engineProxy({ engineSocket: '/var/run/docker.sock' });
    await new Promise<void>((resolve) => server.listen(socket, resolve));
  });

  afterAll(async () => {
    await Promise.allSettled(made.map((id) => driver.stop(id)));
    await Promise.allSettled(foreign.map((container) => container.remove({ force: true })));
    await driver.close();
    server?.closeAllConnections();
    await new Promise((resolve) => server?.close(resolve));
    await Promise.allSettled([images?.remove(), boxImage?.remove()]);
    rmSync(folder, { recursive: true, force: true });
  });

  it('runs a target and an attack box through it, as on the engine itself', async () => {
    const target = await launchOf(images.web);
    const box: BoxLaunch = {
      boxId: randomUUID(),
      userId: target.userId,
      classroomId: target.classroomId,
      image: boxImage.image,
      memoryMb: 64,
      cpus: 0.5,
      pids: 64,
      outbound: false,
      pull: false,
    };
    made.push(target.targetId, box.boxId);
    await Promise.all([driver.start(target), driver.boxes.start(box)]);
    expect(await fetchPage(target.hostPort)).toContain(target.env.HACKCLASS_FLAG);
    expect(await driver.boxes.join(box.boxId, target.targetId)).toBe(true);

    // Unpacking runs an exec in the box, and the terminal attaches: both take the connection over.
    const tar = pack();
    tar.entry({ name: 'notes.txt' }, 'through the proxy\n');
    tar.finalize();
    await driver.boxes.unpack(box.boxId, 'labs/proxied', Readable.from(tar));
    const terminal = await driver.boxes.attach(box.boxId);
    let screen = '';
    terminal.on('data', (chunk: Buffer) => {
      screen += chunk.toString('utf8');
    });
    // The shell of a box just started may not read yet: the command goes again until it runs.
    await expect
      .poll(
        () => {
          if (!screen.includes('through the proxy'))
            terminal.write('cat ~/labs/proxied/notes.txt\n');
          return screen;
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toContain('through the proxy');
    terminal.destroy();

    const listed = await viaProxy.listContainers({ all: true });
    expect(listed.length).toBeGreaterThan(0);
    expect(listed.every((container) => container.Labels[LABEL.deployment])).toBe(true);
    await driver.stop(target.targetId);
    expect(await driver.inspect(target.targetId)).toBeUndefined();
  });

  it.skipIf(!canRunRegistry)('starts a target whose image it pulls through it', async () => {
    const registry = await startRegistry();
    try {
      const target = await launchOf(await pushedTestImage(registry), { pull: true });
      made.push(target.targetId);
      expect(await driver.start(target)).toMatchObject({ pulled: true });
      expect(await fetchPage(target.hostPort)).toContain(target.env.HACKCLASS_FLAG);
      await driver.stop(target.targetId);
      await docker.getImage(target.image).remove({ force: true });
    } finally {
      await registry.close();
    }
  });

  it('refuses a container HackClass would never make', async () => {
    const base = {
      Image: images.web,
      Labels: { [LABEL.deployment]: deploymentId },
      HostConfig: {
        NetworkMode: `hackclass-${randomUUID()}`,
        CapDrop: ['ALL'],
        SecurityOpt: ['no-new-privileges:true'],
        Memory: 64 * 1024 * 1024,
        PidsLimit: 64,
      },
    };
    const attempts: [Docker.ContainerCreateOptions, RegExp][] = [
      [{ ...base, HostConfig: { ...base.HostConfig, Privileged: true } }, /privileged/],
      [{ ...base, HostConfig: { ...base.HostConfig, Binds: ['/:/host'] } }, /Binds/],
      [{ ...base, HostConfig: { ...base.HostConfig, PidMode: 'host' } }, /namespace/],
      [{ ...base, HostConfig: { ...base.HostConfig, NetworkMode: 'host' } }, /network/],
      [{ ...base, HostConfig: { ...base.HostConfig, CapAdd: ['SYS_ADMIN'] } }, /capability/],
      [
        { ...base, HostConfig: { ...base.HostConfig, SecurityOpt: ['seccomp=unconfined'] } },
        /privileges|security/,
      ],
      [{ ...base, Labels: {} }, /labelled/],
    ];
    for (const [options, why] of attempts) {
      await expect(viaProxy.createContainer(options)).rejects.toEqual(refusal(why));
    }
    await expect(viaProxy.listVolumes()).rejects.toEqual(refusal(/never asks for it/));
    await expect(
      viaProxy.createImage({ fromSrc: 'http://127.0.0.1:9/image.tar', repo: 'imported' }),
    ).rejects.toEqual(refusal(/registry only/));
    await expect(
      viaProxy.createNetwork({ Name: 'plain', Driver: 'bridge', Labels: {} }),
    ).rejects.toEqual(refusal(/labelled/));
  });

  it('reaches no container but HackClass’s: no inspect, exec, start or network join', async () => {
    const plain = await docker.createContainer({
      Image: images.web,
      name: `plain-${randomUUID()}`,
    });
    foreign.push(plain);
    const other = viaProxy.getContainer(plain.id);
    await expect(other.inspect()).rejects.toEqual(refusal(/not HackClass’s/));
    await expect(other.exec({ Cmd: ['id'] })).rejects.toEqual(refusal(/not HackClass’s/));
    await expect(other.start()).rejects.toEqual(refusal(/not HackClass’s/));
    await expect(other.remove({ force: true })).rejects.toEqual(refusal(/not HackClass’s/));
    expect((await viaProxy.listContainers({ all: true })).map((c) => c.Id)).not.toContain(plain.id);

    const target = await launchOf(images.web);
    made.push(target.targetId);
    await driver.start(target);
    const network = viaProxy.getNetwork(`hackclass-${target.targetId}`);
    await expect(network.connect({ Container: plain.id })).rejects.toEqual(
      refusal(/not HackClass’s/),
    );
    const inside = viaProxy.getContainer(`hackclass-${target.targetId}`);
    await expect(inside.exec({ Cmd: ['id'], Privileged: true })).rejects.toEqual(
      refusal(/privileged/),
    );
  });
});
