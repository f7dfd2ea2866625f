// Type-checks the repository as three `tsc --noEmit` programs: the Node workspaces together
// (a package many others import is checked once, not once per importer), the web app (the DOM,
// its `@/` paths) and the root (end-to-end, lint and security tests, scripts). tsc uses one
// core, so the programs run side by side; each one's report is printed whole when it ends.
import { spawn } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';

const tsc = join('node_modules', 'typescript', 'bin', 'tsc');
const programs = ['tsconfig.json', 'tsconfig.workspaces.json', 'apps/web/tsconfig.json'];

function check(project) {
  const started = Date.now();
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '--noEmit', '-p', project]);
    let report = '';
    child.stdout.on('data', (chunk) => (report += chunk));
    child.stderr.on('data', (chunk) => (report += chunk));
    child.on('close', (code) => {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      console.log(`${code === 0 ? 'ok' : 'FAILED'} ${project} (${seconds} s)`);
      if (report.trim()) console.log(report.trimEnd());
      resolve(code === 0);
    });
  });
}

const queue = [...programs];
const results = [];
async function worker() {
  for (let project = queue.shift(); project; project = queue.shift()) {
    results.push(await check(project));
  }
}
await Promise.all(Array.from({ length: availableParallelism() }, worker));
process.exit(results.every(Boolean) ? 0 : 1);
