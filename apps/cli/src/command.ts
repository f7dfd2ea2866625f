import { type ParseArgsConfig, parseArgs } from 'node:util';
import type { Env } from '@hackclass/config';

/** What a command reads and writes instead of the process, so tests can run it in-process. */
export interface CommandIo {
  /** The process environment; settings in the `.env` file come under it. */
  env: Env;
  /** The `.env` file read under the environment, as the server reads it. */
  envFile: string;
  out(text: string): void;
  err(text: string): void;
  /** The whole of standard input, e.g. a password piped in. */
  readStdin(): Promise<string>;
  /** Resolves when the user interrupts (Ctrl+C): for a command that runs until then. */
  untilInterrupted(): Promise<void>;
}

/** One `hackclass <name>` command. `run` resolves to the exit code. */
export interface Command {
  name: string;
  /** One line for the list of commands. */
  summary: string;
  /** The synopsis and the options, shown by `hackclass help <name>` and on a usage error. */
  usage: string;
  run(args: string[], io: CommandIo): Promise<number>;
}

/** The command line is wrong: exit code 2, with the command's usage. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The command could not do its work for a reason its message explains: exit code 1. */
export class CommandError extends Error {
  override name = 'CommandError';
}

type Options = NonNullable<ParseArgsConfig['options']>;

/** `parseArgs` for a command's arguments, turning its errors into usage errors. */
export function parseCommandArgs<O extends Options>(args: string[], options: O) {
  try {
    return parseArgs({ args, options, allowPositionals: true, strict: true });
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}
