import { fork } from 'node:child_process';
import type { LoadJob, LoadResult } from './load';

/** Runs `job` in a load generator process of its own (load.ts) and answers with its rounds. */
export function load(job: LoadJob): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = fork(new URL('./load.ts', import.meta.url), [JSON.stringify(job)]);
    child.once('message', (result) => resolve(result as LoadResult));
    child.once('error', reject);
    child.once('exit', (code) => code === 0 || reject(new Error(`load exited with ${code}`)));
  });
}
