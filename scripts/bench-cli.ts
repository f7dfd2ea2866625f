/**
 * How long `npx hackclass --help` takes, as an operator types it in the repository: a warm-up,
 * then RUNS timed runs, each a whole process. Prints the minimum, median and maximum against the
 * goal of one second; most of what remains is npx's own start.
 * Run: npm run bench:cli
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const GOAL_MS = 1000;
const RUNS = Math.max(1, Number(process.env.RUNS ?? 10));
const root = fileURLToPath(new URL('..', import.meta.url));

const timed = (command: string, args: string[]) => {
  const started = performance.now();
  execFileSync(command, args, { cwd: root, stdio: 'ignore' });
  return performance.now() - started;
};

function figures(label: string, command: string, args: string[]) {
  timed(command, args);
  const times = Array.from({ length: RUNS }, () => timed(command, args)).sort((a, b) => a - b);
  const median = times[Math.floor(times.length / 2)] as number;
  const ms = (value: number) => `${Math.round(value)} ms`.padStart(8);
  console.log(
    `${label.padEnd(32)}${ms(times[0] as number)}${ms(median)}${ms(times.at(-1) as number)}`,
  );
  return median;
}

console.log(`${''.padEnd(32)}     min  median     max   (${RUNS} runs)`);
const median = figures('npx hackclass --help', 'npx', ['--no-install', 'hackclass', '--help']);
figures('the CLI alone (no npx)', process.execPath, ['apps/cli/bin/hackclass.js', '--help']);
figures('node, doing nothing', process.execPath, ['-e', '']);
console.log(
  `npx hackclass --help: median ${Math.round(median)} ms, goal under ${GOAL_MS} ms: ${median < GOAL_MS ? 'met' : 'NOT met'}`,
);
