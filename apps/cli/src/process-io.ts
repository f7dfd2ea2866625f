import { text } from 'node:stream/consumers';
import type { CommandIo } from './command';

/** The real process: its environment, `.env` in the working folder, its standard streams. */
export function processIo(): CommandIo {
  return {
    env: process.env,
    envFile: '.env',
    out: (chunk) => process.stdout.write(chunk),
    err: (chunk) => process.stderr.write(chunk),
    readStdin: () => text(process.stdin),
    untilInterrupted: () =>
      new Promise((resolve) => {
        process.once('SIGINT', () => resolve());
        process.once('SIGTERM', () => resolve());
      }),
  };
}
