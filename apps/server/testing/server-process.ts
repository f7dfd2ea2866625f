import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { freePort } from '@hackclass/http/testing';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server bundled from this run's sources, by `bundle-setup.ts`. */
    serverBundle: string;
  }
}

const repoRoot = fileURLToPath(new URL('../../../', import.meta.url));

export interface ServerProcess {
  url: string;
  child: ChildProcess;
  /** Everything the process wrote so far, stdout and stderr. */
  output(): string;
  /** Sends `signal` and resolves with the exit code. */
  stop(signal?: NodeJS.Signals): Promise<number | null>;
}

export interface RunResult {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** How `npm start` runs the server: its TypeScript sources through tsx. */
export const fromSources = ['--import', 'tsx', 'apps/server/src/main.ts'];

/** The server as the run's global set-up bundled it from the same sources (`bundle-setup.ts`). */
export const fromBundle = (): string[] => ['--enable-source-maps', inject('serverBundle')];

function launch(env: Record<string, string>, args: string[]): ChildProcess {
  return spawn(process.execPath, args, {
    cwd: repoRoot,
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

/** Runs the all-in-one server until it exits by itself (a start that must fail). */
export function runServerToExit(
  env: Record<string, string>,
  timeoutMs = 30_000,
  args = fromBundle(),
): Promise<RunResult> {
  const child = launch(env, args);
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk) => (stdout += chunk));
  child.stderr?.on('data', (chunk) => (stderr += chunk));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not exit within ${timeoutMs} ms:\n${stdout}${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/**
 * Starts the all-in-one server on `env.PORT`, else a free port, bundled unless `args` (node's,
 * relative to the repository's root) say otherwise, and resolves once it listens. `env` must at
 * least name a `DATA_DIR` (or a `DATABASE_URL`).
 */
export async function startServerProcess(
  env: Record<string, string>,
  timeoutMs = 60_000,
  args = fromBundle(),
): Promise<ServerProcess> {
  const port = env.PORT ? Number(env.PORT) : await freePort();
  const url = `http://127.0.0.1:${port}`;
  const child = launch({ HOST: '127.0.0.1', PORT: String(port), PUBLIC_URL: url, ...env }, args);
  let output = '';
  let listening = false;
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`server did not listen within ${timeoutMs} ms:\n${output}`));
    }, timeoutMs);
    // Looked for until found only: a long-lived server's log grows to megabytes.
    const onData = (chunk: Buffer) => {
      output += chunk;
      if (!listening && output.includes(`Server listening at ${url}`)) {
        listening = true;
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', onData);
    exited.then((code) => {
      clearTimeout(timer);
      reject(new Error(`server exited with ${code} before listening:\n${output}`));
    });
  });
  return {
    url,
    child,
    output: () => output,
    stop: async (signal = 'SIGTERM') => {
      if (child.exitCode === null) child.kill(signal);
      return exited;
    },
  };
}
