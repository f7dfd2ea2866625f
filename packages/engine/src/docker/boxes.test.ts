import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:net';
import { type Duplex, Readable } from 'node:stream';
import { pack } from 'tar-stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildBoxImage, buildTestImages } from '../../testing';
import { docker, echoOf, engineAnswers, launchOf, testDeploymentId } from '../../testing/fixtures';
import { EngineError } from '../errors';
import type { BoxLaunch, TargetLaunch } from '../types';
import { dockerDriver } from './driver';

/** What a terminal stream printed, and a wait for a text to appear in it. */
function screenOf(stream: NodeJS.ReadableStream) {
  let text = '';
  stream.on('data', (chunk: Buffer) => {
    text += chunk.toString('utf8');
  });
  // The engine resets a terminal's connection as its box goes: the screen just ends there.
  stream.on('error', () => undefined);
  return {
    get text() {
      return text;
    },
    async waitFor(expected: string | RegExp, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      const found = () =>
        typeof expected === 'string' ? text.includes(expected) : expected.test(text);
      while (!found()) {
        if (Date.now() > deadline) throw new Error(`Not on the screen: ${expected}\n${text}`);
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    },
  };
}

describe.skipIf(!engineAnswers)('docker driver: attack boxes', () => {
  const driver = dockerDriver({ deploymentId: testDeploymentId(), bindAddress: '127.0.0.1' });
  const boxes = driver.boxes;
  const made: string[] = [];
  const streams: NodeJS.ReadableStream[] = [];
  let images: Awaited<ReturnType<typeof buildTestImages>>;
  let boxImage: Awaited<ReturnType<typeof buildBoxImage>>;
  let box: BoxLaunch;
  let own: TargetLaunch;
  let other: TargetLaunch;
  let hostListener: Server;
  let terminal: Duplex;
  let screen: ReturnType<typeof screenOf>;

  const attach = async () => {
    const stream = await boxes.attach(box.boxId);
    streams.push(stream);
    return stream;
  };

  beforeAll(async () => {
    [images, boxImage] = await Promise.all([buildTestImages(), buildBoxImage()]);
    const userId = randomUUID();
    const classroomId = randomUUID();
    box = {
      boxId: randomUUID(),
      userId,
      classroomId,
      image: boxImage.image,
      memoryMb: 64,
      cpus: 0.5,
      pids: 64,
      outbound: false,
      pull: false,
    };
    own = await launchOf(images.echo, {
      kind: 'tcp',
      containerPort: 9000,
      userId,
      classroomId,
      name: 'echo-lab',
    });
    other = await launchOf(images.echo, { kind: 'tcp', containerPort: 9000, name: 'echo-lab' });
    made.push(box.boxId, own.targetId, other.targetId);
    await Promise.all([driver.start(own), driver.start(other), boxes.start(box)]);
    await Promise.all([echoOf(own.hostPort, 'ready'), echoOf(other.hostPort, 'ready')]);
    hostListener = createServer((socket) => {
      // The perimeter scan of another test knocks on every port and resets: no fault of this one.
      socket.on('error', () => undefined);
      socket.end('host-secret\n');
    });
    await new Promise<void>((resolve) => hostListener.listen(0, '0.0.0.0', resolve));
    terminal = await attach();
    screen = screenOf(terminal);
  });

  afterAll(async () => {
    for (const stream of streams) (stream as Duplex).destroy();
    hostListener?.close();
    await Promise.allSettled(made.map((id) => driver.stop(id)));
    await Promise.allSettled([images?.remove(), boxImage?.remove()]);
    await driver.close();
  });

  const run = async (command: string, marker: string) => {
    terminal.write(`${command}; echo ${marker}-$?\n`);
    await screen.waitFor(new RegExp(`${marker}-\\d+\\r?\\n`));
    const found = new RegExp(`${marker}-(\\d+)\\r?\\n`).exec(screen.text);
    return Number(found?.[1]);
  };

  it('gives a shell on a terminal, as root in its home, with limits and no port', async () => {
    expect(await run('pwd; id -u', 'who')).toBe(0);
    expect(screen.text).toMatch(/\/root\r?\n0\r?\n/);
    const info = await docker.getContainer(`hackclass-${box.boxId}`).inspect();
    expect(info.Config.Tty).toBe(true);
    expect(info.HostConfig.CapDrop).toEqual(['ALL']);
    expect(info.HostConfig.CapAdd).toEqual(['NET_RAW']);
    expect(info.HostConfig.Memory).toBe(64 * 1024 * 1024);
    expect(info.HostConfig.PortBindings ?? {}).toEqual({});
    expect((await driver.inspect(box.boxId))?.running).toBe(true);
  });

  it('reaches its owner’s joined target by the lab’s name, and nothing else', async () => {
    expect(await run('echo hello | nc -w 2 echo-lab 9000', 'before')).not.toBe(0);
    expect(await boxes.join(box.boxId, own.targetId)).toBe(true);
    expect(await boxes.join(box.boxId, own.targetId)).toBe(true);
    expect(await run('echo hello-own | nc -w 3 echo-lab 9000', 'own')).toBe(0);
    expect(screen.text).toMatch(/hello-own\r?\nown-0/);

    const otherInfo = await docker.getContainer(`hackclass-${other.targetId}`).inspect();
    const otherAddress = otherInfo.NetworkSettings.Networks[`hackclass-${other.targetId}`];
    expect(await run(`echo x | nc -w 2 ${otherAddress?.IPAddress} 9000`, 'other')).not.toBe(0);

    const boxInfo = await docker.getContainer(`hackclass-${box.boxId}`).inspect();
    const gateway = boxInfo.NetworkSettings.Networks[`hackclass--box-${box.boxId}`]?.Gateway;
    expect(gateway).toMatch(/^\d+\.\d+\.\d+\.\d+$/);
    const { port } = hostListener.address() as { port: number };
    expect(await run(`nc -w 2 ${gateway} ${port}`, 'host')).not.toBe(0);
    expect(screen.text).not.toContain('host-secret');
  });

  it('keeps its default route on its own network after joining', async () => {
    expect(await run('ip route | grep default', 'route')).toBe(0);
    const boxInfo = await docker.getContainer(`hackclass-${box.boxId}`).inspect();
    const gateway = boxInfo.NetworkSettings.Networks[`hackclass--box-${box.boxId}`]?.Gateway;
    expect(screen.text).toContain(`default via ${gateway} `);
  });

  it('shows the screen so far to whoever attaches next; a watcher cannot type', async () => {
    const watcher = await boxes.watch(box.boxId);
    streams.push(watcher);
    const watched = screenOf(watcher);
    await watched.waitFor('hello-own');
    expect('write' in watcher).toBe(false);
    terminal.write('echo typed-$((40+2))\n');
    await watched.waitFor('typed-42');
  });

  it('follows the terminal’s size', async () => {
    await boxes.resize(box.boxId, { cols: 132, rows: 41 });
    expect(await run('stty size', 'size')).toBe(0);
    expect(screen.text).toMatch(/41 132\r?\nsize-0/);
    await expect(boxes.resize(box.boxId, { cols: 0, rows: 41 })).rejects.toThrow(TypeError);
  });

  it('gives a new shell when the student leaves theirs, keeping the box and its files', async () => {
    expect(await run('echo kept > notes.txt', 'write')).toBe(0);
    terminal.write('exit\n');
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(await run('cat notes.txt', 'read')).toBe(0);
    expect(screen.text).toMatch(/kept\r?\nread-0/);
  });

  it('unpacks a lab’s files under the home, and refuses a folder outside it', async () => {
    const tar = pack();
    tar.entry({ name: 'notes.txt' }, 'read me\n');
    tar.entry({ name: 'bin/crackme', mode: 0o755 }, '#!/bin/sh\necho cracked\n');
    tar.finalize();
    await boxes.unpack(box.boxId, 'labs/reversing-101', Readable.from(tar));
    expect(
      await run('cat ~/labs/reversing-101/notes.txt; ls -l ~/labs/reversing-101/bin', 'files'),
    ).toBe(0);
    expect(screen.text).toContain('read me');
    expect(screen.text).toMatch(/-rwxr-xr-x.*crackme/);
    await expect(boxes.unpack(box.boxId, '../etc', Readable.from(Buffer.alloc(0)))).rejects.toThrow(
      TypeError,
    );
    await expect(
      boxes.unpack(box.boxId, 'labs/broken', Readable.from(Buffer.from('not a tar archive'))),
    ).rejects.toThrow(/could not be unpacked/);
  });

  it('stays when a joined target stops, whose network goes with it', async () => {
    await driver.stop(own.targetId);
    await expect(docker.getNetwork(`hackclass-${own.targetId}`).inspect()).rejects.toMatchObject({
      statusCode: 404,
    });
    expect((await driver.inspect(box.boxId))?.running).toBe(true);
    expect(await boxes.join(box.boxId, own.targetId)).toBe(false);
  });

  it('ends its terminals when stopped, and says it is gone afterwards', async () => {
    const ended = new Promise((resolve) => terminal.once('end', resolve));
    await driver.stop(box.boxId);
    await ended;
    await expect(boxes.attach(box.boxId)).rejects.toMatchObject({
      code: 'box_gone',
    });
    await expect(boxes.resize(box.boxId, { cols: 80, rows: 24 })).rejects.toBeInstanceOf(
      EngineError,
    );
  });
});
