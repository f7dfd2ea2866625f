import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Env } from '@hackclass/config';
import type { CommandIo } from '../src/command';

export interface MemoryIo extends CommandIo {
  /** Everything written to standard output so far. */
  stdout(): string;
  stderr(): string;
}

/** An io for running commands in-process: no `.env` file unless given, output kept in memory. */
export function memoryIo(
  env: Env = {},
  {
    stdin = '',
    envFile,
    interrupt = new Promise<void>(() => {}),
  }: { stdin?: string; envFile?: string; interrupt?: Promise<void> } = {},
): MemoryIo {
  let out = '';
  let err = '';
  return {
    env,
    envFile: envFile ?? join(mkdtempSync(join(tmpdir(), 'hackclass-cli-')), '.env'),
    out: (text) => {
      out += text;
    },
    err: (text) => {
      err += text;
    },
    readStdin: async () => stdin,
    untilInterrupted: () => interrupt,
    stdout: () => out,
    stderr: () => err,
  };
}
