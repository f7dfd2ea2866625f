import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { memoryIo } from '../../testing/io';
import { runCli } from '../cli';
import { commands } from '.';

const folder = mkdtempSync(join(tmpdir(), 'hackclass-engine-proxy-cli-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const engineSocket = '/var/run/docker.sock';
const engineHere = existsSync(engineSocket);

/** One GET on a Unix socket: its status and body. */
const get = (socketPath: string, path: string) =>
  new Promise<{ status: number; body: string }>((resolve, reject) => {
    const asked = request({ socketPath, path }, (response) => {
      let body = '';
      response.on('data', (chunk: Buffer) => {
        body += chunk;
      });
      response.on('end', () => resolve({ status: response.statusCode ?? 0, body }));
    });
    asked.on('error', reject).end();
  });

describe('hackclass engine-proxy', () => {
  it('needs the socket to serve', async () => {
    const io = memoryIo();
    expect(await runCli(['engine-proxy'], io, commands)).toBe(2);
    expect(io.stderr()).toContain('Name the socket to serve with --listen');
  });

  it.skipIf(!engineHere)(
    'serves the engine’s calls HackClass makes on its socket, over a stale one, until stopped',
    async () => {
      const socket = join(folder, 'engine.sock');
      writeFileSync(socket, 'left by a proxy that was killed');
      let stop = () => {};
      const io = memoryIo({}, { interrupt: new Promise<void>((resolve) => (stop = resolve)) });
      const running = runCli(['engine-proxy', '--listen', socket], io, commands);
      await expect.poll(() => io.stdout(), { timeout: 10_000 }).toContain('Serving the engine');
      expect(statSync(socket).mode & 0o777).toBe(0o666);
      expect(await get(socket, '/_ping')).toEqual({ status: 200, body: 'OK' });
      const refused = await get(socket, '/volumes');
      expect(refused.status).toBe(403);
      expect(JSON.parse(refused.body).message).toContain('HackClass never asks for it');
      stop();
      expect(await running).toBe(0);
    },
  );
});
