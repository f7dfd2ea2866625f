import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { bundleServer } from '../src/bundle';

/** Under the repository's node_modules, where the bundle's third-party imports are found. */
const cache = fileURLToPath(new URL('../../../node_modules/.cache/', import.meta.url));

/**
 * Vitest's global set-up for the tests that start the server as a process: the server is bundled
 * once per run (about a second) into a folder of the run's own, so each start is plain node
 * loading one file instead of tsx compiling the sources again (seconds of CPU per start).
 */
export default async function bundleForTests(project: TestProject) {
  mkdirSync(cache, { recursive: true });
  const outdir = mkdtempSync(join(cache, 'hackclass-server-'));
  project.provide('serverBundle', await bundleServer(outdir));
  return () => rmSync(outdir, { recursive: true, force: true });
}
