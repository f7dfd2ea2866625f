import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@hackclass/http/testing';

const repoRoot = fileURLToPath(new URL('../../', import.meta.url));

function run(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Fills the empty database of `dataDir` with the demo (`npm run seed:demo`). */
export async function seedDemo(dataDir: string): Promise<void> {
  const child = run(['--import', 'tsx', 'apps/server/src/demo/main.ts'], { DATA_DIR: dataDir });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const code = await new Promise<number | null>((resolve) => child.on('exit', resolve));
  if (code !== 0) throw new Error(`seed:demo failed (${code}):\n${output}`);
}

export interface ServedApp {
  origin: string;
  stop(): Promise<void>;
}

/**
 * The production build as an operator serves it (`npm run serve`), on a loopback port of its
 * own: the measured pages come from the same static server, compression and cache headers.
 */
export async function serve(dataDir: string): Promise<ServedApp> {
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  const child = run(['apps/server/bin/serve.js'], {
    DATA_DIR: dataDir,
    HOST: '127.0.0.1',
    PORT: String(port),
    PUBLIC_URL: origin,
    LOG_LEVEL: 'info',
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  let output = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (output.includes(`Server listening at ${origin}`)) {
        child.stdout?.off('data', onData);
        child.stderr?.off('data', onData);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    void exited.then((code) => reject(new Error(`the server exited (${code}):\n${output}`)));
  });
  // Its log is not read past the start; left unread, a full pipe would stall the server.
  child.stdout?.resume();
  child.stderr?.resume();
  return {
    origin,
    stop: async () => {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
}
